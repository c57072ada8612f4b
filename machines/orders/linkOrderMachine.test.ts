import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { latestOrder, linkOrderMachine, type OrderSummary } from './linkOrderMachine.ts';

const order = (orderNumber: string, placedAt: string): OrderSummary => ({ orderNumber, kind: 'refill', placedAt, stage: 'filling', itemCount: 1, needsAction: false });

function start(answers: (n: number) => OrderSummary[] | Error) {
  let n = 0;
  return createActor(
    linkOrderMachine.provide({
      actors: {
        listOrders: fromPromise<OrderSummary[]>(async () => {
          const a = answers(++n);
          if (a instanceof Error) throw Object.assign(a, { status: 503, displayText: 'Unable to process the request at this time. Please try after some time.' });
          return a;
        }),
      },
    }),
  ).start();
}

describe("an Easy Fill link's order, once ordered", () => {
  test('the newest of the link\'s orders is the one shown', () => {
    expect(latestOrder([order('880003', '2026-11-20T10:00:00Z'), order('880010', '2026-11-26T10:00:00Z'), order('880009', '2026-11-21T10:00:00Z')])).toBe('880010');
    expect(latestOrder([])).toBeNull();
  });

  test('finds the order; none leaves the message alone', async () => {
    const found = start(() => [order('880003', '2026-11-20T10:00:00Z')]);
    await waitFor(found, (s) => s.matches('found'));
    expect(found.getSnapshot().context.orderNumber).toBe('880003');
    const none = start(() => []);
    await waitFor(none, (s) => s.matches('none'));
  });

  test('a failure says the general text; Try again reads the orders again', async () => {
    const actor = start((n) => (n === 1 ? new Error('down') : [order('880003', '2026-11-20T10:00:00Z')]));
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.failure).toBe('Unable to process the request at this time. Please try after some time.');
    actor.send({ type: 'retry.pressed' });
    await waitFor(actor, (s) => s.matches('found'));
    expect(actor.getSnapshot().context).toEqual({ orderNumber: '880003', failure: null });
  });
});
