/**
 * The registration / missing-information page as a whole
 * (member-transfer-flow.md sections 2, 3, 4, 5, 6 and 8): which sections it
 * asks for, the payment section (skip only with bill-me-later), the three
 * agreements, every error of the page, the register-patient payload for an
 * unregistered member, and for a registered patient the separate calls of
 * the missing parts only (retried alone when they fail).
 *
 * Decision (the documents say Next "is enabled only when" every part is
 * satisfied, and also that unticked agreements are "flagged after Next"):
 * Next stays pressable; pressing it shows every error at once, in the banner
 * and at each field, and moves the focus to the banner. A disabled Next would
 * not say what is missing.
 */
import type { AddressSave, AllergyInput, CardSave, ConditionInput, EligibilityResult, EmailUpdate, RegisterPatientRequest } from '../../contract.ts';
import { CARD_MESSAGES, CARD_TYPE_NAMES, cardErrors, cardSaveBody, EMPTY_CARD, shownCardType, type CardErrors, type CardTypeNum, type CardValues } from '../../shared/rules/cardForm.ts';
import type { CardFieldState } from '../../shared/rules/cardField.ts';
import { isRegistered } from './missingInfo.ts';
import {
  addressSave,
  contactErrors,
  emailError,
  phoneDigits,
  registerAddress,
  registerPhone,
  shippingErrors,
  type ContactField,
  type ContactValues,
  type ShippingField,
  type ShippingValues,
} from './contactInfo.ts';
import { allergyInputs, conditionInputs, healthError, type HealthList } from './healthInfo.ts';
import { notificationErrors, registerNotification, type NotificationContact, type NotificationValues } from './notifications.ts';

/** The sections that ask for something (privacy is always asked). */
export interface PartsNeeded {
  shipping: boolean;
  contact: boolean;
  payment: boolean;
  notification: boolean;
  health: boolean;
}

/** An unregistered member gives everything; a registered patient only what the missing-alerts flags name. */
export function partsNeeded(member: EligibilityResult): PartsNeeded {
  if (!isRegistered(member)) return { shipping: true, contact: true, payment: true, notification: true, health: true };
  const a = member.missingAlerts;
  return {
    shipping: a.missingShippingAddress,
    contact: a.missingContactPhoneNumber,
    payment: a.missingPaymentInfo,
    notification: a.missingNotificationPrefs,
    health: a.missingHealthInfo,
  };
}

/**
 * The Change Primary Phone modal (section 2) is offered where the page asks
 * for notifications but not for the contact: a registered patient whose
 * choices (SMS Text needs a Mobile one) follow the primary phone on file.
 * Where the contact is asked, the phone typed on the page is the one used.
 */
export function phoneChangeable(member: EligibilityResult): boolean {
  const parts = partsNeeded(member);
  return isRegistered(member) && member.patient.patientId !== null && parts.notification && !parts.contact && member.patient.phone != null;
}

/** A registered patient with nothing missing moves on by itself (section 4). */
export const nothingMissing = (member: EligibilityResult) => isRegistered(member) && !Object.values(partsNeeded(member)).some(Boolean);

export interface PaymentValues extends CardValues {
  skip: boolean;
}
export const EMPTY_PAYMENT: PaymentValues = { ...EMPTY_CARD, skip: false };

/**
 * Skip Payment (only with allowBillMeLater): resets the card, sets the default
 * card to the opposite of skip, and clears the card's errors (section 4).
 */
export function setSkip(v: PaymentValues, skip: boolean): PaymentValues {
  return skip ? { ...EMPTY_PAYMENT, skip: true, isDefault: false } : { ...v, skip: false, isDefault: true };
}

export { shownCardType };

/** `held`: the tokenizer holds the number already (the field empties itself once it has sent it). */
export function paymentErrors(v: PaymentValues, field: CardFieldState, today: string, held = false): CardErrors {
  return v.skip ? {} : cardErrors({ values: v, number: field, numberHeld: held, today });
}

export interface PrivacyValues {
  privacy: boolean;
  terms: boolean;
  acknowledge: boolean;
}
export const EMPTY_PRIVACY: PrivacyValues = { privacy: false, terms: false, acknowledge: false };

/** The spec names no words for the unticked boxes; ours. */
export const PRIVACY_MESSAGES = {
  privacy: 'Please agree to the Privacy Notice.',
  terms: 'Please agree to the Terms of Use.',
  acknowledge: 'Please tick the acknowledgement.',
} as const;

export const REGISTRATION_MESSAGES = {
  /** Section 5: the payment section's summary when its card details are missing or wrong. */
  cardMissing: 'Error occured - Card Number and/or Card Details are missing.',
  summary: 'Please address the following errors:',
  stillProblem: (phone: string) => `If you are still having a problem, call toll-free ${phone} (TTY dial 711)`,
} as const;

