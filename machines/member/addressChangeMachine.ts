/**
 * The review page's shipping address modal (member-transfer-flow.md sections
 * 2, 4 and 5): List, Add and Edit. The list shows the addresses on file;
 * Select posts one as the default shipping address (not the one that already
 * is); Add and Edit open the address form (addressFormMachine, run by the
 * view as in Easy Fill, with the review modal's messages and no duplicate of
 * an address on file), whose save ends this machine. A failure says why and
 * keeps the list.
 *
 * Side effects are named: the actors `loadAddresses` and `makeDefault`.
 * Closing the modal belongs to the review machine (it stops this one).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Address } from '../contract.ts';
import { addressValuesOf, type AddressOnFile, type AddressValues } from '../rules/addressForm.ts';

interface CallFailure {
  status: number;
  displayText: string;
}

export interface AddressChangeContext {
  addresses: Address[];
  loadError: string | null;
  /** The address being edited (null: a new one). */
  editing: Address | null;
  /** The address Select is making the default. */
  selecting: Address | null;
  failure: string | null;
}

export type AddressChangeEvent =
  | { type: 'addresses.retried' }
  | { type: 'address.selected'; addressId: number }
  | { type: 'address.addPressed' }
  | { type: 'address.editPressed'; addressId: number }
  /** The form saved the address (the view runs the form). */
  | { type: 'form.saved' }
  | { type: 'form.back' };

/** What the address form is given: the address edited and those it must not duplicate. */
export const formInputOf = (c: AddressChangeContext): { editing: { addressId: number; values: AddressValues } | null; others: AddressOnFile[] } => ({
  editing: c.editing ? { addressId: c.editing.addressId, values: addressValuesOf(c.editing) } : null,
  others: c.addresses.map((a) => ({ addressId: a.addressId, line1: a.address1, zip: a.zipCode })),
});

export const addressChangeMachine = setup({
  types: {
    context: {} as AddressChangeContext,
    events: {} as AddressChangeEvent,
    output: {} as { part: 'address' },
  },
  actors: {
    loadAddresses: fromPromise<Address[]>(async () => {
      throw new Error('loadAddresses is provided by src/');
    }),
    makeDefault: fromPromise<unknown, Address>(async () => {
      throw new Error('makeDefault is provided by src/');
    }),
  },
  guards: {
    /** Select is offered on the addresses that are not the default shipping one. */
    selectable: ({ context }, params: { addressId: number }) => context.addresses.some((a) => a.addressId === params.addressId && !a.defaultShipping),
    onFile: ({ context }, params: { addressId: number }) => context.addresses.some((a) => a.addressId === params.addressId),
  },
}).createMachine({
  id: 'addressChange',
  context: { addresses: [], loadError: null, editing: null, selecting: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadAddresses',
        src: 'loadAddresses',
        onDone: { target: 'listing', actions: assign({ addresses: ({ event }) => event.output.filter((a) => a.active), loadError: null }) },
        onError: { target: 'unavailable', actions: assign({ loadError: ({ event }) => (event.error as CallFailure).displayText }) },
      },
    },
    unavailable: { on: { 'addresses.retried': 'loading' } },
    listing: {
      on: {
        'address.selected': {
          guard: { type: 'selectable', params: ({ event }) => event },
          target: 'selecting',
          actions: assign({ selecting: ({ context, event }) => context.addresses.find((a) => a.addressId === event.addressId)!, failure: null }),
        },
        'address.addPressed': { target: 'form', actions: assign({ editing: null, failure: null }) },
        'address.editPressed': {
          guard: { type: 'onFile', params: ({ event }) => event },
          target: 'form',
          actions: assign({ editing: ({ context, event }) => context.addresses.find((a) => a.addressId === event.addressId)!, failure: null }),
        },
      },
    },
    selecting: {
      tags: ['pending'],
      invoke: {
        id: 'makeDefault',
        src: 'makeDefault',
        input: ({ context }) => context.selecting!,
        onDone: 'saved',
        onError: { target: 'listing', actions: assign({ failure: ({ event }) => (event.error as CallFailure).displayText, selecting: null }) },
      },
    },
    /** The add/edit form (its save and its failures are the form's). */
    form: {
      on: {
        'form.saved': 'saved',
        'form.back': 'listing',
      },
    },
    saved: { type: 'final' },
  },
  output: () => ({ part: 'address' as const }),
});
