/**
 * Step 2 of the member flow, Select Your Prescriptions, with the doctor
 * below the list (member-transfer-flow.md sections 2, 4, 5, 8, 9): the list
 * fetched with patientId (or the token only when it is missing) in gateway
 * pages of 6, 11 shown first and 6 more per Show More; the filters and the
 * drug search (which look at the whole list, so it is loaded first); select
 * all kept in sync with the cards (a derived value, never stored); the
 * prescriptions added through the Add Prescription modal; the doctor; Next
 * with at least one selected and a doctor chosen.
 *
 * Children: `doctors` (the doctor chooser, for the whole step; it tells this
 * machine the chosen doctor with 'doctor.changed') and `addPrescription`
 * (while the modal is open; this machine forwards the doctor to it).
 * Side effects are named: the actor `loadTransfers`. src/ provides it and the
 * two child machines.
 */
import { and, assign, enqueueActions, fromPromise, sendTo, setup } from 'xstate';
import type { Pharmacy, PhysicianInformation, TransferPrescription } from '../contract.ts';
import type { AddedPrescriptions, NewRxRecord } from './records.ts';
import type { AddPrescriptionInput } from './addPrescriptionContext.ts';
import {
  canShowMore,
  filteredDrugs,
  isSelectable,
  LIST_LIMITS,
  needsWholeList,
  pagesToLoad,
  searchError,
  type TransferFilter,
} from './rules/transferList.ts';
import type { CallFailure } from '../shared/rules/calls.ts';

export interface PrescriptionsInput {
  patientId: number | null;
  /**
   * The parent (the member flow, which invokes this machine) is told 'prescriptions.chosen' with the choice
   * when Next succeeds; false when the machine runs on its own (tests). A flag, not the parent's ref: a ref
   * in the context does not survive a restored snapshot (a reload), the parent does.
   */
  tellsParent?: boolean;
  /** The member's plan is government-funded (Part D): Add a Prescription offers no Auto Refill (auto refill's one rule). */
  governmentFunded?: boolean;
}

export interface PrescriptionsChosenEvent {
  type: 'prescriptions.chosen';
  choice: PrescriptionChoice;
}

export interface LoadTransfersInput {
  patientId: number | null;
  pages: number[];
}

/** What the gateway pages gave: the drugs in the order they came, and the total. */
export interface TransferPages {
  items: TransferPrescription[];
  totalCount: number;
}

/** What the step hands on: the chosen prescriptions (from the list and added), the doctor and the pharmacy of added ones. */
export interface PrescriptionChoice {
  drugs: (TransferPrescription | NewRxRecord)[];
  physician: PhysicianInformation;
  pharmacy: Pharmacy | null;
}


interface Context {
  patientId: number | null;
  tellsParent: boolean;
  governmentFunded: boolean;
  drugs: TransferPrescription[];
  totalCount: number;
  added: NewRxRecord[];
  /** ndc of every chosen prescription (list and added). */
  selected: string[];
  shown: number;
  filter: TransferFilter;
  searchText: string;
  searchError: string | null;
  /** The search applied, null when none. */
  searchTerm: string | null;
  physician: PhysicianInformation | null;
  pharmacy: Pharmacy | null;
  /** 'Please select your doctor' shows after Next without one. */
  doctorMissing: boolean;
  loadError: string | null;
}

export type PrescriptionsEvent =
  | { type: 'retry.pressed' }
  | { type: 'drug.toggled'; ndc: string }
  | { type: 'selectAll.toggled' }
  | { type: 'drug.removed'; ndc: string }
  | { type: 'search.changed'; text: string }
  | { type: 'search.submitted' }
  | { type: 'search.cleared' }
  | { type: 'filter.changed'; filter: TransferFilter }
  | { type: 'showMore.pressed' }
  | { type: 'addPrescription.opened' }
  | { type: 'doctor.changed'; physician: PhysicianInformation | null }
  | { type: 'next.pressed' }
  /** Back from the next page: the choice can be changed again. */
  | { type: 'back.pressed' };

