/**
 * What every confirmation shows of an order placed or a transfer requested (the peers' confirmations all
 * show it): the order number, the date, what was ordered, the shipping address and the payment method
 * (card type and last 4 digits, or bill me later), with "Track this order". One shape for Easy Fill's
 * confirmation, Auto Refill's result and the member flow's success page, so one view shows all three.
 */
import type { Address, PaymentCard, ShipmentAddress } from '../../contract.ts';

/** How an order is paid: a card on file, or billed later (no card, or a card with no type: bill-me-later). */
export type OrderPayment = { method: 'card'; card: PaymentCard } | { method: 'billMeLater' };

/** Ours: the payment method of an order or request with no card (bill-me-later allowed). */
export const BILL_ME_LATER = 'Bill me later';

/** The paymentMethodTypeId of an order billed later (section 3). */
export const BILL_ME_LATER_TYPE = 6;

/** The payment of an order as sent: the card when the order names one and is not billed later. */
export function orderPayment(card: PaymentCard | null, paymentMethodTypeId: number, paymentCardId: number | null): OrderPayment {
  return card && paymentCardId !== null && paymentMethodTypeId !== BILL_ME_LATER_TYPE ? { method: 'card', card } : { method: 'billMeLater' };
}

/**
 * The payment of a transfer request: the member's card on file; with none, bill me later when the member
 * may be billed, otherwise nothing to show (the review page said "No payment methods on file").
 */
export function requestPayment(card: PaymentCard | null, allowBillMeLater: boolean): OrderPayment | null {
  if (card) return { method: 'card', card };
  return allowBillMeLater ? { method: 'billMeLater' } : null;
}

/** One confirmation's facts. */
export interface ConfirmedOrder {
  /** The number the member reads and the status page takes (digits). */
  orderNumber: string;
  /** When: the instant an order was placed (ISO), or the calendar date a request was sent (YYYY-MM-DD). */
  placed: { at: string } | { on: string };
  /** What was ordered or requested, by name. */
  items: string[];
  /** Where it ships; null when the flow did not learn it (the review's summary failed to load). */
  shipTo: Address | ShipmentAddress | null;
  payment: OrderPayment | null;
}
