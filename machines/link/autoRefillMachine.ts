/**
 * Auto Refill after verification (link-flows-and-public-pages.md sections
 * 2.16-2.20, 4, 5, 8): the selection screen, the terms modal (Escape does not
 * close it; closing clears the agreement), the Order Medication modal when a
 * selected drug must be ordered first, the order and then the automatic
 * manage request, and the result: success, partial (207) or failure.
 *
 * Named side effects, provided by src/: the actors `loadSelection`,
 * `placeOrder` and `manageAutoRefill`; the action `endSession` once enrolled
 * (success or partial) when no order was placed: an order's confirmation
 * offers "Track this order", which opens the order with the link's token
 * (the page ends the session when it is left for anywhere else, or with the
 * tab). `now` comes in as input.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { OrderResult } from '../contract.ts';
import {
  autoRefillOrder,
  autoRefillPlacedOrder,
  canConfirm,
  mustOrderFirst,
  notUpdated,
  preselected,
  updatedRxIds,
  type NotUpdated,
  type AutoRefillDrug,
  type ManageAutoRefillResult,
  type PaymentCard,
  type ShipmentAddress,
} from './rules/autoRefill.ts';
import type { OrderCart } from './rules/orderCart.ts';
import type { ConfirmedOrder } from '../shared/rules/confirmation.ts';
import { toggleRx } from './rules/easyFill.ts';


export interface AutoRefillInput {
  allowBillMeLater: boolean;
  now: string;
}

export interface AutoRefillSelection {
  drugs: AutoRefillDrug[];
  shipment: ShipmentAddress | null;
  payment: PaymentCard | null;
}

export const AUTO_REFILL_MESSAGES = {
  intro: 'Please confirm your auto refill request below.',
  success: 'Success! Auto Refill updated.',
  failure: 'Unable to process the request at this time, please try again.',
  partial: "Unable to update some Rx's at this time, please try again.",
  updatedList: 'Auto Refill updated for the following medications:',
  turnedOnList: 'Auto Refill turned on for the following medications:',
  // Ours: the heading of a partial result's list of the drugs that were not enrolled, each with its reason.
  notUpdatedList: 'Auto Refill was not turned on for:',
  noAddress: 'No Address methods on file',
  noPayment: 'No payment methods on file',
  refillNotice: 'Refill Notice: The following drugs must be ordered before Auto Refill can be turned on. Please confirm order below.',
} as const;

interface Context {
  allowBillMeLater: boolean;
  now: string;
  drugs: AutoRefillDrug[];
  shipment: ShipmentAddress | null;
  payment: PaymentCard | null;
  selected: number[];
  agreeChecked: boolean;
  /** Drugs the gateway enrolled (success and 207). */
  updated: number[];
  /** Drugs a 207 did not enrol, with the reason it gave. */
  notUpdated: NotUpdated[];
  /** Whether manageARInfo came back with entries ('updated' rather than 'turned on' wording). */
  hadManageInfo: boolean;
  /** The order the Order Medication modal placed (the result confirms it), or null when none was needed. */
  order: ConfirmedOrder | null;
}

/** The cart the Order Medication modal sends: the selected drugs that must be ordered first. */
const cartOf = (context: Context) =>
  autoRefillOrder(
    mustOrderFirst(context.drugs, context.selected).map((d) => d.rxId),
    context.shipment!,
    context.payment!,
    context.allowBillMeLater,
    context.now,
  );

export type AutoRefillEvent =
  | { type: 'drug.toggled'; rxId: number }
  | { type: 'confirm.pressed' }
  | { type: 'terms.checked'; checked: boolean }
  | { type: 'terms.confirmed' }
  | { type: 'terms.closed' }
  | { type: 'order.confirmed' }
  | { type: 'order.cancelled' }
  | { type: 'retry.pressed' };

