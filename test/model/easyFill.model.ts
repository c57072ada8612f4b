/** The Easy Fill (steps 2 and 3) model: events with payloads and labels, and each state's invariants. */
import { expect } from './check.ts';
import { easyFillMachine, type OrderOptions } from '../../machines/link/easyFillMachine.ts';
import { allSelected, canFillNow, type Address, type EasyFillDrug, type PaymentCard } from '../../machines/link/rules/easyFill.ts';
import { paymentCard, shippingAddress } from '../../machines/shared/rules/savedChoice.ts';
import type { AnyMachineSnapshot } from 'xstate';
import { actorDone as done, actorError, type MachineModel } from './harness.ts';

const drug = (rxId: number, name: string, eligible: boolean, on = false): EasyFillDrug => ({
  rxId,
  dispensedMedName: name,
  daysSupply: 90,
  copay: 10,
  selected: false,
  autoFillEligible: eligible,
  autoFillStatusValue: on,
});
const DRUGS = [drug(2, 'METFORMIN 500 MG TABLET', true), drug(1, 'ATORVASTATIN 20 MG TABLET', true)];
/** Maria's home address as the models give it (the review model shows it too). */
export const ADDRESS: Address = {
  addressId: 7,
  addressType: { addressTypeId: 1, addressTypeDesc: 'HOME' },
  address1: '123 MAIN ST',
  address2: null,
  city: 'TEMPE',
  state: 'AZ',
  zipCode: '85281',
  startDate: null,
  endDate: null,
  active: true,
  defaultShipping: true,
  defaultBilling: true,
};
const CARD = { cardSeqNum: 5, cardTypeNum: 1, cardNumber: '1111', defaultCard: true, cardType: 'VISA' } as PaymentCard;
const DETAILS = [drug(1, 'ATORVASTATIN 20 MG TABLET', true), drug(2, 'METFORMIN 500 MG TABLET', true, true), drug(3, 'TRAMADOL 50 MG TABLET', false)];
const GENERAL = 'Unable to process the request at this time. Please try after some time.';

const isOn = (rxId: number) => (s: AnyMachineSnapshot) => (s.context as { ordered: EasyFillDrug[] }).ordered.some((d) => d.rxId === rxId && d.autoFillStatusValue);
const atorvastatinOn = isOn(1);
/** Metformin was on auto refill before this visit (the README's refill link). */
const metforminOn = isOn(2);

const reloading = (s: AnyMachineSnapshot) => s.matches({ selecting: 'reloadingAddresses' }) || s.matches({ selecting: 'reloadingCards' });

const options = (over: Partial<OrderOptions>): OrderOptions => ({ drugs: DRUGS, addresses: [ADDRESS], cards: [CARD], ...over });

