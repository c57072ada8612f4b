/**
 * The order-status page's model: the first load (shown, failed and tried again, or locked), the poll
 * every 30 s answered with a change (announced), a 304 or a failure (stale, backing off), the tab
 * hidden and shown again, a declined payment's Update card (opened, cancelled, the new card's status
 * closing it, also while a poll is under way), and a token that no longer opens the order.
 */
import { expect } from './check.ts';
import type { OrderStatus } from '../../machines/contract.ts';
import { orderStatusMachine } from '../../machines/orders/orderStatusMachine.ts';
import { needsNewCard, nextWaitMs, POLL_MS } from '../../machines/orders/rules/orderStatus.ts';
import { actorDone as done, actorError, type MachineModel } from './harness.ts';

const GENERAL = 'Unable to process the request at this time. Please try after some time.';
/** A delayed transition's event, as the graph sends it (xstate.after.<delay>.<state id>). */
const delayed = (type: string) => ({ type }) as never;

const status = (stage: OrderStatus['stage']): OrderStatus => ({
  orderNumber: '880001',
  kind: 'refill',
  placedAt: '2026-11-27T14:00:00Z',
  stage,
  items: [{ itemId: 1, drugName: 'Lisinopril 10 mg', daysSupply: 90, stage, reached: [], exception: null, shipment: null, copay: 10 }],
  exception: null,
  shippingAddress: { addressLine1: '1 Main St', city: 'Tempe', state: 'AZ', zipCode: '85281' },
  payment: { billMeLater: true },
  total: 10,
  updatedAt: '2026-11-27T14:00:00Z',
});

/** An order whose payment was declined while being filled (the seeded 880004's case). */
const declined = (): OrderStatus => ({ ...status('filling'), exception: { kind: 'paymentDeclined' } });

export const orderStatusModel: MachineModel<typeof orderStatusMachine> = {
  name: 'orderStatus',
  machine: orderStatusMachine,
  input: { orderNumber: '880001' },
  events: [
    { label: 'the order is read (Received)', event: done('fetchStatus', { kind: 'changed', status: status('received'), etag: '"v1"', at: '2026-11-27T14:00:00Z' }) },
    { label: 'the order is read (payment declined)', event: done('fetchStatus', { kind: 'changed', status: declined(), etag: '"v1"', at: '2026-11-27T14:00:00Z' }) },
    { label: 'the first read answers 304', event: done('fetchStatus', { kind: 'unchanged', at: '2026-11-27T14:00:00Z' }) },
    { label: 'reading the order fails', event: actorError('fetchStatus', { status: 503, displayText: GENERAL }) },
    { label: 'the token no longer opens the order (401)', event: actorError('fetchStatus', { status: 401, displayText: GENERAL }) },
    { label: 'presses try again', event: { type: 'retry.pressed' } },
    { label: '30 seconds pass (or the backoff)', event: delayed('xstate.after.wait.orderStatus.shown.waiting') },
    { label: 'the backoff passes', event: delayed('xstate.after.wait.orderStatus.stale.waiting') },
    { label: 'the tab is hidden', event: { type: 'visibility', visible: false, at: '2026-11-27T14:00:10Z' } },
    { label: 'the tab is shown again', event: { type: 'visibility', visible: true, at: '2026-11-27T14:00:20Z' } },
    {
      label: 'the update says it is being filled',
      event: done('updateStatus', { kind: 'changed', status: status('filling'), etag: '"v2"', at: '2026-11-27T14:00:30Z' }),
      when: (s) => s.context.status?.stage === 'received',
    },
    { label: 'the update answers 304 (unchanged)', event: done('updateStatus', { kind: 'unchanged', at: '2026-11-27T14:00:30Z' }) },
    { label: 'the update fails (offline)', event: actorError('updateStatus', { status: 0, displayText: GENERAL }), when: (s) => s.context.failures < 2 },
    { label: 'the update is refused: the token is gone (410)', event: actorError('updateStatus', { status: 410, displayText: GENERAL }) },
    { label: 'presses Update card', event: { type: 'card.opened' }, when: (s) => s.context.status?.exception?.kind === 'paymentDeclined' && !s.context.cardOpen },
    { label: 'cancels the card form', event: { type: 'card.closed' }, when: (s) => s.context.cardOpen },
    { label: 'a new card is saved for the declined payment', event: { type: 'status.replaced', status: status('filling'), at: '2026-11-27T14:00:40Z' }, when: (s) => s.context.cardOpen },
    { label: 'the announcement was read', event: { type: 'announcement.read' }, when: (s) => s.context.announcement !== null },
  ],
  serialize: (s) => JSON.stringify([s.value, s.context.status?.stage ?? null, s.context.etag !== null, Math.min(s.context.failures, 2), s.context.announcement !== null, s.context.loadError !== null, s.context.status?.exception != null, s.context.cardOpen]),
  invariants: {
    // The card form is open only over a status that asks for a new card.
    orderStatus: (s) => expect(!s.context.cardOpen || (s.context.status !== null && needsNewCard(s.context.status))).toBe(true),
    'orderStatus.loading': (s) => expect(s.hasTag('pending')).toBe(true),
    'orderStatus.failed': (s) => expect(s.context.status).toBe(null),
    'orderStatus.shown': (s) => {
      expect(s.context.status !== null && s.context.dataFrom !== null).toBe(true);
      expect(s.context.failures).toBe(0);
    },
    'orderStatus.shown.waiting': (s) => expect(s.context.waitMs <= POLL_MS).toBe(true),
    // Never asked sooner than the poll while failing, and longer after each failure.
    'orderStatus.stale': (s) => {
      expect(s.context.status !== null).toBe(true);
      expect(s.context.failures > 0).toBe(true);
    },
    'orderStatus.stale.waiting': (s) => expect(s.context.waitMs === nextWaitMs(s.context.failures) || s.context.waitMs < nextWaitMs(s.context.failures)).toBe(true),
    'orderStatus.updating': (s) => expect(s.context.status !== null).toBe(true),
  },
};
