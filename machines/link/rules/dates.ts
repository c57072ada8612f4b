/**
 * The link flows' display rules that show dates (link-flows-and-public-pages.md
 * sections 2.16 and 2.17): TEMP addresses with month/day/year, consent end dates
 * as month name, day, year. Dates go through Temporal (no time zone involved: the
 * gateway's dates are calendar dates). Apart from display.ts so that only the
 * steps that show dates load Temporal.
 */
import { Temporal } from 'temporal-polyfill';
import type { Address } from '../../contract.ts';
import { MONTHS } from '../../shared/rules/display.ts';

/** A calendar date (ISO, time part ignored) as month/day/year: '2026-12-01' → '12/01/2026'. */
export function monthDayYear(iso: string): string {
  const d = Temporal.PlainDate.from(iso.slice(0, 10));
  return `${String(d.month).padStart(2, '0')}/${String(d.day).padStart(2, '0')}/${d.year}`;
}

/** A calendar date as month name, day, year: '2026-12-13' → 'December 13, 2026'. */
export function longDate(iso: string): string {
  const d = Temporal.PlainDate.from(iso.slice(0, 10));
  return `${MONTHS[d.month - 1]} ${d.day}, ${d.year}`;
}

/** An instant as the calendar date it is in a time zone (the person's), month name, day, year: an order's date. */
export function dateIn(instant: string, timeZone: string): string {
  return longDate(Temporal.Instant.from(instant).toZonedDateTimeISO(timeZone).toPlainDate().toString());
}

/** The address type as shown: PRIMARY OFFICE is WORK, TEMPORARY is TEMP with its dates. */
export function addressTypeLabel(address: Pick<Address, 'addressType' | 'startDate' | 'endDate'>): string {
  const desc = (address.addressType?.addressTypeDesc ?? '').trim().toUpperCase();
  if (desc === 'PRIMARY OFFICE') return 'WORK';
  if (desc === 'TEMPORARY') {
    const dates = address.startDate && address.endDate ? ` ${monthDayYear(address.startDate)} - ${monthDayYear(address.endDate)}` : '';
    return `TEMP${dates}`;
  }
  return desc;
}
