/**
 * The Add a Prescription modal of Select Your Prescriptions
 * (member-transfer-flow.md sections 2, 3, 4, 5, 7, 8 and 9).
 *
 * First the choice: an active prescription being filled at another pharmacy,
 * or a new prescription; Continue without a choice stays and says so. View
 * Other Options shows the other ways to send a new prescription (mail, or the
 * provider e-prescribes or faxes) until I'm Done. After the choice, the form:
 * medication rows (a drug-name typeahead that looks names up from 3 letters,
 * then the picked drug's eligibility; the Rx Number for active prescriptions;
 * Auto Refill or Not Auto Refill), Add another prescription, Remove, the Auto
 * Refill Details modal, the pharmacy (active prescriptions) and the doctor.
 * Submit builds one NewRxRecord per row and ends in 'added'; Cancel (or
 * Escape, or I'm Done) ends in 'closed' with nothing kept.
 *
 * The doctor comes in as input and as 'physician.changed', accepted at any
 * time (the page's doctor chooser owns it). One lookup runs at a time (a new
 * text replaces it); eligibility calls run one at a time in the order drugs
 * were picked, and an answer for a row that has changed meanwhile is dropped.
 *
 * Side effects are named: the actors `lookupDrugs` and `checkEligibility`,
 * the action `focusField`. src/ provides them with `.provide()`.
 */
import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { AddedPrescriptions } from './records.ts';
import {
  changesDrugName,
  cleanDrugName,
  checkedEligibility,
  eligibilityInput,
  emptyRow,
  lookupText,
  canRetryLookup,
  lookingAgain,
  offers,
  pickedRow,
  queuedRow,
  typedRow,
  updateRow,
  cleanRxNumber,
  optionAllowed,
  withEligibility,
  withSuggestions,
  type DrugSuggestion,
  type MedicationRow,
  type NewRxEligibilityResult,
  type RefillOption,
} from './rules/medicationRows.ts';
import {
  cleanPharmacyField,
  EMPTY_PHARMACY,
  type PharmacyField,
} from './rules/pharmacy.ts';
import type { CallFailure } from '../shared/rules/calls.ts';
import {
  formValid,
  firstInvalidField,
  addedPrescriptions,
  type AddPrescriptionContext,
  type AddPrescriptionEvent,
  type AddPrescriptionInput,
  type CheckEligibilityInput,
  canAddAnother,
  type FieldKey,
} from './addPrescriptionContext.ts';

type Ctx = AddPrescriptionContext;

const rowAt = (c: Ctx, index: number): MedicationRow | undefined => c.rows[index];
const textChanges = (c: Ctx, e: { index: number; text: string }) => {
  const row = rowAt(c, e.index);
  return row !== undefined && changesDrugName(row, e.text);
};
const lookupRow = (c: Ctx) => c.rows.find((r) => r.id === c.lookupRowId);
const checkingRow = (c: Ctx) => c.rows.findIndex((r) => r.id === c.checkingRowId);

const CLEARED = {
  kind: null,
  choiceMissing: false,
  rows: [],
  pharmacy: EMPTY_PHARMACY,
  touched: [],
  submitted: false,
  lookupRowId: null,
  checkingRowId: null,
  added: null,
} satisfies Partial<Ctx>;

