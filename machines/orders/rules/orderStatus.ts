/**
 * The order-status page's rules: how often it asks (polling and backing off), what a change of stage
 * says to a person (announced politely), and dates written out. The stages themselves and their names
 * are machines/shared/rules/orderStages.ts's.
 */
import { Temporal } from 'temporal-polyfill';
import type { OrderException, OrderStage, OrderStatus } from '../../contract.ts';
import { ORDER_STAGES, stageLabel } from '../../shared/rules/orderStages.ts';
import { addressLine, cardEnding } from '../../shared/rules/display.ts';
import { BILL_ME_LATER } from '../../shared/rules/confirmation.ts';

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

/**
 * What a member must know and do for each exception, ours (the spec is silent; the words follow the
 * request: the doctor has not answered yet (we asked again on {date}), could not be transferred (why),
 * payment declined (update the card), shipment delayed). The page adds the phone number to each.
 */
export function exceptionText(exception: OrderException): { title: string; todo: string } {
  switch (exception.kind) {
    case 'doctorNotAnswered':
      return {
        title: exception.askedAgainOn ? `Your doctor has not answered yet (we asked again on ${writtenDate(exception.askedAgainOn)}).` : 'Your doctor has not answered yet.',
        todo: 'You may call your doctor and ask them to send the prescription to us.',
      };
    case 'notTransferred':
      return {
        title: exception.reason ? `This prescription could not be transferred: ${sentenceBody(exception.reason)}.` : 'This prescription could not be transferred.',
        todo: 'Ask your doctor for a new prescription, or call us to talk about other options.',
      };
    case 'paymentDeclined':
      return { title: 'Your payment was declined.', todo: 'Update the card for this order, and we will fill it.' };
    case 'shipmentDelayed':
      return { title: 'Your shipment is delayed.', todo: 'The expected delivery date below is the new one.' };
  }
}

/** A reason as the middle of our sentence: the pharmacy's text may end with its own full stop (never two). */
const sentenceBody = (text: string) => text.trim().replace(/\.+$/, '');

/** Whether the order waits for a new card: its payment, or one prescription's, was declined (the page then offers Update card). */
export const needsNewCard = (status: Pick<OrderStatus, 'exception' | 'items'>): boolean =>
  status.exception?.kind === 'paymentDeclined' || status.items.some((i) => i.exception?.kind === 'paymentDeclined');

/** Whether the items of an order are at different stages (the page then shows each prescription's). */
export const itemsDiffer = (items: readonly { stage: OrderStage }[]) => new Set(items.map((i) => i.stage)).size > 1;

/**
 * When the order as a whole reached each stage of its kind's timeline: the last of its items to reach
 * it (null while one has not). A stage before the first one an item records counts as reached with it.
 */
export function stageDates(status: Pick<OrderStatus, 'kind' | 'items'>): { stage: OrderStage; at: string | null }[] {
  return ORDER_STAGES[status.kind].map((stage) => {
    if (status.items.length === 0) return { stage, at: null };
    const dates = status.items.map((i) => i.reached.find((r) => r.stage === stage)?.at ?? null);
    return { stage, at: dates.some((d) => d === null) ? null : dates.reduce((a, b) => (a! > b! ? a : b))! };
  });
}

/** What an order's status says when its address or payment is not on record (ours). */
const NOT_ON_RECORD = 'Not available';

/** The order's shipping address in the portal's one way of writing an address (title-cased, as the flows show it). */
export const orderAddressText = (address: OrderStatus['shippingAddress']): string =>
  address ? addressLine({ address1: address.addressLine1, address2: address.addressLine2, city: address.city, state: address.state, zipCode: address.zipCode }) : NOT_ON_RECORD;

/** The order's payment as the flows name a card ('Visa ending 1111'), or 'Bill me later'. */
export const orderPaymentText = (payment: OrderStatus['payment']): string =>
  !payment ? NOT_ON_RECORD : payment.billMeLater ? BILL_ME_LATER : cardEnding(payment.cardType, payment.lastDigits ?? '');

/** A shipment's date: when it was delivered, else when it is expected. */
export const shipmentDateText = (shipment: { deliveredOn?: string | null; expectedDelivery: string }): string =>
  shipment.deliveredOn ? `Delivered ${writtenDate(shipment.deliveredOn)}` : `Expected delivery: ${writtenDate(shipment.expectedDelivery)}`;