/** Every prescription that can be chosen now: the selectable loaded ones and the added ones. */
export function choosable(context: Pick<Context, 'drugs' | 'added'>): string[] {
  return [...context.added.map((d) => d.ndc), ...context.drugs.filter(isSelectable).map((d) => d.ndc)];
}

/** Select All is on when every prescription that can be chosen is chosen (and there is one). */
export function allSelected(context: Pick<Context, 'drugs' | 'added' | 'selected'>): boolean {
  const all = choosable(context);
  return all.length > 0 && all.every((ndc) => context.selected.includes(ndc));
}

/** The cards shown: added ones first, then the list through the filter and the search, up to `shown`. */
export function visibleDrugs(context: Pick<Context, 'drugs' | 'added' | 'filter' | 'searchTerm' | 'shown'>): (TransferPrescription | NewRxRecord)[] {
  return [...filteredDrugs(context.added, context.filter, context.searchTerm), ...filteredDrugs(context.drugs, context.filter, context.searchTerm).slice(0, context.shown)];
}

/** How many the list has in all, added ones included (adding raises the total). */
export const totalOf = (context: Pick<Context, 'totalCount' | 'added'>) => context.totalCount + context.added.length;

/** How many cards show and how many the list has through the filter and the search, added ones included. */
export function resultCount(context: Pick<Context, 'drugs' | 'added' | 'totalCount' | 'filter' | 'searchTerm' | 'shown'>): { shown: number; total: number } {
  const added = filteredDrugs(context.added, context.filter, context.searchTerm).length;
  const total = added + listLength(context);
  return { shown: Math.min(visibleDrugs(context).length, total), total };
}

/** The chosen prescriptions (added and from the list), the doctor and the pharmacy of added ones. */
export function choiceOf(context: Context): PrescriptionChoice {
  return {
    drugs: [...context.added, ...context.drugs].filter((d) => context.selected.includes(d.ndc)),
    physician: context.physician!,
    pharmacy: context.pharmacy,
  };
}

const wholeListMissing = (c: Context) => c.drugs.length < c.totalCount;

/** How long the list is through the filter and the search (the gateway's total when neither is on). */
export function listLength(context: Pick<Context, 'drugs' | 'totalCount' | 'filter' | 'searchTerm'>): number {
  return needsWholeList(context.filter, context.searchTerm) ? filteredDrugs(context.drugs, context.filter, context.searchTerm).length : context.totalCount;
}

