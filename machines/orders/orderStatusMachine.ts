/**
 * One order's status page, live: it loads the order, shows it, asks again every 30 s (a delay the
 * machine owns, paused while the tab is hidden), conditionally (the ETag it holds; a 304 is
 * "unchanged"), backs off while the gateway cannot be reached and then says it is showing data from a
 * while ago, and exposes what changed so the page announces a stage change politely. A token that is no
 * longer good (401, 403, 404, 410) locks the page: the public check is asked again.
 *
 * Pure: the clock comes in (the actor's answer carries when it arrived, the visibility event when the
 * tab was shown). Side effects are the named actor `fetchStatus`, which src/ provides with `.provide()`.
 *
 * A declined payment's "Update card" opens the shared card form (`card.opened`, only while the status
 * says a new card is needed: `needsNewCard`); the card form's own save is the call (updateOrderPayment,
 * provided by src/), whose answer comes back here as `status.replaced`, which closes the form. Polling
 * goes on while the form is open.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { OrderStatus } from '../contract.ts';
import type { CallFailure } from '../shared/rules/calls.ts';
import { needsNewCard, nextWaitMs, stageChange, waitOnShow } from './rules/orderStatus.ts';

export type { OrderStatus, CallFailure };

export interface OrderStatusInput {
  orderNumber: string;
}

export interface FetchStatusInput {
  orderNumber: string;
  /** Sent as If-None-Match; null asks for the whole status. */
  etag: string | null;
}

/** The provided actor's answer: a new status with its ETag, or a 304; `at` is when it arrived (src/'s clock). */
export type FetchStatusOutput = { kind: 'changed'; status: OrderStatus; etag: string | null; at: string } | { kind: 'unchanged'; at: string };

export type OrderStatusEvent =
  | { type: 'visibility'; visible: boolean; at: string }
  | { type: 'retry.pressed' }
  /** The status as another call returned it (a new card for a declined payment: updateOrderPayment). */
  | { type: 'status.replaced'; status: OrderStatus; at: string }
  | { type: 'announcement.read' }
  /** Update card on the payment-declined notice: the card form opens. */
  | { type: 'card.opened' }
  /** The card form is cancelled (closed without a new card). */
  | { type: 'card.closed' };

interface Context {
  orderNumber: string;
  status: OrderStatus | null;
  etag: string | null;
  /** When the status shown was last confirmed by the gateway (a 200 or a 304). */
  dataFrom: string | null;
  /** When the last request was sent's answer came (the poll counts from it). */
  lastRequestAt: string | null;
  /** Failed updates in a row (the backoff's step). */
  failures: number;
  /** The wait of the current pause (ms): the poll, a backoff step, or what is left of it when the tab is shown again. */
  waitMs: number;
  /** What the page announces politely: the last stage change, until read. */
  announcement: string | null;
  loadError: string | null;
  /** The card form of a declined payment is open. */
  cardOpen: boolean;
}

/** Statuses that say the token no longer opens this order. */
const LOCKING = new Set([401, 403, 404, 410]);

