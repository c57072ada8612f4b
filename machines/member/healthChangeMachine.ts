/**
 * The review page's allergies and health conditions modals (one machine, the
 * list given as input; member-transfer-flow.md sections 2, 4, 5 and 9): the
 * entries on file (which cannot be removed here: the member calls the
 * pharmacy), the common list as checkboxes and other entries added one row at
 * a time through the lookup (3 letters or more). Update is disabled until
 * something new is chosen; it adds the new entries and ends the machine.
 * A failure keeps every choice and says why.
 *
 * Side effects are named: the actors `loadCommon`, `lookupHealth` and
 * `saveHealth`. Closing the modal belongs to the review machine.
 */
import { and, assign, enqueueActions, fromPromise, setup } from 'xstate';
import {
  addRow,
  canAddRow,
  chosen,
  commonOffered,
  EMPTY_HEALTH_LIST,
  HEALTH_KINDS,
  lookupReady,
  lookupRetryable,
  pickInRow,
  removeRow,
  suggestionsForRow,
  toggleCommon,
  typeInRow,
  type HealthFieldEvent,
  type HealthItem,
  type HealthKind,
  type HealthList,
  type HealthSuggestions,
} from './rules/healthInfo.ts';
import type { CallFailure } from '../shared/rules/calls.ts';

export interface HealthChangeInput {
  kind: HealthKind;
  patientId: number;
  /** The entries on file, as the gateway names them. */
  onFile: string[];
}


export interface HealthChangeContext extends HealthChangeInput {
  common: HealthItem[] | null;
  list: HealthList;
  rowSeq: number;
  suggestions: HealthSuggestions | null;
  submitted: boolean;
  failure: string | null;
}

export type HealthChangeEvent = HealthFieldEvent | { type: 'update.pressed' } | { type: 'lookup.typed'; text: string };

const onFile = (c: Pick<HealthChangeContext, 'onFile'>, item: HealthItem) => c.onFile.some((d) => d.toUpperCase() === item.desc.toUpperCase());
/** What Update adds: the entries chosen that are not on file yet. */
export const newEntries = (c: HealthChangeContext) => chosen(c.kind, c.list).filter((i) => !onFile(c, i));
/** A row typed in but nothing picked from its suggestions. */
export const unpickedRow = (c: HealthChangeContext) => c.list.rows.some((r) => r.text.trim() !== '' && r.picked === null);
export const healthChangeError = (c: HealthChangeContext) => (c.submitted && unpickedRow(c) ? HEALTH_KINDS[c.kind].pick : undefined);

