import { describe, expect, test } from 'vitest';
import { allSelected, canFillNow, easyFillOrder, placedOrder, selectedTotal, sortDrugs, toggleRx, type Address, type EasyFillDrug, type PaymentCard } from './easyFill.ts';
import { dateIn } from './dates.ts';
import { paymentCard, shippingAddress } from '../../shared/rules/savedChoice.ts';
import { requestPayment } from '../../shared/rules/confirmation.ts';
import { autoRefillLists, autoRefillOrder, autoRefillPlacedOrder, canConfirm, mustOrderFirst, notUpdated, orderFirstTotal, preselected, updatedRxIds, type AutoRefillDrug } from './autoRefill.ts';

const address = (addressId: number, over: Partial<Address> = {}) =>
  ({ addressId, active: true, defaultShipping: false, address1: `${addressId} MAIN ST`, ...over }) as Address;
const card = (cardSeqNum: number, over: Partial<PaymentCard> = {}) => ({ cardSeqNum, cardTypeNum: 1, cardNumber: '1111', defaultCard: false, ...over }) as PaymentCard;
const NOW = '2026-11-22T12:00:00.000Z';

describe('Easy Fill rules', () => {
  test('the placed order: its number and instant, the drugs sent (by name), the address, the card or bill me later', () => {
    const drugs = [
      { rxId: 2, dispensedMedName: 'METFORMIN', daysSupply: 90 },
      { rxId: 1, dispensedMedName: 'ATORVASTATIN', daysSupply: 30 },
      { rxId: 3, dispensedMedName: 'TRAMADOL', daysSupply: 90 },
    ] as EasyFillDrug[];
    const visa = card(5, { cardType: 'VISA' });
    const order = placedOrder({ orderId: 70001, orderNumber: '70001' }, easyFillOrder([2, 1], address(7), visa, NOW), drugs, address(7), visa);
    expect(order).toEqual({
      orderId: 70001,
      orderNumber: '70001',
      placedAt: NOW,
      items: [
        { rxId: 1, dispensedMedName: 'ATORVASTATIN', daysSupply: 30 },
        { rxId: 2, dispensedMedName: 'METFORMIN', daysSupply: 90 },
      ],
      shipTo: address(7),
      payment: { method: 'card', card: visa },
    });
    expect(placedOrder({ orderId: 1, orderNumber: '1' }, easyFillOrder([3], address(7), null, NOW), drugs, address(7), null).payment).toEqual({ method: 'billMeLater' });
    // A card of type 0 is billed later (payment type 6, section 3).
    const none = card(6, { cardTypeNum: 0 });
    expect(placedOrder({ orderId: 1, orderNumber: '1' }, easyFillOrder([3], address(7), none, NOW), drugs, address(7), none).payment).toEqual({ method: 'billMeLater' });
  });
  test("an order's date is the calendar date of its instant in the person's time zone", () => {
    expect(dateIn('2026-11-22T12:00:00.000Z', 'America/Phoenix')).toBe('November 22, 2026');
    expect(dateIn('2026-11-23T03:00:00.000Z', 'America/Phoenix')).toBe('November 22, 2026');
    expect(dateIn('2026-11-23T03:00:00.000Z', 'UTC')).toBe('November 23, 2026');
  });
  test('drugs by name; select-all follows single toggles', () => {
    const drugs = sortDrugs([
      { rxId: 2, dispensedMedName: 'METFORMIN' },
      { rxId: 1, dispensedMedName: 'ATORVASTATIN' },
    ]);
    expect(drugs.map((d) => d.rxId)).toEqual([1, 2]);
    let selected = toggleRx([], 1);
    expect(allSelected(drugs, selected)).toBe(false);
    selected = toggleRx(selected, 2);
    expect(allSelected(drugs, selected)).toBe(true);
    expect(toggleRx(selected, 1)).toEqual([2]);
  });
  test('shipping: chosen, else active default, else the active address with the highest id', () => {
    const list = [address(3), address(9, { active: false }), address(5), address(4, { defaultShipping: true })];
    expect(shippingAddress(list, 5)?.addressId).toBe(5);
    expect(shippingAddress(list, null)?.addressId).toBe(4);
    expect(shippingAddress(list.slice(0, 3), null)?.addressId).toBe(5);
    expect(shippingAddress([], null)).toBeNull();
  });
  test('payment: chosen, else default, else the highest sequence number', () => {
    const list = [card(2), card(7), card(3, { defaultCard: true })];
    expect(paymentCard(list, 7)?.cardSeqNum).toBe(7);
    expect(paymentCard(list, null)?.cardSeqNum).toBe(3);
    expect(paymentCard(list.slice(0, 2), null)?.cardSeqNum).toBe(7);
  });
  test('Fill Now needs a drug, an address, and a card unless bill-me-later is allowed', () => {
    const ok = { selectedCount: 1, hasAddress: true, hasCard: true, allowBillMeLater: false };
    expect(canFillNow(ok)).toBe(true);
    expect(canFillNow({ ...ok, selectedCount: 0 })).toBe(false);
    expect(canFillNow({ ...ok, hasAddress: false })).toBe(false);
    expect(canFillNow({ ...ok, hasCard: false })).toBe(false);
    expect(canFillNow({ ...ok, hasCard: false, allowBillMeLater: true })).toBe(true);
  });
  test('the order payload: one address for both, 2 for a card, 6 for type 0 or no card', () => {
    const order = easyFillOrder([11, 12], address(4), card(5), NOW);
    expect(order).toMatchObject({ shippingAddressId: 4, billingAddressId: 4, paymentCardId: 5, paymentMethodTypeId: 2, expeditedShipping: false, addedDate: NOW });
    expect(order.orderLineItems.map((l) => [l.rxId, l.priorityItem])).toEqual([
      [11, true],
      [12, true],
    ]);
    expect(easyFillOrder([11], address(4), card(5, { cardTypeNum: 0 }), NOW).paymentMethodTypeId).toBe(6);
    expect(easyFillOrder([11], address(4), null, NOW)).toMatchObject({ paymentCardId: null, paymentMethodTypeId: 6 });
  });
});

