/**
 * The one date-of-birth rule of both flows: the member form (member-transfer-
 * flow.md section 5: years offered from this year back 120, 19xx or 20xx)
 * and the link verification (link-flows-and-public-pages.md section 5). A
 * date that cannot be a date of birth is refused in the form, before any call:
 * on a link each call spends one of its attempts (verifyAttempts.ts).
 */

/** Years offered: this year back 120 (section 9), never before 1900. */
export const BIRTH_YEARS_BACK = 120;
export const EARLIEST_BIRTH_YEAR = 1900;

/** Our words: the documents give none for a date in the future or too far back. */
export const BIRTH_DATE_MESSAGES = {
  future: 'A date of birth cannot be in the future.',
  tooEarly: (thisYear: number) => `Enter a year from ${firstBirthYear(thisYear)} to ${thisYear}.`,
} as const;

/** The earliest year offered. */
export const firstBirthYear = (thisYear: number) => Math.max(thisYear - BIRTH_YEARS_BACK, EARLIEST_BIRTH_YEAR);

/** The years a date of birth may have, newest first: this year back 120, none before 1900. */
export function yearOptions(thisYear: number): string[] {
  const first = firstBirthYear(thisYear);
  return Array.from({ length: thisYear - first + 1 }, (_, i) => String(thisYear - i));
}

/**
 * A year as typed: 4 digits, else null ('195' is not a year yet). Both forms read the year field with it;
 * whether it can be a birth year is birthYearIn's (the member form) or birthDateProblem's (the link's).
 */
export function typedYear(typed: string): number | null {
  const t = typed.trim();
  return /^\d{4}$/.test(t) ? Number(t) : null;
}

/** The year typed when it is one of the offered years (this year back 120, none before 1900), else null. */
export function birthYearIn(typed: string, thisYear: number): number | null {
  const year = typedYear(typed);
  return year !== null && year <= thisYear && year >= firstBirthYear(thisYear) ? year : null;
}

/** Days in a month (1-12); February has 29 while the year is not known. */
export function daysInMonth(month: number, year: number | null): number {
  if (month === 2) return year === null || (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** The date, year-month-day. */
export const isoDate = (year: number, month: number, day: number) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** A whole date after today (`today` YYYY-MM-DD, the person's calendar day). */
export const isFuture = (year: number, month: number, day: number, today: string) => isoDate(year, month, day) > today;

/**
 * Why a year (and, once known, the whole date) cannot be a date of birth, today being `today`
 * (YYYY-MM-DD): after today, or before the years offered; null when it can be.
 */
export function birthDateProblem(date: { year: number; month: number | null; day: number | null }, today: string): string | null {
  const thisYear = Number(today.slice(0, 4));
  if (date.year > thisYear || (date.month !== null && date.day !== null && isFuture(date.year, date.month, date.day, today))) return BIRTH_DATE_MESSAGES.future;
  if (date.year < firstBirthYear(thisYear)) return BIRTH_DATE_MESSAGES.tooEarly(thisYear);
  return null;
}