export const healthChangeMachine = setup({
  types: {
    context: {} as HealthChangeContext,
    events: {} as HealthChangeEvent,
    input: {} as HealthChangeInput,
    output: {} as { part: HealthKind },
  },
  actors: {
    loadCommon: fromPromise<HealthItem[], { kind: HealthKind }>(async () => {
      throw new Error('loadCommon is provided by src/');
    }),
    lookupHealth: fromPromise<HealthItem[], { kind: HealthKind; text: string }>(async () => {
      throw new Error('lookupHealth is provided by src/');
    }),
    saveHealth: fromPromise<unknown, { kind: HealthKind; items: HealthItem[]; patientId: number }>(async () => {
      throw new Error('saveHealth is provided by src/');
    }),
  },
  guards: {
    lookupFailed: ({ context }, params: { id: number }) => lookupRetryable(context.suggestions, context.kind, params.id),
    somethingNew: ({ context }) => newEntries(context).length > 0,
    allPicked: ({ context }) => !unpickedRow(context),
    canAddRow: ({ context }) => canAddRow(context.list),
  },
}).createMachine({
  id: 'healthChange',
  context: ({ input }) => ({ ...input, common: null, list: EMPTY_HEALTH_LIST, rowSeq: 0, suggestions: null, submitted: false, failure: null }),
  initial: 'open',
  states: {
    open: {
      type: 'parallel',
      states: {
        common: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'loadCommon',
                src: 'loadCommon',
                input: ({ context }) => ({ kind: context.kind }),
                // The entries on file are shown apart (ticked, not removable): the common list offers the others.
                onDone: { target: 'ready', actions: assign({ common: ({ context, event }) => commonOffered(context.kind, event.output).filter((i) => !onFile(context, i)) }) },
                onError: 'unavailable',
              },
            },
            // The common list could not be loaded: the lookup still works; Try again loads it.
            unavailable: { on: { 'health.retried': 'loading' } },
            ready: {},
          },
        },
        lookup: {
          initial: 'idle',
          states: {
            idle: { on: { 'lookup.typed': 'looking' } },
            looking: {
              on: { 'lookup.typed': { target: 'looking', reenter: true } },
              invoke: {
                id: 'lookupHealth',
                src: 'lookupHealth',
                input: ({ context, event }) => ({ kind: context.kind, text: (event as Extract<HealthChangeEvent, { type: 'lookup.typed' }>).text }),
                onDone: { target: 'idle', actions: assign({ suggestions: ({ context, event }) => suggestionsOf(context, event.output, null) }) },
                onError: { target: 'idle', actions: assign({ suggestions: ({ context, event }) => suggestionsOf(context, [], (event.error as CallFailure).displayText) }) },
              },
            },
          },
        },
        form: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'health.commonToggled': { actions: assign({ list: ({ context, event }) => toggleCommon(context.list, event.item, event.on) }) },
                'health.rowAdded': {
                  guard: 'canAddRow',
                  actions: assign(({ context }) => ({ list: addRow(context.list, context.rowSeq + 1), rowSeq: context.rowSeq + 1 })),
                },
                'health.rowTyped': {
                  actions: [
                    assign({ list: ({ context, event }) => typeInRow(context.list, event.id, event.text), suggestions: null }),
                    // The lookup runs from 3 letters (section 5).
                    enqueueActions(({ event, enqueue }) => {
                      if (lookupReady(event.text)) enqueue.raise({ type: 'lookup.typed', text: event.text.trim() });
                    }),
                  ],
                },
                // Search again: the failed text looked up again, nothing retyped; Searching… until it answers.
                'health.lookupRetried': {
                  guard: { type: 'lookupFailed', params: ({ event }) => event },
                  actions: enqueueActions(({ context, enqueue }) => {
                    const text = context.suggestions!.text;
                    enqueue.assign({ suggestions: null });
                    enqueue.raise({ type: 'lookup.typed', text });
                  }),
                },
                'health.rowPicked': { actions: assign({ list: ({ context, event }) => pickInRow(context.list, event.id, event.item), suggestions: null }) },
                'health.rowRemoved': { actions: assign({ list: ({ context, event }) => removeRow(context.list, event.id) }) },
                'update.pressed': [
                  { guard: and(['somethingNew', 'allPicked']), target: 'saving', actions: assign({ submitted: true, failure: null }) },
                  { guard: 'somethingNew', actions: assign({ submitted: true }) },
                ],
              },
            },
            saving: {
              tags: ['pending'],
              invoke: {
                id: 'saveHealth',
                src: 'saveHealth',
                input: ({ context }) => ({ kind: context.kind, items: newEntries(context), patientId: context.patientId }),
                onDone: '#healthChange.saved',
                onError: { target: 'editing', actions: assign({ failure: ({ event }) => (event.error as CallFailure).displayText }) },
              },
            },
          },
        },
      },
    },
    saved: { type: 'final' },
  },
  output: ({ context }) => ({ part: context.kind }),
});

/** The answer belongs to the row still typed in (a row picked or changed since is left alone). */
const suggestionsOf = (c: HealthChangeContext, items: HealthItem[], failure: string | null): HealthSuggestions | null =>
  suggestionsForRow([{ kind: c.kind, list: c.list, known: { common: c.common ?? [], onFile: c.onFile } }], items, failure);
