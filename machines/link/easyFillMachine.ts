/**
 * Easy Fill after verification (link-flows-and-public-pages.md sections 2.15,
 * 4, 5, 8): step 2 chooses drugs, shipping and payment and places the order
 * (Fill Now); step 3 shows what was ordered and turns auto refill on or off
 * per eligible drug, behind the terms dialog.
 *
 * Named side effects, provided by src/: the actors `loadOrderOptions`,
 * `reloadAddresses`, `reloadCards`, `placeOrder`, `loadSelectedDetails`,
 * `toggleAutoRefill`; the action `scrollToTop` (after 40 ms, on an order
 * failure). The current instant comes in as input (`now`), for the order's dates.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { EasyFillAutoRefillToggleResult, OrderResult } from '../contract.ts';
import {
  allSelected,
  canFillNow,
  easyFillOrder,
  offersAutoRefill,
  placedOrder,
  sortDrugs,
  toggleRx,
  type Address,
  type EasyFillDrug,
  type EasyFillOrderCart,
  type PaymentCard,
  type PlacedOrder,
} from './rules/easyFill.ts';
import { paymentCard, shippingAddress } from '../shared/rules/savedChoice.ts';
import type { CallFailure } from './linkPageMachine.ts';

export type { OrderResult };
export type ToggleResult = EasyFillAutoRefillToggleResult;

export interface EasyFillInput {
  allowBillMeLater: boolean;
  /** ISO instant of the order (the app passes the clock's now). */
  now: string;
}

export interface OrderOptions {
  drugs: EasyFillDrug[];
  addresses: Address[];
  cards: PaymentCard[];
}

export const EASY_FILL_MESSAGES = {
  orderSuccess: 'Success! We have received your order.',
  // Ours: the order went through but its prescriptions' details could not be read (the order is not in
  // error, so not the documents' 'Error occurred while retrieving the order!'): step 3 shows the order
  // from what step 2 sent, without the auto-refill switches, and offers to read the details again.
  detailsFailed: 'Your order was placed. Its prescriptions could not be loaded, so Auto Refill cannot be changed yet.',
  noAddress: 'Shipping address required.',
  paymentRequired: 'Payment method required.',
  paymentOptional: 'Payment method optional.',
  agree: 'Please select the box below to agree to the Auto Refill Terms & Conditions.',
  // Ours: what the panel says once a new address or card is saved and shown (announced once).
  addressAdded: 'Your new shipping address is saved and chosen.',
  cardAdded: 'Your new card is saved.',
} as const;

interface Context {
  /** Said once (a status line) after a new address or card is saved and the panel shows it; cleared by the next move. */
  notice: string | null;
  allowBillMeLater: boolean;
  now: string;
  drugs: EasyFillDrug[];
  addresses: Address[];
  cards: PaymentCard[];
  selected: number[];
  chosenAddressId: number | null;
  chosenCardSeq: number | null;
  /** The server's message after a failed order (shown in the error banner). */
  orderError: string | null;
  /** The order Fill Now placed (step 3's summary): set once the gateway accepted it. */
  order: PlacedOrder | null;
  /** Step 3: the ordered drugs with their auto-refill flags. */
  ordered: EasyFillDrug[];
  agreeChecked: boolean;
  /** The toggle waiting for the terms dialog. */
  pending: { rxId: number; on: boolean } | null;
  savedRxId: number | null;
  toggleError: string | null;
}

export type EasyFillEvent =
  | { type: 'drug.toggled'; rxId: number }
  | { type: 'all.toggled' }
  | { type: 'address.chosen'; addressId: number }
  | { type: 'card.chosen'; cardSeqNum: number }
  | { type: 'addressModal.opened' }
  | { type: 'paymentModal.opened' }
  | { type: 'modal.closed' }
  | { type: 'address.added'; addressId: number }
  | { type: 'card.added' }
  | { type: 'fillNow.pressed' }
  | { type: 'retry.pressed' }
  | { type: 'autoRefill.toggled'; rxId: number; on: boolean }
  | { type: 'terms.checked'; checked: boolean }
  | { type: 'terms.confirmed' }
  | { type: 'terms.cancelled' };

const failureText = (error: unknown) => (error as CallFailure).displayText;

/** The Fill Now payload of what step 2 shows (the machine's guard has checked there is an address). */
const cartOf = (c: Context) => easyFillOrder(c.selected, shippingAddress(c.addresses, c.chosenAddressId)!, paymentCard(c.cards, c.chosenCardSeq), c.now);

