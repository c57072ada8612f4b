import { describe, expect, test } from 'vitest';
import type { EligibilityResult } from '../../contract.ts';
import { missingGreeting, missingParts } from './missingInfo.ts';

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
});
