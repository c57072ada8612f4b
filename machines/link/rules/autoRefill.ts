/**
 * Auto Refill selection and result rules (link-flows-and-public-pages.md
 * sections 2.17-2.20, 3, 4, 5, 8).
 */
import type { AutoRefillDrug, ManageAutoRefillResult, PaymentCard, ShipmentAddress } from '../../contract.ts';
import { orderCart, type OrderCart } from './orderCart.ts';
import { SELECT_A_DRUG } from './easyFill.ts';
import { drugLabel } from '../../shared/rules/display.ts';
import { orderTotal, type OrderTotal } from '../../shared/rules/orderCost.ts';
import { orderPayment, type ConfirmedOrder } from '../../shared/rules/confirmation.ts';

export type { AutoRefillDrug, ManageAutoRefillResult, PaymentCard, ShipmentAddress };

export interface AutoRefillLists {
  /** 'This is the medication you asked for:' */
  requested: AutoRefillDrug[];
  /** 'Other medications available for Auto Refill:' */
  others: AutoRefillDrug[];
  /** 'Auto Refill expires soon! Select to renew:' */
  expiring: AutoRefillDrug[];
}

export function autoRefillLists(drugs: readonly AutoRefillDrug[]): AutoRefillLists {
  return {
    requested: drugs.filter((d) => d.selectedRxForAutoRefill === true),
    others: drugs.filter((d) => d.autoFillStatus === 'False' && d.autoFillEligible && d.selectedRxForAutoRefill !== true),
    expiring: drugs.filter((d) => d.isConsentExtension === true),
  };
}

/** Preselected: the drug the link asked about, or one that already has an auto-refill consent. */
export function preselected(drugs: readonly AutoRefillDrug[]): number[] {
  return drugs.filter((d) => d.selectedRxForAutoRefill === true || Boolean(d.autoRefillConsent)).map((d) => d.rxId);
}

/** 'Confirm Auto Refill': a drug selected, and both a default shipping address and a default payment method. */
export function canConfirm(selectedCount: number, shipment: ShipmentAddress | null, payment: PaymentCard | null): boolean {
  return confirmMissing(selectedCount, shipment, payment).length === 0;
}

/**
 * Why 'Confirm Auto Refill' cannot be pressed yet (the button stays focusable and
 * says this). Our wording (the specification gives none), distinct from the panel's own 'No ...
 * on file' so that a text is never on the page twice.
 */
export function confirmMissing(selectedCount: number, shipment: ShipmentAddress | null, payment: PaymentCard | null): string[] {
  return [
    ...(selectedCount > 0 ? [] : [SELECT_A_DRUG]),
    ...(shipment?.address1 ? [] : ['A default shipping address is needed.']),
    ...(payment?.cardNumber ? [] : ['A default payment method is needed.']),
  ];
}

/** The selected drugs that must be ordered before auto refill can be turned on (Order Medication modal). */
export function mustOrderFirst(drugs: readonly AutoRefillDrug[], selected: readonly number[]): AutoRefillDrug[] {
  return drugs.filter((d) => selected.includes(d.rxId) && d.mustPlaceEPostRxOrder === true);
}

/** The Order Medication modal's total: the copays of the drugs it orders. */
export function orderFirstTotal(drugs: readonly AutoRefillDrug[], selected: readonly number[]): OrderTotal {
  return orderTotal(mustOrderFirst(drugs, selected).map((d) => ({ name: drugLabel(d), copay: d.copay })));
}

/**
 * The Auto Refill order cart (section 3, this flow's reading): the default
 * address; the card's sequence number, or null when bill-me-later is on and
 * there is no card number; the card type number as the payment type, or 6 when
 * bill-me-later is on and the type number is 0.
 */
export function autoRefillOrder(rxIds: readonly number[], shipment: ShipmentAddress, payment: PaymentCard, billMeLater: boolean, now: string): OrderCart {
  const paymentCardId = billMeLater && !payment.cardNumber ? null : payment.cardSeqNum;
  const paymentMethodTypeId = billMeLater && payment.cardTypeNum === 0 ? 6 : payment.cardTypeNum;
  return orderCart({ rxIds, addressId: shipment.addressId, paymentCardId, paymentMethodTypeId, now });
}

/**
 * The order the Order Medication modal placed, as the result screen confirms it: the gateway's number,
 * the cart's instant, the drugs of its lines (as the modal listed them), the default address and the
 * payment the cart names (bill me later when it names no card or pays by type 6).
 */
export function autoRefillPlacedOrder(result: { orderNumber: string }, cart: OrderCart, drugs: readonly AutoRefillDrug[], shipment: ShipmentAddress, payment: PaymentCard): ConfirmedOrder {
  const ordered = new Set(cart.orderLineItems.map((l) => l.rxId));
  return {
    orderNumber: result.orderNumber,
    placed: { at: cart.addedDate },
    items: drugs.filter((d) => ordered.has(d.rxId)).map(drugLabel),
    shipTo: shipment,
    payment: orderPayment(payment.cardNumber ? payment : null, cart.paymentMethodTypeId, cart.paymentCardId),
  };
}

/**
 * The drugs the result screen lists as updated: those the gateway enrolled (messageStatus true), 207
 * included. A success that lists no entries ('Auto Refill turned on for the following medications:',
 * section 2.20) turned on every drug it was sent; a 207 without entries names none.
 */
export function updatedRxIds(result: ManageAutoRefillResult, sent: readonly number[]): number[] {
  if (result.manageARInfo.length === 0) return result.statusCode === 207 ? [] : [...sent];
  return result.manageARInfo.filter((i) => i.messageStatus).map((i) => i.rxId);
}

/** A drug a 207 did not enrol, with the gateway's reason when it gave one (already filtered for display by src/). */
export interface NotUpdated {
  rxId: number;
  reason: string | null;
}

/** The drugs the gateway did not enrol (messageStatus false), each with its reason: a partial result names them. */
export function notUpdated(result: ManageAutoRefillResult): NotUpdated[] {
  return result.manageARInfo.filter((i) => !i.messageStatus).map((i) => ({ rxId: i.rxId, reason: i.messageErrorText?.trim() || null }));
}
