/**
 * The member information form (member-transfer-flow.md sections 3 and 5):
 * member number, first and last name, and the date of birth as three
 * typeaheads. One function per field gives its error (or null); the machine
 * keeps what the person typed and the six error fields.
 */
import { matchMonth } from '../../shared/rules/verification.ts';
import { BIRTH_DATE_MESSAGES, birthYearIn, daysInMonth, isFuture } from '../../shared/rules/birthDate.ts';

export const MEMBER_FORM_LIMITS = { memberNumber: 20, name: 50, day: 2, year: 4 } as const;

export const MEMBER_FORM_MESSAGES = {
  memberNumberRequired: 'Enter member number',
  memberNumberInvalid: 'Member number: special characters and spaces not allowed',
  firstNameRequired: 'Enter first name',
  firstNameInvalid: 'First name: special characters and spaces not allowed',
  lastNameRequired: 'Enter last name',
  lastNameInvalid: 'Last name: special characters and spaces not allowed',
  month: 'Please enter the month. For example, “01 | January”.',
  day: 'Please enter the day. For example, “10”',
  year: 'Please enter the year in YYYY format. For example, “1970”',
} as const;

export type MemberField = 'memberNumber' | 'firstName' | 'lastName' | 'month' | 'day' | 'year';
export const MEMBER_FIELDS: readonly MemberField[] = ['memberNumber', 'firstName', 'lastName', 'month', 'day', 'year'];

/** What the person typed, as the form holds it. */
export type MemberForm = Record<MemberField, string>;
/** The six error fields (memberNumError, firstNameError, … of section 3); null when the field is fine. */
export type MemberErrors = Record<MemberField, string | null>;

export const EMPTY_MEMBER_FORM: MemberForm = { memberNumber: '', firstName: '', lastName: '', month: '', day: '', year: '' };
export const NO_MEMBER_ERRORS: MemberErrors = { memberNumber: null, firstName: null, lastName: null, month: null, day: null, year: null };

/** Member number as typed: all whitespace removed as it is typed, at most 20 characters. */
export function cleanMemberNumber(text: string): string {
  return text.replace(/\s+/g, '').slice(0, MEMBER_FORM_LIMITS.memberNumber);
}

/** A name as typed: leading whitespace removed, at most 50 characters (the rest is trimmed on submit). */
export function cleanName(text: string): string {
  return text.replace(/^\s+/, '').slice(0, MEMBER_FORM_LIMITS.name);
}

/** Each typed value as the form keeps it (the typeaheads keep their text; their limits are the fields' maxLength). */
export function cleanField(field: MemberField, text: string): string {
  if (field === 'memberNumber') return cleanMemberNumber(text);
  if (field === 'firstName' || field === 'lastName') return cleanName(text);
  if (field === 'day') return text.trim().slice(0, MEMBER_FORM_LIMITS.day);
  if (field === 'year') return text.trim().slice(0, MEMBER_FORM_LIMITS.year);
  return text;
}

const NAME = /^[A-Za-z0-9 -]+$/;

function nameError(value: string, required: string, invalid: string): string | null {
  const v = value.trim();
  if (!v) return required;
  return NAME.test(v) ? null : invalid;
}

/** The day 1-31 when typed as one or two digits. */
export function birthDay(text: string): number | null {
  if (!/^\d{1,2}$/.test(text)) return null;
  const d = Number(text);
  return d >= 1 && d <= 31 ? d : null;
}

/**
 * The error of one field (the day also needs the month and year: 31 is no day of April), today being
 * `today` (YYYY-MM-DD). The date of birth follows the one rule of both flows (shared/rules/birthDate.ts):
 * an offered year, a day the month has, not after today.
 */
export function fieldError(field: MemberField, form: MemberForm, today: string): string | null {
  const m = MEMBER_FORM_MESSAGES;
  const thisYear = Number(today.slice(0, 4));
  switch (field) {
    case 'memberNumber':
      if (!form.memberNumber) return m.memberNumberRequired;
      return /^[A-Za-z0-9]+$/.test(form.memberNumber) ? null : m.memberNumberInvalid;
    case 'firstName':
      return nameError(form.firstName, m.firstNameRequired, m.firstNameInvalid);
    case 'lastName':
      return nameError(form.lastName, m.lastNameRequired, m.lastNameInvalid);
    case 'month':
      return matchMonth(form.month) === null ? m.month : null;
    case 'year': {
      const year = birthYearIn(form.year, thisYear);
      if (year === null) return m.year;
      const month = matchMonth(form.month);
      const day = fieldError('day', form, today) === null ? birthDay(form.day) : null;
      return month !== null && day !== null && isFuture(year, month, day, today) ? BIRTH_DATE_MESSAGES.future : null;
    }
    case 'day': {
      const day = birthDay(form.day);
      if (day === null) return m.day;
      const month = matchMonth(form.month);
      const year = birthYearIn(form.year, thisYear);
      return month !== null && day > daysInMonth(month, year) ? m.day : null;
    }
  }
}

/** Every field's error, as Continue checks them. */
export function allErrors(form: MemberForm, today: string): MemberErrors {
  return Object.fromEntries(MEMBER_FIELDS.map((f) => [f, fieldError(f, form, today)])) as MemberErrors;
}

export const hasErrors = (errors: MemberErrors) => MEMBER_FIELDS.some((f) => errors[f] !== null);

/** The identifying fields of the verify and member-info calls: names trimmed, birthDate year-month-day. */
export function memberIdentity(form: MemberForm): { memberNumber: string; firstName: string; lastName: string; birthDate: string } {
  const pad = (n: number | null) => String(n ?? 0).padStart(2, '0');
  return {
    memberNumber: form.memberNumber,
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    birthDate: `${form.year}-${pad(matchMonth(form.month))}-${pad(birthDay(form.day))}`,
  };
}
