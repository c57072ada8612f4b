/**
 * What each downloadable document (documents.ts) says it is: the one-page
 * PDFs' text and their /Subject, read by the generator (test/tools/pdfs.ts)
 * only, never by the browser.
 */
import type { DocumentKey } from './documents.ts';

export const documentSummaries: Record<DocumentKey, string> = {
  orderForm:
    'Send this form with your new prescriptions to the mail-order address to start home delivery.',
  hipaaRelease:
    'Authorises the pharmacy to share your health information with the person you name.',
  mailOrderBrochure:
    'How home delivery of 90-day supplies of maintenance medicines works.',
  specialtyBrochure:
    'What the specialty pharmacy network offers people on specialty medicines.',
  specialtyReferral:
    'For prescribers: fax it with a copy of the insurance card and lab work to refer a patient.',
  privacyNotice:
    'How the pharmacy may use and disclose your health information, and your rights.',
  languageAssistance:
    'Free language assistance services are available to you.',
  nonDiscrimination:
    'The pharmacy complies with federal civil rights laws and does not discriminate.',
};
