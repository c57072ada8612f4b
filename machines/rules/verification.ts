/**
 * The identity-verification form of the link flows (link-flows-and-public-
 * pages.md sections 3 and 5): month, day, year and zip, all required; zip
 * capped at 5 characters and needing 5 to verify; day at 2, year at 4; the
 * month found by a partial, case-normalised name only when exactly one month
 * fits; the day and year typeaheads pick an option once typing narrows to
 * exactly one.
 */
import { MONTHS } from './display.ts';

export const FIELD_LIMITS = { zip: 5, day: 2, year: 4 } as const;

export interface VerificationForm {
  /** Month number 1-12, or null when nothing (or more than one month) matches. */
  month: number | null;
  day: number | null;
  year: number | null;
  zip: string;
}

export const EMPTY_FORM: VerificationForm = { month: null, day: null, year: null, zip: '' };

/** The month whose name contains the typed text (case-insensitive), when exactly one does. */
export function matchMonth(typed: string): number | null {
  const text = typed.trim().toLowerCase();
  if (!text) return null;
  const hits = MONTHS.flatMap((name, i) => (name.toLowerCase().includes(text) ? [i + 1] : []));
  return hits.length === 1 ? hits[0]! : null;
}

/** The one option that starts with what was typed, when typing has narrowed the options to exactly one. */
export function autoSelect(options: readonly string[], typed: string): string | null {
  if (!typed) return null;
  const hits = options.filter((o) => o.startsWith(typed));
  return hits.length === 1 ? hits[0]! : null;
}

/** Days 1-31 as the day typeahead lists them. */
export const DAY_OPTIONS: readonly string[] = Array.from({ length: 31 }, (_, i) => String(i + 1));

/** Birth years from `thisYear` back 120 years, newest first. */
export function yearOptions(thisYear: number): string[] {
  return Array.from({ length: 121 }, (_, i) => String(thisYear - i));
}

/** Zip as typed: digits only, at most 5. */
export function cleanZip(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, FIELD_LIMITS.zip);
}

/** The verify button is enabled when all four are filled and the zip has 5 characters. */
export function canVerify(form: VerificationForm): boolean {
  return form.month !== null && form.day !== null && form.year !== null && form.zip.length === FIELD_LIMITS.zip;
}

/** dateOfBirth of the verify payload: year-month-day joined by hyphens. */
export function dateOfBirth(form: VerificationForm): string {
  const pad = (n: number | null) => String(n ?? 0).padStart(2, '0');
  return `${form.year}-${pad(form.month)}-${pad(form.day)}`;
}
