/**
 * The Easy Fill address form (link-flows-and-public-pages.md sections 2.15, 3
 * and 7; the messages of member-transfer-flow.md section 5, "Shipping and
 * contact" and "Address modal"): what is required, the contract's limits
 * (AddressSave: lines and city at most 50 and without < or >, a 5-digit zip,
 * a Temporary address with both dates), the dates of a Temporary address
 * (month/day/year, start not before today, end after start) and the save body.
 */
import type { AddressSave, ZipPlace } from '../../contract.ts';
import { SEARCH_AGAIN, type CallFailure } from './calls.ts';

export type { AddressSave, ZipPlace };


/**
 * The shipping address types (member-transfer-flow.md section 3: Home, Work displayed as Primary Office, School,
 * Vacation, Temporary, Alternate), with the contract's AddressTypeId and the description the register payload
 * carries. One list for the registration page (rules/contactInfo.ts) and the address form.
 */
export const ADDRESS_TYPES = [
  { key: 'home', id: 1, label: 'Home', desc: 'HOME' },
  { key: 'work', id: 2, label: 'Primary Office', desc: 'PRIMARY OFFICE' },
  { key: 'school', id: 3, label: 'School', desc: 'SCHOOL' },
  { key: 'vacation', id: 4, label: 'Vacation', desc: 'VACATION' },
  { key: 'temporary', id: 5, label: 'Temporary', desc: 'TEMPORARY' },
  { key: 'alternate', id: 9, label: 'Alternate', desc: 'ALTERNATE' },
] as const;
export type AddressTypeKey = (typeof ADDRESS_TYPES)[number]['key'];
export type AddressTypeOption = { key: AddressTypeKey; id: number; label: string };

/** Easy Fill's modal (link-flows-and-public-pages.md section 3: PRIMARY OFFICE displayed as WORK) offers these three. */
const EASY_FILL_TYPES: readonly AddressTypeKey[] = ['home', 'work', 'temporary'];

/** The types the form offers: the review page's modal, all six as the registration page; Easy Fill's, its three. */
export function offeredAddressTypes(review: boolean): AddressTypeOption[] {
  if (review) return [...ADDRESS_TYPES];
  return ADDRESS_TYPES.filter((t) => EASY_FILL_TYPES.includes(t.key)).map((t) => (t.key === 'work' ? { ...t, label: 'Work' } : t));
}

export const ADDRESS_LIMITS = { line: 50, city: 50, zip: 5, date: 10 } as const;

export interface AddressValues {
  line1: string;
  line2: string;
  zip: string;
  /** City and state come from the zip lookup, never typed. */
  city: string;
  state: string;
  addressType: AddressTypeKey | null;
  /** As typed through the date mask: MM/DD/YYYY. */
  startDate: string;
  endDate: string;
  isDefault: boolean;
}

export const EMPTY_ADDRESS: AddressValues = {
  line1: '',
  line2: '',
  zip: '',
  city: '',
  state: '',
  addressType: null,
  startDate: '',
  endDate: '',
  isDefault: false,
};