const autoRefillSetup = setup({
  types: { context: {} as Context, events: {} as AutoRefillEvent, input: {} as AutoRefillInput },
  actors: {
    loadSelection: fromPromise<AutoRefillSelection>(async () => {
      throw new Error('provided by src/');
    }),
    placeOrder: fromPromise<OrderResult, OrderCart>(async () => {
      throw new Error('provided by src/');
    }),
    manageAutoRefill: fromPromise<ManageAutoRefillResult, { rxIds: number[] }>(async () => {
      throw new Error('provided by src/');
    }),
  },
  guards: {
    canConfirm: ({ context }) => canConfirm(context.selected.length, context.shipment, context.payment),
    agreeChecked: ({ context }) => context.agreeChecked,
    mustOrderFirst: ({ context }) => mustOrderFirst(context.drugs, context.selected).length > 0,
    isPartial: (_, result: ManageAutoRefillResult) => result.statusCode === 207,
    placedAnOrder: ({ context }) => context.order !== null,
  },
  actions: {
    endSession: () => {
      /* provided by src/: the gateway revokes the link's session (fire-and-forget) */
    },
    recordResult: assign(({ context }, result: ManageAutoRefillResult) => ({
      updated: updatedRxIds(result, context.selected),
      notUpdated: notUpdated(result),
      hadManageInfo: result.manageARInfo.length > 0,
    })),
  },
});

// With an order placed, the session stays for "Track this order"; the page ends it when it is left.
const endSessionUnlessOrdered = autoRefillSetup.enqueueActions(({ enqueue, check }) => {
  if (!check('placedAnOrder')) enqueue('endSession');
});

export const autoRefillMachine = autoRefillSetup.createMachine({
  id: 'autoRefill',
  context: ({ input }) => ({
    allowBillMeLater: input.allowBillMeLater,
    now: input.now,
    drugs: [],
    shipment: null,
    payment: null,
    selected: [],
    agreeChecked: false,
    updated: [],
    notUpdated: [],
    hadManageInfo: false,
    order: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['pending'],
      invoke: {
        id: 'loadSelection',
        src: 'loadSelection',
        onDone: {
          target: 'selecting',
          actions: assign(({ event }) => ({ ...event.output, selected: preselected(event.output.drugs) })),
        },
        onError: 'failed',
      },
    },
    selecting: {
      initial: 'list',
      states: {
        list: {
          on: {
            'drug.toggled': { actions: assign({ selected: ({ context, event }) => toggleRx(context.selected, event.rxId) }) },
            'confirm.pressed': { guard: 'canConfirm', target: 'terms' },
          },
        },
        terms: {
          on: {
            'terms.checked': { actions: assign({ agreeChecked: ({ event }) => event.checked }) },
            'terms.confirmed': { guard: 'agreeChecked', target: 'orderNotice' },
            // Cancel or close (never Escape) clears the agreement.
            'terms.closed': { target: 'list', actions: assign({ agreeChecked: false }) },
          },
        },
        orderNotice: {
          always: [{ guard: 'mustOrderFirst', target: 'orderModal' }, { target: '#autoRefill.managing' }],
        },
        orderModal: {
          on: {
            'order.confirmed': '#autoRefill.ordering',
            'order.cancelled': 'list',
          },
        },
      },
    },
    ordering: {
      tags: ['pending'],
      invoke: {
        id: 'placeOrder',
        src: 'placeOrder',
        input: ({ context }) => cartOf(context),
        // With the order confirmed, the result step sends the manage request by itself; the order is kept
        // for the result's confirmation (number, date, what, where to, how paid).
        onDone: {
          target: 'managing',
          actions: assign({
            order: ({ context, event }) => autoRefillPlacedOrder(event.output, cartOf(context), context.drugs, context.shipment!, context.payment!),
          }),
        },
        onError: 'failed',
      },
    },
    managing: {
      tags: ['pending'],
      invoke: {
        id: 'manageAutoRefill',
        src: 'manageAutoRefill',
        input: ({ context }) => ({ rxIds: context.selected }),
        onDone: [
          {
            guard: { type: 'isPartial', params: ({ event }) => event.output },
            target: 'partial',
            actions: { type: 'recordResult', params: ({ event }) => event.output },
          },
          { target: 'success', actions: { type: 'recordResult', params: ({ event }) => event.output } },
        ],
        onError: 'failed',
      },
    },
    // Enrolled (all or some): the flow has nothing left to call, so its session ends.
    success: { type: 'final', entry: endSessionUnlessOrdered },
    partial: { type: 'final', entry: endSessionUnlessOrdered },
    failed: { on: { 'retry.pressed': 'loading' } },
  },
});
