/**
 * Easy Fill step 2 and 3 rules (link-flows-and-public-pages.md sections 3, 4,
 * 5 and 9): drug order and selection, when Fill Now is enabled, and the order
 * payload. Which address and card are used is shared with the member flow
 * (../../shared/rules/savedChoice.ts).
 */
import type { Address, EasyFillDrug, EasyFillOrderCart as ContractEasyFillOrderCart, PaymentCard } from '../../contract.ts';
import { orderCart } from './orderCart.ts';
import { autoRefillRefusal } from '../../shared/rules/autoRefillRule.ts';
import { orderTotal, type OrderTotal } from '../../shared/rules/orderCost.ts';
import { orderPayment, type ConfirmedOrder, type OrderPayment } from '../../shared/rules/confirmation.ts';

export type { Address, EasyFillDrug, PaymentCard };
export type EasyFillOrderCart = ContractEasyFillOrderCart & { paymentMethodTypeId: 2 | 6 };

/** The drug list, ordered by name. */
export function sortDrugs(drugs: readonly EasyFillDrug[]): EasyFillDrug[] {
  return [...drugs].sort((a, b) => a.dispensedMedName.localeCompare(b.dispensedMedName, 'en'));
}

/**
 * Step 3 offers the auto-refill toggle only where auto refill's one rule (shared/rules/autoRefillRule.ts, the
 * gateway's too) passes. A drug the pharmacy did not flag (the flag absent from the list) is not eligible.
 */
export const offersAutoRefill = (drug: EasyFillDrug) => autoRefillRefusal({ ...drug, autoFillEligible: drug.autoFillEligible ?? false }) === null;

/** The order total of the selected drugs, in the list's order (shown above Fill Now). */
export function selectedTotal(drugs: readonly EasyFillDrug[], selected: readonly number[]): OrderTotal {
  return orderTotal(drugs.filter((d) => selected.includes(d.rxId)).map((d) => ({ name: d.dispensedMedName, copay: d.copay })));
}

/** Flips one drug's selection by rxId. */
export function toggleRx(selected: readonly number[], rxId: number): number[] {
  return selected.includes(rxId) ? selected.filter((id) => id !== rxId) : [...selected, rxId];
}

/** Select-all is on when the selection covers the whole list (also when reached one drug at a time). */
export function allSelected(drugs: readonly EasyFillDrug[], selected: readonly number[]): boolean {
  return drugs.length > 0 && drugs.every((d) => selected.includes(d.rxId));
}

export interface FillNowCheck {
  selectedCount: number;
  hasAddress: boolean;
  hasCard: boolean;
  allowBillMeLater: boolean;
}

/** Fill Now: a drug selected, a shipping address, and a card unless bill-me-later is allowed (section 5). */
export function canFillNow(c: FillNowCheck): boolean {
  return fillNowMissing(c).length === 0;
}

/**
 * Why Fill Now cannot be pressed yet, in the order of the page (the button stays
 * focusable and says this). Our wording (the specification gives none), distinct from the panel's
 * own notices so that a text is never on the page twice.
 */
export function fillNowMissing(c: FillNowCheck): string[] {
  return [
    ...(c.selectedCount > 0 ? [] : [SELECT_A_DRUG]),
    ...(c.hasAddress ? [] : ['Add a shipping address.']),
    ...(c.hasCard || c.allowBillMeLater ? [] : ['Add a payment method.']),
  ];
}

/** Ours (the specification gives no words): what Fill Now and Confirm Auto Refill say with nothing selected. */
export const SELECT_A_DRUG = 'Select at least one prescription.';

/**
 * paymentMethodTypeId of an Easy Fill order: 6 (bill me later) when the card
 * type number is 0, otherwise 2 (section 3). With no card at all (bill-me-later
 * allowed, none on file) it is 6 as well: the order is billed later.
 */
export function easyFillPaymentType(card: PaymentCard | null): 2 | 6 {
  return !card || card.cardTypeNum === 0 ? 6 : 2;
}

/** The Fill Now payload (section 3): `now` is an ISO instant given by the caller. */
export function easyFillOrder(rxIds: readonly number[], address: Address, card: PaymentCard | null, now: string): EasyFillOrderCart {
  return orderCart({ rxIds, addressId: address.addressId, paymentCardId: card ? card.cardSeqNum : null, paymentMethodTypeId: easyFillPaymentType(card), now });
}

/**
 * An order Fill Now placed, as Easy Fill's confirmation shows it (what every peer's confirmation
 * shows: number, date, prescriptions, shipping address, payment method). Kept whole in the
 * machine's context, as the record an order's tracking would start from.
 */
export interface PlacedOrder {
  orderId: number;
  /** The number the member reads and the status page takes (digits). */
  orderNumber: string;
  /** The order's instant (the payload's addedDate), ISO. */
  placedAt: string;
  /** What was ordered, by name, as step 2 listed it. */
  items: { rxId: number; dispensedMedName: string; daysSupply: number | null }[];
  shipTo: Address;
  payment: OrderPayment;
}

/** The order record from the gateway's answer and what step 2 sent: its drugs, address and card (none: bill me later). */
export function placedOrder({ orderId, orderNumber }: { orderId: number; orderNumber: string }, cart: EasyFillOrderCart, drugs: readonly EasyFillDrug[], address: Address, card: PaymentCard | null): PlacedOrder {
  const ordered = new Set(cart.orderLineItems.map((l) => l.rxId));
  return {
    orderId,
    orderNumber,
    placedAt: cart.addedDate,
    items: sortDrugs(drugs.filter((d) => ordered.has(d.rxId))).map((d) => ({ rxId: d.rxId, dispensedMedName: d.dispensedMedName, daysSupply: d.daysSupply ?? null })),
    shipTo: address,
    payment: orderPayment(card, cart.paymentMethodTypeId, cart.paymentCardId),
  };
}

/** The order as every confirmation shows it (machines/shared/rules/confirmation.ts). */
export function confirmedOrder(order: PlacedOrder): ConfirmedOrder {
  return { orderNumber: order.orderNumber, placed: { at: order.placedAt }, items: order.items.map((i) => i.dispensedMedName), shipTo: order.shipTo, payment: order.payment };
}
