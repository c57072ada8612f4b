import { describe, expect, test } from 'vitest';
import type { OrderStatus } from '../../contract.ts';
import { BACKOFF_MS, exceptionText, itemsDiffer, needsNewCard, nextWaitMs, orderAddressText, orderPaymentText, POLL_MS, shipmentDateText, stageChange, stageDates, staleText, timeIn, waitOnShow, writtenDate, writtenDateIn } from './orderStatus.ts';

const item = (itemId: number, stage: OrderStatus['stage'], drugName = `Drug ${itemId}`) => ({ itemId, drugName, stage, reached: [], exception: null, shipment: null, copay: null });
const status = (over: Partial<OrderStatus>): OrderStatus => ({
  orderNumber: '880001',
  kind: 'refill',
  placedAt: '2026-11-27T14:00:00Z',
  stage: 'received',
  items: [item(1, 'received')],
  exception: null,
  shippingAddress: null,
  payment: null,
  total: null,
  updatedAt: '2026-11-27T14:00:00Z',
  ...over,
});

describe('polling and backing off', () => {
  test('asks every 30 s, and never sooner than that after failures: 1, 2, then 5 minutes', () => {
    expect(nextWaitMs(0)).toBe(POLL_MS);
    expect([1, 2, 3, 4, 10].map(nextWaitMs)).toEqual([60_000, 120_000, 300_000, 300_000, 300_000]);
    expect(Math.min(...BACKOFF_MS)).toBeGreaterThanOrEqual(POLL_MS);
  });
  test('a tab shown again waits what is left of the 30 s since the last answer', () => {
    expect(waitOnShow('2026-11-27T14:00:00Z', '2026-11-27T14:00:10Z', POLL_MS)).toBe(20_000);
    expect(waitOnShow('2026-11-27T14:00:00Z', '2026-11-27T14:05:00Z', POLL_MS)).toBe(0);
    expect(waitOnShow(null, '2026-11-27T14:05:00Z', POLL_MS)).toBe(0);
    // A clock that went back never makes the wait longer than the poll.
    expect(waitOnShow('2026-11-27T14:05:00Z', '2026-11-27T14:00:00Z', POLL_MS)).toBe(POLL_MS);
  });
});

describe('what changed', () => {
  test('the order moving says its new stage in its kind\'s words', () => {
    expect(stageChange(status({}), status({ stage: 'filling', items: [item(1, 'filling')] }))).toBe('Order 880001 is now: Being filled (pharmacist check).');
    expect(stageChange(status({ kind: 'transfer', stage: 'contacting' }), status({ kind: 'transfer', stage: 'received' }))).toBe('Order 880001 is now: Prescription received.');
  });
  test('one prescription moving while the order waits for another says that prescription', () => {
    const before = status({ kind: 'transfer', stage: 'contacting', items: [item(1, 'contacting', 'Lisinopril'), item(2, 'filling', 'Metformin')] });
    const after = status({ kind: 'transfer', stage: 'contacting', items: [item(1, 'contacting', 'Lisinopril'), item(2, 'shipped', 'Metformin')] });
    expect(stageChange(before, after)).toBe('Metformin is now: Shipped.');
  });
  test('nothing is said on the first load, for another order, or when no stage moved', () => {
    expect(stageChange(null, status({}))).toBeNull();
    expect(stageChange(status({}), status({ orderNumber: '880002', stage: 'shipped' }))).toBeNull();
    expect(stageChange(status({}), status({ total: 12 }))).toBeNull();
  });
});

describe('dates written out', () => {
  test('a calendar date with its weekday', () => {
    expect(writtenDate('2026-11-27')).toBe('Friday, November 27, 2026');
    expect(writtenDate('2027-01-03T00:00:00Z')).toBe('Sunday, January 3, 2027');
  });
  test('an instant in the person\'s time zone', () => {
    expect(writtenDateIn('2026-11-28T03:00:00Z', 'America/Phoenix')).toBe('Friday, November 27, 2026');
    expect(timeIn('2026-11-27T21:05:00Z', 'America/Phoenix')).toBe('2:05 PM');
    expect(timeIn('2026-11-27T07:00:00Z', 'America/Phoenix')).toBe('12:00 AM');
    expect(staleText('2026-11-27T21:05:00Z', 'America/Phoenix')).toContain('showing data from 2:05 PM');
  });
});

