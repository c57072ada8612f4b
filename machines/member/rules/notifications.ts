/**
 * Notification preferences (member-transfer-flow.md sections 3, 4, 5 and 6):
 * Automated Call, SMS Text, Email or None, mutually exclusive; which ones a
 * member can choose (call needs a valid phone and a phone type, text a Mobile
 * phone, email a valid email; None is not for Part D members or California
 * residents); the time zone that call and text need; the register payload's
 * notification and the NotificationSave body.
 */
import { MOBILE, type PhoneTypeId } from './contactInfo.ts';

export const NOTIFICATION_CHOICES = [
  { key: 'call', id: 1, label: 'Automated Call' },
  { key: 'text', id: 2, label: 'SMS Text' },
  { key: 'email', id: 3, label: 'Email' },
  { key: 'none', id: 0, label: 'None' },
] as const;
export type NotificationChoice = (typeof NOTIFICATION_CHOICES)[number]['key'];

/** Section 3: the codes and the names shown; 'Select Time Zone' is the empty option. */
export const TIME_ZONES = [
  { code: 'A', label: 'Alaska' },
  { code: 'C', label: 'Central' },
  { code: 'E', label: 'Eastern' },
  { code: 'G', label: 'Guam' },
  { code: 'H', label: 'Hawaii' },
  { code: 'M', label: 'Mountain' },
  { code: 'P', label: 'Pacific' },
] as const;
export type TimeZoneCode = (typeof TIME_ZONES)[number]['code'];
export const TIME_ZONE_PLACEHOLDER = 'Select Time Zone';

/** The spec names no message for these; ours. */
export const NOTIFICATION_MESSAGES = {
  choiceRequired: 'Select how we should tell you about your orders.',
  timeZoneRequired: 'Select your time zone for calls and text messages.',
  noneRefused: 'Notifications are required for your plan or state: choose a call, a text message or an email.',
  callNeeds: 'Needs a valid phone number and phone type.',
  textNeeds: 'Needs a valid Mobile phone number.',
  emailNeeds: 'Needs a valid email address.',
} as const;

export interface NotificationValues {
  choice: NotificationChoice | null;
  timeZone: TimeZoneCode | null;
}
export const EMPTY_NOTIFICATION: NotificationValues = { choice: null, timeZone: null };

/** What the choices depend on: the contact the member gives or has on file, the plan and the state. */
export interface NotificationContact {
  /** A valid primary phone (typed on this page, or on file). */
  phoneValid: boolean;
  phoneType: PhoneTypeId | number | null;
  emailValid: boolean;
  isPartD: boolean;
  /** The shipping state (typed, or on file), two letters. */
  state: string | null;
}

/** Notifications are mandatory for Part D members and California residents (section 6). */
export const noneAllowed = (c: NotificationContact) => !c.isPartD && c.state?.toUpperCase() !== 'CA';

/** Each choice offered: available or greyed out with why; None is not offered at all when it is refused. */
export function notificationOptions(c: NotificationContact): { key: NotificationChoice; id: number; label: string; unavailable: string | null }[] {
  return NOTIFICATION_CHOICES.filter((o) => o.key !== 'none' || noneAllowed(c)).map((o) => ({
    ...o,
    unavailable:
      o.key === 'call' ? (c.phoneValid && c.phoneType !== null ? null : NOTIFICATION_MESSAGES.callNeeds)
      : o.key === 'text' ? (c.phoneValid && c.phoneType === MOBILE ? null : NOTIFICATION_MESSAGES.textNeeds)
      : o.key === 'email' ? (c.emailValid ? null : NOTIFICATION_MESSAGES.emailNeeds)
      : null,
  }));
}

export const needsTimeZone = (choice: NotificationChoice | null) => choice === 'call' || choice === 'text';

export function notificationErrors(v: NotificationValues, c: NotificationContact): { choice?: string; timeZone?: string } {
  if (v.choice === null) return { choice: NOTIFICATION_MESSAGES.choiceRequired };
  const option = notificationOptions(c).find((o) => o.key === v.choice);
  if (!option) return { choice: NOTIFICATION_MESSAGES.noneRefused };
  if (option.unavailable) return { choice: option.unavailable };
  if (needsTimeZone(v.choice) && v.timeZone === null) return { timeZone: NOTIFICATION_MESSAGES.timeZoneRequired };
  return {};
}

/** A choice that has become unavailable (the phone type changed, the state became CA) is dropped, with its time zone if unneeded. */
export function keepAvailable(v: NotificationValues, c: NotificationContact): NotificationValues {
  const option = notificationOptions(c).find((o) => o.key === v.choice);
  const choice = option && !option.unavailable ? v.choice : null;
  return { choice, timeZone: needsTimeZone(choice) ? v.timeZone : null };
}

const idOf = (choice: NotificationChoice) => NOTIFICATION_CHOICES.find((o) => o.key === choice)!.id;

/** The register payload's notification: None sends modality 0 and optIn false; the time zone only for call and text. */
export function registerNotification(v: NotificationValues) {
  const choice = v.choice ?? 'none';
  return { modalityTypeId: idOf(choice), includePHI: false as const, optIn: choice !== 'none', timeZone: needsTimeZone(choice) ? v.timeZone : null };
}

/** POST /mmar/Patients/Notification for a registered patient: call and text go to the primary phone (its id). */
export function notificationSave(v: NotificationValues, patientId: number, primaryPhoneId: number | null) {
  const n = registerNotification(v);
  return { patientId, ...n, modalityValueId: needsTimeZone(v.choice) ? primaryPhoneId : null };
}