describe('Auto Refill rules', () => {
  test("the Order Medication modal's order as the result confirms it: number, instant, the drugs of its lines, the default address, card or bill me later", () => {
    const drugs = [
      { rxId: 3, dispensedMedName: 'LOSARTAN', strength: '50 MG', dosageForm: 'TABLET' },
      { rxId: 4, dispensedMedName: 'METOPROLOL', strength: null, dosageForm: null },
    ] as AutoRefillDrug[];
    const shipment = { addressId: 7, address1: '123 MAIN ST', city: 'TEMPE', state: 'AZ', zipCode: '85281' };
    const visa = card(5, { cardType: 'VISA' });
    expect(autoRefillPlacedOrder({ orderNumber: '880123' }, autoRefillOrder([3], shipment, visa, false, NOW), drugs, shipment, visa)).toEqual({
      orderNumber: '880123',
      placed: { at: NOW },
      items: ['LOSARTAN 50 MG TABLET'],
      shipTo: shipment,
      payment: { method: 'card', card: visa },
    });
    // Bill me later: a card of type 0 (payment type 6), or no card on file at all.
    const typeless = card(6, { cardTypeNum: 0 });
    expect(autoRefillPlacedOrder({ orderNumber: '1' }, autoRefillOrder([3], shipment, typeless, true, NOW), drugs, shipment, typeless).payment).toEqual({ method: 'billMeLater' });
    const none = card(0, { cardTypeNum: 0, cardNumber: '' });
    expect(autoRefillPlacedOrder({ orderNumber: '1' }, autoRefillOrder([3], shipment, none, true, NOW), drugs, shipment, none).payment).toEqual({ method: 'billMeLater' });
  });
  test("a transfer request's payment: the card on file; with none, bill me later only when the member may be billed", () => {
    const visa = card(5);
    expect(requestPayment(visa, false)).toEqual({ method: 'card', card: visa });
    expect(requestPayment(null, true)).toEqual({ method: 'billMeLater' });
    expect(requestPayment(null, false)).toBeNull();
  });
  const d = (rxId: number, over: Partial<AutoRefillDrug>) => ({ rxId, dispensedMedName: `D${rxId}`, autoFillStatus: 'False', autoFillEligible: true, ...over }) as AutoRefillDrug;
  const drugs = [
    d(1, { selectedRxForAutoRefill: true }),
    d(2, {}),
    d(3, { autoFillStatus: 'True' }),
    d(4, { autoFillEligible: false }),
    d(5, { isConsentExtension: true, autoFillStatus: 'True', autoRefillConsent: { endDate: '2026-12-13' } }),
    d(6, { mustPlaceEPostRxOrder: true }),
  ];
  test('the three lists and the preselection', () => {
    const lists = autoRefillLists(drugs);
    expect(lists.requested.map((x) => x.rxId)).toEqual([1]);
    expect(lists.others.map((x) => x.rxId)).toEqual([2, 6]);
    expect(lists.expiring.map((x) => x.rxId)).toEqual([5]);
    expect(preselected(drugs)).toEqual([1, 5]);
  });
  test('Confirm needs a drug, a default address and a default payment method', () => {
    expect(canConfirm(1, { addressId: 7, address1: '1 MAIN' }, card(5))).toBe(true);
    expect(canConfirm(0, { addressId: 7, address1: '1 MAIN' }, card(5))).toBe(false);
    expect(canConfirm(1, null, card(5))).toBe(false);
    expect(canConfirm(1, { addressId: 7, address1: '1 MAIN' }, null)).toBe(false);
  });
  test('drugs to order first, the order payload (this flow passes the card type number), the updated list', () => {
    expect(mustOrderFirst(drugs, [1, 6]).map((x) => x.rxId)).toEqual([6]);
    const shipment = { addressId: 7, address1: '1 MAIN' };
    expect(autoRefillOrder([6], shipment, card(5, { cardTypeNum: 4 }), false, NOW)).toMatchObject({ shippingAddressId: 7, paymentCardId: 5, paymentMethodTypeId: 4 });
    expect(autoRefillOrder([6], shipment, card(5, { cardTypeNum: 0, cardNumber: '' }), true, NOW)).toMatchObject({ paymentCardId: null, paymentMethodTypeId: 6 });
    expect(
      updatedRxIds({
        statusCode: 207,
        manageARInfo: [
          { rxId: 1, autoRefillConsent: true, messageStatus: true },
          { rxId: 6, autoRefillConsent: false, messageStatus: false },
        ],
      }, [1, 6]),
    ).toEqual([1]);
  });
  test('a success with no manageARInfo entries turned on every drug sent; a 207 without entries names none', () => {
    expect(updatedRxIds({ statusCode: 200, manageARInfo: [] }, [4, 2])).toEqual([4, 2]);
    expect(updatedRxIds({ statusCode: 207, manageARInfo: [] }, [4, 2])).toEqual([]);
  });
  test('a 207 names each drug it did not enrol, with its reason when it gave one', () => {
    const result = {
      statusCode: 207,
      manageARInfo: [
        { rxId: 1, autoRefillConsent: true, messageStatus: true },
        { rxId: 6, autoRefillConsent: false, messageStatus: false, messageErrorText: "Auto Refill needs a fill of at least 84 days' supply." },
        { rxId: 7, autoRefillConsent: false, messageStatus: false, messageErrorText: '  ' },
      ],
    };
    expect(notUpdated(result)).toEqual([
      { rxId: 6, reason: "Auto Refill needs a fill of at least 84 days' supply." },
      { rxId: 7, reason: null },
    ]);
  });
});