export const easyFillModel: MachineModel<typeof easyFillMachine> = {
  name: 'easyFill',
  machine: easyFillMachine,
  input: { allowBillMeLater: false, now: '2026-11-22T12:00:00.000Z' },
  events: [
    { label: 'two drugs, an address and a card load', event: done('loadOrderOptions', options({})) },
    { label: 'two drugs load, with no address and no card', event: done('loadOrderOptions', options({ addresses: [], cards: [] })) },
    { label: 'the drug list comes back empty', event: done('loadOrderOptions', options({ drugs: [] })) },
    { label: 'loading fails', event: actorError('loadOrderOptions', { status: 500, displayText: GENERAL }) },
    { label: 'presses try again', event: { type: 'retry.pressed' } },
    // After a failed order the person presses Fill Now again; the ticks behave as before it.
    // While the panel reloads, one tick of each kind from nothing ticked shows the list still works.
    { label: 'ticks atorvastatin', event: { type: 'drug.toggled', rxId: 1 }, when: (s) => s.context.orderError === null && (!reloading(s) || s.context.selected.length === 0) },
    { label: 'ticks metformin', event: { type: 'drug.toggled', rxId: 2 }, when: (s) => s.context.selected.includes(1) && s.context.orderError === null && !reloading(s) },
    { label: 'ticks select all', event: { type: 'all.toggled' }, when: (s) => s.context.selected.length !== 1 && s.context.orderError === null && (!reloading(s) || s.context.selected.length === 0) },
    // The modals behave the same whatever is ticked: offered before any drug is.
    { label: 'opens the address modal', event: { type: 'addressModal.opened' }, when: (s) => s.context.selected.length === 0 && s.context.orderError === null },
    { label: 'opens the payment modal', event: { type: 'paymentModal.opened' }, when: (s) => s.context.selected.length === 0 && s.context.orderError === null },
    { label: 'closes the modal', event: { type: 'modal.closed' } },
    // Choosing needs something on file to choose.
    { label: 'chooses the address', event: { type: 'address.chosen', addressId: 7 }, when: (s) => s.context.addresses.length > 0 },
    { label: 'chooses the card', event: { type: 'card.chosen', cardSeqNum: 5 }, when: (s) => s.context.cards.length > 0 },
    { label: 'adds an address', event: { type: 'address.added', addressId: 7 } },
    { label: 'adds a card', event: { type: 'card.added' } },
    { label: 'the addresses reload', event: done('reloadAddresses', [ADDRESS]) },
    { label: 'reloading the addresses fails', event: actorError('reloadAddresses', { status: 500, displayText: GENERAL }) },
    { label: 'the cards reload', event: done('reloadCards', [CARD]) },
    { label: 'reloading the cards fails', event: actorError('reloadCards', { status: 500, displayText: GENERAL }) },
    { label: 'presses Fill Now', event: { type: 'fillNow.pressed' } },
    { label: 'the order is placed', event: done('placeOrder', { orderId: 70001, orderCartId: 60001, orderNumber: '70001', messageStatus: true }) },
    { label: 'the order fails', event: actorError('placeOrder', { status: 500, displayText: GENERAL }) },
    { label: 'the ordered drugs load', event: done('loadSelectedDetails', DETAILS) },
    // The order is placed either way: the confirmation shows it, and reads the details again on request.
    { label: 'loading the ordered drugs fails', event: actorError('loadSelectedDetails', { status: 500, displayText: GENERAL }) },
    { label: 'the ordered drugs load on the second try', event: done('reloadSelectedDetails', DETAILS) },
    { label: 'loading the ordered drugs fails again', event: actorError('reloadSelectedDetails', { status: 500, displayText: GENERAL }) },
    // A switch turns on when it is off and off when it is on.
    { label: 'turns auto refill on for atorvastatin', event: { type: 'autoRefill.toggled', rxId: 1, on: true }, when: (s) => !atorvastatinOn(s) },
    { label: 'turns auto refill off for atorvastatin', event: { type: 'autoRefill.toggled', rxId: 1, on: false }, when: atorvastatinOn },
    // Off needs no agreement: the terms were never shown in this visit, and the switch saves at once.
    { label: 'turns auto refill off for metformin, on before this visit', event: { type: 'autoRefill.toggled', rxId: 2, on: false }, when: (s) => metforminOn(s) && !s.context.agreeChecked },
    { label: 'metformin is saved off', event: done('toggleAutoRefill', { messageStatus: true, rxs: [{ rxId: 2, autoRefill: false }] }) },
    { label: 'ticks the agree box', event: { type: 'terms.checked', checked: true }, when: (s) => !s.context.agreeChecked },
    { label: 'unticks the agree box', event: { type: 'terms.checked', checked: false }, when: (s) => s.context.agreeChecked },
    { label: 'confirms the terms', event: { type: 'terms.confirmed' } },
    { label: 'cancels the terms', event: { type: 'terms.cancelled' } },
    { label: 'auto refill is saved on', event: done('toggleAutoRefill', { messageStatus: true, rxs: [{ rxId: 1, autoRefill: true }] }) },
    { label: 'auto refill is saved off', event: done('toggleAutoRefill', { messageStatus: true, rxs: [{ rxId: 1, autoRefill: false }] }) },
    { label: 'saving auto refill fails', event: actorError('toggleAutoRefill', { status: 500, displayText: GENERAL }) },
  ],
  serialize: (s) => {
    const c = s.context;
    const address = shippingAddress(c.addresses, c.chosenAddressId) !== null;
    const card = paymentCard(c.cards, c.chosenCardSeq) !== null;
    return JSON.stringify([
      s.value,
      c.selected.length,
      allSelected(c.drugs, c.selected),
      address,
      card,
      c.orderError !== null,
      c.agreeChecked,
      c.pending,
      c.savedRxId,
      c.toggleError !== null,
      c.ordered.map((d) => d.autoFillStatusValue),
    ]);
  },
  invariants: {
    'easyFill.selecting': (s) => {
      expect(s.context.drugs.map((d) => d.dispensedMedName)).toEqual([...s.context.drugs.map((d) => d.dispensedMedName)].sort());
      expect(s.context.drugs.length).toBeGreaterThan(0);
    },
    'easyFill.ordering': (s) => {
      const c = s.context;
      expect(
        canFillNow({
          selectedCount: c.selected.length,
          hasAddress: shippingAddress(c.addresses, c.chosenAddressId) !== null,
          hasCard: paymentCard(c.cards, c.chosenCardSeq) !== null,
          allowBillMeLater: c.allowBillMeLater,
        }),
      ).toBe(true);
      expect(c.orderError).toBeNull();
    },
    // The confirmation always has the order the gateway accepted, with what step 2 sent.
    'easyFill.confirmation': (s) => {
      const { order, selected } = s.context;
      expect(order?.orderId).toBe(70001);
      expect(order?.items.map((i) => i.rxId).sort()).toEqual([...selected].sort());
      expect(order?.shipTo.addressId).toBe(ADDRESS.addressId);
      expect(order?.payment).toEqual({ method: 'card', card: CARD });
      expect(order?.placedAt).toBe('2026-11-22T12:00:00.000Z');
    },
    'easyFill.confirmation.detailsFailed': (s) => expect(s.context.ordered).toEqual([]),
    'easyFill.confirmation.terms': (s) => expect(s.context.pending).not.toBeNull(),
    'easyFill.confirmation.saving': (s) => {
      const { pending, agreeChecked, ordered } = s.context;
      // Turning on passed the terms; turning off needs none.
      if (pending?.on) expect(agreeChecked).toBe(true);
      expect(ordered.find((d) => d.rxId === pending?.rxId)?.autoFillEligible).toBe(true);
    },
    'easyFill.confirmation.idle': (s) => expect(s.context.pending).toBeNull(),
    'easyFill.loadFailed': (s) => expect(s.context.orderError).toBe(GENERAL),
  },
};
