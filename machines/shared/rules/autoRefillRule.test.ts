import { describe, expect, test } from 'vitest';
import { AUTO_REFILL_REFUSED, autoRefillRefusal } from './autoRefillRule.ts';
import { offersAutoRefill } from '../../link/rules/easyFill.ts';

describe("auto refill's one rule", () => {
  const eligible = { autoFillEligible: true, daysSupply: 90, controlled: false, mustPlaceOrder: false };

  test('refuses a drug not flagged eligible, a controlled substance, a government-funded plan, a fill under 84 days, one to order first', () => {
    expect(autoRefillRefusal(eligible)).toBeNull();
    expect(autoRefillRefusal({ ...eligible, daysSupply: 84 })).toBeNull();
    expect(autoRefillRefusal({ ...eligible, autoFillEligible: false })).toBe(AUTO_REFILL_REFUSED.notEligible);
    expect(autoRefillRefusal({ ...eligible, controlled: true })).toBe(AUTO_REFILL_REFUSED.controlled);
    expect(autoRefillRefusal({ ...eligible, daysSupply: 83 })).toBe(AUTO_REFILL_REFUSED.shortFill);
    expect(autoRefillRefusal({ ...eligible, mustPlaceOrder: true })).toBe(AUTO_REFILL_REFUSED.orderFirst);
    expect(autoRefillRefusal({ ...eligible, governmentFunded: true })).toBe(AUTO_REFILL_REFUSED.governmentFunded);
  });

  test('says the controlled substance first: the reason a person can act on least', () => {
    expect(autoRefillRefusal({ ...eligible, autoFillEligible: false, controlled: true, daysSupply: 30 })).toBe(AUTO_REFILL_REFUSED.controlled);
  });

  test('holds no unknown fact against a drug (the gateway knows them all)', () => {
    expect(autoRefillRefusal({ autoFillEligible: true })).toBeNull();
    expect(autoRefillRefusal({ daysSupply: 90 })).toBeNull();
  });

  test("is what Easy Fill's page offers the toggle for", () => {
    const drug = { rxId: 1, dispensedMedName: 'HYDROCHLOROTHIAZIDE 25 mg', autoFillEligible: true };
    expect(offersAutoRefill({ ...drug, daysSupply: 90 })).toBe(true);
    expect(offersAutoRefill({ ...drug, daysSupply: 30 })).toBe(false);
    expect(offersAutoRefill({ ...drug, daysSupply: 90, autoFillEligible: false })).toBe(false);
    expect(offersAutoRefill({ rxId: 2, dispensedMedName: 'LISINOPRIL 10 mg', daysSupply: 90 })).toBe(false);
  });
});
