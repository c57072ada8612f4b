/**
 * A review modal over a list of saved records with List, Add and Edit
 * (member-transfer-flow.md sections 2, 4 and 5): the shipping address modal
 * and the payment card modal are this machine with their own records.
 *
 * The list shows the records on file; Select makes one the default (not the
 * one that already is, nor one the record's rule refuses, an expired card);
 * Add and Edit open the record's form (a machine of its own that the view
 * runs: addressFormMachine, cardFormMachine), whose save ends this machine.
 * A failure says why and keeps the list.
 *
 * Side effects are named: the actors `loadList` and `makeDefault`. Closing
 * the modal belongs to the review machine (it stops this one).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { CallFailure } from '../shared/rules/calls.ts';


export interface SavedListInput {
  /** Today, YYYY-MM-DD (a card that has expired cannot be selected). */
  today: string;
}

export interface SavedListContext<Item> {
  today: string;
  items: Item[];
  loadError: string | null;
  /** The record being edited (null: a new one). */
  editing: Item | null;
  /** The record Select is making the default. */
  selecting: Item | null;
  failure: string | null;
}

export type SavedListEvent =
  | { type: 'list.retried' }
  | { type: 'item.selected'; id: number }
  | { type: 'item.addPressed' }
  | { type: 'item.editPressed'; id: number }
  /** The form saved the record (the view runs the form). */
  | { type: 'form.saved' }
  | { type: 'form.back' };

/** What makes one kind of record a saved list. */
export interface SavedListRules<Item, Part extends string> {
  id: string;
  /** The review part this modal changes (its Change button, its record). */
  part: Part;
  idOf: (item: Item) => number;
  /** The records the list shows (the active ones). */
  shown: (item: Item) => boolean;
  /** Select is offered on this record (not on the default one). */
  selectable: (item: Item, today: string) => boolean;
  /** Edit is offered on this record (every one unless said). */
  editable?: (item: Item) => boolean;
}

export function savedListChangeMachine<Item, Part extends string>(rules: SavedListRules<Item, Part>) {
  const find = (items: Item[], id: number) => items.find((i) => rules.idOf(i) === id) ?? null;
  return setup({
    types: {
      context: {} as SavedListContext<Item>,
      events: {} as SavedListEvent,
      input: {} as SavedListInput,
      output: {} as { part: Part },
    },
    actors: {
      loadList: fromPromise<Item[]>(async () => {
        throw new Error('loadList is provided by src/');
      }),
      makeDefault: fromPromise<unknown, Item>(async () => {
        throw new Error('makeDefault is provided by src/');
      }),
    },
    guards: {
      selectable: ({ context }, params: { id: number }) => {
        const item = find(context.items, params.id);
        return item !== null && rules.selectable(item, context.today);
      },
      editable: ({ context }, params: { id: number }) => {
        const item = find(context.items, params.id);
        return item !== null && (rules.editable?.(item) ?? true);
      },
    },
  }).createMachine({
    id: rules.id,
    context: ({ input }) => ({ today: input.today, items: [], loadError: null, editing: null, selecting: null, failure: null }),
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          id: 'loadList',
          src: 'loadList',
          onDone: { target: 'listing', actions: assign({ items: ({ event }) => event.output.filter(rules.shown), loadError: null }) },
          onError: { target: 'unavailable', actions: assign({ loadError: ({ event }) => (event.error as CallFailure).displayText }) },
        },
      },
      unavailable: { on: { 'list.retried': 'loading' } },
      listing: {
        on: {
          'item.selected': {
            guard: { type: 'selectable', params: ({ event }) => event },
            target: 'selecting',
            actions: assign({ selecting: ({ context, event }) => find(context.items, event.id), failure: null }),
          },
          'item.addPressed': { target: 'form', actions: assign({ editing: null, failure: null }) },
          'item.editPressed': {
            guard: { type: 'editable', params: ({ event }) => event },
            target: 'form',
            actions: assign({ editing: ({ context, event }) => find(context.items, event.id), failure: null }),
          },
        },
      },
      selecting: {
        tags: ['pending'],
        // TypeScript cannot match an invoke whose input is the generic Item to its actor: the one cast of this file.
        invoke: {
          id: 'makeDefault',
          src: 'makeDefault',
          input: ({ context }: { context: SavedListContext<Item> }) => context.selecting as Item,
          onDone: 'saved',
          onError: { target: 'listing', actions: assign({ failure: ({ event }) => (event.error as CallFailure).displayText, selecting: null }) },
        } as never,
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
    output: () => ({ part: rules.part }),
  });
}
