/**
 * The review page's change modals (member-transfer-flow.md sections 2, 4, 5
 * and 6): what each modal starts from (the profile as the gateway holds it),
 * when its Update or Save may be pressed, what it sends, and the record the
 * page shows once a change is saved.
 */
import type { NotificationSave, NotificationSetting, PhoneRecord, PhoneSave, PhoneUpdate } from '../../contract.ts';
import { emailError, formatPhone, phoneDigits, PHONE_TYPES, type PhoneTypeId } from './contactInfo.ts';
import { HEALTH_KINDS } from './healthInfo.ts';
import { NOTIFICATION_CHOICES, notificationSave, type NotificationValues, type TimeZoneCode } from './notifications.ts';

/** Section 4: what each saved change records (shown on the page, once, in a status message). */
export const UPDATED = {
  notifications: 'Notification Settings Updated',
  phone: 'Phone Number Updated',
  payment: 'Payment Card Updated',
  address: 'Address Updated',
  conditions: HEALTH_KINDS.conditions.updated,
  allergies: HEALTH_KINDS.allergies.updated,
} as const;
export type ProfilePart = keyof typeof UPDATED;

/** The change modals' titles, also their Change buttons' names (ours: the documents name the modals, not their headings). */
export const CHANGE_TITLES = {
  address: 'Change Shipping Address',
  payment: 'Change Payment Card',
  notifications: 'Change Notification Preference',
  phone: 'Change Primary Phone',
  allergies: 'Change Allergies',
  conditions: 'Change Health Conditions',
} as const satisfies Record<ProfilePart, string>;

/**
 * Why a change modal's Update (or Save) cannot be pressed yet. The documents say only that it is
 * disabled (section 4: 'disabled until something is selected or added', 'disabled while nothing has
 * changed', Save 'enabled only when the email matches the pattern and differs'); the button stays in
 * the Tab order, aria-disabled and described by this. Our words.
 */
export const NOT_YET = {
  notifications: 'Choose a different notification setting to update.',
  phone: 'Change the phone number or its type to update.',
  email: 'Enter a new, valid email address to save.',
  allergies: 'Select or add an allergy to update.',
  conditions: 'Select or add a health condition to update.',
} as const;

/**
 * Why a list modal's Add (Add Number, Add a new address, Add a new card) cannot be pressed yet: the
 * list it adds to is still loading, or could not be read and Try again reads it (our
 * words: the documents do not say). The button stays in the Tab order, aria-disabled and described by it.
 */
export const LIST_NOT_READY = {
  phone: { loading: 'Your phone numbers are still loading.', unavailable: 'Your phone numbers could not be loaded. Press Try again first.' },
  address: { loading: 'Your addresses are still loading.', unavailable: 'Your addresses could not be loaded. Press Try again first.' },
  payment: { loading: 'Your cards are still loading.', unavailable: 'Your cards could not be loaded. Press Try again first.' },
} as const satisfies Record<'phone' | 'address' | 'payment', Record<'loading' | 'unavailable', string>>;

/** Section 8: what an empty list of the address and payment modals says. */
export const EMPTY_LIST = {
  address: 'No records found!',
  payment: 'No payment methods on file',
} as const;

// ---------------------------------------------------------------- notifications

/** The choice in force, as the modal starts from it (an opted-out setting is None). */
export function notificationValuesOf(setting: NotificationSetting | null): NotificationValues {
  if (!setting) return { choice: null, timeZone: null };
  const choice = setting.optIn ? (NOTIFICATION_CHOICES.find((o) => o.id === setting.modalityType.id)?.key ?? null) : 'none';
  return { choice, timeZone: (setting.timeZone as TimeZoneCode | null | undefined) ?? null };
}

export const sameNotification = (a: NotificationValues, b: NotificationValues) => a.choice === b.choice && (a.timeZone ?? null) === (b.timeZone ?? null);

/**
 * The notification call of the review page's modal: PATCH over the setting in
 * force (its id; the modal reads it when it opens), or POST when the member has
 * none yet. Call and text go to the primary phone on file (no phone is named:
 * the gateway takes the primary one).
 */
export function notificationChangeCall(
  v: NotificationValues,
  patientId: number,
  setting: NotificationSetting | null,
): { method: 'PATCH'; body: NotificationSave & { id: number } } | { method: 'POST'; body: NotificationSave } {
  const body = notificationSave(v, patientId, null) as NotificationSave;
  return setting ? { method: 'PATCH', body: { ...body, id: setting.id } } : { method: 'POST', body };
}

