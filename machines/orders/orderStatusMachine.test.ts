import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { OrderStatus } from '../contract.ts';
import { orderStatusMachine, type FetchStatusInput, type FetchStatusOutput } from './orderStatusMachine.ts';

const status = (stage: OrderStatus['stage']): OrderStatus => ({
  orderNumber: '880001',
  kind: 'refill',
  placedAt: '2026-11-27T14:00:00Z',
  stage,
  items: [{ itemId: 1, drugName: 'Lisinopril', stage, reached: [], exception: null, shipment: null, copay: null }],
  exception: null,
  shippingAddress: null,
  payment: null,
  total: null,
  updatedAt: '2026-11-27T14:00:00Z',
});

/** The machine on a simulated clock, with a gateway that answers from `answers` and records each request. */
function start(answers: (req: FetchStatusInput, n: number) => FetchStatusOutput | Error) {
  const clock = new SimulatedClock();
  const requests: FetchStatusInput[] = [];
  const actor = createActor(
    orderStatusMachine.provide({
      actors: {
        fetchStatus: fromPromise<FetchStatusOutput, FetchStatusInput>(async ({ input }) => {
          requests.push(input);
          const a = answers(input, requests.length);
          if (a instanceof Error) throw Object.assign(a, { status: 0, displayText: 'offline' });
          return a;
        }),
      },
    }),
    { input: { orderNumber: '880001' }, clock },
  ).start();
  return { actor, clock, requests };
}

const at = '2026-11-27T14:00:00Z';

describe('the order-status machine on a clock', () => {
  test('asks once per 30 s with the ETag it holds, and announces the stage change', async () => {
    const { actor, clock, requests } = start((_, n) => (n === 1 ? { kind: 'changed', status: status('received'), etag: '"v1"', at } : n === 2 ? { kind: 'unchanged', at } : { kind: 'changed', status: status('shipped'), etag: '"v3"', at }));
    await waitFor(actor, (s) => s.matches('shown'));
    clock.increment(29_999);
    expect(requests).toHaveLength(1);
    clock.increment(1);
    await waitFor(actor, (s) => s.matches('shown') && requests.length === 2);
    expect(requests[1]).toEqual({ orderNumber: '880001', etag: '"v1"' });
    expect(actor.getSnapshot().context.announcement).toBeNull();
    clock.increment(30_000);
    await waitFor(actor, (s) => s.context.status?.stage === 'shipped');
    expect(actor.getSnapshot().context.announcement).toBe('Order 880001 is now: Shipped.');
  });

  test('asks nothing while the tab is hidden, and only what is left of the 30 s once shown', async () => {
    const { actor, clock, requests } = start(() => ({ kind: 'changed', status: status('received'), etag: '"v1"', at }));
    await waitFor(actor, (s) => s.matches('shown'));
    actor.send({ type: 'visibility', visible: false, at: '2026-11-27T14:00:10Z' });
    clock.increment(600_000);
    expect(requests).toHaveLength(1);
    actor.send({ type: 'visibility', visible: true, at: '2026-11-27T14:00:20Z' });
    clock.increment(0);
    expect(requests).toHaveLength(1);
    // The answer came at 14:00:00: 30 s after it is 14:00:30, 10 s from 14:00:20.
    clock.increment(10_000);
    await waitFor(actor, () => requests.length === 2);
  });

  test('backs off after failures (1 min, then 2) and keeps the data shown, saying from when', async () => {
    const { actor, clock, requests } = start((_, n) => (n === 1 ? { kind: 'changed', status: status('received'), etag: '"v1"', at } : new Error('offline')));
    await waitFor(actor, (s) => s.matches('shown'));
    clock.increment(30_000);
    await waitFor(actor, (s) => s.matches('stale'));
    expect(actor.getSnapshot().context.dataFrom).toBe(at);
    expect(actor.getSnapshot().context.status?.stage).toBe('received');
    clock.increment(59_999);
    expect(requests).toHaveLength(2);
    clock.increment(1);
    await waitFor(actor, (s) => s.matches('stale') && s.context.failures === 2);
    clock.increment(119_999);
    expect(requests).toHaveLength(3);
    clock.increment(1);
    await waitFor(actor, () => requests.length === 4);
  });

  test('Update card opens the card form only while the payment is declined; the new card\'s status closes it and is shown', async () => {
    const declined = { ...status('filling'), exception: { kind: 'paymentDeclined' as const } };
    const { actor, clock } = start((_, n) => (n === 1 ? { kind: 'changed', status: status('received'), etag: '"v1"', at } : { kind: 'changed', status: declined, etag: '"v2"', at }));
    await waitFor(actor, (s) => s.matches('shown'));
    actor.send({ type: 'card.opened' });
    expect(actor.getSnapshot().context.cardOpen).toBe(false);
    clock.increment(30_000);
    await waitFor(actor, (s) => s.matches('shown') && s.context.status?.exception !== null);
    actor.send({ type: 'card.opened' });
    expect(actor.getSnapshot().context.cardOpen).toBe(true);
    actor.send({ type: 'card.closed' });
    expect(actor.getSnapshot().context.cardOpen).toBe(false);
    actor.send({ type: 'card.opened' });
    actor.send({ type: 'status.replaced', status: status('filling'), at: '2026-11-27T14:01:00Z' });
    const after = actor.getSnapshot();
    expect([after.context.cardOpen, after.context.status?.exception, after.context.dataFrom]).toEqual([false, null, '2026-11-27T14:01:00Z']);
  });

  test('a new card saved while a poll is under way wins over the poll', async () => {
    const declined = { ...status('filling'), exception: { kind: 'paymentDeclined' as const } };
    const clock = new SimulatedClock();
    let calls = 0;
    const actor = createActor(
      orderStatusMachine.provide({
        actors: {
          // The first read answers; the poll never does (it is under way when the card is saved).
          fetchStatus: fromPromise<FetchStatusOutput, FetchStatusInput>(() => (++calls === 1 ? Promise.resolve({ kind: 'changed', status: declined, etag: '"v1"', at }) : new Promise(() => {}))),
        },
      }),
      { input: { orderNumber: '880001' }, clock },
    ).start();
    await waitFor(actor, (s) => s.matches('shown'));
    actor.send({ type: 'card.opened' });
    clock.increment(30_000);
    expect(actor.getSnapshot().matches('updating')).toBe(true);
    actor.send({ type: 'status.replaced', status: status('filling'), at: '2026-11-27T14:01:00Z' });
    const after = actor.getSnapshot();
    expect([after.matches('shown'), after.context.cardOpen, after.context.status?.exception]).toEqual([true, false, null]);
  });

  test('a token that no longer opens the order locks the page', async () => {
    const { actor } = start(() => {
      throw Object.assign(new Error('gone'), { status: 401, displayText: '' });
    });
    await waitFor(actor, (s) => s.matches('locked'));
  });
});