export const prescriptionsMachine = setup({
  types: {
    context: {} as Context,
    events: {} as PrescriptionsEvent,
    input: {} as PrescriptionsInput,
  },
  actors: {
    loadTransfers: fromPromise<TransferPages, LoadTransfersInput>(async () => {
      throw new Error('loadTransfers is provided by src/');
    }),
    // The two child machines (doctorsMachine, addPrescriptionMachine) are supplied by src/ with
    // `.provide()`: this machine knows only what they say to it and what the modal hands back.
    doctors: fromPromise<never, { patientId: number | null; tellsParent: boolean }>(async () => {
      throw new Error('doctors is provided by src/ (doctorsMachine)');
    }),
    addPrescription: fromPromise<AddedPrescriptions | null, AddPrescriptionInput>(async () => {
      throw new Error('addPrescription is provided by src/ (addPrescriptionMachine)');
    }),
  },
  actions: {
    rememberDoctor: assign(({ context, event }) => {
      const physician = (event as Extract<PrescriptionsEvent, { type: 'doctor.changed' }>).physician;
      return { physician, doctorMissing: context.doctorMissing && physician === null };
    }),
  },
  guards: {
    isChoosable: ({ context }, ndc: string) => choosable(context).includes(ndc),
    isAdded: ({ context }, ndc: string) => context.added.some((d) => d.ndc === ndc),
    moreToShow: ({ context }) => canShowMore(context.shown, listLength(context)),
    moreToLoad: ({ context }) => canShowMore(context.shown, listLength(context)) && pagesToLoad(context.drugs.length, context.shown + LIST_LIMITS.more, context.totalCount).length > 0,
    searchValid: ({ context }) => searchError(context.searchText) === null,
    wholeListMissing: ({ context }) => wholeListMissing(context),
    somethingChosen: ({ context }) => context.selected.length > 0,
    doctorChosen: ({ context }) => context.physician !== null,
    addedSomething: (_, output: AddedPrescriptions | null) => output !== null,
    anythingChoosable: ({ context }) => choosable(context).length > 0,
    searchInvalid: ({ context }) => searchError(context.searchText) !== null,
    filterNeedsWholeList: ({ context, event }) => event.type === 'filter.changed' && needsWholeList(event.filter, context.searchTerm) && wholeListMissing(context),
  },
}).createMachine({
  id: 'prescriptions',
  context: ({ input }) => ({
    patientId: input.patientId,
    tellsParent: input.tellsParent ?? false,
    governmentFunded: input.governmentFunded ?? false,
    drugs: [],
    totalCount: 0,
    added: [],
    selected: [],
    shown: LIST_LIMITS.initial,
    filter: 'all',
    searchText: '',
    searchError: null,
    searchTerm: null,
    physician: null,
    pharmacy: null,
    doctorMissing: false,
    loadError: null,
  }),
  // The doctor chooser lives as long as the step.
  invoke: { id: 'doctors', src: 'doctors', input: ({ context }) => ({ patientId: context.patientId, tellsParent: true }) },
  on: {
    'doctor.changed': { actions: 'rememberDoctor' },
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['pending'],
      invoke: {
        id: 'loadTransfers',
        src: 'loadTransfers',
        input: ({ context }) => ({ patientId: context.patientId, pages: pagesToLoad(0, LIST_LIMITS.initial, Number.MAX_SAFE_INTEGER) }),
        onDone: { target: 'ready', actions: assign({ drugs: ({ event }) => event.output.items, totalCount: ({ event }) => event.output.totalCount, loadError: null }) },
        onError: { target: 'failed', actions: assign({ loadError: ({ event }) => (event.error as CallFailure).displayText }) },
      },
    },
    failed: {
      on: { 'retry.pressed': 'loading' },
    },
    ready: {
      type: 'parallel',
      on: {
        'drug.toggled': {
          guard: { type: 'isChoosable', params: ({ event }) => event.ndc },
          actions: assign({
            selected: ({ context, event }) => (context.selected.includes(event.ndc) ? context.selected.filter((n) => n !== event.ndc) : [...context.selected, event.ndc]),
          }),
        },
        'selectAll.toggled': {
          guard: 'anythingChoosable',
          actions: assign({ selected: ({ context }) => (allSelected(context) ? [] : choosable(context)) }),
        },
        'drug.removed': {
          guard: { type: 'isAdded', params: ({ event }) => event.ndc },
          actions: assign({
            added: ({ context, event }) => context.added.filter((d) => d.ndc !== event.ndc),
            selected: ({ context, event }) => context.selected.filter((n) => n !== event.ndc),
          }),
        },
        'search.changed': { actions: assign({ searchText: ({ event }) => event.text.slice(0, LIST_LIMITS.searchMax), searchError: null }) },
        'next.pressed': [
          { guard: and(['somethingChosen', 'doctorChosen']), target: 'chosen' },
          { guard: 'somethingChosen', actions: assign({ doctorMissing: true }) },
        ],
      },
      states: {
        list: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'showMore.pressed': [
                  { guard: 'moreToLoad', target: 'loadingMore' },
                  { guard: 'moreToShow', actions: assign({ shown: ({ context }) => context.shown + LIST_LIMITS.more }) },
                ],
                'search.submitted': [
                  { guard: 'searchInvalid', actions: assign({ searchError: ({ context }) => searchError(context.searchText) }) },
                  { guard: 'wholeListMissing', target: 'loadingAll', actions: assign({ searchTerm: ({ context }) => context.searchText.trim(), shown: LIST_LIMITS.initial }) },
                  { actions: assign({ searchTerm: ({ context }) => context.searchText.trim(), shown: LIST_LIMITS.initial }) },
                ],
                'search.cleared': { actions: assign({ searchText: '', searchError: null, searchTerm: null, shown: LIST_LIMITS.initial }) },
                'filter.changed': [
                  {
                    guard: 'filterNeedsWholeList',
                    target: 'loadingAll',
                    actions: assign({ filter: ({ event }) => event.filter, shown: LIST_LIMITS.initial }),
                  },
                  { actions: assign({ filter: ({ event }) => event.filter, shown: LIST_LIMITS.initial }) },
                ],
              },
            },
            loadingMore: {
              tags: ['loadingMore'],
              invoke: {
                id: 'loadMore',
                src: 'loadTransfers',
                input: ({ context }) => ({ patientId: context.patientId, pages: pagesToLoad(context.drugs.length, context.shown + LIST_LIMITS.more, context.totalCount) }),
                onDone: {
                  target: 'idle',
                  actions: assign({
                    drugs: ({ context, event }) => [...context.drugs, ...event.output.items],
                    totalCount: ({ event }) => event.output.totalCount,
                    shown: ({ context }) => context.shown + LIST_LIMITS.more,
                    loadError: null,
                  }),
                },
                onError: { target: 'idle', actions: assign({ loadError: ({ event }) => (event.error as CallFailure).displayText }) },
              },
            },
            /** A filter or a search looks at the whole list: the pages not loaded yet come first. */
            loadingAll: {
              tags: ['pending'],
              invoke: {
                id: 'loadAll',
                src: 'loadTransfers',
                input: ({ context }) => ({ patientId: context.patientId, pages: pagesToLoad(context.drugs.length, context.totalCount, context.totalCount) }),
                onDone: {
                  target: 'idle',
                  actions: assign({ drugs: ({ context, event }) => [...context.drugs, ...event.output.items], totalCount: ({ event }) => event.output.totalCount, loadError: null }),
                },
                onError: {
                  target: 'idle',
                  actions: assign({ loadError: ({ event }) => (event.error as CallFailure).displayText, filter: 'all', searchTerm: null }),
                },
              },
            },
          },
        },
        modal: {
          initial: 'closed',
          states: {
            closed: {
              on: { 'addPrescription.opened': 'adding' },
            },
            adding: {
              on: {
                // The modal, open, gets the doctor chosen meanwhile.
                'doctor.changed': {
                  actions: ['rememberDoctor', sendTo('addPrescription', ({ event }) => ({ type: 'physician.changed' as const, physician: event.physician }))],
                },
              },
              invoke: {
                id: 'addPrescription',
                src: 'addPrescription',
                input: ({ context }) => ({
                  listedNdcs: [...context.added, ...context.drugs].map((d) => d.ndc),
                  physician: context.physician,
                  governmentFunded: context.governmentFunded,
                }),
                onDone: [
                  {
                    guard: { type: 'addedSomething', params: ({ event }) => event.output },
                    target: 'closed',
                    actions: assign(({ context, event }) => {
                      const { records, pharmacy } = event.output!;
                      const fresh = records.filter((r) => !context.added.some((a) => a.ndc === r.ndc));
                      return {
                        added: [...context.added, ...fresh],
                        selected: [...context.selected, ...fresh.map((r) => r.ndc)],
                        pharmacy: pharmacy ?? context.pharmacy,
                      };
                    }),
                  },
                  { target: 'closed' },
                ],
              },
            },
          },
        },
      },
    },
    /** Next succeeded: the member flow has the choice and shows the next page; Back there returns here, nothing lost. */
    chosen: {
      entry: enqueueActions(({ context, enqueue }) => {
        if (context.tellsParent) enqueue.sendParent({ type: 'prescriptions.chosen', choice: choiceOf(context) } satisfies PrescriptionsChosenEvent);
      }),
      on: { 'back.pressed': 'ready' },
    },
  },
});