describe('the cost before the order, in the link flows', () => {
  test("Easy Fill's total: the selected drugs only, a copay not available named as not included", () => {
    const drugs = [
      { rxId: 1, dispensedMedName: 'ATORVASTATIN', copay: 10 },
      { rxId: 2, dispensedMedName: 'APIXABAN', copay: '1,250' },
      { rxId: 3, dispensedMedName: 'METFORMIN', copay: null },
    ] as EasyFillDrug[];
    expect(selectedTotal(drugs, [1])).toEqual({ totalCents: 1000, count: 1, notIncluded: [] });
    expect(selectedTotal(drugs, [3, 1, 2])).toEqual({ totalCents: 126000, count: 3, notIncluded: ['METFORMIN'] });
    expect(selectedTotal(drugs, [])).toEqual({ totalCents: 0, count: 0, notIncluded: [] });
  });

  test("the Order Medication modal's total: the selected drugs that must be ordered first, by their labels", () => {
    const drugs = [
      { rxId: 1, dispensedMedName: 'LOSARTAN', strength: '100 MG', dosageForm: 'TABLET', mustPlaceEPostRxOrder: true, copay: 8.25 },
      { rxId: 2, dispensedMedName: 'AMLODIPINE', mustPlaceEPostRxOrder: true, copay: null },
      { rxId: 3, dispensedMedName: 'ROSUVASTATIN', mustPlaceEPostRxOrder: false, copay: 10 },
    ] as AutoRefillDrug[];
    expect(orderFirstTotal(drugs, [1, 2, 3])).toEqual({ totalCents: 825, count: 2, notIncluded: ['AMLODIPINE'] });
    expect(orderFirstTotal(drugs, [1, 3])).toEqual({ totalCents: 825, count: 1, notIncluded: [] });
  });
});