export const addPrescriptionMachine = setup({
  types: {
    context: {} as Ctx,
    events: {} as AddPrescriptionEvent,
    input: {} as AddPrescriptionInput,
    output: {} as AddedPrescriptions | null,
  },
  actors: {
    lookupDrugs: fromPromise<DrugSuggestion[], { text: string }>(async () => {
      throw new Error('lookupDrugs is provided by src/');
    }),
    checkEligibility: fromPromise<NewRxEligibilityResult, CheckEligibilityInput>(async () => {
      throw new Error('checkEligibility is provided by src/');
    }),
  },
  actions: {
    focusField: (_, _params: { field: FieldKey }) => {
      /* provided by src/: moves the focus to the field */
    },
    typeDrugName: assign(({ context }, params: { index: number; text: string }) => ({
      rows: updateRow(context.rows, rowAt(context, params.index)!.id, (r) => typedRow(r, params.text)),
    })),
    startLookup: assign(({ context }, params: { index: number }) => ({ lookupRowId: rowAt(context, params.index)!.id })),
    stopLookup: assign({ lookupRowId: null }),
  },
  guards: {
    kindChosen: ({ context }) => context.kind !== null,
    textChanges: ({ context }, params: { index: number; text: string }) => textChanges(context, params),
    /** The text changes to one that is looked up (3 or more letters). */
    startsLookup: ({ context }, params: { index: number; text: string }) => textChanges(context, params) && lookupText(cleanDrugName(params.text)) !== null,
    /** The text of the row being looked up changes to one that is not. */
    stopsLookup: ({ context }, params: { index: number; text: string }) => textChanges(context, params) && rowAt(context, params.index)?.id === context.lookupRowId,
    offered: ({ context }, params: { index: number; drug: DrugSuggestion }) => {
      const row = rowAt(context, params.index);
      return row !== undefined && offers(row, params.drug);
    },
    checkFailed: ({ context }, params: { index: number }) => rowAt(context, params.index)?.eligibility.status === 'failed',
    /** The row's last lookup failed and its text can still be looked up (no drug picked since). */
    lookupFailed: ({ context }, params: { index: number }) => {
      const row = rowAt(context, params.index);
      return row !== undefined && canRetryLookup(row);
    },
    checkQueued: ({ context }) => queuedRow(context.rows) !== null,
    /** A new option, and one the row may have (Auto Refill only where auto refill's rule allows it). */
    optionChanges: ({ context }, params: { index: number; option: RefillOption }) => {
      const row = rowAt(context, params.index);
      return row !== undefined && row.option !== params.option && optionAllowed(row, params.option, context);
    },
    /** Active prescriptions only. */
    rxNumberChanges: ({ context }, params: { index: number; text: string }) => {
      const row = rowAt(context, params.index);
      return context.kind === 'active' && row !== undefined && row.rxNumber !== cleanRxNumber(params.text);
    },
    canAddAnother: ({ context }) => canAddAnother(context),
    canRemove: ({ context }, params: { index: number }) => context.rows.length > 1 && rowAt(context, params.index) !== undefined,
    /** Active prescriptions only. */
    pharmacyChanges: ({ context }, params: { field: PharmacyField; text: string }) =>
      context.kind === 'active' && context.pharmacy[params.field] !== cleanPharmacyField(params.field, params.text),
    /** Active prescriptions only. */
    drugNotLeft: ({ context }, params: { index: number }) => rowAt(context, params.index)?.left === false,
    notTouched: ({ context }, params: { field: PharmacyField }) => context.kind === 'active' && !context.touched.includes(params.field),
    formValid: ({ context }) => formValid(context),
  },
}).createMachine({
  id: 'addPrescription',
  context: ({ input }) => ({
    ...CLEARED,
    listedNdcs: input.listedNdcs,
    governmentFunded: input.governmentFunded,
    physician: input.physician,
    nextRowId: 0,
  }),
  output: ({ context }) => context.added,
  on: {
    'physician.changed': { actions: assign({ physician: ({ event }) => event.physician }) },
  },
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'kind.chosen': { actions: assign({ kind: ({ event }) => event.kind, choiceMissing: false }) },
        'continue.pressed': [
          {
            guard: 'kindChosen',
            target: 'form',
            actions: [
              assign({ rows: ({ context }) => [emptyRow(context.nextRowId)], nextRowId: ({ context }) => context.nextRowId + 1 }),
              { type: 'focusField', params: { field: 'drug-0' } },
            ],
          },
          { actions: [assign({ choiceMissing: true }), { type: 'focusField', params: { field: 'choice' } }] },
        ],
        'otherOptions.pressed': { target: 'otherOptions', actions: { type: 'focusField', params: { field: 'otherOptions' } } },
        'cancel.pressed': 'closed',
      },
    },
    /** 'Add a New Prescription': the other ways to send a new prescription. */
    otherOptions: {
      on: {
        'done.pressed': 'closed',
        'cancel.pressed': 'closed',
      },
    },
    form: {
      type: 'parallel',
      on: {
        'cancel.pressed': '#addPrescription.closed',
        'drug.picked': {
          guard: { type: 'offered', params: ({ event }) => event },
          actions: assign({ rows: ({ context, event }) => updateRow(context.rows, rowAt(context, event.index)!.id, (r) => pickedRow(r, event.drug)) }),
        },
        'eligibility.retried': {
          guard: { type: 'checkFailed', params: ({ event }) => event },
          actions: assign({
            rows: ({ context, event }) => updateRow(context.rows, rowAt(context, event.index)!.id, (r) => ({ ...r, eligibility: { status: 'queued' } })),
          }),
        },
        'drug.blurred': {
          guard: { type: 'drugNotLeft', params: ({ event }) => event },
          actions: assign({ rows: ({ context, event }) => updateRow(context.rows, rowAt(context, event.index)!.id, (r) => ({ ...r, left: true })) }),
        },
        'rxNumber.changed': {
          guard: { type: 'rxNumberChanges', params: ({ event }) => event },
          actions: assign({
            rows: ({ context, event }) => updateRow(context.rows, rowAt(context, event.index)!.id, (r) => ({ ...r, rxNumber: cleanRxNumber(event.text) })),
          }),
        },
        'option.chosen': {
          guard: { type: 'optionChanges', params: ({ event }) => event },
          actions: assign({ rows: ({ context, event }) => updateRow(context.rows, rowAt(context, event.index)!.id, (r) => ({ ...r, option: event.option })) }),
        },
        'row.added': {
          guard: 'canAddAnother',
          actions: [
            assign({ rows: ({ context }) => [...context.rows, emptyRow(context.nextRowId)], nextRowId: ({ context }) => context.nextRowId + 1 }),
            { type: 'focusField', params: ({ context }) => ({ field: `drug-${context.rows.length - 1}` as const }) },
          ],
        },
        'row.removed': {
          guard: { type: 'canRemove', params: ({ event }) => event },
          actions: [
            assign({ rows: ({ context, event }) => context.rows.filter((_, i) => i !== event.index) }),
            { type: 'focusField', params: ({ event }) => ({ field: `drug-${Math.max(0, event.index - 1)}` as const }) },
          ],
        },
        'pharmacy.changed': {
          guard: { type: 'pharmacyChanges', params: ({ event }) => event },
          actions: assign({ pharmacy: ({ context, event }) => ({ ...context.pharmacy, [event.field]: cleanPharmacyField(event.field, event.text) }) }),
        },
        'pharmacy.blurred': {
          guard: { type: 'notTouched', params: ({ event }) => event },
          actions: assign({ touched: ({ context, event }) => [...context.touched, event.field] }),
        },
        'submit.pressed': [
          { guard: 'formValid', target: '#addPrescription.added', actions: assign({ added: ({ context }) => addedPrescriptions(context) }) },
          { actions: [assign({ submitted: true }), { type: 'focusField', params: ({ context }) => ({ field: firstInvalidField(context) }) }] },
        ],
      },
      states: {
        /** The drug-name lookup: one at a time, a newer text replaces it. */
        lookup: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'drug.typed': [
                  {
                    guard: { type: 'startsLookup', params: ({ event }) => event },
                    target: 'searching',
                    actions: [{ type: 'typeDrugName', params: ({ event }) => event }, { type: 'startLookup', params: ({ event }) => event }],
                  },
                  { guard: { type: 'textChanges', params: ({ event }) => event }, actions: { type: 'typeDrugName', params: ({ event }) => event } },
                ],
                // A failed lookup is tried again with the text as it is (no retyping). The focus goes back
                // to the field, whose hint says Searching… and whose list opens when the answer comes; the button goes.
                'lookup.retried': {
                  guard: { type: 'lookupFailed', params: ({ event }) => event },
                  target: 'searching',
                  actions: [
                    assign({ rows: ({ context, event }) => lookingAgain(context.rows, rowAt(context, event.index)!.id) }),
                    { type: 'startLookup', params: ({ event }) => event },
                    { type: 'focusField', params: ({ event }) => ({ field: `drug-${event.index}` as const }) },
                  ],
                },
              },
            },
            searching: {
              tags: ['searching'],
              on: {
                'drug.typed': [
                  {
                    guard: { type: 'startsLookup', params: ({ event }) => event },
                    target: 'searching',
                    reenter: true,
                    actions: [{ type: 'typeDrugName', params: ({ event }) => event }, { type: 'startLookup', params: ({ event }) => event }],
                  },
                  // Fewer than 3 letters in the row being looked up stops the lookup.
                  {
                    guard: { type: 'stopsLookup', params: ({ event }) => event },
                    target: 'idle',
                    actions: [{ type: 'typeDrugName', params: ({ event }) => event }, 'stopLookup'],
                  },
                  { guard: { type: 'textChanges', params: ({ event }) => event }, actions: { type: 'typeDrugName', params: ({ event }) => event } },
                ],
              },
              invoke: {
                id: 'lookupDrugs',
                src: 'lookupDrugs',
                input: ({ context }) => ({ text: lookupText(lookupRow(context)!.drugName)! }),
                onDone: {
                  target: 'idle',
                  actions: assign({ rows: ({ context, event }) => withSuggestions(context.rows, context.lookupRowId!, event.output, null), lookupRowId: null }),
                },
                onError: {
                  target: 'idle',
                  actions: assign({
                    rows: ({ context, event }) => withSuggestions(context.rows, context.lookupRowId!, [], (event.error as CallFailure).displayText),
                    lookupRowId: null,
                  }),
                },
              },
            },
          },
        },
        /** The picked drugs' eligibility calls, one at a time in the order picked. */
        eligibility: {
          initial: 'idle',
          states: {
            idle: {
              always: {
                guard: 'checkQueued',
                target: 'checking',
                actions: assign(({ context }) => {
                  const row = queuedRow(context.rows)!;
                  return { checkingRowId: row.id, rows: updateRow(context.rows, row.id, (r) => ({ ...r, eligibility: { status: 'checking' } })) };
                }),
              },
            },
            checking: {
              tags: ['checking'],
              invoke: {
                id: 'checkEligibility',
                src: 'checkEligibility',
                input: ({ context }) => eligibilityInput(context.rows[checkingRow(context)]!, checkingRow(context)),
                onDone: {
                  target: 'idle',
                  actions: enqueueActions(({ context, event, enqueue }) => {
                    const index = checkingRow(context);
                    const rows = withEligibility(context.rows, context.checkingRowId!, checkedEligibility(event.output), context);
                    enqueue.assign({ rows, checkingRowId: null });
                    // Auto Refill chosen before the answer and taken back by it: the focus goes to the options, where the
                    // reason is read (the Auto Refill radio it may have been on is no longer available).
                    if (context.rows[index]?.option !== rows[index]?.option) enqueue({ type: 'focusField', params: { field: `option-${index}` } });
                  }),
                },
                onError: {
                  target: 'idle',
                  actions: assign({
                    rows: ({ context, event }) => withEligibility(context.rows, context.checkingRowId!, { status: 'failed', text: (event.error as CallFailure).displayText }, context),
                    checkingRowId: null,
                  }),
                },
              },
            },
          },
        },
        /** The Auto Refill Details modal. */
        details: {
          initial: 'closed',
          states: {
            closed: { on: { 'autoRefillDetails.opened': 'open' } },
            open: { on: { 'autoRefillDetails.closed': 'closed' } },
          },
        },
      },
    },
    added: { type: 'final' },
    /** Closed or cancelled: the rows and everything typed are dropped. */
    closed: { type: 'final', entry: assign(CLEARED) },
  },
});