/** Ticking drugs: on the form, and while the panel reloads an address or card list. */
const selectionEvents = {
  'drug.toggled': { actions: 'toggleDrug' },
  'all.toggled': { actions: 'toggleAll' },
} as const;

export const easyFillMachine = setup({
  types: { context: {} as Context, events: {} as EasyFillEvent, input: {} as EasyFillInput },
  actors: {
    loadOrderOptions: fromPromise<OrderOptions>(async () => {
      throw new Error('provided by src/');
    }),
    reloadAddresses: fromPromise<Address[]>(async () => {
      throw new Error('provided by src/');
    }),
    reloadCards: fromPromise<PaymentCard[]>(async () => {
      throw new Error('provided by src/');
    }),
    placeOrder: fromPromise<OrderResult, EasyFillOrderCart>(async () => {
      throw new Error('provided by src/');
    }),
    loadSelectedDetails: fromPromise<EasyFillDrug[], { rxIds: number[] }>(async () => {
      throw new Error('provided by src/');
    }),
    toggleAutoRefill: fromPromise<ToggleResult, { rxs: number[]; autoRefill: boolean }>(async () => {
      throw new Error('provided by src/');
    }),
  },
  actions: {
    scrollToTop: () => {
      /* provided by src/: scroll up 40 ms after an order failure */
    },
    toggleDrug: assign({ selected: ({ context, event }) => (event.type === 'drug.toggled' ? toggleRx(context.selected, event.rxId) : context.selected) }),
    toggleAll: assign({ selected: ({ context }) => (allSelected(context.drugs, context.selected) ? [] : context.drugs.map((d) => d.rxId)) }),
  },
  guards: {
    noDrugs: (_, options: OrderOptions) => options.drugs.length === 0,
    canFillNow: ({ context }) =>
      canFillNow({
        selectedCount: context.selected.length,
        hasAddress: shippingAddress(context.addresses, context.chosenAddressId) !== null,
        hasCard: paymentCard(context.cards, context.chosenCardSeq) !== null,
        allowBillMeLater: context.allowBillMeLater,
      }),
    isEligible: ({ context }, params: { rxId: number }) => context.ordered.some((d) => d.rxId === params.rxId && offersAutoRefill(d)),
    turnsOff: (_, params: { on: boolean }) => !params.on,
    agreeChecked: ({ context }) => context.agreeChecked,
  },
}).createMachine({
  id: 'easyFill',
  context: ({ input }) => ({
    allowBillMeLater: input.allowBillMeLater,
    now: input.now,
    drugs: [],
    addresses: [],
    cards: [],
    selected: [],
    notice: null,
    chosenAddressId: null,
    chosenCardSeq: null,
    orderError: null,
    order: null,
    ordered: [],
    agreeChecked: false,
    pending: null,
    savedRxId: null,
    toggleError: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['pending'],
      invoke: {
        id: 'loadOrderOptions',
        src: 'loadOrderOptions',
        onDone: [
          { guard: { type: 'noDrugs', params: ({ event }) => event.output }, target: 'alreadyOrdered' },
          {
            target: 'selecting',
            actions: assign(({ event }) => ({ drugs: sortDrugs(event.output.drugs), addresses: event.output.addresses, cards: event.output.cards })),
          },
        ],
        onError: { target: 'loadFailed', actions: assign({ orderError: ({ event }) => failureText(event.error) }) },
      },
    },
    loadFailed: { on: { 'retry.pressed': { target: 'loading', actions: assign({ orderError: null }) } } },
    alreadyOrdered: { type: 'final' },
    selecting: {
      initial: 'form',
      states: {
        form: {
          on: {
            ...selectionEvents,
            'addressModal.opened': { target: 'addressModal', actions: assign({ notice: null }) },
            'paymentModal.opened': { target: 'paymentModal', actions: assign({ notice: null }) },
            'fillNow.pressed': { guard: 'canFillNow', target: '#easyFill.ordering', actions: assign({ orderError: null }) },
          },
        },
        // One modal at a time: choose one on file, or add one (the modal's own form calls the gateway and reports `*.added`).
        addressModal: {
          on: {
            'address.chosen': { target: 'form', actions: assign({ chosenAddressId: ({ event }) => event.addressId }) },
            'modal.closed': 'form',
            'address.added': { target: 'reloadingAddresses', actions: assign({ chosenAddressId: ({ event }) => event.addressId }) },
          },
        },
        paymentModal: {
          on: {
            'card.chosen': { target: 'form', actions: assign({ chosenCardSeq: ({ event }) => event.cardSeqNum }) },
            'modal.closed': 'form',
            'card.added': 'reloadingCards',
          },
        },
        // The drug list stays usable while the panel reloads an address or card list.
        reloadingAddresses: {
          tags: ['pending'],
          on: selectionEvents,
          invoke: {
            id: 'reloadAddresses',
            src: 'reloadAddresses',
            onDone: { target: 'form', actions: assign({ addresses: ({ event }) => event.output, notice: EASY_FILL_MESSAGES.addressAdded }) },
            onError: { target: 'form' },
          },
        },
        reloadingCards: {
          tags: ['pending'],
          on: selectionEvents,
          invoke: {
            id: 'reloadCards',
            src: 'reloadCards',
            onDone: { target: 'form', actions: assign({ cards: ({ event }) => event.output, notice: EASY_FILL_MESSAGES.cardAdded }) },
            onError: { target: 'form' },
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
        // The provided actor resolves only with an accepted order (messageStatus true) and rejects otherwise.
        onDone: {
          target: 'loadingDetails',
          actions: assign({
            order: ({ context, event }) =>
              placedOrder(event.output, cartOf(context), context.drugs, shippingAddress(context.addresses, context.chosenAddressId)!, paymentCard(context.cards, context.chosenCardSeq)),
          }),
        },
        onError: { target: 'selecting', actions: [assign({ orderError: ({ event }) => failureText(event.error) }), 'scrollToTop'] },
      },
    },
    // The order is placed: whatever the details call answers, the flow goes on to the confirmation (a second
    // Fill Now would only be refused, the prescriptions being ordered).
    loadingDetails: {
      tags: ['pending'],
      invoke: {
        id: 'loadSelectedDetails',
        src: 'loadSelectedDetails',
        input: ({ context }) => ({ rxIds: context.selected }),
        onDone: { target: 'confirmation', actions: assign({ ordered: ({ event }) => sortDrugs(event.output) }) },
        onError: 'confirmation.detailsFailed',
      },
    },
    confirmation: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'autoRefill.toggled': {
              guard: { type: 'isEligible', params: ({ event }) => ({ rxId: event.rxId }) },
              target: 'deciding',
              actions: assign({ pending: ({ event }) => ({ rxId: event.rxId, on: event.on }), toggleError: null, savedRxId: null }),
            },
          },
        },
        terms: {
          on: {
            'terms.checked': { actions: assign({ agreeChecked: ({ event }) => event.checked }) },
            'terms.confirmed': { guard: 'agreeChecked', target: 'saving' },
            'terms.cancelled': { target: 'idle', actions: assign({ pending: null, agreeChecked: false }) },
          },
        },
        // Turning on asks for the terms first; turning off goes straight to the gateway: leaving the
        // programme needs no agreement, also for a drug that was on auto refill before this visit.
        deciding: {
          always: [
            { guard: { type: 'turnsOff', params: ({ context }) => ({ on: context.pending!.on }) }, target: 'saving' },
            { target: 'terms' },
          ],
        },
        // The order without its details: the summary, no switches, and the details read again on request.
        detailsFailed: {
          on: { 'retry.pressed': 'reloadingDetails' },
        },
        reloadingDetails: {
          tags: ['pending'],
          invoke: {
            id: 'reloadSelectedDetails',
            src: 'loadSelectedDetails',
            input: ({ context }) => ({ rxIds: context.selected }),
            onDone: { target: 'idle', actions: assign({ ordered: ({ event }) => sortDrugs(event.output) }) },
            onError: 'detailsFailed',
          },
        },
        saving: {
          tags: ['pending'],
          invoke: {
            id: 'toggleAutoRefill',
            src: 'toggleAutoRefill',
            input: ({ context }) => ({ rxs: [context.pending!.rxId], autoRefill: context.pending!.on }),
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => {
                const changed = new Map(event.output.rxs.map((r) => [r.rxId, r.autoRefill]));
                return {
                  ordered: context.ordered.map((d) => (changed.has(d.rxId) ? { ...d, autoFillStatusValue: changed.get(d.rxId)! } : d)),
                  savedRxId: event.output.rxs[0]?.rxId ?? null,
                  pending: null,
                };
              }),
            },
            onError: { target: 'idle', actions: assign({ toggleError: ({ event }) => failureText(event.error), pending: null }) },
          },
        },
      },
    },
  },
});
