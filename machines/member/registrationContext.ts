/**
 * The registration page's context, events and the pure functions over them
 * (registrationMachine.ts is the machine): what the views read (errorsOf,
 * shownError) and what the machine's assignments use.
 */
import type { EligibilityResult, ZipPlace } from '../contract.ts';
import type { CardFieldState } from '../shared/rules/cardField.ts';
import type { ZipProblem } from '../shared/rules/addressForm.ts';
import { addressToValidate, CONTACT_LIMITS, EMPTY_CONTACT, EMPTY_SHIPPING, type ContactValues, type ShippingValues } from './rules/contactInfo.ts';
import { EMPTY_HEALTH_LIST, suggestionsForRow, type HealthFieldEvent, type HealthItem, type HealthKind, type HealthSuggestions } from './rules/healthInfo.ts';

export type { HealthSuggestions };
import { EMPTY_NOTIFICATION, keepAvailable, type NotificationValues } from './rules/notifications.ts';
import {
  EMPTY_PAYMENT,
  EMPTY_PRIVACY,
  notificationContact,
  registrationErrors,
  type CardToken,
  type HeldCard,
  type PartCall,
  type PaymentValues,
  type PrivacyValues,
  type RegistrationErrors,
  type RegistrationValues,
} from './rules/registration.ts';
import type { CallFailure } from '../shared/rules/calls.ts';

export interface RegistrationInput {
  member: EligibilityResult;
  /** Today, YYYY-MM-DD (Temporary dates, card expiry). */
  today: string;
}

export type { CallFailure };

export interface AddressCheckResult {
  addressIsValid: boolean;
  message?: string | null;
}

export interface SavePartsInput {
  member: EligibilityResult;
  values: RegistrationValues;
  token: CardToken | null;
  calls: PartCall[];
}

/** What the page hands on: the patient number (new after a registration). */
export interface RegistrationOutput {
  patientId: number;
  registered: boolean;
}

export interface RegistrationContext {
  member: EligibilityResult;
  today: string;
  values: RegistrationValues;
  cardField: CardFieldState;
  /** The tokenizer's address, once its session is open (the field's page is there). */
  serviceUrl: string | null;
  /** The places the last zip lookup found for the zip typed (several: the member picks one). */
  places: ZipPlace[];
  /** What the last zip lookup said when it gave no place: nothing known (the zip's error), or its failure (the zip's status, with Search again). */
  zipProblem: ZipProblem | null;
  /** Fields left once ('shipping.line1', …): their errors show before Next. */
  touched: string[];
  /** Next was pressed: every error shows. */
  nextPressed: boolean;
  token: CardToken | null;
  /** A number the tokenizer accepted whose token could not be fetched yet (the retry fetches it; a new number drops it). */
  heldCard: HeldCard | null;
  /**
   * While tokenizing: the field has emptied itself, so the tokenizer has accepted the number and its token is
   * on its way. The number counts as held meanwhile (so a success never says 'card number missing').
   */
  numberSent: boolean;
  /** The address the gateway found valid (its fields joined), so a retry does not check it again. */
  validAddress: string | null;
  /** The part calls that succeeded (a retry sends only the others). */
  saved: PartCall[];
  /** The banner's lines after a failed step (call failures, an invalid address, the tokenizer). */
  failures: string[];
  rowSeq: number;
  /** The common allergies and conditions offered (without their none entries), once loaded. */
  common: { allergies: HealthItem[]; conditions: HealthItem[] };
  /** The lookup's suggestions for the row being typed in. */
  suggestions: HealthSuggestions | null;
  patientId: number | null;
}

/** The suggestions of a row's lookup (or why there are none). */
export interface HealthLookupInput {
  kind: HealthKind;
  text: string;
}

