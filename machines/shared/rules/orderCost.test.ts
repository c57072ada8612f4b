import { describe, expect, test } from 'vitest';
import { copayCents, formatDollars, orderTotal, orderTotalText, SHIPPING_LINE, STANDARD_SHIPPING_CENTS, transferEstimate, transferEstimateText } from './orderCost.ts';

describe('the cost before the order', () => {
  test('copays are read in whole cents, rounded half up at the third decimal, never through a float product', () => {
    expect(copayCents(12.5)).toBe(1250);
    expect(copayCents(1.005)).toBe(101);
    expect(copayCents(0.1 + 0.2)).toBe(30);
    expect(copayCents('1,234.567')).toBe(123457);
    expect(copayCents('$3')).toBe(300);
    expect(copayCents('.5')).toBe(50);
    expect(copayCents(0)).toBe(0);
    expect(copayCents(1e-7)).toBe(0);
    expect(copayCents(1e21)).toBeNull();
  });

  test('a missing, empty, non-numeric or negative copay is not available', () => {
    for (const copay of [null, undefined, '', ' ', 'n/a', '1.2.3', '-4', -4, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(copayCents(copay)).toBeNull();
    }
  });

  test('dollars: thousands separators, two decimals, a sign before the dollar', () => {
    expect(formatDollars(0)).toBe('$0.00');
    expect(formatDollars(5)).toBe('$0.05');
    expect(formatDollars(126250)).toBe('$1,262.50');
    expect(formatDollars(123456789)).toBe('$1,234,567.89');
    expect(formatDollars(-300)).toBe('-$3.00');
  });

  test('the order total adds the known copays in cents and names those not available as not included', () => {
    const total = orderTotal([
      { name: 'ATORVASTATIN', copay: 10 },
      { name: 'APIXABAN', copay: '1,250.00' },
      { name: 'METFORMIN', copay: null },
      { name: 'TRAMADOL', copay: 12.5 },
    ]);
    expect(total).toEqual({ totalCents: 127250 + STANDARD_SHIPPING_CENTS, count: 4, notIncluded: ['METFORMIN'] });
    expect(orderTotalText(total)).toBe('Order total for 4 prescriptions: $1,272.50. Not included, copay not available: METFORMIN.');
    // Ten cents three times is thirty cents, where floats give 0.30000000000000004.
    expect(orderTotal([0.1, 0.1, 0.1].map((copay, i) => ({ name: `D${i}`, copay }))).totalCents).toBe(30);
  });

  test('shipping is free, and an order of copays none of which is known has no total', () => {
    expect(STANDARD_SHIPPING_CENTS).toBe(0);
    expect(SHIPPING_LINE).toBe('Standard shipping: free');
    const none = orderTotal([{ name: 'METFORMIN', copay: null }]);
    expect(none.totalCents).toBeNull();
    expect(orderTotalText(none)).toBe('Order total for 1 prescription: Not Available. Not included, copay not available: METFORMIN.');
    expect(orderTotalText(orderTotal([]))).toBe('Order total for 0 prescriptions: $0.00.');
  });

  test('the transfer estimate: the mail-order total, and the saving over 90 days only where both copays are known', () => {
    const estimate = transferEstimate([
      // 30 days at $15 retail is $45 for 90 days; $30 by mail: $15 saved.
      { name: 'ATORVASTATIN', daysSupply: 30, retail: 15, mailOrder: 30 },
      // 90 days at $20 retail, $12.50 by mail: $7.50 saved.
      { name: 'LISINOPRIL', daysSupply: 90, retail: 20, mailOrder: 12.5 },
      // No retail copay: in the total, not in the saving.
      { name: 'METOPROLOL', daysSupply: 90, retail: null, mailOrder: 5 },
      // No mail-order copay: no estimate, and so no saving either.
      { name: 'SERTRALINE', daysSupply: 30, retail: 9, mailOrder: null },
    ]);
    expect(estimate).toEqual({ mailOrderCents: 4750, count: 4, noEstimate: ['SERTRALINE'], savingCents: 2250, savingCount: 2 });
    expect(transferEstimateText(estimate)).toEqual({
      total: 'Estimated mail-order total for 4 prescriptions: $47.50.',
      saving: "Estimated saving against your current pharmacy's copays for a 90-day supply: $22.50 (over the 2 prescriptions with both copays known).",
      noEstimate: 'No estimate, mail-order copay not available (not included): SERTRALINE.',
    });
  });

  test('no saving is claimed without both copays, and a dearer mail order is said as an extra cost', () => {
    const none = transferEstimate([{ name: 'A', retail: null, mailOrder: 10 }]);
    expect(none.savingCents).toBeNull();
    expect(transferEstimateText(none).saving).toBeNull();
    const dearer = transferEstimate([{ name: 'A', daysSupply: 90, retail: 10, mailOrder: 12 }]);
    expect(dearer.savingCents).toBe(-200);
    expect(transferEstimateText(dearer).saving).toBe("Estimated extra cost against your current pharmacy's copays for a 90-day supply: $2.00.");
    // The retail copay per day is rounded once, at the end, to whole cents: $10 for 28 days is $32.14 for 90.
    expect(transferEstimate([{ name: 'B', daysSupply: 28, retail: 10, mailOrder: 0 }]).savingCents).toBe(3214);
  });

  test('a transfer with no mail-order copay at all has no total, only the names without an estimate', () => {
    const e = transferEstimate([{ name: 'NEW RX', retail: null, mailOrder: null }]);
    expect(e.mailOrderCents).toBeNull();
    expect(transferEstimateText(e)).toEqual({
      total: 'Estimated mail-order total for 1 prescription: Not Available.',
      saving: null,
      noEstimate: 'No estimate, mail-order copay not available (not included): NEW RX.',
    });
  });
});
