/**
 * The medication rows of the Add Prescription modal (member-transfer-flow.md
 * sections 3 "Medication list row" and "New-Rx record built from a row", 5
 * "Drug search and medication rows", 8 per-prescription messages): what a row
 * holds, its status and errors, duplicates, when another row may be added,
 * and the NewRxRecord each row becomes. Pure functions: the machine, the
 * model and the view read the same rules.
 *
 * A drug whose eligibility code is not selectable (section 4: 1 specialty, 3
 * C2, 8 to 11 requested or already held) cannot be added: the row shows the
 * gateway's message as its error and counts as not selected.
 */
import type { DrugSuggestion, NewRxEligibilityResult, Pharmacy, PhysicianInformation, TransferStatusCode } from '../../contract.ts';
import type { NewRxRecord } from '../records.ts';
import { okMessage, TRANSFER_CODES } from './transferList.ts';
import { SEARCH_AGAIN } from '../../shared/rules/calls.ts';
import { autoRefillRefusal } from '../../shared/rules/autoRefillRule.ts';

export type { DrugSuggestion, NewRxEligibilityResult };

/** The modal's first choice. */
export type PrescriptionKind = 'active' | 'new';
/** What to do on receipt. */
export type RefillOption = 'autoRefill' | 'notAutoRefill';

export const KIND_LABELS: Record<PrescriptionKind, string> = {
  // Verbatim, typo included (section 2).
  active: 'This an active prescription being filled at another pharmacy',
  new: 'This is a new prescription',
};

export const REFILL_OPTIONS: readonly { key: RefillOption; label: string }[] = [
  { key: 'autoRefill', label: 'Auto Refill' },
  { key: 'notAutoRefill', label: 'Not Auto Refill' },
];

export const ROW_LIMITS = { drugName: 100, lookupMin: 3, rxNumber: 10, daysSupply: 90 } as const;

/**
 * Messages. From the specification (section 5): drugTooShort, chooseFromList,
 * duplicate, fillMedicationInfo. The others are ours.
 */
export const ROW_MESSAGES = {
  drugTooShort: 'Drug Names: Requires 3 or more letters',
  chooseFromList: 'Please choose a drug from the list',
  duplicate: 'This medication is already on your list of medications.',
  fillMedicationInfo: 'Please fill medication info.',
  // ours
  rxNumberCharacters: 'Rx Number: use letters, digits and hyphens only',
  searching: 'Searching…',
  noMatches: 'No drugs match this name. Check the spelling.',
  /** The button beside a failed lookup's text: the same name looked up again (the documents give no words). */
  searchAgain: SEARCH_AGAIN,
  checking: 'Checking this drug…',
  notAddable: 'This drug cannot be added online.',
  /** Why Add another cannot be pressed (section 5: disabled while a row is unselected, has no option, or is a duplicate). */
  finishRowsFirst: 'Finish each prescription above (a drug from the list and an option) to add another.',
} as const;

/** The eligibility call for the row's drug. */
export type Eligibility =
  | { status: 'none' }
  /** Picked; the call waits for the one under way (one at a time). */
  | { status: 'queued' }
  | { status: 'checking' }
  | { status: 'checked'; code: TransferStatusCode; message: string | null }
  | { status: 'failed'; text: string };

/** One medication row (section 3: drugName, rxNumber, prescriptionOption, selectSugg, eligibleStatusMessage; duplicate is derived). */
export interface MedicationRow {
  /** Given by the machine in order (0, 1, 2…): the key of answers that arrive after the rows changed. */
  id: number;
  /** What is typed (the picked drug's label once one is picked). */
  drugName: string;
  /** The lookup's suggestions for drugName; null until it answers (and below 3 letters). */
  suggestions: DrugSuggestion[] | null;
  /** The failed lookup's text. */
  lookupFailure: string | null;
  /** The picked suggestion (selectSugg). */
  drug: DrugSuggestion | null;
  eligibility: Eligibility;
  rxNumber: string;
  option: RefillOption | null;
  /** The drug field was left: a short or unchosen name shows its error from then on (not from the first key). */
  left: boolean;
}

export const emptyRow = (id: number): MedicationRow => ({
  id,
  drugName: '',
  left: false,
  suggestions: null,
  lookupFailure: null,
  drug: null,
  eligibility: { status: 'none' },
  rxNumber: '',
  option: null,
});

/** The drug name as the row keeps it: no leading spaces, at most 100 characters. */
export const cleanDrugName = (text: string) => text.replace(/^\s+/, '').slice(0, ROW_LIMITS.drugName);