/** The fields in screen order: the first one with an error takes the focus after a failed Save. */
export const ADDRESS_FIELDS = ['line1', 'line2', 'zip', 'city', 'addressType', 'startDate', 'endDate'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type AddressErrors = Partial<Record<AddressField, string>>;

/** What the last zip lookup said when it did not give a place. */
export type ZipProblem = { kind: 'notFound' } | { kind: 'failed'; text: string };

/**
 * The zip lookup's words (the documents give none): the field's help, and its polite
 * status while the lookup runs. A failed lookup's text is the call's (member-transfer-flow.md
 * section 8: the general text, an unreachable gateway counting as a 400).
 */
export const ZIP_LOOKUP_MESSAGES = {
  help: 'City and state are filled in from the zip code.',
  looking: 'Looking up the city and state…',
  /** The button beside a failed lookup's text: the same zip looked up again, as the drug and health lookups' Search again. */
  searchAgain: SEARCH_AGAIN,
} as const;

/**
 * The zip's status (the registration page's shipping address and the address form, by their tags and
 * context): 'Looking up the city and state…' while the lookup runs (the `lookingUp` tag), a failed
 * lookup's text after it (Search again beside it), else nothing. A zip the lookup does not know is the
 * zip's error instead, shown at once.
 */
export function zipStatus(s: { hasTag: (tag: 'lookingUp') => boolean; context: { zipProblem: ZipProblem | null } }): string {
  if (s.hasTag('lookingUp')) return ZIP_LOOKUP_MESSAGES.looking;
  return s.context.zipProblem?.kind === 'failed' ? s.context.zipProblem.text : '';
}

/** The last zip lookup failed (not: found nothing): Search again looks the same zip up. */
export const zipRetryable = (problem: ZipProblem | null): boolean => problem?.kind === 'failed';

/**
 * Messages. From the specification (member-transfer-flow.md section 5):
 * addressRequired, typeRequired, zipRequired, cityStateZip, startRequired,
 * endRequired, startPast, endBeforeStart, endPast; section 8: zipCodeOff.
 * The specification has none for the others; these are ours.
 */
export const ADDRESS_MESSAGES = {
  addressRequired: 'Address is required.',
  typeRequired: 'Address Type is required.',
  zipRequired: 'Enter Zip Code',
  cityStateZip: 'City, State and Zip Code are required.',
  startRequired: 'Select Start Date',
  endRequired: 'Select End Date',
  startPast: 'Start date can either be current date or future date.',
  endBeforeStart: 'End date must be greater than Start date.',
  endPast: 'End date must be a future date.',
  zipCodeOff: 'City, State and Zip combination is not valid.',
  // The review page's address modal (member-transfer-flow.md section 5, "Address modal (review)").
  reviewErrors: 'Please review the page for errors.',
  datesRequired: 'Start Date and End date are required.',
  alreadyExists: 'Address already exists.',
  /** Section 8: a failed save. */
  saveFailed: 'Something went wrong. Try again.',
  // ours
  lineTooLong: `Use ${ADDRESS_LIMITS.line} characters or fewer.`,
  lineCharacters: 'Do not use < or > in the address.',
  zipNotFound: 'We could not find this zip code. Check it and try again.',
  cityRequired: 'Select the city.',
  dateFormat: 'Enter the date as MM/DD/YYYY.',
} as const;

/** A real calendar date typed as MM/DD/YYYY, as the contract's YYYY-MM-DD; null otherwise. */
export function parseUsDate(text: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const [month, day, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1900 || year > 2100 || month < 1 || month > 12) return null;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  if (day < 1 || day > days) return null;
  return `${m[3]}-${m[1]}-${m[2]}`;
}

/**
 * The places of a lookup that fit the contract's AddressSave (a city of 1 to
 * 50 characters without < or >, a 2-letter state), each city and state once.
 */
export function distinctPlaces(places: readonly ZipPlace[]): ZipPlace[] {
  const seen = new Set<string>();
  return places
    .map((p) => ({ ...p, city: p.city.trim(), state: p.state.trim().toUpperCase() }))
    .filter((p) => {
      const key = placeKey(p);
      const fits = p.city.length > 0 && p.city.length <= ADDRESS_LIMITS.city && !/[<>]/.test(p.city) && /^[A-Z]{2}$/.test(p.state);
      if (!fits || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

export const placeKey = (p: { city: string; state: string }) => `${p.city}|${p.state}`;

function lineError(text: string): string | undefined {
  if (text.length > ADDRESS_LIMITS.line) return ADDRESS_MESSAGES.lineTooLong;
  if (/[<>]/.test(text)) return ADDRESS_MESSAGES.lineCharacters;
  return undefined;
}

/** An address on file, as the duplicate rule compares it (section 5: same zip and same first word of the street). */
export interface AddressOnFile {
  addressId: number;
  line1: string;
  zip: string;
}

const firstWord = (line: string) => line.trim().split(/\s+/)[0]!.toUpperCase();
/** 'Address already exists.': another address on file (not the one being edited) has this zip and this first word of the street. */
export const isDuplicate = (v: Pick<AddressValues, 'line1' | 'zip'>, others: readonly AddressOnFile[], editing: number | null) =>
  v.line1.trim() !== '' && others.some((o) => o.addressId !== editing && o.zip === v.zip && firstWord(o.line1) === firstWord(v.line1));

export interface AddressCheck {
  /** The review page's modal: its own wording for the dates, and no duplicate of the addresses on file. */
  review?: { others: readonly AddressOnFile[]; editing: number | null };
  values: AddressValues;
  /** The places the zip lookup found for the zip typed (empty before a lookup). */
  places: readonly ZipPlace[];
  zipProblem: ZipProblem | null;
  /** Today, YYYY-MM-DD (machine input). */
  today: string;
}

/** Every field's error, whether shown yet or not. */
export function addressErrors({ values: v, places, zipProblem, today, review }: AddressCheck): AddressErrors {
  const errors: AddressErrors = {};
  if (!v.line1.trim()) errors.line1 = ADDRESS_MESSAGES.addressRequired;
  else {
    const e = lineError(v.line1) ?? (review && isDuplicate(v, review.others, review.editing) ? ADDRESS_MESSAGES.alreadyExists : undefined);
    if (e) errors.line1 = e;
  }
  const line2 = lineError(v.line2);
  if (line2) errors.line2 = line2;

  if (!v.zip) errors.zip = ADDRESS_MESSAGES.zipRequired;
  else if (v.zip.length < ADDRESS_LIMITS.zip) errors.zip = ADDRESS_MESSAGES.cityStateZip;
  // A failed lookup is said in the zip's status (with Search again): the zip then lacks its city and state.
  else if (zipProblem?.kind === 'notFound') errors.zip = ADDRESS_MESSAGES.zipNotFound;
  else if (places.length > 1 && !v.city) errors.city = ADDRESS_MESSAGES.cityRequired;
  else if (!v.city || !v.state) errors.zip = ADDRESS_MESSAGES.cityStateZip;

  if (v.addressType === null) errors.addressType = ADDRESS_MESSAGES.typeRequired;
  else if (v.addressType === 'temporary') {
    const dates = dateErrors(v.startDate, v.endDate, today);
    // The review modal words a missing date as section 5 does there.
    if (review && !v.startDate) dates.startDate = ADDRESS_MESSAGES.datesRequired;
    if (review && !v.endDate) dates.endDate = ADDRESS_MESSAGES.datesRequired;
    Object.assign(errors, dates);
  }
  return errors;
}

const usDate = (iso: string | null | undefined) => (iso && /^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}` : '');

/** An address on file as the form edits it (its own type; one no form offers, such as 6 corporate, is shown as Home). */
export function addressValuesOf(a: { addressType: { addressTypeId?: number }; address1: string; address2?: string | null; city: string; state: string; zipCode: string; startDate?: string | null; endDate?: string | null; defaultShipping: boolean }): AddressValues {
  return {
    line1: a.address1,
    line2: a.address2 ?? '',
    zip: a.zipCode,
    city: a.city,
    state: a.state,
    addressType: ADDRESS_TYPES.find((t) => t.id === a.addressType.addressTypeId)?.key ?? 'home',
    startDate: usDate(a.startDate),
    endDate: usDate(a.endDate),
    isDefault: a.defaultShipping,
  };
}

/** The dates of a Temporary address: both given as MM/DD/YYYY, start today or later, end after start and after today. */
export function dateErrors(startText: string, endText: string, today: string): Pick<AddressErrors, 'startDate' | 'endDate'> {
  const errors: AddressErrors = {};
  const start = parseUsDate(startText);
  const end = parseUsDate(endText);
  if (!startText) errors.startDate = ADDRESS_MESSAGES.startRequired;
  else if (!start) errors.startDate = ADDRESS_MESSAGES.dateFormat;
  else if (start < today) errors.startDate = ADDRESS_MESSAGES.startPast;
  if (!endText) errors.endDate = ADDRESS_MESSAGES.endRequired;
  else if (!end) errors.endDate = ADDRESS_MESSAGES.dateFormat;
  else if (start && end <= start) errors.endDate = ADDRESS_MESSAGES.endBeforeStart;
  else if (end <= today) errors.endDate = ADDRESS_MESSAGES.endPast;
  return errors;
}

/**
 * The POST body. isDefaultBilling is false: the modal asks only about
 * shipping, and the billing default is not changed behind the person's back.
 */
export function addressSaveBody(v: AddressValues): AddressSave {
  const type = ADDRESS_TYPES.find((t) => t.key === v.addressType) ?? ADDRESS_TYPES[0];
  const temporary = type.key === 'temporary';
  return {
    isDefaultShipping: v.isDefault,
    isDefaultBilling: false,
    addressType: type.id,
    addressLine1: v.line1.trim(),
    addressLine2: v.line2.trim() || null,
    city: v.city,
    state: v.state,
    zip: v.zip,
    startDate: temporary ? parseUsDate(v.startDate) : null,
    endDate: temporary ? parseUsDate(v.endDate) : null,
  };
}

/**
 * A failed save's text (member-transfer-flow.md section 8, "Address"): 'City, State and Zip combination is
 * not valid.' when the server's message contains 'Zip code OFF', 'Address already exists.' for a duplicate
 * (409), otherwise 'Something went wrong. Try again.'. The server's own words are read, never shown. Easy
 * Fill's form takes the same texts (the link document gives it none).
 */
export function addressSaveFailureText(failure: CallFailure): string {
  if (/zip code off/i.test(failure.serverText ?? '')) return ADDRESS_MESSAGES.zipCodeOff;
  return failure.status === 409 ? ADDRESS_MESSAGES.alreadyExists : ADDRESS_MESSAGES.saveFailed;
}
