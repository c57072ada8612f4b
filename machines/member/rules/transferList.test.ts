import { describe, expect, test } from 'vitest';
import type { TransferPrescription, TransferStatusCode } from '../../contract.ts';
import { canShowMore, copayLine, filteredDrugs, inWords, pagesToLoad, searchError, selectedCountText, statusMessage, TRANSFER_CODES } from './transferList.ts';

const drug = (code: TransferStatusCode, over: Partial<TransferPrescription> = {}): TransferPrescription => ({
  ndc: `ndc-${code}`,
  labelName: `DRUG ${code}`,
  daysSupply: 90,
  copayInfo: { incumbentCopayAmount: 30, dailyIncumbentCopayAmount: null, midCopayAmount: 10, dailyMIDCopayAmount: null },
  transferRxStatusInfo: { code, description: '', requestedDate: null },
  ...over,
});

describe('Select Your Prescriptions rules', () => {
  test('the groups and selectability of the 13 codes follow section 4', () => {
    const selectable = Object.entries(TRANSFER_CODES).filter(([, v]) => v.selectable).map(([k]) => Number(k));
    expect(selectable).toEqual([0, 2, 4, 5, 6, 7, 12]);
    expect(TRANSFER_CODES[1].group).toBe('nonActionable');
    expect(TRANSFER_CODES[7].group).toBe('physician');
  });
  test('the display order is 0, 2, 4, 5, 6, 7, 1, 3, 8, 9, 10 (then 11)', () => {
    const codes: TransferStatusCode[] = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0];
    expect(filteredDrugs(codes.map((c) => drug(c)), 'all', null).map((d) => d.transferRxStatusInfo.code)).toEqual([0, 2, 4, 5, 6, 7, 1, 3, 8, 9, 10, 11]);
  });
  test('the filters and the search', () => {
    const list = [drug(0, { labelName: 'ATORVASTATIN 20 MG' }), drug(1), drug(3)];
    expect(filteredDrugs(list, 'available', null)).toHaveLength(1);
    expect(filteredDrugs(list, 'notAvailable', null)).toHaveLength(2);
    expect(filteredDrugs(list, 'all', 'ator')).toHaveLength(1);
    expect(searchError('')).toBe('Enter Drug Name');
    expect(searchError(' a ')).toBe('Drug Name must be at least 2 characters');
    expect(searchError('at')).toBeNull();
  });
  test('messages follow section 8, with the request date and the 84-day conversion', () => {
    expect(statusMessage(drug(0), '1-800-555-0101')).toEqual(['OK to transfer prescription.']);
    expect(statusMessage(drug(12), '')).toEqual(['OK to request new prescription.']);
    // An added prescription keeps its check's words; an active one is a transfer (code 0's words).
    const tramadol = 'This drug is a controlled substance and may not be eligible for mail order.';
    expect(statusMessage({ ...drug(12), eligibility: { code: 4, message: tramadol }, manualRx: false }, '')).toEqual([tramadol]);
    expect(statusMessage({ ...drug(12), eligibility: { code: 12, message: 'OK to request new prescription.' }, manualRx: true }, '')).toEqual(['OK to transfer prescription.']);
    expect(statusMessage({ ...drug(12), eligibility: { code: 12, message: 'OK to request new prescription.' }, manualRx: false }, '')).toEqual(['OK to request new prescription.']);
    // An active prescription entered in Add a Prescription is sent as a transfer: its OK says so (section 8, code 0).
    expect(statusMessage({ ...drug(12), manualRx: true } as TransferPrescription, '')).toEqual(['OK to transfer prescription.']);
    expect(statusMessage({ ...drug(12), manualRx: false } as TransferPrescription, '')).toEqual(['OK to request new prescription.']);
    expect(statusMessage(drug(1), '1-800-555-0101')[0]).toContain('1-800-555-0101');
    expect(statusMessage(drug(2, { daysSupply: 30 }), '').join(' ')).toContain('Your 30-day fill will be converted to a 90-day supply.');
    const requested = statusMessage(drug(8, { transferRxStatusInfo: { code: 8, description: '', requestedDate: '2026-11-15' } }), '');
    expect(requested).toEqual([
      'There has been a request to transfer this prescription and it will be filled as soon as possible.',
      'Date requested: 11/15/2026',
      'Request sent to pharmacy and is waiting for a response.',
    ]);
  });
  test('paging: 11 first from pages 1 and 2, then 6 more, Show More only while more exist', () => {
    expect(pagesToLoad(0, 11, 1000)).toEqual([1, 2]);
    expect(pagesToLoad(12, 17, 14)).toEqual([3]);
    expect(pagesToLoad(12, 17, 12)).toEqual([]);
    expect(canShowMore(11, 14)).toBe(true);
    expect(canShowMore(17, 14)).toBe(false);
    expect(canShowMore(11, 11)).toBe(false);
  });
  test('the copay line: / N Day under 84 days, / 90 Day for mail order, the lower per day highlighted', () => {
    const short = copayLine(drug(0, { daysSupply: 30 }));
    expect(short.current.per).toBe('/ 30 Day');
    expect(short.mailOrder.per).toBe('/ 90 Day');
    expect(short.mailOrder.lower).toBe(true);
    expect(copayLine(drug(0)).current.per).toBeNull();
    const none = copayLine(drug(1, { copayInfo: { incumbentCopayAmount: 250, midCopayAmount: null } }));
    expect(none.current.lower || none.mailOrder.lower).toBe(false);
  });
  test('the selected count in digits and words', () => {
    expect(selectedCountText(1)).toBe('1 (one) prescription selected');
    expect(selectedCountText(14)).toBe('14 (fourteen) prescriptions selected');
    expect(inWords(42)).toBe('forty-two');
  });
});
