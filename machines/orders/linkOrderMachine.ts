/**
 * The order of an Easy Fill link opened again after it was ordered ("already ordered"): instead of a dead
 * end, the page shows that order's status below its message. The link's token sees its link's orders only
 * (listOrders); the newest is the one shown (`latestOrder`), by the order-status machine.
 *
 * Pure: the call is the named actor `listOrders`, which src/ provides with `.provide()`.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { OrderSummary } from '../contract.ts';
import type { CallFailure } from '../shared/rules/calls.ts';

export type { OrderSummary };

/** The newest of a link's orders (the one its "already ordered" refers to), or null when it has none. */
export function latestOrder(orders: readonly Pick<OrderSummary, 'orderNumber' | 'placedAt'>[]): string | null {
  let latest: Pick<OrderSummary, 'orderNumber' | 'placedAt'> | null = null;
  for (const o of orders) if (latest === null || Date.parse(o.placedAt) > Date.parse(latest.placedAt)) latest = o;
  return latest?.orderNumber ?? null;
}

interface Context {
  orderNumber: string | null;
  failure: string | null;
}

export const linkOrderMachine = setup({
  types: {
    context: {} as Context,
    events: {} as { type: 'retry.pressed' },
  },
  actors: {
    listOrders: fromPromise<OrderSummary[]>(async () => {
      throw new Error('listOrders is provided by src/');
    }),
  },
  guards: {
    hasOrder: (_, orders: OrderSummary[]) => latestOrder(orders) !== null,
  },
}).createMachine({
  id: 'linkOrder',
  context: { orderNumber: null, failure: null },
  initial: 'finding',
  states: {
    finding: {
      tags: ['pending'],
      invoke: {
        src: 'listOrders',
        onDone: [
          { guard: { type: 'hasOrder', params: ({ event }) => event.output }, target: 'found', actions: assign({ orderNumber: ({ event }) => latestOrder(event.output) }) },
          { target: 'none' },
        ],
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => (event.error as CallFailure).displayText }) },
      },
    },
    /** The orders could not be read: the general text and Try again (the message above stays). */
    failed: { on: { 'retry.pressed': { target: 'finding', actions: assign({ failure: null }) } } },
    /** No order to show (ordered before orders had numbers): the message alone, as before. */
    none: { type: 'final' },
    found: { type: 'final' },
  },
});