/** The text to look up: 3 or more characters (trimmed) without < or >, else null (no lookup). */
export function lookupText(drugName: string): string | null {
  const t = drugName.trim();
  return t.length >= ROW_LIMITS.lookupMin && !/[<>]/.test(t) ? t : null;
}

/**
 * Whether typing `text` changes the row. The typeahead echoes the picked
 * drug's label after a pick: that is no change, and keeps the pick.
 */
export const changesDrugName = (row: MedicationRow, text: string) => cleanDrugName(text) !== row.drugName;

/** The row after typing: the pick and the suggestions belong to the old text and go. */
export function typedRow(row: MedicationRow, text: string): MedicationRow {
  return { ...row, drugName: cleanDrugName(text), suggestions: null, lookupFailure: null, drug: null, eligibility: { status: 'none' } };
}

/** Whether the row's suggestions offer this drug (and it is not the one already picked). */
export const offers = (row: MedicationRow, drug: DrugSuggestion) =>
  (row.suggestions ?? []).some((s) => s.ndc === drug.ndc) && row.drug?.ndc !== drug.ndc;

/** The row after a pick: the label in the field, the eligibility call queued. */
export function pickedRow(row: MedicationRow, drug: DrugSuggestion): MedicationRow {
  return { ...row, drugName: drug.labelName, drug, eligibility: { status: 'queued' } };
}

export const isSelectableCode = (code: TransferStatusCode) => TRANSFER_CODES[code].selectable;

/** The eligibility answer as the row keeps it. */
export const checkedEligibility = (result: NewRxEligibilityResult): Eligibility => ({
  status: 'checked',
  code: result.transferRxStatusInfo.code,
  message: result.eligibleStatusMessage ?? null,
});

/** The rows with one row changed, found by id (an answer for a row that has gone changes nothing). */
export const updateRow = (rows: readonly MedicationRow[], id: number, change: (row: MedicationRow) => MedicationRow): MedicationRow[] =>
  rows.map((r) => (r.id === id ? change(r) : r));

/** What the rows' auto-refill rule knows of the member: a government-funded plan (Part D) has no auto refill. */
export interface MemberPlan {
  governmentFunded: boolean;
}

/**
 * Why the row's drug cannot go on Auto Refill, or null (auto refill's one rule, sections 6 and 9): a code
 * that says a controlled substance, the member's government-funded plan. A new fill is 90 days' supply.
 * Before the check answers only the plan is known.
 */
export function rowAutoRefillRefusal(row: MedicationRow, plan: MemberPlan): string | null {
  const controlled = row.eligibility.status === 'checked' && TRANSFER_CODES[row.eligibility.code].controlled;
  return autoRefillRefusal({ controlled, daysSupply: ROW_LIMITS.daysSupply, governmentFunded: plan.governmentFunded });
}

/** The option may be chosen for the row: Not Auto Refill always, Auto Refill where the rule allows it. */
export const optionAllowed = (row: MedicationRow, option: RefillOption, plan: MemberPlan) =>
  option === 'notAutoRefill' || rowAutoRefillRefusal(row, plan) === null;

/**
 * The rows with an eligibility answer: only the row still waiting for it takes it (a row picked again waits
 * for its own). Auto Refill chosen before the answer said the drug cannot have it is taken back: the person
 * chooses again, the reason in front of them.
 */
export function withEligibility(rows: readonly MedicationRow[], id: number, eligibility: Eligibility, plan: MemberPlan): MedicationRow[] {
  return updateRow(rows, id, (r) => {
    if (r.eligibility.status !== 'checking') return r;
    const answered = { ...r, eligibility };
    return r.option && !optionAllowed(answered, r.option, plan) ? { ...answered, option: null } : answered;
  });
}

/** The rows with the lookup's answer for a row: only while the row has no pick. */
export const withSuggestions = (rows: readonly MedicationRow[], id: number, suggestions: DrugSuggestion[], failure: string | null): MedicationRow[] =>
  updateRow(rows, id, (r) => (r.drug ? r : { ...r, suggestions, lookupFailure: failure }));

/**
 * A row looked up again (Search again): as it was when its name was typed, the failure gone until the answer, and
 * not left (the focus is back in the field; pressing the button had left it): its error shows again once it is left.
 */
export const lookingAgain = (rows: readonly MedicationRow[], id: number): MedicationRow[] => updateRow(rows, id, (r) => ({ ...r, suggestions: null, lookupFailure: null, left: false }));

