/**
 * The identity-verification form of the link flows (link-flows-and-public-
 * pages.md sections 3 and 5): month, day, year and zip, all required; zip
 * capped at 5 characters and needing 5 to verify; day at 2, year at 4; the
 * month found by a partial, case-normalised name only when exactly one month
 * fits; the day and year typeaheads pick an option once typing narrows to
 * exactly one.
 */
import { MONTHS } from './display.ts';
import { birthDateProblem, daysInMonth, typedYear } from './birthDate.ts';

export const FIELD_LIMITS = { zip: 5, day: 2, year: 4 } as const;

export interface VerificationForm {
  /** Month number 1-12, or null when nothing (or more than one month) matches. */
  month: number | null;
  day: number | null;
  year: number | null;
  zip: string;
}

export const EMPTY_FORM: VerificationForm = { month: null, day: null, year: null, zip: '' };

/**
 * How a typeahead's options match what was typed: `contains` finds an option by any part of its
 * text (the month by a partial name), `prefix` by its start (day and year).
 */
export type MatchMode = 'contains' | 'prefix';

/**
 * The options that what was typed matches, in their order: the one rule of the date-of-birth
 * typeaheads, for the list they offer and for what the machines take the text to mean. Case and
 * surrounding spaces are ignored; nothing typed matches every option.
 */
export function optionsMatching(options: readonly string[], typed: string, mode: MatchMode): string[] {
  const text = typed.trim().toLowerCase();
  if (!text) return [...options];
  return options.filter((option) => {
    const name = option.toLowerCase();
    return mode === 'prefix' ? name.startsWith(text) : name.includes(text);
  });
}

/** The one option that what was typed matches, or null when nothing was typed, or none or several match. */
export function onlyMatch(options: readonly string[], typed: string, mode: MatchMode): string | null {
  if (!typed.trim()) return null;
  const hits = optionsMatching(options, typed, mode);
  return hits.length === 1 ? hits[0]! : null;
}

/** The month whose name contains the typed text (case-insensitive), when exactly one does. */
export function matchMonth(typed: string): number | null {
  const name = onlyMatch(MONTHS, typed, 'contains');
  return name === null ? null : MONTHS.findIndex((month) => month === name) + 1;
}

/** The one option that starts with what was typed, when typing has narrowed the options to exactly one. */
export function autoSelect(options: readonly string[], typed: string): string | null {
  return onlyMatch(options, typed, 'prefix');
}

/** Days 1-31 as the day typeahead lists them. */
export const DAY_OPTIONS: readonly string[] = Array.from({ length: 31 }, (_, i) => String(i + 1));

/** Zip as typed: digits only, at most 5. */
export function cleanZip(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, FIELD_LIMITS.zip);
}

/** The verify button is enabled when all four are filled (a date of birth that can be one) and the zip has 5 characters. */
export function canVerify(form: VerificationForm, today: string): boolean {
  return Object.keys(verificationErrors(form, today)).length === 0;
}

/**
 * What each field of the form still needs: shown under the fields, and the fields
 * marked invalid, once Verify is pressed with them. Our wording: the specification gives only the
 * general 'Please check your information and try again'.
 */
export const VERIFICATION_FIELD_MESSAGES = {
  month: 'Enter a month, for example April.',
  day: 'Enter a day from 1 to 31.',
  noSuchDay: 'This month has no such day.',
  year: 'Enter the year with 4 digits, for example 1958.',
  zip: 'Enter a 5-digit zip code.',
} as const;

export type VerificationErrors = Partial<Record<keyof VerificationForm, string>>;

/**
 * The fields that keep the form from verifying, with what each needs: the date of birth's one rule
 * (birthDate.ts: an offered year, a day the month has, not after `today`), the zip's 5 digits.
 */
export function verificationErrors(form: VerificationForm, today: string): VerificationErrors {
  const errors: VerificationErrors = {};
  if (form.month === null) errors.month = VERIFICATION_FIELD_MESSAGES.month;
  if (form.day === null) errors.day = VERIFICATION_FIELD_MESSAGES.day;
  else if (form.month !== null && form.day > daysInMonth(form.month, form.year)) errors.day = VERIFICATION_FIELD_MESSAGES.noSuchDay;
  if (form.year === null) errors.year = VERIFICATION_FIELD_MESSAGES.year;
  else {
    const problem = birthDateProblem({ year: form.year, month: form.month, day: errors.day ? null : form.day }, today);
    if (problem) errors.year = problem;
  }
  if (form.zip.length !== FIELD_LIMITS.zip) errors.zip = VERIFICATION_FIELD_MESSAGES.zip;
  return errors;
}

/** dateOfBirth of the verify payload: year-month-day joined by hyphens. */
export function dateOfBirth(form: VerificationForm): string {
  const pad = (n: number | null) => String(n ?? 0).padStart(2, '0');
  return `${form.year}-${pad(form.month)}-${pad(form.day)}`;
}

/** A day as typed: 1 to 31 with at most 2 digits, else null (whether the month has it is verificationErrors'). */
export function dayIn(typed: string): number | null {
  const t = typed.trim();
  if (!/^\d+$/.test(t) || t.length > FIELD_LIMITS.day) return null;
  const n = Number(t);
  return n >= 1 && n <= 31 ? n : null;
}

/** A field of the date of birth and zip as the person types it. */
export type VerificationField = 'month' | 'day' | 'year' | 'zip';

/**
 * The form after typing `text` into `field`: the one reading of what was typed, for every form that
 * asks the date of birth and zip (the link page, the public order check).
 */
export function formWith(form: VerificationForm, field: VerificationField, text: string): VerificationForm {
  switch (field) {
    case 'month':
      return { ...form, month: matchMonth(text) };
    case 'day':
      return { ...form, day: dayIn(text) };
    case 'year':
      // Four digits: '195' is not a year yet, so Verify says so instead of spending an attempt.
      return { ...form, year: typedYear(text) };
    case 'zip':
      return { ...form, zip: cleanZip(text) };
  }
}
