/**
 * The Add a Prescription modal's model: the choice (Continue without one,
 * View Other Options, Cancel), then the form. A new prescription walks the
 * rows' branches (too few letters, a lookup that finds nothing or fails, a
 * duplicate, a drug that cannot be added, a failed check and Check again, a
 * second row added, picked and removed, Submit with something missing, the
 * Auto Refill Details modal); an active prescription walks the Rx Number and
 * the pharmacy's fields in screen order. Free text stays out of the graph:
 * rows are abstracted to their status, and events use a few fixed texts and
 * suggestions. At most 2 rows. The rules themselves are unit-tested in
 * machines/member/rules/medicationRows.test.ts and pharmacy.test.ts.
 */
import { addPrescriptionMachine } from '../../machines/member/addPrescriptionMachine.ts';
import {
  addedPrescriptions,
  ADD_PRESCRIPTION_MESSAGES,
  canAddAnother,
  doctorError,
  formValid,
  lookupRetryable,
  pharmacyErrorsOf,
  rowErrorsOf,
  shownPharmacyErrors,
  autoRefillRefusalOf,
  type DrugSuggestion,
  type NewRxEligibilityResult,
} from '../../machines/member/addPrescriptionContext.ts';
import type { PhysicianInformation } from '../../machines/member/records.ts';
import { canAddRow, rowStatus, type RowStatus } from '../../machines/member/rules/medicationRows.ts';
import { pharmacyNameError, PHARMACY_FIELDS } from '../../machines/member/rules/pharmacy.ts';
import { AUTO_REFILL_REFUSED } from '../../machines/shared/rules/autoRefillRule.ts';
import { expect } from './check.ts';
import { actorDone as done, actorError, type MachineModel } from './harness.ts';

const GENERAL = 'Unable to process the request at this time. Please try after some time.';
const M = ADD_PRESCRIPTION_MESSAGES;

const drug = (ndc: string, gpi: string, mg: number): DrugSuggestion => ({
  ndc,
  gpi,
  labelName: `ATORVASTATIN CALCIUM ${mg} MG TABLET`,
  brandName: 'Lipitor',
  genericName: 'atorvastatin calcium',
  strength: `${mg} mg`,
  dosageForm: 'tablet',
});
/** The gateway's atorvastatin entries (gateway/data/drugs.ts); the 20 mg one is already on the member's list. */
export const ATORVASTATIN_20 = drug('00093181601', '39400010100320', 20);
export const ATORVASTATIN_40 = drug('00093183301', '39400010100330', 40);
export const ATORVASTATIN_80 = drug('00093185001', '39400010100340', 80);
export const SUGGESTIONS = [ATORVASTATIN_20, ATORVASTATIN_40, ATORVASTATIN_80];
export const LISTED_NDCS = [ATORVASTATIN_20.ndc];

const eligibility = (code: 4 | 11 | 12, description: string, message: string): NewRxEligibilityResult => ({
  index: 0,
  transferRxStatusInfo: { code, description, requestedDate: null },
  eligibleStatusMessage: message,
});
export const ELIGIBLE = eligibility(12, 'NonMaintenanceDrug', 'OK to request new prescription.');
export const ALREADY_HAS = eligibility(11, 'Member already has the prescription', 'The patient already has a prescription for this medication.');
/** C3 to C5 (tramadol's answer): selectable, a controlled substance, so no Auto Refill. */
export const CONTROLLED = eligibility(4, 'ControlledSubstanceC3toC5', 'This drug is a controlled substance and may not be eligible for mail order.');

export const DOCTOR: PhysicianInformation = {
  npi: '1234567893',
  deaNo: null,
  ePostDoctoNum: null,
  firstName: 'JOHN',
  middleName: null,
  lastName: 'SMITH',
  addresses: [{ streetAddress1: '100 E University Dr', streetAddress2: null, city: 'Tempe', state: 'AZ', zipCode: '85281', phoneNumber: '4805550100', faxNumber: null }],
};

type Snapshot = Parameters<(typeof addPrescriptionModel)['serialize']>[0];