export interface RegistrationValues {
  shipping: ShippingValues;
  contact: ContactValues;
  payment: PaymentValues;
  notification: NotificationValues;
  allergies: HealthList;
  conditions: HealthList;
  privacy: PrivacyValues;
}

export interface RegistrationCheck {
  member: EligibilityResult;
  values: RegistrationValues;
  cardField: CardFieldState;
  today: string;
  /** The zip lookup found no place for the zip typed. */
  zipNotFound: boolean;
  /** The card number is with the tokenizer already (a token is held for a retry). */
  cardHeld?: boolean;
}

/** The page's errors by section, only for the sections asked for. */
export interface RegistrationErrors {
  shipping: Partial<Record<ShippingField, string>>;
  contact: Partial<Record<ContactField, string>>;
  payment: CardErrors;
  notification: { choice?: string; timeZone?: string };
  allergies?: string;
  conditions?: string;
  privacy: Partial<Record<keyof PrivacyValues, string>>;
}

/** What the notification choices depend on: the contact typed here, or the one on file. */
export function notificationContact({ member, values }: Pick<RegistrationCheck, 'member' | 'values'>): NotificationContact {
  const parts = partsNeeded(member);
  const p = member.patient;
  const onFilePhone = p.phone?.areaCode && p.phone.phoneNumber ? `${p.phone.areaCode}${p.phone.phoneNumber}` : '';
  return {
    phoneValid: parts.contact ? phoneDigits(values.contact.phone) !== null : phoneDigits(onFilePhone) !== null,
    phoneType: parts.contact ? values.contact.phoneType : (p.phone?.phoneType ?? null),
    emailValid: parts.contact ? !emailError(values.contact.email) : Boolean(p.email && !emailError(p.email)),
    isPartD: member.isPartD,
    state: parts.shipping ? values.shipping.state || null : (p.address?.state ?? null),
  };
}

export function registrationErrors(check: RegistrationCheck): RegistrationErrors {
  const { member, values: v, cardField, today, zipNotFound, cardHeld = false } = check;
  const parts = partsNeeded(member);
  const privacy = Object.fromEntries((Object.keys(PRIVACY_MESSAGES) as (keyof PrivacyValues)[]).filter((k) => !v.privacy[k]).map((k) => [k, PRIVACY_MESSAGES[k]]));
  return {
    shipping: parts.shipping ? shippingErrors(v.shipping, today, zipNotFound) : {},
    contact: parts.contact ? contactErrors(v.contact) : {},
    payment: parts.payment ? paymentErrors(v.payment, cardField, today, cardHeld) : {},
    notification: parts.notification ? notificationErrors(v.notification, notificationContact(check)) : {},
    ...(parts.health ? { allergies: healthError('allergies', v.allergies), conditions: healthError('conditions', v.conditions) } : {}),
    privacy,
  };
}

/** A line of the banner and the field it is about: `section` and `field` as in shownError ('payment', 'cardNumber'). */
export interface ErrorEntry {
  text: string;
  section: keyof RegistrationErrors;
  /** The field within the section; the health lists are fields of their own (field ''). */
  field: string;
}

/**
 * Every message of the page with its field, in screen order (the banner's list after Next, each a link to its
 * field: WCAG G139); the card's as the one summary of section 5, about its first field in error.
 */
export function errorEntries(errors: RegistrationErrors): ErrorEntry[] {
  const of = <S extends 'shipping' | 'contact' | 'notification' | 'privacy'>(section: S) =>
    Object.entries(errors[section] as Record<string, string | undefined>).flatMap(([field, text]) => (text ? [{ text, section, field }] : []));
  const firstCard = Object.keys(errors.payment)[0];
  return [
    ...of('shipping'),
    ...of('contact'),
    ...(firstCard ? [{ text: REGISTRATION_MESSAGES.cardMissing, section: 'payment' as const, field: firstCard }] : []),
    ...of('notification'),
    ...(['allergies', 'conditions'] as const).flatMap((kind) => (errors[kind] ? [{ text: errors[kind], section: kind, field: '' }] : [])),
    ...of('privacy'),
  ];
}

/** Every message of the page, in screen order (the banner's list after Next); the card's as the one summary of section 5. */
export const errorList = (errors: RegistrationErrors): string[] => errorEntries(errors).map((e) => e.text);

export const hasErrors = (errors: RegistrationErrors) => errorList(errors).length > 0;

/** Does this submission tokenize a card? Only when the payment section is asked for and not skipped (section 4, step 2). */
export const needsCardToken = (member: EligibilityResult, payment: PaymentValues) => partsNeeded(member).payment && !payment.skip;

/** The token that stands for the card number, from the tokenizer. */
export interface CardToken {
  pciToken: string;
  cardTypeNum: CardTypeNum;
  /** The card's last digits, to say which card is held. */
  lastDigits?: string | null;
}

