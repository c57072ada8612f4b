/** The Auto Refill (after verification) model: events with payloads and labels, and each state's invariants. */
import { expect } from './check.ts';
import { autoRefillMachine, type AutoRefillSelection } from '../../machines/link/autoRefillMachine.ts';
import { canConfirm, mustOrderFirst, type AutoRefillDrug, type PaymentCard } from '../../machines/link/rules/autoRefill.ts';
import type { CallFailure } from '../../machines/link/linkPageMachine.ts';
import { actorDone as done, actorError, type MachineModel } from './harness.ts';

const drug = (rxId: number, over: Partial<AutoRefillDrug>): AutoRefillDrug => ({
  rxId,
  dispensedMedName: `DRUG ${rxId}`,
  strength: '10 MG',
  dosageForm: 'TABLET',
  selected: false,
  selectedRxForAutoRefill: false,
  autoRefillConsent: null,
  autoFillStatus: 'False',
  autoFillEligible: true,
  isConsentExtension: false,
  mustPlaceEPostRxOrder: false,
  recommendedRefillDate: null,
  ...over,
});
const REQUESTED = drug(1, { selectedRxForAutoRefill: true });
const OTHER = drug(2, {});
const MUST_ORDER = drug(3, { mustPlaceEPostRxOrder: true, recommendedRefillDate: '2026-12-01' });
const SHIPMENT = { addressId: 7, address1: '123 MAIN ST' };
const CARD = { cardSeqNum: 5, cardTypeNum: 1, cardNumber: '1111', defaultCard: true } as PaymentCard;
const failure: CallFailure = { status: 500, displayText: 'Unable to process the request at this time. Please try after some time.' };

const error = (id: string) => actorError(id, failure);
const selection = (over: Partial<AutoRefillSelection>): AutoRefillSelection => ({ drugs: [REQUESTED, OTHER, MUST_ORDER], shipment: SHIPMENT, payment: CARD, ...over });

export const autoRefillModel: MachineModel<typeof autoRefillMachine> = {
  name: 'autoRefill',
  machine: autoRefillMachine,
  input: { allowBillMeLater: false, now: '2026-11-22T12:00:00.000Z' },
  events: [
    { label: 'the requested drug, another and one to order first load', event: done('loadSelection', selection({})) },
    { label: 'the drugs load without a default payment method', event: done('loadSelection', selection({ payment: null })) },
    { label: 'loading fails', event: error('loadSelection') },
    { label: 'presses try again', event: { type: 'retry.pressed' } },
    { label: 'unticks the requested drug', event: { type: 'drug.toggled', rxId: 1 }, when: (s) => s.context.selected.includes(1) },
    { label: 'ticks the drug to order first', event: { type: 'drug.toggled', rxId: 3 }, when: (s) => !s.context.selected.includes(3) },
    { label: 'presses Confirm Auto Refill', event: { type: 'confirm.pressed' } },
    { label: 'ticks the agree box', event: { type: 'terms.checked', checked: true }, when: (s) => !s.context.agreeChecked },
    { label: 'unticks the agree box', event: { type: 'terms.checked', checked: false }, when: (s) => s.context.agreeChecked },
    { label: 'confirms the terms', event: { type: 'terms.confirmed' } },
    { label: 'closes the terms', event: { type: 'terms.closed' } },
    { label: 'confirms the order', event: { type: 'order.confirmed' } },
    { label: 'cancels the order', event: { type: 'order.cancelled' } },
    { label: 'the order is placed', event: done('placeOrder', { orderId: 70001, orderCartId: 60001, orderNumber: '70001', messageStatus: true }) },
    { label: 'the order fails', event: error('placeOrder') },
    {
      label: 'auto refill is turned on',
      event: done('manageAutoRefill', { statusCode: 200, manageARInfo: [{ rxId: 1, autoRefillConsent: true, messageStatus: true }] }),
    },
    // A success may list no entries: every drug sent was turned on ('turned on' wording, section 2.20).
    { label: 'auto refill is turned on, with no entries listed', event: done('manageAutoRefill', { statusCode: 200, manageARInfo: [] }) },
    {
      label: 'auto refill is turned on for some (207)',
      event: done('manageAutoRefill', {
        statusCode: 207,
        manageARInfo: [
          { rxId: 1, autoRefillConsent: true, messageStatus: true },
          { rxId: 3, autoRefillConsent: false, messageStatus: false, messageErrorText: "Auto Refill needs a fill of at least 84 days' supply." },
        ],
      }),
    },
    { label: 'turning auto refill on fails', event: error('manageAutoRefill') },
  ],
  serialize: (s) => {
    const c = s.context;
    return JSON.stringify([s.value, [...c.selected].sort(), c.agreeChecked, c.payment !== null, c.updated, c.notUpdated, c.hadManageInfo, c.order !== null]);
  },
  invariants: {
    'autoRefill.selecting.terms': (s) => expect(canConfirm(s.context.selected.length, s.context.shipment, s.context.payment)).toBe(true),
    'autoRefill.selecting.orderModal': (s) => {
      expect(s.context.agreeChecked).toBe(true);
      expect(mustOrderFirst(s.context.drugs, s.context.selected).length).toBeGreaterThan(0);
    },
    'autoRefill.selecting.list': (s) => expect(s.context.drugs.length).toBeGreaterThan(0),
    'autoRefill.ordering': (s) => expect(s.context.agreeChecked).toBe(true),
    'autoRefill.managing': (s) => {
      expect(s.context.agreeChecked).toBe(true);
      // A drug that had to be ordered first was ordered: the result confirms that order by its number.
      if (mustOrderFirst(s.context.drugs, s.context.selected).length > 0) expect(s.context.order?.orderNumber).toBe('70001');
    },
    'autoRefill.success': (s) => {
      expect(s.context.updated.length).toBeGreaterThan(0);
      expect(s.context.notUpdated).toEqual([]);
      if (!s.context.hadManageInfo) expect(s.context.updated).toEqual(s.context.selected);
    },
    'autoRefill.partial': (s) => {
      expect(s.context.updated).toEqual([1]);
      expect(s.context.notUpdated.map((n) => n.rxId)).toEqual([3]);
    },
  },
};
