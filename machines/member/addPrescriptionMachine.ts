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
import { assign, fromPromise, setup } from 'xstate';
import type { AddedPrescriptions, PhysicianInformation } from './records.ts';
import {
  canAddRow,
  changesDrugName,
  cleanDrugName,
  checkedEligibility,
  eligibilityInput,
  emptyRow,
  isDuplicate,
  isSelectableCode,
  KIND_LABELS,
  lookupText,
  canRetryLookup,
  lookingAgain,
  newRxRecords,
  offers,
  pickedRow,
  queuedRow,
  REFILL_OPTIONS,
  ROW_MESSAGES,
  rowErrors,
  rowHint,
  rowValid,
  rxNumberError,
  typedRow,
  updateRow,
  cleanRxNumber,
  withEligibility,
  withSuggestions,
  type DrugSuggestion,
  type MedicationRow,
  type NewRxEligibilityResult,
  type PrescriptionKind,
  type RefillOption,
  type RowErrors,
} from './rules/medicationRows.ts';
import {
  cleanPharmacyField,
  EMPTY_PHARMACY,
  PHARMACY_FIELDS,
  PHARMACY_MESSAGES,
  pharmacyErrors,
  pharmacyRecord,
  type PharmacyErrors,
  type PharmacyField,
  type PharmacyValues,
} from './rules/pharmacy.ts';
import { LIST_MESSAGES } from './rules/transferList.ts';
import type { CallFailure } from '../rules/calls.ts';

export type { DrugSuggestion, MedicationRow, NewRxEligibilityResult, PharmacyField, PrescriptionKind, RefillOption };
export { KIND_LABELS, REFILL_OPTIONS };

export interface AddPrescriptionInput {
  /** The ndc of every prescription already on the member's list (for duplicates). */
  listedNdcs: string[];
  /** The doctor chosen on the page, if any. */
  physician: PhysicianInformation | null;
}

export interface CheckEligibilityInput {
  ndc: string;
  gpi: string;
  /** The row's place in the modal (the gateway echoes it). */
  index: number;
}


/**
 * Where the focus goes: the field to fix after a Continue or Submit that
 * cannot go on, the first row when the form opens, a new row, the row before
 * a removed one, the other options when they open.
 */
export type FieldKey = 'choice' | 'otherOptions' | 'doctor' | `drug-${number}` | `rxNumber-${number}` | `option-${number}` | `pharmacy-${PharmacyField}`;

/** Every text the modal shows that a rule decides. The choices and the specification's texts are verbatim. */
export const ADD_PRESCRIPTION_MESSAGES = {
  choices: KIND_LABELS,
  rows: ROW_MESSAGES,
  pharmacy: PHARMACY_MESSAGES,
  selectDoctor: LIST_MESSAGES.selectDoctor,
  onlyProviderFaxes: 'Only faxes from a healthcare provider are accepted.',
  // ours
  chooseKind: 'Choose one of the options to continue.',
} as const;

export interface AddPrescriptionContext {
  listedNdcs: string[];
  physician: PhysicianInformation | null;
  kind: PrescriptionKind | null;
  /** Continue was pressed without a choice. */
  choiceMissing: boolean;
  rows: MedicationRow[];
  nextRowId: number;
  pharmacy: PharmacyValues;
  /** Pharmacy fields the person has left: their errors show. */
  touched: PharmacyField[];
  /** Submit was pressed: every error shows. */
  submitted: boolean;
  /** The row whose text is being looked up. */
  lookupRowId: number | null;
  /** The row whose drug is being checked. */
  checkingRowId: number | null;
  /** What the modal hands back (set on a valid Submit). */
  added: AddedPrescriptions | null;
}

export type AddPrescriptionEvent =
  | { type: 'kind.chosen'; kind: PrescriptionKind }
  | { type: 'continue.pressed' }
  | { type: 'otherOptions.pressed' }
  /** I'm Done on the other options. */
  | { type: 'done.pressed' }
  /** Cancel, the close button or Escape. */
  | { type: 'cancel.pressed' }
  | { type: 'drug.typed'; index: number; text: string }
  | { type: 'drug.picked'; index: number; drug: DrugSuggestion }
  | { type: 'eligibility.retried'; index: number }
  /** Search again after a failed drug-name lookup: the same text, nothing retyped (issue 28 #2). */
  | { type: 'lookup.retried'; index: number }
  /** The drug field was left. */
  | { type: 'drug.blurred'; index: number }
  | { type: 'rxNumber.changed'; index: number; text: string }
  | { type: 'option.chosen'; index: number; option: RefillOption }
  | { type: 'row.added' }
  | { type: 'row.removed'; index: number }
  | { type: 'autoRefillDetails.opened' }
  | { type: 'autoRefillDetails.closed' }
  | { type: 'pharmacy.changed'; field: PharmacyField; text: string }
  | { type: 'pharmacy.blurred'; field: PharmacyField }
  | { type: 'physician.changed'; physician: PhysicianInformation | null }
  | { type: 'submit.pressed' };