/**
 * A card number the tokenizer accepted but whose token could not be fetched:
 * the hosted field has emptied itself, and the tokenizer holds the number
 * under this session, so trying again fetches the token with it instead of
 * asking the field (the card form of the link flows does the same).
 */
export interface HeldCard {
  /** The tokenizer session the number was posted under. */
  accessToken: string;
  /** The type the number showed, for a token that does not say. */
  detected: CardTypeNum | null;
}

/** What the tokenizing step is given: the type the field's number shows, and the card held from a failed try, if any. */
export interface TokenizeInput {
  detected: CardTypeNum | null;
  held?: HeldCard | null;
}

/** A tokenizing failure; `held` when the tokenizer kept the number (only the token's fetch failed). */
export interface TokenizeFailure {
  status: number;
  displayText: string;
  held?: HeldCard;
}

function paymentCard(v: PaymentValues, token: CardToken) {
  const cardTypeNum = v.cardType ?? token.cardTypeNum;
  return {
    defaultCard: v.isDefault,
    cardFirstName: v.firstName.trim(),
    cardLastName: v.lastName.trim(),
    cardTypeNum,
    cardTypeDesc: CARD_TYPE_NAMES[cardTypeNum],
    cardMonthNum: v.month!,
    cardYear: v.year!,
    pciToken: token.pciToken,
  };
}

/** POST /mmar/registration/mailorder (section 3): everything in one call; paymentCard null when payment is skipped. */
export function registerPayload(member: EligibilityResult, v: RegistrationValues, token: CardToken | null): RegisterPatientRequest {
  const p = member.patient;
  const gender = p.gender === 'M' || p.gender === 'F' ? p.gender : 'U';
  return {
    firstName: p.firstName,
    middleName: p.middleName ?? null,
    lastName: p.lastName,
    gender,
    birthDate: p.dateOfBirth,
    memberInfo: { hqCode: p.coverage.hqCode, memberNumber: p.coverage.memberNumber, personCode: p.coverage.personCode, relationshipCode: p.coverage.relationshipCode },
    email: v.contact.email.trim(),
    addresses: [registerAddress(v.shipping)],
    phones: [registerPhone(v.contact)],
    paymentCard: v.payment.skip || !token ? null : paymentCard(v.payment, token),
    allergies: allergyInputs(v.allergies),
    conditions: conditionInputs(v.conditions, null),
    notification: registerNotification(v.notification),
  };
}

/** A registered patient's separate calls, in the order they run (section 4, step 5). */
export const PART_CALLS = ['address', 'phone', 'email', 'allergies', 'conditions', 'payment', 'notification'] as const;
export type PartCall = (typeof PART_CALLS)[number];

/** How the banner names a failed call. */
export const PART_CALL_NAMES: Record<PartCall, string> = {
  address: 'Shipping address',
  phone: 'Phone',
  email: 'Email',
  allergies: 'Allergies',
  conditions: 'Health conditions',
  payment: 'Payment card',
  notification: 'Notification preferences',
};

/** The calls the missing parts need (payment only when not skipped). */
export function partCalls(member: EligibilityResult, payment: PaymentValues): PartCall[] {
  const parts = partsNeeded(member);
  const wanted: Record<PartCall, boolean> = {
    address: parts.shipping,
    phone: parts.contact,
    email: parts.contact,
    allergies: parts.health,
    conditions: parts.health,
    payment: parts.payment && !payment.skip,
    notification: parts.notification,
  };
  return PART_CALLS.filter((c) => wanted[c]);
}

/** The bodies of the part calls that do not depend on what is on file (the phone and the notification do: see contactInfo, notifications). */
export const partBodies = (member: EligibilityResult, v: RegistrationValues, token: CardToken | null) => ({
  address: (): AddressSave => addressSave(v.shipping),
  email: (): EmailUpdate => ({ newEmailAddress: v.contact.email.trim() }),
  allergies: (): AllergyInput[] => allergyInputs(v.allergies),
  conditions: (): ConditionInput[] => conditionInputs(v.conditions, member.patient.patientId),
  payment: (): CardSave => cardSaveBody(v.payment, { pciToken: token!.pciToken, cardTypeNum: v.payment.cardType ?? token!.cardTypeNum }),
});

/** One call's outcome, as the saving actor reports it. */
export type PartResult = { call: PartCall; ok: true } | { call: PartCall; ok: false; message: string };

/** The banner's lines for failed calls: each failing call named, with its message. */
export const failureLines = (results: readonly PartResult[]) =>
  results.flatMap((r) => (r.ok ? [] : [`${PART_CALL_NAMES[r.call]}: ${r.message}`]));

/** The card provider's failure (section 8), in the banner (decision: the documents only log it; see registrationMachine). */
export const tokenizeFailure = (status: number) => `${PART_CALL_NAMES.payment}: ${CARD_MESSAGES.provider(status)}`;