const c = (s: Snapshot) => s.context;
const inForm = (s: Snapshot) => s.matches('form');
const isNew = (s: Snapshot) => inForm(s) && c(s).kind === 'new';
const isActive = (s: Snapshot) => inForm(s) && c(s).kind === 'active';
const rowCount = (s: Snapshot) => c(s).rows.length;
const status = (s: Snapshot, i: number): RowStatus | null => (c(s).rows[i] ? rowStatus(c(s).rows, i, c(s).listedNdcs) : null);
const suggested = (s: Snapshot, i: number) => (c(s).rows[i]?.suggestions?.length ?? 0) > 0;
const option = (s: Snapshot, i: number) => c(s).rows[i]?.option ?? null;
/** The row's check said a controlled substance. */
const controlled = (s: Snapshot, i: number) => c(s).rows[i]?.eligibility.status === 'checked' && (c(s).rows[i]!.eligibility as { code: number }).code === CONTROLLED.transferRxStatusInfo.code;
/** Nothing under way: no lookup, no check, no Auto Refill Details. */
const settled = (s: Snapshot) => s.matches({ form: { lookup: 'idle', eligibility: 'idle', details: 'closed' } });
const searchingRow = (s: Snapshot) => c(s).rows.findIndex((r) => r.id === c(s).lookupRowId);
const checkingRow = (s: Snapshot) => c(s).rows.findIndex((r) => r.id === c(s).checkingRowId);
/** The new prescription's first row, before anything else happened. */
const fresh = (s: Snapshot) => isNew(s) && settled(s) && rowCount(s) === 1 && status(s, 0) === 'empty' && !c(s).submitted;
/** Every row valid and the pharmacy too: only the doctor may be missing. */
const completeButDoctor = (s: Snapshot) => formValid({ ...c(s), physician: DOCTOR });
/** The new prescription's one row is done, with Auto Refill, and nothing else happened yet. */
const oneRowDone = (s: Snapshot) => isNew(s) && settled(s) && rowCount(s) === 1 && status(s, 0) === 'eligible' && option(s, 0) === 'autoRefill' && !c(s).submitted;
/** The second row (new prescriptions), on a page with the first done and no doctor. */
const secondRow = (s: Snapshot) => isNew(s) && rowCount(s) === 2 && c(s).physician === null && !c(s).submitted;
/** The active prescription, its row done (Not Auto Refill), the Rx Number given: the pharmacy comes next. */
const pharmacyTime = (s: Snapshot) => isActive(s) && settled(s) && status(s, 0) === 'eligible' && option(s, 0) === 'notAutoRefill' && c(s).rows[0]!.rxNumber !== '';
const pharmacy = (s: Snapshot) => c(s).pharmacy;
/** An active prescription's pharmacy is filled in to the phone first (or Submit was pressed): then the doctor and Submit. */
const pharmacyDone = (s: Snapshot) => !isActive(s) || pharmacy(s).phone !== '' || c(s).submitted;
/** The optional pharmacy fields in screen order, each filled once after a valid name. */
const nextPharmacyField = (field: 'zip' | 'address' | 'city' | 'state' | 'phone') => (s: Snapshot) => {
  const order = ['zip', 'address', 'city', 'state', 'phone'] as const;
  const before = order.slice(0, order.indexOf(field));
  return pharmacyTime(s) && !c(s).submitted && pharmacyNameError(pharmacy(s).name) === undefined && before.every((f) => pharmacy(s)[f] !== '') && pharmacy(s)[field] === '';
};