/** The first row whose eligibility call waits. */
export const queuedRow = (rows: readonly MedicationRow[]) => rows.find((r) => r.eligibility.status === 'queued') ?? null;

/** A row's drug is a duplicate: already on the member's list, or picked in an earlier row. */
export function isDuplicate(rows: readonly MedicationRow[], index: number, listedNdcs: readonly string[]): boolean {
  const ndc = rows[index]?.drug?.ndc;
  if (!ndc) return false;
  return listedNdcs.includes(ndc) || rows.slice(0, index).some((r) => r.drug?.ndc === ndc);
}

/** The gateway said the drug cannot be added (a code that is not selectable). */
export const isIneligible = (row: MedicationRow) => row.eligibility.status === 'checked' && !isSelectableCode(row.eligibility.code);

/** A drug is picked and can be added (an ineligible one counts as not selected). */
export const hasDrug = (row: MedicationRow) => row.drug !== null && !isIneligible(row);

export function rxNumberError(text: string): string | undefined {
  return /^[A-Za-z0-9-]*$/.test(text.trim()) ? undefined : ROW_MESSAGES.rxNumberCharacters;
}

export const cleanRxNumber = (text: string) => text.replace(/^\s+/, '').slice(0, ROW_LIMITS.rxNumber);

/** 'Add another prescription' is enabled only when no row is unselected, without an option, or a duplicate (section 5). */
export function canAddRow(rows: readonly MedicationRow[], listedNdcs: readonly string[]): boolean {
  return rows.every((r, i) => hasDrug(r) && r.option !== null && !isDuplicate(rows, i, listedNdcs));
}

/** A row that can be submitted: its drug checked and selectable, not a duplicate, an option chosen, the Rx Number fine. */
export function rowValid(rows: readonly MedicationRow[], index: number, listedNdcs: readonly string[]): boolean {
  const row = rows[index]!;
  return (
    row.eligibility.status === 'checked' &&
    isSelectableCode(row.eligibility.code) &&
    !isDuplicate(rows, index, listedNdcs) &&
    row.option !== null &&
    rxNumberError(row.rxNumber) === undefined
  );
}

/** What the row is, in a word (the model's abstraction and the view's hints). */
export type RowStatus = 'empty' | 'short' | 'typed' | 'picked' | 'eligible' | 'ineligible' | 'failed' | 'duplicate';

export function rowStatus(rows: readonly MedicationRow[], index: number, listedNdcs: readonly string[]): RowStatus {
  const row = rows[index]!;
  if (row.drug) {
    if (isDuplicate(rows, index, listedNdcs)) return 'duplicate';
    const e = row.eligibility;
    if (e.status === 'failed') return 'failed';
    if (e.status === 'checked') return isSelectableCode(e.code) ? 'eligible' : 'ineligible';
    return 'picked';
  }
  const typed = row.drugName.trim().length;
  if (typed === 0) return 'empty';
  return typed < ROW_LIMITS.lookupMin ? 'short' : 'typed';
}

export interface RowErrors {
  drug?: string;
  rxNumber?: string;
  option?: string;
}

export interface RowView {
  /** Submit was pressed: missing information shows. */
  submitted: boolean;
  /** This row's text is being looked up. */
  searching: boolean;
  /** The modal's choice: an active prescription's OK reads as a transfer (section 8, code 0). */
  kind?: PrescriptionKind | null;
}

/**
 * The errors a row shows: the drug name's as it is typed (too short; not
 * chosen from the list; a duplicate; not addable; the failed call's text),
 * 'Please fill medication info.' for a missing drug or option once Submit was
 * pressed.
 */
export function rowErrors(rows: readonly MedicationRow[], index: number, listedNdcs: readonly string[], view: RowView): RowErrors {
  const row = rows[index]!;
  const errors: RowErrors = {};
  const status = rowStatus(rows, index, listedNdcs);
  // A name too short or not chosen from the list is an error once the field is left or Submit pressed, not
  // while it is typed (else the field would be invalid from the first key); a failed lookup shows at once.
  const due = row.left || view.submitted;
  if (status === 'empty' && view.submitted) errors.drug = ROW_MESSAGES.fillMedicationInfo;
  else if (status === 'short' && due) errors.drug = ROW_MESSAGES.drugTooShort;
  else if (status === 'typed' && !view.searching && (due || row.lookupFailure)) errors.drug = row.lookupFailure ?? ROW_MESSAGES.chooseFromList;
  else if (status === 'duplicate') errors.drug = ROW_MESSAGES.duplicate;
  else if (status === 'ineligible') errors.drug = eligibilityMessage(row) ?? ROW_MESSAGES.notAddable;
  else if (status === 'failed' && row.eligibility.status === 'failed') errors.drug = row.eligibility.text;
  const rx = rxNumberError(row.rxNumber);
  if (rx) errors.rxNumber = rx;
  if (row.option === null && view.submitted) errors.option = ROW_MESSAGES.fillMedicationInfo;
  return errors;
}

