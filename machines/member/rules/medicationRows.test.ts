import { describe, expect, test } from 'vitest';
import type { PhysicianInformation } from '../../contract.ts';
import {
  canAddRow,
  changesDrugName,
  checkedEligibility,
  cleanRxNumber,
  eligibilityInput,
  emptyRow,
  isDuplicate,
  lookupText,
  newRxRecord,
  newRxRecords,
  offers,
  optionAllowed,
  pickedRow,
  queuedRow,
  rowErrors,
  rowHint,
  rowStatus,
  rowAutoRefillRefusal,
  rowValid,
  typedRow,
  withEligibility,
  withSuggestions,
  type DrugSuggestion,
  type MedicationRow,
  type NewRxEligibilityResult,
} from './medicationRows.ts';

const A20: DrugSuggestion = {
  ndc: '00093505698',
  gpi: '39400010100310',
  labelName: 'ATORVASTATIN 20 MG TABLET',
  brandName: 'LIPITOR',
  genericName: 'ATORVASTATIN CALCIUM',
  strength: '20 MG',
  dosageForm: 'TABLET',
};
const A40: DrugSuggestion = { ...A20, ndc: '00093505798', labelName: 'ATORVASTATIN 40 MG TABLET', strength: '40 MG' };
const DOCTOR: PhysicianInformation = {
  npi: '1234567893',
  deaNo: null,
  ePostDoctoNum: null,
  firstName: 'JOHN',
  middleName: null,
  lastName: 'SMITH',
  addresses: [{ streetAddress1: '100 E University Dr', streetAddress2: null, city: 'Tempe', state: 'AZ', zipCode: '85281', phoneNumber: '4805550100', faxNumber: null }],
};
const OK = { index: 0, transferRxStatusInfo: { code: 12 as const, description: 'NonMaintenanceDrug', requestedDate: null }, eligibleStatusMessage: 'OK to request new prescription.' };
const C2 = { index: 0, transferRxStatusInfo: { code: 3 as const, description: 'C2', requestedDate: null }, eligibleStatusMessage: 'This drug is a C2 controlled substance.' };

/** C3 to C5 (tramadol): selectable, a controlled substance. */
const C3 = { index: 0, transferRxStatusInfo: { code: 4 as const, description: 'ControlledSubstanceC3toC5', requestedDate: null }, eligibleStatusMessage: 'This drug is a controlled substance and may not be eligible for mail order.' };
const PLAN = { governmentFunded: false };
const PART_D = { governmentFunded: true };

const offered = (id: number, text = 'ator') => ({ ...typedRow(emptyRow(id), text), suggestions: [A20, A40] });
const checked = (row: MedicationRow, result: NewRxEligibilityResult = OK): MedicationRow => ({ ...row, eligibility: checkedEligibility(result) });
const ready = (id: number, drug = A40): MedicationRow => ({ ...checked(pickedRow(offered(id), drug)), option: 'autoRefill' });
const view = { submitted: false, searching: false };

