/**
 * The review page and its Finish (member-transfer-flow.md sections 2, 3 and
 * 4): which requested prescription is a transfer and which a request to the
 * doctor, the transfer submission payload, the summary the page shows, and
 * the success page's words.
 */
import type {
  Address,
  NotificationSetting,
  PaymentCard,
  PhoneRecord,
  TransferSubmission,
  TransferSubmissionResult,
} from '../../contract.ts';
import { addressLine, cardLabel } from '../../shared/rules/display.ts';
import { CARD_MESSAGES, cardExpired, cardExpiry } from '../../shared/rules/cardForm.ts';
import type { NewRxRecord, TransferPrescription } from '../records.ts';
import { formatPhone } from './contactInfo.ts';
import { healthLabel } from './healthInfo.ts';
import type { PrescriptionChoice } from '../prescriptionsMachine.ts';
import { NOTIFICATION_CHOICES, TIME_ZONES } from './notifications.ts';
import { groupOf, requestedName } from './transferList.ts';
import { transferEstimate, type TransferEstimate } from '../../shared/rules/orderCost.ts';

export type { NotificationSetting, PhoneRecord, TransferSubmissionResult };

export type RequestedDrug = TransferPrescription | NewRxRecord;

/** The newest notification setting is the one in force. */
export const newestSetting = (settings: readonly NotificationSetting[]): NotificationSetting | null =>
  settings.reduce<NotificationSetting | null>((newest, s) => (!newest || s.id > newest.id ? s : newest), null);
/** 'transfer': from the other pharmacy; 'newRx': a new prescription asked of the doctor. */
export type RequestKind = 'transfer' | 'newRx';

const isAdded = (d: RequestedDrug): d is NewRxRecord => 'manualRx' in d;

/**
 * Section 3: a prescription of the list goes to the pharmacy when its status
 * is in the pharmacy-request group (codes 0 and 2), to the doctor otherwise
 * (4 to 7, the physician-request group); one added in Add Prescription is a
 * transfer when it was entered as an active prescription at another pharmacy
 * ("manually entered prescriptions in transfers"), a new prescription otherwise.
 */
export function requestKind(drug: RequestedDrug): RequestKind {
  if (isAdded(drug)) return drug.manualRx ? 'transfer' : 'newRx';
  return groupOf(drug) === 'pharmacy' ? 'transfer' : 'newRx';
}

/**
 * Auto refill as the member chose it in Add Prescription. A prescription of
 * the list has no such choice on these pages, so it is sent without auto
 * refill (the documents are silent; the member can turn it on later, and
 * nothing is enrolled that the member did not ask for).
 */
export const autoRefillOf = (drug: RequestedDrug): boolean => (isAdded(drug) ? drug.prescriptionOption : false);

/**
 * The estimated cost by mail order of everything the request moves to mail order (transfers and the
 * doctor's new prescriptions alike: all are filled by mail), with the saving against the current
 * pharmacy's copays where both are known. A prescription added by hand has no copay yet: no estimate.
 */
export function requestEstimate(drugs: readonly RequestedDrug[]): TransferEstimate {
  return transferEstimate(
    drugs.map((d) => ({
      name: requestedName(d),
      daysSupply: d.daysSupply,
      retail: d.copayInfo?.incumbentCopayAmount,
      mailOrder: d.copayInfo?.midCopayAmount,
    })),
  );
}

/** The drugs of one kind, in the order the member chose them. */
export const requestsOf = (drugs: readonly RequestedDrug[], kind: RequestKind) => drugs.filter((d) => requestKind(d) === kind);

/**
 * The transfer submission payload of section 3 (site 'MMAR'). The doctor of
 * the new-prescription requests is the one chosen on the prescriptions page;
 * a manually entered transfer carries the pharmacy and doctor given in Add
 * Prescription, a transfer of the list no pharmacy (the gateway knows it from
 * the claim) and the chosen doctor.
 */
export function transferSubmission(choice: PrescriptionChoice, drugs: readonly RequestedDrug[]): TransferSubmission {
  const newRx = requestsOf(drugs, 'newRx');
  return {
    siteIdentifier: 'MMAR',
    newRx: {
      isNvx: false,
      physicianInformation: newRx.length ? choice.physician : null,
      newRxRequests: newRx.map((d) => ({ rxInformation: { autoRefill: autoRefillOf(d), fillProfile: true, requestDrugName: requestedName(d), requestDrugNDC: d.ndc } })),
    },
    transferRx: {
      transfers: requestsOf(drugs, 'transfer').map((d) => ({
        drugNDC: d.ndc,
        selectedDrugName: requestedName(d),
        ...(isAdded(d) && d.rxNumber ? { transferRxNumber: d.rxNumber } : {}),
        autoRefill: autoRefillOf(d),
        pharmacyInformation: isAdded(d) ? (d.pharmacyInfo ?? choice.pharmacy) : null,
        physicianInformation: isAdded(d) ? (d.physicianInfo ?? choice.physician) : choice.physician,
      })),
    },
  };
}

/** What the review page shows of the member's profile (each from its own gateway call). */
export interface ReviewSummary {
  /** The default shipping address (else the newest active one). */
  address: Address | null;
  /** The primary phone (else the first). */
  phone: PhoneRecord | null;
  /** The default card (else the newest). */
  card: PaymentCard | null;
  notification: NotificationSetting | null;
  email: string | null;
  allergies: string[];
  conditions: string[];
}