/** The gateway's eligibleStatusMessage for the picked drug (section 8), or null. */
export const eligibilityMessage = (row: MedicationRow): string | null =>
  row.eligibility.status === 'checked' ? (row.eligibility.message ?? (isSelectableCode(row.eligibility.code) ? null : ROW_MESSAGES.notAddable)) : null;

/** The answer says the drug is fine as it is (code 0, or 12: a new prescription): its OK text follows the modal's choice. */
const okCode = (row: MedicationRow) => row.eligibility.status === 'checked' && (row.eligibility.code === 0 || row.eligibility.code === 12);

/** The row's last lookup failed and its name can be looked up again as it is (Search again). */
export const canRetryLookup = (row: MedicationRow): boolean => row.lookupFailure !== null && row.drug === null && lookupText(row.drugName) !== null;

/** The drug field's hint under it: searching, no matches, checking, or the eligibility message of an addable drug. */
export function rowHint(rows: readonly MedicationRow[], index: number, listedNdcs: readonly string[], view: RowView): string | undefined {
  const row = rows[index]!;
  if (view.searching) return ROW_MESSAGES.searching;
  const status = rowStatus(rows, index, listedNdcs);
  if (status === 'typed' && row.suggestions?.length === 0 && !row.lookupFailure) return ROW_MESSAGES.noMatches;
  if (status === 'picked') return ROW_MESSAGES.checking;
  if (status === 'eligible') return okCode(row) ? okMessage(view.kind === 'active') : (eligibilityMessage(row) ?? undefined);
  return undefined;
}

/** The eligibility call's input: the drug's codes and the row's place in the list (echoed back by the gateway). */
export const eligibilityInput = (row: MedicationRow, index: number) => ({ ndc: row.drug!.ndc, gpi: row.drug!.gpi ?? '', index });

const NO_COPAY = { incumbentCopayAmount: null, dailyIncumbentCopayAmount: null, midCopayAmount: null, dailyMIDCopayAmount: null };

export interface RecordContext {
  kind: PrescriptionKind;
  /** The pharmacy record (active prescriptions only). */
  pharmacy: Pharmacy | null;
  physician: PhysicianInformation;
}

/**
 * The new-Rx record built from a row (section 3): code 12 NonMaintenanceDrug,
 * selected, 90 days, the check's answer kept (NewRxRecord), no copay known, the option as
 * a boolean, manualRx for an active prescription, which alone carries the Rx
 * Number and the pharmacy. Call it on a valid row.
 */
export function newRxRecord(row: MedicationRow, { kind, pharmacy, physician }: RecordContext): NewRxRecord {
  const drug = row.drug!;
  const checked = row.eligibility.status === 'checked' ? row.eligibility : { code: 12 as const, message: null };
  const active = kind === 'active';
  const rxNumber = row.rxNumber.trim();
  return {
    transferRxStatusInfo: { code: 12, description: 'NonMaintenanceDrug', requestedDate: null },
    ndc: drug.ndc,
    ...(drug.gpi ? { gpi: drug.gpi } : {}),
    selected: true,
    brandName: drug.brandName ?? null,
    genericName: drug.genericName ?? null,
    labelName: drug.labelName,
    strength: drug.strength ?? null,
    daysSupply: ROW_LIMITS.daysSupply,
    controlledSubstance: TRANSFER_CODES[checked.code].controlled ? 1 : 0,
    eligibility: { code: checked.code, message: checked.message },
    copayInfo: NO_COPAY,
    prescriptionOption: row.option === 'autoRefill',
    manualRx: active,
    rxNumber: active && rxNumber ? rxNumber : null,
    pharmacyInfo: active ? pharmacy : null,
    physicianInfo: physician,
  };
}

export const newRxRecords = (rows: readonly MedicationRow[], context: RecordContext): NewRxRecord[] => rows.map((r) => newRxRecord(r, context));