export type RegistrationEvent =
  | { type: 'shipping.changed'; values: Partial<ShippingValues> }
  | { type: 'shipping.placePicked'; place: ZipPlace }
  | { type: 'contact.changed'; values: Partial<ContactValues> }
  | { type: 'payment.changed'; values: Partial<Omit<PaymentValues, 'skip'>> }
  | { type: 'payment.skipped'; skip: boolean }
  | { type: 'cardNumber.changed'; state: CardFieldState }
  | { type: 'field.retried' }
  | { type: 'notification.changed'; values: Partial<NotificationValues> }
  | HealthFieldEvent
  | { type: 'privacy.changed'; values: Partial<PrivacyValues> }
  | { type: 'terms.opened' }
  | { type: 'terms.done' }
  | { type: 'terms.closed' }
  /** Change Primary Phone (a registered patient asked for notifications only). */
  | { type: 'phone.opened' }
  | { type: 'phone.closed' }
  | { type: 'field.blurred'; field: string }
  | { type: 'next.pressed' }
  /** Search again beside a failed zip lookup: the same zip looked up again, nothing retyped. */
  | { type: 'zip.retried' }
  // Raised by the machine itself for the zip region.
  | { type: 'zip.typed' }
  | { type: 'zip.cut' }
  | { type: 'lookup.typed'; kind: HealthKind; rowId: number; text: string };

export const EMPTY_VALUES: RegistrationValues = {
  shipping: EMPTY_SHIPPING,
  contact: EMPTY_CONTACT,
  payment: EMPTY_PAYMENT,
  notification: EMPTY_NOTIFICATION,
  allergies: EMPTY_HEALTH_LIST,
  conditions: EMPTY_HEALTH_LIST,
  privacy: EMPTY_PRIVACY,
};

/** Every error of the page, shown or not. */
export const errorsOf = (c: RegistrationContext): RegistrationErrors =>
  registrationErrors({ member: c.member, values: c.values, cardField: c.cardField, today: c.today, zipNotFound: c.zipProblem?.kind === 'notFound', cardHeld: c.token !== null || c.heldCard !== null || c.numberSent });

/**
 * The error a field shows: after Next, or once the field has been left. The zip as the address form
 * shows it: one the lookup does not know at once (the answer may come while the member is still in the
 * field); after a failed lookup (said in its status, with Search again) not before Next (shown as the zip
 * is left, it pushed Search again down under the pointer pressing it).
 */
export function shownError(c: RegistrationContext, section: Exclude<keyof RegistrationErrors, 'allergies' | 'conditions'>, field: string): string | undefined {
  const zip = section === 'shipping' && field === 'zip';
  const left = c.touched.includes(`${section}.${field}`) && !(zip && c.zipProblem?.kind === 'failed');
  if (!(zip && c.zipProblem?.kind === 'notFound') && !c.nextPressed && !left) return undefined;
  return (errorsOf(c)[section] as Record<string, string | undefined>)[field];
}

/** Which part calls a change makes stale (they were saved with the old values). */
const STALE: Record<string, PartCall[]> = {
  shipping: ['address'],
  contact: ['phone', 'email'],
  payment: ['payment'],
  notification: ['notification'],
  allergies: ['allergies'],
  conditions: ['conditions'],
};
export const unsave = (c: RegistrationContext, part: keyof typeof STALE) => c.saved.filter((s) => !STALE[part]!.includes(s));

export const cleanZip = (zip: string) => zip.replace(/\D/g, '').slice(0, CONTACT_LIMITS.zip);

export const addressKey = (v: ShippingValues) => JSON.stringify(addressToValidate(v));

/** Notification choices follow the contact and the state: one that is no longer available is dropped. */
export const withNotification = (c: RegistrationContext, values: RegistrationValues): RegistrationValues => {
  const available = keepAvailable(values.notification, notificationContactOf(c, values));
  return available.choice === values.notification.choice && available.timeZone === values.notification.timeZone ? values : { ...values, notification: available };
};
const notificationContactOf = (c: RegistrationContext, values: RegistrationValues) => notificationContact({ member: c.member, values });

/** The answer belongs to the row still typed in (a row picked or changed since is left alone). */
export const suggestionsFor = (c: RegistrationContext, items: HealthItem[], failure: string | null): HealthSuggestions | null =>
  suggestionsForRow(
    [
      { kind: 'allergies', list: c.values.allergies, known: { common: c.common.allergies, onFile: [] } },
      { kind: 'conditions', list: c.values.conditions, known: { common: c.common.conditions, onFile: [] } },
    ],
    items,
    failure,
  );

export const healthUpdate = (c: RegistrationContext, kind: HealthKind, change: (list: RegistrationValues[HealthKind]) => RegistrationValues[HealthKind]) => ({
  values: { ...c.values, [kind]: change(c.values[kind]) },
  saved: unsave(c, kind),
});

