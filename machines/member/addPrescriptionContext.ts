/**
 * The Add a Prescription modal's context, events, texts and the pure
 * functions over them (addPrescriptionMachine.ts is the machine): what the
 * view reads (rowErrorsOf, rowHintOf, shownPharmacyErrors, …) and what the
 * machine's guards and output use.
 */
import type { AddedPrescriptions, PhysicianInformation } from './records.ts';
import {
  canAddRow,
  isDuplicate,
  isSelectableCode,
  KIND_LABELS,
  canRetryLookup,
  eligibilityMessage,
  newRxRecords,
  optionAllowed,
  REFILL_OPTIONS,
  rowAutoRefillRefusal,
  ROW_MESSAGES,
  rowErrors,
  rowHint,
  rowStatus,
  rowValid,
  rxNumberError,
  type DrugSuggestion,
  type MedicationRow,
  type NewRxEligibilityResult,
  type PrescriptionKind,
  type RefillOption,
  type RowErrors,
} from './rules/medicationRows.ts';
import {
  PHARMACY_FIELDS,
  PHARMACY_MESSAGES,
  pharmacyErrors,
  pharmacyRecord,
  type PharmacyErrors,
  type PharmacyField,
  type PharmacyValues,
} from './rules/pharmacy.ts';
import { LIST_MESSAGES } from './rules/transferList.ts';

export type { DrugSuggestion, MedicationRow, NewRxEligibilityResult, PharmacyField, PrescriptionKind, RefillOption };
export { KIND_LABELS, REFILL_OPTIONS };

export interface AddPrescriptionInput {
  /** The ndc of every prescription already on the member's list (for duplicates). */
  listedNdcs: string[];
  /** The doctor chosen on the page, if any. */
  physician: PhysicianInformation | null;
  /** The member's plan is government-funded (Part D): no Auto Refill (auto refill's one rule). */
  governmentFunded: boolean;
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
  /** Above the reasons a refused Add Prescription gives for a drug that cannot be added (a C2 drug, a specialty one…). */
  notAddable: 'These prescriptions cannot be added here:',
} as const;

export interface AddPrescriptionContext {
  listedNdcs: string[];
  governmentFunded: boolean;
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
  /** Search again after a failed drug-name lookup: the same text, nothing retyped. */
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
  rowHint(c.rows, index, c.listedNdcs, { submitted: c.submitted, searching: c.lookupRowId === c.rows[index]?.id, kind: c.kind });

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

/** Why the row's drug cannot go on Auto Refill (the Auto Refill option is unavailable and says so), or null. */
export const autoRefillRefusalOf = (c: Ctx, index: number): string | null => (c.rows[index] ? rowAutoRefillRefusal(c.rows[index], c) : null);

/** Every row's option is one it may have (Auto Refill only where the rule allows it). */
const optionsAllowed = (c: Ctx) => c.rows.every((r) => r.option === null || optionAllowed(r, r.option, c));

/** 'Add another prescription' is enabled. */
export const canAddAnother = (c: Ctx) => canAddRow(c.rows, c.listedNdcs);

/** Submit goes through: a doctor, every row valid, the pharmacy valid for an active prescription. */
export const formValid = (c: Ctx) =>
  c.physician !== null &&
  c.rows.length > 0 &&
  c.rows.every((_, i) => rowValid(c.rows, i, c.listedNdcs)) &&
  optionsAllowed(c) &&
  Object.keys(pharmacyErrorsOf(c)).length === 0;

/** The first field in screen order that keeps Submit from going through. */
export function firstInvalidField(c: Ctx): FieldKey {
  for (const [i, row] of c.rows.entries()) {
    const drugReady = row.eligibility.status === 'checked' && isSelectableCode(row.eligibility.code) && !isDuplicate(c.rows, i, c.listedNdcs);
    if (!drugReady) return `drug-${i}`;
    if (rxNumberError(row.rxNumber)) return `rxNumber-${i}`;
    if (row.option === null || !optionAllowed(row, row.option, c)) return `option-${i}`;
  }
  const pharmacy = pharmacyErrorsOf(c);
  const field = PHARMACY_FIELDS.find((f) => pharmacy[f] !== undefined);
  return field ? `pharmacy-${field}` : 'doctor';
}

/**
 * Why Add Prescription did not add, once pressed: each row whose drug cannot be added (a code that is not
 * selectable, section 4: a C2 controlled substance, a specialty drug, one requested already…), named, with
 * the eligibility message (section 8). Said in the modal and announced: the rows' own errors alone made the
 * press look as if nothing happened.
 */
export function notAddableReasons(c: Ctx): string[] {
  if (!c.submitted) return [];
  return c.rows.flatMap((row, i) => (rowStatus(c.rows, i, c.listedNdcs) === 'ineligible' ? [`${row.drugName}: ${eligibilityMessage(row) ?? ROW_MESSAGES.notAddable}`] : []));
}

/** What the modal hands back: one record per row, the pharmacy (active prescriptions) and the doctor. */
export function addedPrescriptions(c: Ctx): AddedPrescriptions {
  const kind = c.kind!;
  const physician = c.physician!;
  const pharmacy = kind === 'active' ? pharmacyRecord(c.pharmacy) : null;
  return { records: newRxRecords(c.rows, { kind, pharmacy, physician }), pharmacy, physician };
}
