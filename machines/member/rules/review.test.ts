import { describe, expect, test } from 'vitest';
import type { NewRxRecord, Pharmacy, PhysicianInformation, TransferPrescription } from '../records.ts';
import { refillDate, requestEstimate, requestKind, summaryCard, summaryNotification, summaryPhone, transferSubmission } from './review.ts';

const DOCTOR = { firstName: 'Ann', lastName: 'Smith', npi: '1234567890' } as PhysicianInformation;
const OTHER_DOCTOR = { firstName: 'Nadia', lastName: 'Petrov' } as PhysicianInformation;
const CORNER: Pharmacy = { pharmacyName: 'Corner Drug', zipCode: '85281' };
const listed = (ndc: string, code: number): TransferPrescription =>
  ({ ndc, labelName: `DRUG ${ndc}`, transferRxStatusInfo: { code, description: 'x', requestedDate: null } }) as TransferPrescription;
const added = (ndc: string, manualRx: boolean, autoRefill: boolean): NewRxRecord =>
  ({
    ...listed(ndc, 12),
    transferRxStatusInfo: { code: 12, description: 'NonMaintenanceDrug', requestedDate: null },
    selected: true,
    daysSupply: 90,
    controlledSubstance: 0,
    prescriptionOption: autoRefill,
    manualRx,
    rxNumber: manualRx ? '6012345' : null,
    pharmacyInfo: manualRx ? CORNER : null,
    physicianInfo: OTHER_DOCTOR,
  }) as NewRxRecord;

describe('the transfer submission (section 3)', () => {
  test('list drugs of the pharmacy group are transfers; of the physician group, requests to the doctor', () => {
    expect([0, 2].map((c) => requestKind(listed('1', c)))).toEqual(['transfer', 'transfer']);
    expect([4, 5, 6, 7].map((c) => requestKind(listed('1', c)))).toEqual(['newRx', 'newRx', 'newRx', 'newRx']);
  });
  test('manually entered prescriptions go in transfers, with their pharmacy, Rx number and auto refill choice', () => {
    const drugs = [listed('00000000001', 0), listed('00000000004', 4), added('00000000012', true, true), added('00000000013', false, true)];
    const body = transferSubmission({ drugs, physician: DOCTOR, pharmacy: CORNER }, drugs);
    expect(body.siteIdentifier).toBe('MMAR');
    expect(body.transferRx.transfers).toEqual([
      { drugNDC: '00000000001', selectedDrugName: 'DRUG 00000000001', autoRefill: false, pharmacyInformation: null, physicianInformation: DOCTOR },
      { drugNDC: '00000000012', selectedDrugName: 'DRUG 00000000012', transferRxNumber: '6012345', autoRefill: true, pharmacyInformation: CORNER, physicianInformation: OTHER_DOCTOR },
    ]);
    expect(body.newRx).toEqual({
      isNvx: false,
      physicianInformation: DOCTOR,
      newRxRequests: [
        { rxInformation: { autoRefill: false, fillProfile: true, requestDrugName: 'DRUG 00000000004', requestDrugNDC: '00000000004' } },
        { rxInformation: { autoRefill: true, fillProfile: true, requestDrugName: 'DRUG 00000000013', requestDrugNDC: '00000000013' } },
      ],
    });
  });
  test('no request to the doctor: no doctor in newRx', () => {
    const drugs = [listed('00000000001', 0)];
    expect(transferSubmission({ drugs, physician: DOCTOR, pharmacy: null }, drugs).newRx).toEqual({ isNvx: false, physicianInformation: null, newRxRequests: [] });
  });
});

describe('the summary in words', () => {
  test('phone, card and notification', () => {
    expect(summaryPhone({ areaCode: '602', phoneNumber: '5550123', phoneType: 8 })).toBe('602-555-0123 (Mobile)');
    expect(summaryPhone(null)).toBe('No phone number on file.');
    expect(summaryCard({ cardSeqNum: 1, cardTypeNum: 1, cardType: 'VISA', cardNumber: '1111', defaultCard: true, cardMonthNum: 8, cardYear: 2030 }, false, '2026-11-22')).toBe('Visa ending 1111, expires 08/2030');
    expect(summaryCard(null, true, '2026-11-22')).toBe('Bill me later');
    expect(summaryCard(null, false, '2026-11-22')).toBe('No payment methods on file');
    // Section 5: a saved card past its expiry is flagged with its date; this month's is still good.
    const card = { cardSeqNum: 2, cardTypeNum: 2 as const, cardType: 'MASTERCARD', cardNumber: '4444', defaultCard: false };
    expect(summaryCard({ ...card, cardMonthNum: 10, cardYear: 2026 }, false, '2026-11-22')).toBe('Mastercard ending 4444, EXPIRED 10/2026');
    expect(summaryCard({ ...card, cardMonthNum: 11, cardYear: 2026 }, false, '2026-11-22')).toBe('Mastercard ending 4444, expires 11/2026');
    expect(summaryCard({ ...card, cardMonthNum: 12, cardYear: 2025, cardExpiration: '12/2025' }, false, '2026-11-22')).toBe('Mastercard ending 4444, EXPIRED 12/2025');
    const setting = { id: 1, patientId: 1, includePHI: false as const, optIn: true };
    expect(summaryNotification({ ...setting, modalityType: { id: 2 }, modalityValue: { id: 1, value: '6025550123' }, timeZone: 'M' })).toBe('SMS Text: 602-555-0123 (Mountain time)');
    expect(summaryNotification({ ...setting, modalityType: { id: 3 }, modalityValue: { id: 1, value: 'a@b.example' }, timeZone: null })).toBe('Email: a@b.example');
    expect(summaryNotification({ ...setting, modalityType: { id: 0 }, optIn: false, timeZone: null })).toBe('None');
  });
  test('estimated refill dates', () => {
    expect(refillDate('2026-11-29')).toBe('11/29/2026');
    expect(refillDate(null)).toBe('To be confirmed');
  });
});

describe("the review's estimated cost", () => {
  test('every requested prescription by mail order; a saving over 90 days only where both copays are known; one added by hand has no estimate', () => {
    const priced = (ndc: string, code: number, daysSupply: number, incumbentCopayAmount: number | null, midCopayAmount: number | null) =>
      ({ ...listed(ndc, code), daysSupply, copayInfo: { incumbentCopayAmount, midCopayAmount, dailyIncumbentCopayAmount: null, dailyMIDCopayAmount: null } }) as TransferPrescription;
    const handAdded = { ...added('00000000012', true, false), copayInfo: { incumbentCopayAmount: null, dailyIncumbentCopayAmount: null, midCopayAmount: null, dailyMIDCopayAmount: null } };
    const estimate = requestEstimate([priced('1', 0, 30, 15, 30), priced('4', 4, 90, null, 9.99), handAdded]);
    expect(estimate).toEqual({ mailOrderCents: 3999, count: 3, noEstimate: ['DRUG 00000000012'], savingCents: 1500, savingCount: 1 });
  });
});