/** The spec gives no words for these; ours, except where quoted. */
export const REVIEW_MESSAGES = {
  heading: 'Please Review Your Request',
  /** Ours: said politely once Finish's request is on its way. */
  sending: 'Sending your request…',
  /** Section 4, verbatim. */
  allRemoved: "You have removed all Rx's",
  removeTitle: 'Remove Prescription',
  removeBody: (name: string) => `Remove ${name} from your request?`,
  removeConfirm: 'Yes, Remove',
  removeDismiss: 'No, Keep It',
  /** Said (a status) once the removal is done: its button has gone with it. */
  removed: (name: string) => `${name} was removed from your request.`,
  transfers: 'Transfer from your pharmacy',
  newRx: 'Request a new prescription from your doctor',
  noAddress: 'No shipping address on file.',
  noPhone: 'No phone number on file.',
  noCard: 'No payment methods on file',
  billMeLater: 'Bill me later',
  noNotification: 'No notification preference on file.',
  noneOnFile: 'None on file.',
  finishHint: 'Finish sends your request to our pharmacy.',
  /** Why Finish cannot be pressed (section 4: 'Finish is disabled with no drugs'). */
  nothingToFinish: 'Your request has no prescriptions to send.',
} as const;

export const SUCCESS_MESSAGES = {
  heading: 'Thank You! Your Request Has Been Sent',
  nextSteps: [
    'We will contact your pharmacy or your doctor for each prescription you requested.',
    'Once we have a prescription, we will fill it and ship it to your address at no charge for standard shipping.',
    'We will keep you informed as your request moves along.',
  ],
  refillColumn: 'Estimated Refill Date',
  noDate: 'To be confirmed',
  appPromo: 'Manage your prescriptions on the go with our mobile app: refill, track your orders and get reminders.',
  /**
   * Section 2: the success page's registration and sign-in links go to the external member portal. Ours: a
   * linked member signs in there; one not linked registers (Register Now) or, already registered, signs in.
   */
  signInLinked: 'Your profile is ready: sign in to see your orders and refill online.',
  signInUnlinked: 'Already registered?',
  signIn: 'Sign In',
  print: 'Print this page',
} as const;

/** The address as one line ('12 Elm St, Phoenix, AZ 85001'). */
export const summaryAddress = (a: Address | null) => (a ? addressLine(a) : REVIEW_MESSAGES.noAddress);

/** The phone as shown: '602-555-0123 (Mobile)'. */
export function summaryPhone(p: { areaCode?: string; phoneNumber?: string; phoneType?: number } | null): string {
  if (!p) return REVIEW_MESSAGES.noPhone;
  const type = p.phoneType === 8 ? 'Mobile' : p.phoneType === 4 ? 'Work' : p.phoneType === 1 ? 'Home' : null;
  return `${formatPhone(`${p.areaCode ?? ''}${p.phoneNumber ?? ''}`)}${type ? ` (${type})` : ''}`;
}

/** The card as shown: 'Visa ending 1111, expires 08/2030'; none on file, or bill me later when the member may be billed. */
export function summaryCard(card: PaymentCard | null, allowBillMeLater: boolean, today: string): string {
  if (!card) return allowBillMeLater ? REVIEW_MESSAGES.billMeLater : REVIEW_MESSAGES.noCard;
  return savedCardLine(card, today);
}

/** A card on file in words: 'Visa ending 1111, expires 08/2030', or flagged 'EXPIRED 08/2025' (section 5). */
export function savedCardLine(card: PaymentCard, today: string): string {
  const expiry = cardExpiry(card);
  if (!expiry) return cardLabel(card);
  return `${cardLabel(card)}, ${cardExpired(card, today) ? CARD_MESSAGES.expired(expiry) : `expires ${expiry}`}`;
}

/** Where notifications go, in words: 'Email: maria@example.com', 'SMS Text: 602-555-0123 (Mountain time)', 'None'. */
export function summaryNotification(n: NotificationSetting | null): string {
  if (!n) return REVIEW_MESSAGES.noNotification;
  const choice = NOTIFICATION_CHOICES.find((c) => c.id === n.modalityType.id);
  if (!choice || choice.key === 'none' || !n.optIn) return 'None';
  const raw = n.modalityValue?.value ?? '';
  const to = choice.key === 'email' ? raw : formatPhone(raw);
  const zone = TIME_ZONES.find((z) => z.code === n.timeZone);
  return `${choice.label}${to ? `: ${to}` : ''}${zone ? ` (${zone.label} time)` : ''}`;
}

/** Allergies or conditions as one line, as people write them. */
export const summaryList = (items: readonly string[]) => (items.length ? items.map(healthLabel).join(', ') : REVIEW_MESSAGES.noneOnFile);

/** The success page's date: 'Monday, November 30, 2026' is long for a table; '11/30/2026'. */
export function refillDate(iso: string | null | undefined): string {
  if (!iso) return SUCCESS_MESSAGES.noDate;
  const [y, m, d] = iso.split('-');
  return `${m}/${d}/${y}`;
}
