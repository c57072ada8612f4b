import { describe, expect, test } from 'vitest';
import type { EligibilityResult } from '../../contract.ts';
import { completedMember, missingGreeting, missingParts, withPatientAlerts } from './missingInfo.ts';

const member = (patientId: number | null, alerts: Partial<EligibilityResult['missingAlerts']> = {}) =>
  ({
    patient: { patientId },
    missingAlerts: { missingShippingAddress: false, missingContactPhoneNumber: false, missingPaymentInfo: false, missingNotificationPrefs: false, missingHealthInfo: false, ...alerts },
  }) as EligibilityResult;

describe('missing information', () => {
  test('an unregistered member registers everything', () => {
    expect(missingParts(member(null))).toEqual(['Shipping & Contact Info', 'Payment Info', 'Notification Preferences', 'Health Info']);
    expect(missingGreeting(member(null))).toBe('Looks like you are not registered yet for mail order.');
  });
  test('a registered member sees only the missing parts', () => {
    expect(missingParts(member(7, { missingPaymentInfo: true, missingNotificationPrefs: true }))).toEqual(['Payment Info', 'Notification Preferences']);
    expect(missingParts(member(7, { missingShippingAddress: true }))).toEqual(['Shipping']);
    expect(missingParts(member(7, { missingContactPhoneNumber: true }))).toEqual(['Contact Info']);
    expect(missingGreeting(member(7, { missingHealthInfo: true }))).toBe('Looks like we are missing some information.');
    expect(missingGreeting(member(7))).toBeNull();
  });
  test('once the registration page is done, the member is a patient with nothing missing', () => {
    const done = completedMember({ ...member(null, { missingPaymentInfo: true, missingHealthInfo: true }), registrationStatus: { isRegistered: false, isProfileLinked: false } } as EligibilityResult, 1042);
    expect(done.patient.patientId).toBe(1042);
    expect(done.registrationStatus).toEqual({ isRegistered: true, isProfileLinked: false });
    expect(missingParts(done)).toEqual([]);
    expect(missingGreeting(done)).toBeNull();
  });
});

describe('the flags come from PUT /mmar/Patient/Alerts (section 7), those of eligibility the fallback', () => {
  const alerts = { missingShippingAddress: false, missingContactPhoneNumber: false, missingPaymentInfo: true, missingNotificationPrefs: false, missingHealthInfo: true };
  test("a registered member's flags are the alerts call's", () => {
    expect(missingParts(withPatientAlerts(member(7, { missingShippingAddress: true }), alerts))).toEqual(['Payment Info', 'Health Info']);
  });
  test("the call failed: eligibility's flags stay; an unregistered member registers everything", () => {
    expect(missingParts(withPatientAlerts(member(7, { missingShippingAddress: true }), null))).toEqual(['Shipping']);
    expect(missingParts(withPatientAlerts(member(null), alerts))).toEqual(['Shipping & Contact Info', 'Payment Info', 'Notification Preferences', 'Health Info']);
  });
});