type Ctx = AddPrescriptionContext;

/** The row's errors as shown (its text being looked up shows no error yet). */
export const rowErrorsOf = (c: Ctx, index: number): RowErrors =>
  rowErrors(c.rows, index, c.listedNdcs, { submitted: c.submitted, searching: c.lookupRowId === c.rows[index]?.id });

/** Search again shows beside a failed lookup's text while no lookup runs (one lookup at a time: the row typed in last). */
export const lookupRetryable = (c: Ctx, index: number): boolean => c.lookupRowId === null && c.rows[index] !== undefined && canRetryLookup(c.rows[index]);

/** The hint under a row's drug name: Searching…, no matches, checking, or the eligibility message of an addable drug. */
export const rowHintOf = (c: Ctx, index: number): string | undefined =>
  rowHint(c.rows, index, c.listedNdcs, { submitted: c.submitted, searching: c.lookupRowId === c.rows[index]?.id });

/** Every pharmacy error, shown or not (none for a new prescription). */
export const pharmacyErrorsOf = (c: Ctx): PharmacyErrors => (c.kind === 'active' ? pharmacyErrors(c.pharmacy) : {});

/** The pharmacy errors the person sees: those of the fields left, every one after Submit. */
export function shownPharmacyErrors(c: Ctx): PharmacyErrors {
  const all = pharmacyErrorsOf(c);
  const shown: PharmacyErrors = {};
  for (const f of PHARMACY_FIELDS) if (all[f] && (c.submitted || c.touched.includes(f))) shown[f] = all[f];
  return shown;
}

/** 'Please select your doctor' after Submit without one. */
export const doctorError = (c: Ctx): string | undefined => (c.submitted && c.physician === null ? ADD_PRESCRIPTION_MESSAGES.selectDoctor : undefined);

/** 'Add another prescription' is enabled. */
export const canAddAnother = (c: Ctx) => canAddRow(c.rows, c.listedNdcs);

/** Submit goes through: a doctor, every row valid, the pharmacy valid for an active prescription. */
export const formValid = (c: Ctx) =>
  c.physician !== null && c.rows.length > 0 && c.rows.every((_, i) => rowValid(c.rows, i, c.listedNdcs)) && Object.keys(pharmacyErrorsOf(c)).length === 0;

/** The first field in screen order that keeps Submit from going through. */
export function firstInvalidField(c: Ctx): FieldKey {
  for (const [i, row] of c.rows.entries()) {
    const drugReady = row.eligibility.status === 'checked' && isSelectableCode(row.eligibility.code) && !isDuplicate(c.rows, i, c.listedNdcs);
    if (!drugReady) return `drug-${i}`;
    if (rxNumberError(row.rxNumber)) return `rxNumber-${i}`;
    if (row.option === null) return `option-${i}`;
  }
  const pharmacy = pharmacyErrorsOf(c);
  const field = PHARMACY_FIELDS.find((f) => pharmacy[f] !== undefined);
  return field ? `pharmacy-${field}` : 'doctor';
}

/** What the modal hands back: one record per row, the pharmacy (active prescriptions) and the doctor. */
export function addedPrescriptions(c: Ctx): AddedPrescriptions {
  const kind = c.kind!;
  const physician = c.physician!;
  const pharmacy = kind === 'active' ? pharmacyRecord(c.pharmacy) : null;
  return { records: newRxRecords(c.rows, { kind, pharmacy, physician }), pharmacy, physician };
}

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
    optionChanges: ({ context }, params: { index: number; option: RefillOption }) => {
      const row = rowAt(context, params.index);
      return row !== undefined && row.option !== params.option;
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
                // A failed lookup is tried again with the text as it is (issue 28 #2: no retyping). The focus goes back
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
                  actions: assign({ rows: ({ context, event }) => withEligibility(context.rows, context.checkingRowId!, checkedEligibility(event.output)), checkingRowId: null }),
                },
                onError: {
                  target: 'idle',
                  actions: assign({
                    rows: ({ context, event }) => withEligibility(context.rows, context.checkingRowId!, { status: 'failed', text: (event.error as CallFailure).displayText }),
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