describe('exceptions and per-prescription stages', () => {
  test('each exception says what happened and what to do; the doctor\'s with the date written out', () => {
    expect(exceptionText({ kind: 'doctorNotAnswered', askedAgainOn: '2026-11-27' }).title).toBe('Your doctor has not answered yet (we asked again on Friday, November 27, 2026).');
    expect(exceptionText({ kind: 'notTransferred', reason: 'No refills left' }).title).toBe('This prescription could not be transferred: No refills left.');
    // The pharmacy's reason may be a sentence of its own: one full stop, not two.
    expect(exceptionText({ kind: 'notTransferred', reason: 'Ask your doctor for a new one. ' }).title).toBe('This prescription could not be transferred: Ask your doctor for a new one.');
    expect(exceptionText({ kind: 'paymentDeclined' }).todo).toContain('Update the card');
    expect(exceptionText({ kind: 'shipmentDelayed' }).title).toBe('Your shipment is delayed.');
  });
  test('a new card is asked for while the order\'s payment, or one prescription\'s, is declined', () => {
    expect(needsNewCard(status({ exception: { kind: 'paymentDeclined' } }))).toBe(true);
    expect(needsNewCard(status({ items: [{ ...item(1, 'filling'), exception: { kind: 'paymentDeclined' } }, item(2, 'filling')] }))).toBe(true);
    expect(needsNewCard(status({ exception: { kind: 'shipmentDelayed' } }))).toBe(false);
    expect(needsNewCard(status({}))).toBe(false);
  });
  test('items differ when one waits while another moves on', () => {
    expect(itemsDiffer([{ stage: 'shipped' }, { stage: 'contacting' }])).toBe(true);
    expect(itemsDiffer([{ stage: 'shipped' }, { stage: 'shipped' }])).toBe(false);
  });
  test('the order reaches a stage when its last item does', () => {
    const items = [
      { ...item(1, 'filling'), reached: [{ stage: 'received' as const, at: '2026-11-27T14:00:00Z' }, { stage: 'filling' as const, at: '2026-11-27T15:00:00Z' }] },
      { ...item(2, 'received'), reached: [{ stage: 'received' as const, at: '2026-11-27T14:30:00Z' }] },
    ];
    expect(stageDates({ kind: 'refill', items })).toEqual([
      { stage: 'received', at: '2026-11-27T14:30:00Z' },
      { stage: 'filling', at: null },
      { stage: 'shipped', at: null },
      { stage: 'delivered', at: null },
    ]);
  });
});

describe("the order's address and payment, in the flows' words", () => {
  test('the address is written as the flows write one: title-cased, the state upper case', () => {
    expect(orderAddressText({ addressLine1: '1420 E APACHE BLVD', addressLine2: 'APT 2', city: 'TEMPE', state: 'az', zipCode: '85281' })).toBe('1420 E Apache Blvd Apt 2, Tempe, AZ 85281');
    expect(orderAddressText(null)).toBe('Not available');
  });
  test("a card is named as Easy Fill's panel and the review name it; bill me later and no payment say so", () => {
    expect(orderPaymentText({ billMeLater: false, cardType: 'VISA', lastDigits: '1111' })).toBe('Visa ending 1111');
    expect(orderPaymentText({ billMeLater: false, cardType: null, lastDigits: '4444' })).toBe('Card ending 4444');
    expect(orderPaymentText({ billMeLater: true, cardType: null, lastDigits: null })).toBe('Bill me later');
    expect(orderPaymentText(null)).toBe('Not available');
  });
});

test("a shipment's date: delivered, else expected", () => {
  expect(shipmentDateText({ deliveredOn: '2026-11-27', expectedDelivery: '2026-11-28' })).toBe(`Delivered ${writtenDate('2026-11-27')}`);
  expect(shipmentDateText({ deliveredOn: null, expectedDelivery: '2026-11-28' })).toBe(`Expected delivery: ${writtenDate('2026-11-28')}`);
});
