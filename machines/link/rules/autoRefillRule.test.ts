import { describe, expect, test } from 'vitest';
import { AUTO_REFILL_REFUSED, autoRefillRefusal } from './autoRefillRule.ts';
import { offersAutoRefill } from './easyFill.ts';

describe("auto refill's one rule", () => {
  const eligible = { autoFillEligible: true, daysSupply: 90, controlled: false, mustPlaceOrder: false };

  test('refuses a drug not flagged eligible, a controlled substance, a fill under 84 days, one to order first', () => {
    expect(autoRefillRefusal(eligible)).toBeNull();
    expect(autoRefillRefusal({ ...eligible, daysSupply: 84 })).toBeNull();
    expect(autoRefillRefusal({ ...eligible, autoFillEligible: false })).toBe(AUTO_REFILL_REFUSED.notEligible);
    expect(autoRefillRefusal({ ...eligible, controlled: true })).toBe(AUTO_REFILL_REFUSED.controlled);
    expect(autoRefillRefusal({ ...eligible, daysSupply: 83 })).toBe(AUTO_REFILL_REFUSED.shortFill);
    expect(autoRefillRefusal({ ...eligible, mustPlaceOrder: true })).toBe(AUTO_REFILL_REFUSED.orderFirst);
  });

  test('holds no unknown fact against a drug, but an unknown flag is no eligibility', () => {
    expect(autoRefillRefusal({ autoFillEligible: true })).toBeNull();
    expect(autoRefillRefusal({})).toBe(AUTO_REFILL_REFUSED.notEligible);
  });

  test("is what Easy Fill's page offers the toggle for", () => {
    const drug = { rxId: 1, dispensedMedName: 'HYDROCHLOROTHIAZIDE 25 mg', autoFillEligible: true };
    expect(offersAutoRefill({ ...drug, daysSupply: 90 })).toBe(true);
    expect(offersAutoRefill({ ...drug, daysSupply: 30 })).toBe(false);
    expect(offersAutoRefill({ ...drug, daysSupply: 90, autoFillEligible: false })).toBe(false);
  });
});