export const orderStatusMachine = setup({
  types: {
    context: {} as Context,
    events: {} as OrderStatusEvent,
    input: {} as OrderStatusInput,
  },
  actors: {
    fetchStatus: fromPromise<FetchStatusOutput, FetchStatusInput>(async () => {
      throw new Error('fetchStatus is provided by src/');
    }),
  },
  delays: {
    wait: ({ context }) => context.waitMs,
  },
  guards: {
    isLocking: (_, failure: CallFailure) => LOCKING.has(failure.status),
    isChanged: (_, output: FetchStatusOutput) => output.kind === 'changed',
    isHidden: (_, event: { visible: boolean }) => !event.visible,
    isShown: (_, event: { visible: boolean }) => event.visible,
    needsNewCard: ({ context }) => context.status !== null && needsNewCard(context.status),
  },
  actions: {
    takeStatus: assign(({ context }, params: { status: OrderStatus; etag: string | null; at: string }) => ({
      announcement: stageChange(context.status, params.status) ?? context.announcement,
      status: params.status,
      etag: params.etag,
      dataFrom: params.at,
      lastRequestAt: params.at,
      failures: 0,
      waitMs: nextWaitMs(0),
      loadError: null,
      // A status that no longer asks for a card (the new card saved, or paid another way) closes the form.
      cardOpen: context.cardOpen && needsNewCard(params.status),
    })),
    confirmStatus: assign((_, params: { at: string }) => ({ dataFrom: params.at, lastRequestAt: params.at, failures: 0, waitMs: nextWaitMs(0) })),
    countFailure: assign(({ context }) => ({ failures: context.failures + 1, waitMs: nextWaitMs(context.failures + 1) })),
    forgetAnnouncement: assign({ announcement: null }),
    resumeAt: assign(({ context }, params: { at: string }) => ({ waitMs: waitOnShow(context.lastRequestAt, params.at, nextWaitMs(context.failures)) })),
  },
}).createMachine({
  id: 'orderStatus',
  context: ({ input }) => ({
    orderNumber: input.orderNumber,
    status: null,
    etag: null,
    dataFrom: null,
    lastRequestAt: null,
    failures: 0,
    waitMs: nextWaitMs(0),
    announcement: null,
    loadError: null,
    cardOpen: false,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['pending'],
      invoke: {
        id: 'fetchStatus',
        src: 'fetchStatus',
        input: ({ context }) => ({ orderNumber: context.orderNumber, etag: null }),
        onDone: [
          {
            guard: { type: 'isChanged', params: ({ event }) => event.output },
            target: 'shown',
            actions: { type: 'takeStatus', params: ({ event }) => event.output as Extract<FetchStatusOutput, { kind: 'changed' }> },
          },
          // A 304 to a request without an ETag is not an answer the page can show.
          { target: 'failed', actions: assign({ loadError: '' }) },
        ],
        onError: [
          { guard: { type: 'isLocking', params: ({ event }) => event.error as CallFailure }, target: 'locked' },
          { target: 'failed', actions: assign({ loadError: ({ event }) => (event.error as CallFailure).displayText }) },
        ],
      },
    },
    /** Nothing to show: the first load failed; the page says the general text and offers to try again. */
    failed: {
      on: { 'retry.pressed': 'loading' },
    },
    /** The status is shown and current; the next update waits (the poll), or the tab is hidden. */
    shown: {
      initial: 'waiting',
      on: {
        // Update card and its Cancel, wherever a status is shown.
        'card.opened': { guard: 'needsNewCard', actions: assign({ cardOpen: true }) },
        'card.closed': { actions: assign({ cardOpen: false }) },
        'announcement.read': { actions: 'forgetAnnouncement' },
        'status.replaced': { target: '.waiting', reenter: true, actions: { type: 'takeStatus', params: ({ event }) => ({ status: event.status, etag: null, at: event.at }) } },
      },
      states: {
        waiting: {
          after: { wait: '#orderStatus.updating' },
          on: { visibility: { guard: { type: 'isHidden', params: ({ event }) => event }, target: 'hidden' } },
        },
        hidden: {
          on: { visibility: { guard: { type: 'isShown', params: ({ event }) => event }, target: 'waiting', actions: { type: 'resumeAt', params: ({ event }) => ({ at: event.at }) } } },
        },
      },
    },
    /** Asking again with the ETag held; the status stays shown meanwhile. */
    updating: {
      on: {
        // Update card and its Cancel, wherever a status is shown.
        'card.opened': { guard: 'needsNewCard', actions: assign({ cardOpen: true }) },
        'card.closed': { actions: assign({ cardOpen: false }) },
        'announcement.read': { actions: 'forgetAnnouncement' },
        // A new card's answer is newer than the poll under way: it is taken, and the poll dropped.
        'status.replaced': { target: 'shown', actions: { type: 'takeStatus', params: ({ event }) => ({ status: event.status, etag: null, at: event.at }) } },
      },
      invoke: {
        id: 'updateStatus',
        src: 'fetchStatus',
        input: ({ context }) => ({ orderNumber: context.orderNumber, etag: context.etag }),
        onDone: [
          {
            guard: { type: 'isChanged', params: ({ event }) => event.output },
            target: 'shown',
            actions: { type: 'takeStatus', params: ({ event }) => event.output as Extract<FetchStatusOutput, { kind: 'changed' }> },
          },
          { target: 'shown', actions: { type: 'confirmStatus', params: ({ event }) => ({ at: event.output.at }) } },
        ],
        onError: [
          { guard: { type: 'isLocking', params: ({ event }) => event.error as CallFailure }, target: 'locked' },
          { target: 'stale', actions: 'countFailure' },
        ],
      },
    },
    /** The last update failed (the network is gone, the gateway down): the status shown is from `dataFrom`; asks again after the backoff. */
    stale: {
      initial: 'waiting',
      on: {
        // Update card and its Cancel, wherever a status is shown.
        'card.opened': { guard: 'needsNewCard', actions: assign({ cardOpen: true }) },
        'card.closed': { actions: assign({ cardOpen: false }) },
        'announcement.read': { actions: 'forgetAnnouncement' },
        'status.replaced': { target: 'shown', actions: { type: 'takeStatus', params: ({ event }) => ({ status: event.status, etag: null, at: event.at }) } },
      },
      states: {
        waiting: {
          after: { wait: '#orderStatus.updating' },
          on: { visibility: { guard: { type: 'isHidden', params: ({ event }) => event }, target: 'hidden' } },
        },
        hidden: {
          on: { visibility: { guard: { type: 'isShown', params: ({ event }) => event }, target: 'waiting', actions: { type: 'resumeAt', params: ({ event }) => ({ at: event.at }) } } },
        },
      },
    },
    /** The token no longer opens this order (expired, revoked, another order's): the page asks for the check again. */
    locked: { type: 'final' },
  },
});