describe('Add Prescription: medication rows', () => {
  test('3 or more letters are looked up; fewer show "Drug Names: Requires 3 or more letters"', () => {
    expect(lookupText('at')).toBeNull();
    expect(lookupText('  at ')).toBeNull();
    expect(lookupText('ator')).toBe('ator');
    expect(lookupText('a<b>')).toBeNull();
    const rows = [typedRow(emptyRow(0), 'at')];
    expect(rowStatus(rows, 0, [])).toBe('short');
    // Not while typed: once the field is left, or Submit pressed.
    expect(rowErrors(rows, 0, [], view).drug).toBeUndefined();
    expect(rowErrors([{ ...rows[0]!, left: true }], 0, [], view).drug).toBe('Drug Names: Requires 3 or more letters');
    expect(rowErrors(rows, 0, [], { ...view, submitted: true }).drug).toBe('Drug Names: Requires 3 or more letters');
    expect(typedRow(emptyRow(0), 'x'.repeat(120)).drugName).toHaveLength(100);
  });
  test('3 or more letters without a pick show "Please choose a drug from the list", not while searching', () => {
    const rows = [{ ...offered(0), left: true }];
    expect(rowStatus(rows, 0, [])).toBe('typed');
    expect(rowErrors(rows, 0, [], view).drug).toBe('Please choose a drug from the list');
    expect(rowErrors([offered(0)], 0, [], view).drug).toBeUndefined();
    expect(rowErrors(rows, 0, [], { ...view, searching: true }).drug).toBeUndefined();
    expect(rowHint(rows, 0, [], { ...view, searching: true })).toBe('Searching…');
    expect(rowHint([{ ...typedRow(emptyRow(0), 'zzz'), suggestions: [] }], 0, [], view)).toBe('No drugs match this name. Check the spelling.');
    const failed = withSuggestions([typedRow(emptyRow(0), 'ator')], 0, [], 'Unable to process the request at this time. Please try after some time.');
    expect(rowErrors(failed, 0, [], view).drug).toBe('Unable to process the request at this time. Please try after some time.');
  });
  test('a pick puts the label in the field and queues the eligibility call; the echo of the label changes nothing', () => {
    const row = pickedRow(offered(0), A40);
    expect(row.drugName).toBe('ATORVASTATIN 40 MG TABLET');
    expect(row.eligibility).toEqual({ status: 'queued' });
    expect(changesDrugName(row, 'ATORVASTATIN 40 MG TABLET')).toBe(false);
    expect(changesDrugName(row, 'ATORVASTATIN 40 MG TABLE')).toBe(true);
    expect(typedRow(row, 'ATORVASTATIN 40 MG TABLE')).toMatchObject({ drug: null, suggestions: null, eligibility: { status: 'none' } });
    expect(offers(offered(0), A40)).toBe(true);
    expect(offers(row, A40)).toBe(false);
    expect(offers(emptyRow(0), A40)).toBe(false);
    expect(queuedRow([emptyRow(0), row])?.id).toBe(0);
    expect(eligibilityInput(row, 3)).toEqual({ ndc: A40.ndc, gpi: A40.gpi, index: 3 });
  });
  test('an answer goes only to the row still waiting for it; suggestions only to a row without a pick', () => {
    const waiting = { ...pickedRow(offered(0), A40), eligibility: { status: 'checking' as const } };
    const repicked = pickedRow(offered(1), A20);
    const rows = withEligibility([waiting, repicked], 0, checkedEligibility(OK), PLAN);
    expect(rows[0]!.eligibility).toEqual({ status: 'checked', code: 12, message: 'OK to request new prescription.' });
    expect(withEligibility([repicked], 1, checkedEligibility(OK), PLAN)[0]!.eligibility).toEqual({ status: 'queued' });
    expect(withEligibility([waiting], 7, checkedEligibility(OK), PLAN)).toEqual([waiting]);
    expect(withSuggestions([repicked], 1, [A40], null)[0]!.suggestions).toEqual([A20, A40]);
  });
  test('the eligibility message shows under the row; a code that cannot be selected makes the row invalid', () => {
    const ok = [ready(0)];
    expect(rowStatus(ok, 0, [])).toBe('eligible');
    expect(rowHint(ok, 0, [], view)).toBe('OK to request new prescription.');
    // The same answer for an active prescription at another pharmacy: Finish sends it as a transfer (section 8, code 0).
    expect(rowHint(ok, 0, [], { ...view, kind: 'active' })).toBe('OK to transfer prescription.');
    expect(rowHint(ok, 0, [], { ...view, kind: 'new' })).toBe('OK to request new prescription.');
    expect(rowValid(ok, 0, [])).toBe(true);
    for (const code of [1, 3, 8, 9, 10, 11] as const) {
      const rows = [{ ...ready(0), eligibility: checkedEligibility({ ...C2, transferRxStatusInfo: { ...C2.transferRxStatusInfo, code } }) }];
      expect(rowStatus(rows, 0, [])).toBe('ineligible');
      expect(rowErrors(rows, 0, [], view).drug).toBe('This drug is a C2 controlled substance.');
      expect(rowValid(rows, 0, [])).toBe(false);
      expect(canAddRow(rows, [])).toBe(false);
    }
    const noText = [{ ...ready(0), eligibility: checkedEligibility({ ...C2, eligibleStatusMessage: null }) }];
    expect(rowErrors(noText, 0, [], view).drug).toBe('This drug cannot be added online.');
    const failed = [{ ...ready(0), eligibility: { status: 'failed' as const, text: 'Drug not found.' } }];
    expect(rowStatus(failed, 0, [])).toBe('failed');
    expect(rowErrors(failed, 0, [], view).drug).toBe('Drug not found.');
    expect(rowValid(failed, 0, [])).toBe(false);
    const checking = [{ ...ready(0), eligibility: { status: 'checking' as const } }];
    expect(rowStatus(checking, 0, [])).toBe('picked');
    expect(rowHint(checking, 0, [], view)).toBe('Checking this drug…');
    expect(rowValid(checking, 0, [])).toBe(false);
  });
  test('a duplicate: on the member list, or picked in an earlier row', () => {
    expect(isDuplicate([ready(0, A20)], 0, [A20.ndc])).toBe(true);
    const two = [ready(0), ready(1)];
    expect(isDuplicate(two, 0, [])).toBe(false);
    expect(isDuplicate(two, 1, [])).toBe(true);
    expect(rowStatus(two, 1, [])).toBe('duplicate');
    expect(rowErrors(two, 1, [], view).drug).toBe('This medication is already on your list of medications.');
    expect(rowValid(two, 1, [])).toBe(false);
  });
  test('"Add another prescription" waits for every row to have a drug, an option, and no duplicate', () => {
    expect(canAddRow([emptyRow(0)], [])).toBe(false);
    expect(canAddRow([{ ...ready(0), option: null }], [])).toBe(false);
    expect(canAddRow([ready(0)], [])).toBe(true);
    expect(canAddRow([{ ...ready(0), eligibility: { status: 'checking' } }], [])).toBe(true);
    expect(canAddRow([ready(0), ready(1)], [])).toBe(false);
    expect(canAddRow([ready(0), ready(1, A20)], [])).toBe(true);
    expect(canAddRow([ready(0, A20)], [A20.ndc])).toBe(false);
  });
  test('"Please fill medication info." for a missing drug or option once Submit was pressed', () => {
    const rows = [emptyRow(0)];
    expect(rowErrors(rows, 0, [], view)).toEqual({});
    expect(rowErrors(rows, 0, [], { ...view, submitted: true })).toEqual({ drug: 'Please fill medication info.', option: 'Please fill medication info.' });
    expect(rowErrors([{ ...ready(0), option: null }], 0, [], { ...view, submitted: true })).toEqual({ option: 'Please fill medication info.' });
  });
  test('the Rx Number: at most 10, letters digits and hyphens', () => {
    expect(cleanRxNumber(' 6012345-ABCDEF')).toBe('6012345-AB');
    expect(rowErrors([{ ...ready(0), rxNumber: '60 12' }], 0, [], view).rxNumber).toBe('Rx Number: use letters, digits and hyphens only');
    expect(rowValid([{ ...ready(0), rxNumber: '60#12' }], 0, [])).toBe(false);
    expect(rowValid([{ ...ready(0), rxNumber: '6012345' }], 0, [])).toBe(true);
  });
  test('the new-Rx record built from a row (section 3)', () => {
    const pharmacy = { pharmacyName: 'Corner Drug', phoneNumber: '4805550199' };
    const row = { ...ready(0), rxNumber: '6012345' };
    expect(newRxRecord(row, { kind: 'active', pharmacy, physician: DOCTOR })).toEqual({
      transferRxStatusInfo: { code: 12, description: 'NonMaintenanceDrug', requestedDate: null },
      ndc: A40.ndc,
      gpi: A40.gpi,
      selected: true,
      brandName: 'LIPITOR',
      genericName: 'ATORVASTATIN CALCIUM',
      labelName: 'ATORVASTATIN 40 MG TABLET',
      strength: '40 MG',
      daysSupply: 90,
      controlledSubstance: 0,
      eligibility: { code: 12, message: 'OK to request new prescription.' },
      copayInfo: { incumbentCopayAmount: null, dailyIncumbentCopayAmount: null, midCopayAmount: null, dailyMIDCopayAmount: null },
      prescriptionOption: true,
      manualRx: true,
      rxNumber: '6012345',
      pharmacyInfo: pharmacy,
      physicianInfo: DOCTOR,
    });
    // A new prescription: no Rx Number, no pharmacy; Not Auto Refill is false.
    const fresh = newRxRecord({ ...row, option: 'notAutoRefill' }, { kind: 'new', pharmacy: null, physician: DOCTOR });
    expect(fresh).toMatchObject({ manualRx: false, prescriptionOption: false, rxNumber: null, pharmacyInfo: null });
    // An active prescription without an Rx Number; a drug without names or gpi.
    const bare = newRxRecord({ ...row, rxNumber: ' ', drug: { ndc: '00000000001', labelName: 'X' } }, { kind: 'active', pharmacy, physician: DOCTOR });
    expect(bare).toMatchObject({ rxNumber: null, brandName: null, genericName: null, strength: null });
    expect('gpi' in bare).toBe(false);
    expect(newRxRecords([ready(0), ready(1, A20)], { kind: 'new', pharmacy: null, physician: DOCTOR }).map((r) => r.ndc)).toEqual([A40.ndc, A20.ndc]);
  });

  test('Auto Refill is not for a controlled substance nor a government-funded plan (sections 6 and 9): the reason, and the option taken back', () => {
    const waiting = { ...pickedRow(offered(0), A40), eligibility: { status: 'checking' as const }, option: 'autoRefill' as const };
    // Chosen before the check answered: a controlled substance takes it back; the person chooses again.
    const [controlled] = withEligibility([waiting], 0, checkedEligibility(C3), PLAN);
    expect(controlled!.option).toBeNull();
    expect(rowAutoRefillRefusal(controlled!, PLAN)).toBe('Auto Refill is not available for controlled substances.');
    expect(optionAllowed(controlled!, 'autoRefill', PLAN)).toBe(false);
    expect(optionAllowed(controlled!, 'notAutoRefill', PLAN)).toBe(true);
    // Not Auto Refill chosen before stays; a drug that may have it keeps Auto Refill.
    expect(withEligibility([{ ...waiting, option: 'notAutoRefill' }], 0, checkedEligibility(C3), PLAN)[0]!.option).toBe('notAutoRefill');
    expect(withEligibility([waiting], 0, checkedEligibility(OK), PLAN)[0]!.option).toBe('autoRefill');
    // A Part D member: no drug, checked or not.
    expect(rowAutoRefillRefusal(emptyRow(0), PART_D)).toBe('Auto Refill is not available for government-funded plans such as Medicare Part D.');
    expect(withEligibility([waiting], 0, checkedEligibility(OK), PART_D)[0]!.option).toBeNull();
    expect(rowAutoRefillRefusal(checked(pickedRow(offered(0), A40)), PLAN)).toBeNull();
  });
  test('the record keeps what the check said: a controlled substance stays one', () => {
    const row = { ...checked(pickedRow(offered(0), A40), C3), option: 'notAutoRefill' as const };
    expect(newRxRecord(row, { kind: 'new', pharmacy: null, physician: DOCTOR })).toMatchObject({
      transferRxStatusInfo: { code: 12 },
      controlledSubstance: 1,
      eligibility: { code: 4, message: 'This drug is a controlled substance and may not be eligible for mail order.' },
      prescriptionOption: false,
    });
  });
});
