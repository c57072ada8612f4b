/**
 * The order-status page's rules: how often it asks (polling and backing off), what a change of stage
 * says to a person (announced politely), and dates written out. The stages themselves and their names
 * are machines/shared/rules/orderStages.ts's.
 */
import { Temporal } from 'temporal-polyfill';
import type { OrderStatus } from '../../contract.ts';
import { stageLabel } from '../../shared/rules/orderStages.ts';

/** At most one request per 30 s per open page. */
export const POLL_MS = 30_000;

/**
 * After failed updates in a row the page waits longer before asking again: 1 min after the first,
 * 2 min after the second, then every 5 min (doubling, capped). Never sooner than the poll: a gateway
 * that is down is not asked more often than one that answers.
 */
export const BACKOFF_MS: readonly number[] = [60_000, 120_000, 300_000];

/** The wait before the next update after `failures` failed ones in a row (0: the ordinary poll). */
export function nextWaitMs(failures: number): number {
  if (failures <= 0) return POLL_MS;
  return BACKOFF_MS[Math.min(failures, BACKOFF_MS.length) - 1]!;
}

/**
 * The wait before asking once the tab is shown again: what is left of the poll since the last request
 * (`lastRequestAt`, an instant), none when it is over; the clock (`now`) comes from src/.
 */
export function waitOnShow(lastRequestAt: string | null, now: string, waitMs: number): number {
  if (lastRequestAt === null) return 0;
  const elapsed = Temporal.Instant.from(now).epochMilliseconds - Temporal.Instant.from(lastRequestAt).epochMilliseconds;
  return Math.max(0, Math.min(waitMs, waitMs - elapsed));
}

/**
 * What changed between the status shown and the new one, as a sentence read out politely: the order's
 * stage when it moved, otherwise each prescription whose stage moved; null when no stage moved.
 */
export function stageChange(before: OrderStatus | null, after: OrderStatus): string | null {
  if (before === null || before.orderNumber !== after.orderNumber) return null;
  if (before.stage !== after.stage) return `Order ${after.orderNumber} is now: ${stageLabel(after.kind, after.stage)}.`;
  const was = new Map(before.items.map((i) => [i.itemId, i.stage]));
  const moved = after.items.filter((i) => was.has(i.itemId) && was.get(i.itemId) !== i.stage);
  if (moved.length === 0) return null;
  return moved.map((i) => `${i.drugName} is now: ${stageLabel(after.kind, i.stage)}.`).join(' ');
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** A calendar date written out: '2026-11-27' → 'Friday, November 27, 2026'. */
export function writtenDate(iso: string): string {
  const d = Temporal.PlainDate.from(iso.slice(0, 10));
  return `${WEEKDAYS[d.dayOfWeek - 1]}, ${MONTH_NAMES[d.month - 1]} ${d.day}, ${d.year}`;
}

/** An instant as the date written out in a time zone (the person's). */
export function writtenDateIn(instant: string, timeZone: string): string {
  return writtenDate(Temporal.Instant.from(instant).toZonedDateTimeISO(timeZone).toPlainDate().toString());
}

/** An instant as the time of day in a time zone, for 'showing data from {time}': '2:05 PM'. */
export function timeIn(instant: string, timeZone: string): string {
  const t = Temporal.Instant.from(instant).toZonedDateTimeISO(timeZone);
  const h = t.hour % 12 === 0 ? 12 : t.hour % 12;
  return `${h}:${String(t.minute).padStart(2, '0')} ${t.hour < 12 ? 'AM' : 'PM'}`;
}

/** The line shown over data from a while ago because the network is gone (ours: the spec is silent). */
export const staleText = (instant: string, timeZone: string) => `You are offline or we cannot reach the pharmacy: showing data from ${timeIn(instant, timeZone)}.`;