/** Section 5, email modal: Save only for a valid email that differs from the one on file. */
export const emailSavable = (text: string, current: string | null) => emailError(text) === undefined && text.trim().toLowerCase() !== (current ?? '').trim().toLowerCase();

// ---------------------------------------------------------------- phone

/** Section 5, phone modal (the extension's message is ours). */
export const PHONE_MODAL_MESSAGES = {
  required: 'Phone Number Required',
  short: 'Phone number must be at least 10 characters',
  typeRequired: 'Phone Type Required',
  extension: 'Use up to 7 digits for the extension.',
} as const;

export interface PhoneFormValues {
  phone: string;
  phoneType: PhoneTypeId | null;
  extension: string;
}
export type PhoneFormField = keyof PhoneFormValues;
export const EMPTY_PHONE_FORM: PhoneFormValues = { phone: '', phoneType: null, extension: '' };

const knownType = (id: number): PhoneTypeId | null => PHONE_TYPES.find((t) => t.id === id)?.id ?? null;

/** The edit form starts from the phone on file. */
export const phoneFormOf = (p: PhoneRecord): PhoneFormValues => ({
  phone: formatPhone(`${p.areaCode}${p.phoneNumber}`),
  phoneType: knownType(p.phoneType),
  extension: p.extension ?? '',
});

export function phoneFormErrors(v: PhoneFormValues): Partial<Record<PhoneFormField, string>> {
  const errors: Partial<Record<PhoneFormField, string>> = {};
  if (!v.phone.trim()) errors.phone = PHONE_MODAL_MESSAGES.required;
  else if (!phoneDigits(v.phone)) errors.phone = PHONE_MODAL_MESSAGES.short;
  if (v.phoneType === null) errors.phoneType = PHONE_MODAL_MESSAGES.typeRequired;
  if (!/^\d{0,7}$/.test(v.extension.trim())) errors.extension = PHONE_MODAL_MESSAGES.extension;
  return errors;
}

/** Section 5: "The update button is disabled while nothing has changed" (a new phone has changed once anything is typed). */
export function phoneFormChanged(v: PhoneFormValues, from: PhoneFormValues): boolean {
  return (phoneDigits(v.phone) ?? v.phone.trim()) !== (phoneDigits(from.phone) ?? from.phone.trim()) || v.phoneType !== from.phoneType || v.extension.trim() !== from.extension.trim();
}

/** What Add (POST) or Edit (PUT over the phone's id) sends: the phone changed here becomes the primary one. */
export function phoneFormCall(v: PhoneFormValues, editing: PhoneRecord | null): { method: 'POST'; body: PhoneSave } | { method: 'PUT'; body: PhoneUpdate } {
  const body: PhoneSave = { phoneType: v.phoneType ?? PHONE_TYPES[0].id, number: phoneDigits(v.phone) ?? '', extension: v.extension.trim() || null, isPrimary: true };
  return editing ? { method: 'PUT', body: { ...body, phoneId: editing.phoneId } } : { method: 'POST', body };
}

/** Select: a phone on file becomes the primary one (PUT with its own values). */
export const makePrimaryCall = (p: PhoneRecord): { method: 'PUT'; body: PhoneUpdate } => ({
  method: 'PUT',
  body: { phoneId: p.phoneId, phoneType: knownType(p.phoneType) ?? PHONE_TYPES[0].id, number: `${p.areaCode}${p.phoneNumber}`, extension: p.extension ?? null, isPrimary: true },
});

/** The primary phone once a save has gone through: the one Select made primary, or the number the form saved. */
export function primaryPhoneSaved(selecting: PhoneRecord | null, values: PhoneFormValues): { areaCode: string; phoneNumber: string; phoneType: number; isPrimary: true } {
  if (selecting) return { areaCode: selecting.areaCode, phoneNumber: selecting.phoneNumber, phoneType: selecting.phoneType, isPrimary: true };
  const { body } = phoneFormCall(values, null);
  return { areaCode: body.number.slice(0, 3), phoneNumber: body.number.slice(3), phoneType: body.phoneType, isPrimary: true };
}

/** 'Mobile 480-555-0101', as the list names a phone. */
export const phoneName = (p: PhoneRecord) => `${PHONE_TYPES.find((t) => t.id === p.phoneType)?.label ?? 'Phone'} ${formatPhone(`${p.areaCode}${p.phoneNumber}`)}${p.extension ? ` ext. ${p.extension}` : ''}`;
