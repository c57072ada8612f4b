/**
 * The product's contact details and external addresses, in one module so a
 * deployment changes them in one place (values from the specification's
 * README: fictional placeholders).
 */
export const contact = {
  mailOrder: {
    phone: '1-800-555-0100',
    tty: '711',
    fax: '1-800-555-0102',
    email: 'mailorder@example.com',
    hours: ['Monday to Friday, 8 am to 8 pm ET', 'Saturday, 9 am to 5 pm ET', 'Closed Sunday'],
  },
  specialty: {
    phone: '1-800-555-0101',
    fax: '1-800-555-0103',
    email: 'specialty@example.com',
    hours: ['Monday to Friday, 9 am to 5 pm ET', 'Closed Saturday and Sunday'],
  },
  privacyEmail: 'privacy@example.com',
  mailAddress: ['Mail Order Pharmacy', 'PO Box 52150', 'Phoenix, AZ 85072-2150'],
  location: 'Tempe, AZ',
  copyrightYear: 2021,
} as const;

// `?? {}`: under tsx (npm run pdfs) import.meta.env is undefined.
const env = (import.meta.env ?? {}) as Record<string, string | undefined>;

/** External member portal (sign in, register); VITE_MEMBER_PORTAL_URL overrides it. */
export const memberPortalUrl = env.VITE_MEMBER_PORTAL_URL ?? 'https://members.example.com';
/** The company's careers site; VITE_CAREERS_URL overrides it. */
export const careersUrl = env.VITE_CAREERS_URL ?? 'https://members.example.com/careers';
/** The server banner can be switched off in the app too (VITE_BANNER=off), besides the gateway's GATEWAY_BANNER=off. */
export const bannerEnabled = env.VITE_BANNER !== 'off';

/** `tel:` form of a display phone number. */
export function telHref(phone: string): string {
  return `tel:+1${phone.replace(/\D/g, '').replace(/^1/, '')}`;
}