export const addPrescriptionModel: MachineModel<typeof addPrescriptionMachine> = {
  name: 'addPrescription',
  machine: addPrescriptionMachine,
  input: { listedNdcs: LISTED_NDCS, physician: null, governmentFunded: false },
  events: [
    // The choice.
    { label: 'presses Continue', event: { type: 'continue.pressed' }, when: (s) => s.matches('choosing') && (c(s).kind !== null || !c(s).choiceMissing) },
    { label: `chooses "${M.choices.new}"`, event: { type: 'kind.chosen', kind: 'new' }, when: (s) => c(s).kind === null },
    { label: `chooses "${M.choices.active}"`, event: { type: 'kind.chosen', kind: 'active' }, when: (s) => c(s).kind === null && !c(s).choiceMissing },
    { label: 'presses View Other Options', event: { type: 'otherOptions.pressed' }, when: (s) => c(s).kind === null && !c(s).choiceMissing },
    { label: "presses I'm Done", event: { type: 'done.pressed' } },
    {
      label: 'presses Cancel',
      event: { type: 'cancel.pressed' },
      when: (s) => (s.matches('choosing') && c(s).kind === null && !c(s).choiceMissing) || s.matches('otherOptions') || fresh(s) || oneRowDone(s),
    },

    // The first row's drug name (the lookup answers whichever row is being looked up).
    { label: 'types "at" in Prescription 1', event: { type: 'drug.typed', index: 0, text: 'at' }, when: (s) => fresh(s) || (isNew(s) && searchingRow(s) === 0) },
    {
      label: 'types "ator" in Prescription 1',
      event: { type: 'drug.typed', index: 0, text: 'ator' },
      when: (s) => (isNew(s) && settled(s) && status(s, 0) === 'short' && !c(s).submitted) || (isActive(s) && settled(s) && status(s, 0) === 'empty' && !c(s).submitted),
    },
    // Leaving the field with a name too short shows its error (not before).
    { label: 'leaves Drug Name in Prescription 1', event: { type: 'drug.blurred', index: 0 }, when: (s) => isNew(s) && settled(s) && status(s, 0) === 'short' && !c(s).rows[0]!.left },
    { label: 'types "atorv" in Prescription 1', event: { type: 'drug.typed', index: 0, text: 'atorv' }, when: (s) => isNew(s) && searchingRow(s) === 0 && c(s).rows[0]!.drugName === 'ator' },
    { label: 'the lookup offers atorvastatin 20, 40 and 80 mg', event: done('lookupDrugs', SUGGESTIONS) },
    { label: 'the lookup finds nothing (204)', event: done('lookupDrugs', []), when: (s) => isNew(s) && searchingRow(s) === 0 },
    { label: 'the lookup fails', event: actorError('lookupDrugs', { status: 500, displayText: GENERAL }), when: (s) => isNew(s) && searchingRow(s) === 0 },
    // A failed lookup is tried again with the name as typed.
    { label: 'presses Search again in Prescription 1', event: { type: 'lookup.retried', index: 0 }, when: (s) => isNew(s) && settled(s) && lookupRetryable(c(s), 0) },
    {
      label: 'picks atorvastatin 40 mg in Prescription 1',
      event: { type: 'drug.picked', index: 0, drug: ATORVASTATIN_40 },
      when: (s) => settled(s) && ((status(s, 0) === 'typed' && suggested(s, 0)) || (isNew(s) && status(s, 0) === 'duplicate')),
    },
    {
      label: 'picks atorvastatin 20 mg (already on the list) in Prescription 1',
      event: { type: 'drug.picked', index: 0, drug: ATORVASTATIN_20 },
      when: (s) => isNew(s) && settled(s) && status(s, 0) === 'typed' && suggested(s, 0),
    },
    { label: 'the drug can be requested (code 12)', event: done('checkEligibility', ELIGIBLE) },
    {
      label: 'the member already has this drug (code 11)',
      event: done('checkEligibility', ALREADY_HAS),
      when: (s) => isNew(s) && checkingRow(s) === 0 && c(s).rows[0]!.drug?.ndc === ATORVASTATIN_40.ndc,
    },
    {
      label: 'the eligibility check fails',
      event: actorError('checkEligibility', { status: 500, displayText: GENERAL }),
      when: (s) => isNew(s) && checkingRow(s) === 0 && c(s).rows[0]!.drug?.ndc === ATORVASTATIN_40.ndc,
    },
    { label: 'presses Check again in Prescription 1', event: { type: 'eligibility.retried', index: 0 } },
    // Auto Refill chosen while the drug is checked; the answer says a controlled substance and takes it back (sections 6 and 9).
    {
      label: 'chooses Auto Refill in Prescription 1 while its drug is checked',
      event: { type: 'option.chosen', index: 0, option: 'autoRefill' },
      when: (s) => isNew(s) && rowCount(s) === 1 && checkingRow(s) === 0 && option(s, 0) === null && c(s).rows[0]!.drug?.ndc === ATORVASTATIN_40.ndc && !c(s).submitted,
    },
    {
      label: 'the drug is a controlled substance (code 4)',
      event: done('checkEligibility', CONTROLLED),
      when: (s) => isNew(s) && checkingRow(s) === 0 && option(s, 0) === 'autoRefill',
    },
    { label: 'chooses Auto Refill in Prescription 1', event: { type: 'option.chosen', index: 0, option: 'autoRefill' }, when: (s) => isNew(s) && settled(s) && status(s, 0) === 'eligible' && option(s, 0) === null },
    {
      label: 'chooses Not Auto Refill in Prescription 1',
      event: { type: 'option.chosen', index: 0, option: 'notAutoRefill' },
      when: (s) => (isActive(s) || controlled(s, 0)) && settled(s) && status(s, 0) === 'eligible' && option(s, 0) === null,
    },
    {
      label: 'types the Rx Number "6012345" in Prescription 1',
      event: { type: 'rxNumber.changed', index: 0, text: '6012345' },
      when: (s) => isActive(s) && settled(s) && option(s, 0) === 'notAutoRefill' && c(s).rows[0]!.rxNumber === '',
    },
    { label: 'presses Auto Refill Details', event: { type: 'autoRefillDetails.opened' }, when: fresh },
    { label: 'closes Auto Refill Details', event: { type: 'autoRefillDetails.closed' } },

    // The second row.
    { label: 'presses Add another prescription', event: { type: 'row.added' }, when: (s) => oneRowDone(s) && c(s).physician === null },
    { label: 'types "ator" in Prescription 2', event: { type: 'drug.typed', index: 1, text: 'ator' }, when: (s) => secondRow(s) && settled(s) && status(s, 1) === 'empty' },
    {
      label: 'picks atorvastatin 40 mg in Prescription 2',
      event: { type: 'drug.picked', index: 1, drug: ATORVASTATIN_40 },
      when: (s) => secondRow(s) && settled(s) && status(s, 1) === 'typed' && suggested(s, 1),
    },
    {
      label: 'picks atorvastatin 80 mg in Prescription 2',
      event: { type: 'drug.picked', index: 1, drug: ATORVASTATIN_80 },
      when: (s) => secondRow(s) && settled(s) && ((status(s, 1) === 'typed' && suggested(s, 1)) || status(s, 1) === 'duplicate'),
    },
    { label: 'chooses Auto Refill in Prescription 2', event: { type: 'option.chosen', index: 1, option: 'autoRefill' }, when: (s) => secondRow(s) && settled(s) && status(s, 1) === 'eligible' && option(s, 1) === null },
    {
      label: 'presses Remove in Prescription 2',
      event: { type: 'row.removed', index: 1 },
      when: (s) => secondRow(s) && settled(s) && (status(s, 1) === 'empty' || status(s, 1) === 'duplicate'),
    },
    { label: 'presses Remove in Prescription 1', event: { type: 'row.removed', index: 0 }, when: (s) => secondRow(s) && settled(s) && option(s, 1) !== null },

    // The pharmacy (active prescriptions), in screen order.
    { label: 'types the pharmacy name "C"', event: { type: 'pharmacy.changed', field: 'name', text: 'C' }, when: (s) => pharmacyTime(s) && !c(s).submitted && pharmacy(s).name === '' },
    { label: 'leaves Pharmacy Name', event: { type: 'pharmacy.blurred', field: 'name' }, when: (s) => pharmacyTime(s) && pharmacy(s).name === 'C' },
    {
      label: 'types the pharmacy name "Corner Drug #1"',
      event: { type: 'pharmacy.changed', field: 'name', text: 'Corner Drug #1' },
      when: (s) => pharmacyTime(s) && pharmacy(s).name === 'C' && c(s).touched.includes('name'),
    },
    {
      label: 'types the pharmacy name "Corner Drug"',
      event: { type: 'pharmacy.changed', field: 'name', text: 'Corner Drug' },
      when: (s) => pharmacyTime(s) && (pharmacy(s).name === 'Corner Drug #1' || (c(s).submitted && pharmacy(s).name === '')),
    },
    { label: 'types the pharmacy zip code "85281"', event: { type: 'pharmacy.changed', field: 'zip', text: '85281' }, when: nextPharmacyField('zip') },
    { label: 'types the pharmacy address "1 Mill Ave"', event: { type: 'pharmacy.changed', field: 'address', text: '1 Mill Ave' }, when: nextPharmacyField('address') },
    { label: 'types the pharmacy city "Tempe"', event: { type: 'pharmacy.changed', field: 'city', text: 'Tempe' }, when: nextPharmacyField('city') },
    { label: 'picks the pharmacy state "AZ"', event: { type: 'pharmacy.changed', field: 'state', text: 'AZ' }, when: nextPharmacyField('state') },
    { label: 'types the pharmacy phone "(480) 555-0199"', event: { type: 'pharmacy.changed', field: 'phone', text: '(480) 555-0199' }, when: nextPharmacyField('phone') },

    // The doctor (chosen on the page behind, or in the modal's doctor section) and Submit.
    { label: 'chooses Dr. Smith', event: { type: 'physician.changed', physician: DOCTOR }, when: (s) => inForm(s) && settled(s) && c(s).physician === null && completeButDoctor(s) && pharmacyDone(s) },
    { label: 'clears the doctor', event: { type: 'physician.changed', physician: null }, when: (s) => isNew(s) && c(s).physician !== null && !c(s).submitted && rowCount(s) === 1 },
    {
      label: 'presses Add Prescription',
      event: { type: 'submit.pressed' },
      when: (s) =>
        fresh(s) ||
        (inForm(s) && settled(s) && completeButDoctor(s) && pharmacyDone(s) && (c(s).physician !== null || !c(s).submitted)) ||
        (secondRow(s) && settled(s) && status(s, 1) === 'empty') ||
        (pharmacyTime(s) && !c(s).submitted && pharmacy(s).name === ''),
    },
  ],
  // What makes two snapshots different screens: the state, the choice, each row's status and option, the pharmacy's progress, the doctor, Submit pressed.
  serialize: (s) => {
    const x = s.context;
    const p = x.pharmacy;
    const name = p.name === '' ? 'empty' : (pharmacyNameError(p.name) ?? 'ok');
    return JSON.stringify([
      s.value,
      x.kind,
      x.choiceMissing,
      x.rows.map((r, i) => [rowStatus(x.rows, i, x.listedNdcs), r.left, r.suggestions === null ? null : r.suggestions.length > 0, r.lookupFailure !== null, r.option, r.rxNumber !== '', r.eligibility.status]),
      name,
      PHARMACY_FIELDS.filter((f) => f !== 'name' && p[f] !== '').length,
      x.touched,
      x.physician !== null,
      x.submitted,
      searchingRow(s),
      checkingRow(s),
    ]);
  },
  invariants: {
    'addPrescription.choosing': (s) => {
      expect(c(s).rows).toEqual([]);
      if (c(s).choiceMissing) expect(c(s).kind).toBeNull();
      // Continue is the one way on; Submit and the rows are not there yet.
      expect(s.can({ type: 'continue.pressed' })).toBe(true);
      expect(s.can({ type: 'submit.pressed' })).toBe(false);
    },
    'addPrescription.otherOptions': (s) => {
      expect(c(s).rows).toEqual([]);
      expect(s.can({ type: 'done.pressed' })).toBe(true);
      expect(M.onlyProviderFaxes).toBe('Only faxes from a healthcare provider are accepted.');
    },
    'addPrescription.form': (s) => {
      const x = c(s);
      expect(x.kind === 'new' || x.kind === 'active').toBe(true);
      expect(x.rows.length >= 1 && x.rows.length <= 2).toBe(true);
      // The errors each row shows follow its status.
      x.rows.forEach((row, i) => {
        const errors = rowErrorsOf(x, i);
        const st = rowStatus(x.rows, i, x.listedNdcs);
        const searching = x.lookupRowId === row.id;
        // Not from the first key: once the field is left or Submit pressed; a failed lookup at once.
        const due = row.left || x.submitted;
        if (st === 'short') expect(errors.drug).toBe(due ? M.rows.drugTooShort : undefined);
        if (st === 'typed') expect(errors.drug).toBe(searching || !(due || row.lookupFailure) ? undefined : (row.lookupFailure ?? M.rows.chooseFromList));
        if (st === 'duplicate') expect(errors.drug).toBe(M.rows.duplicate);
        if (st === 'ineligible') expect(errors.drug).toBe(ALREADY_HAS.eligibleStatusMessage!);
        if (st === 'failed') expect(errors.drug).toBe(GENERAL);
        if (st === 'eligible' || st === 'picked') expect(errors.drug).toBe(undefined);
        if (st === 'empty') expect(errors.drug).toBe(x.submitted ? M.rows.fillMedicationInfo : undefined);
        expect(errors.option).toBe(x.submitted && row.option === null ? M.rows.fillMedicationInfo : undefined);
        if (x.kind === 'new') expect(row.rxNumber).toBe('');
        // Auto refill's one rule: a controlled substance has no Auto Refill, and says why.
        if (row.eligibility.status === 'checked' && row.eligibility.code === CONTROLLED.transferRxStatusInfo.code) {
          expect(row.option === 'autoRefill').toBe(false);
          expect(autoRefillRefusalOf(x, i)).toBe(AUTO_REFILL_REFUSED.controlled);
          expect(s.can({ type: 'option.chosen', index: i, option: 'autoRefill' })).toBe(false);
        } else expect(autoRefillRefusalOf(x, i)).toBeNull();
      });
      // 'Add another prescription' and Remove.
      expect(canAddAnother(x)).toBe(canAddRow(x.rows, x.listedNdcs));
      expect(s.can({ type: 'row.added' })).toBe(canAddAnother(x));
      expect(s.can({ type: 'row.removed', index: 0 })).toBe(x.rows.length > 1);
      // The pharmacy belongs to active prescriptions; its errors show once left or after Submit.
      if (x.kind === 'new') expect(pharmacyErrorsOf(x)).toEqual({});
      if (x.submitted) expect(shownPharmacyErrors(x)).toEqual(pharmacyErrorsOf(x));
      if (x.touched.includes('name') && pharmacy(s).name === 'C') expect(shownPharmacyErrors(x).name).toBe(M.pharmacy.nameTooShort);
      if (pharmacy(s).name === 'Corner Drug #1') expect(shownPharmacyErrors(x).name).toBe(M.pharmacy.nameCharacters);
      expect(doctorError(x)).toBe(x.submitted && x.physician === null ? M.selectDoctor : undefined);
      // Submit goes through exactly when the form is valid.
      expect(formValid(x)).toBe(x.physician !== null && completeButDoctor(s));
    },
    'addPrescription.form.lookup.searching': (s) => {
      expect(s.hasTag('searching')).toBe(true);
      const row = c(s).rows[searchingRow(s)]!;
      expect(row.drug).toBeNull();
      expect(row.suggestions).toBeNull();
      expect(row.drugName.length >= 3).toBe(true);
      expect(rowErrorsOf(c(s), searchingRow(s)).drug).toBe(undefined);
    },
    'addPrescription.form.lookup.idle': (s) => expect(c(s).lookupRowId).toBeNull(),
    'addPrescription.form.eligibility.checking': (s) => {
      expect(s.hasTag('checking')).toBe(true);
      expect(c(s).rows[checkingRow(s)]!.eligibility.status).toBe('checking');
    },
    'addPrescription.form.eligibility.idle': (s) => {
      expect(c(s).checkingRowId).toBeNull();
      expect(c(s).rows.some((r) => r.eligibility.status === 'queued' || r.eligibility.status === 'checking')).toBe(false);
    },
    'addPrescription.added': (s) => {
      expect(s.status).toBe('done');
      const x = c(s);
      const out = s.output!;
      expect(out).toEqual(addedPrescriptions(x));
      expect(out.physician).toEqual(DOCTOR);
      expect(out.records.length).toBe(x.rows.length);
      for (const [i, r] of out.records.entries()) {
        expect(r.transferRxStatusInfo.code).toBe(12);
        expect(r.ndc).toBe(x.rows[i]!.drug!.ndc);
        expect(r.manualRx).toBe(x.kind === 'active');
        expect(r.prescriptionOption).toBe(x.rows[i]!.option === 'autoRefill');
        expect(r.controlledSubstance).toBe(controlled(s, i) ? 1 : 0);
        expect(r.physicianInfo).toEqual(DOCTOR);
        expect(r.pharmacyInfo).toEqual(out.pharmacy);
      }
      if (x.kind === 'active') {
        const full = { pharmacyName: 'Corner Drug', zipCode: '85281', pharmacyAddress: '1 Mill Ave', pharmacyCity: 'Tempe', pharmacyState: 'AZ', phoneNumber: '4805550199' };
        expect(out.pharmacy).toEqual(x.pharmacy.phone === '' ? { pharmacyName: 'Corner Drug' } : full);
        expect(out.records[0]!.rxNumber).toBe('6012345');
      } else expect(out.pharmacy).toBeNull();
    },
    'addPrescription.closed': (s) => {
      expect(s.status).toBe('done');
      expect(s.output).toBeNull();
      expect(c(s).rows).toEqual([]);
    },
  },
};
