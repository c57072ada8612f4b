/**
 * The order cart both link flows post (section 3): fixed zeros and flags, the
 * same address for shipping and billing, one priority line per prescription.
 * `now` is an ISO instant given by the caller (machines read no clock).
 */
import type { OrderCart } from '../../contract.ts';

export type { OrderCart };
export type PaymentMethodType = OrderCart['paymentMethodTypeId'];

export interface OrderCartParts<TPaymentType extends PaymentMethodType> {
  rxIds: readonly number[];
  addressId: number;
  paymentCardId: number | null;
  paymentMethodTypeId: TPaymentType;
  now: string;
}

export function orderCart<TPaymentType extends PaymentMethodType>(p: OrderCartParts<TPaymentType>): OrderCart & { paymentMethodTypeId: TPaymentType } {
  return {
    orderCartId: 0,
    patientId: null,
    shippingAddressId: p.addressId,
    billingAddressId: p.addressId,
    paymentCardId: p.paymentCardId,
    paymentMethodTypeId: p.paymentMethodTypeId,
    orderId: 0,
    statusId: 0,
    expeditedShipping: false,
    notes: null,
    orderNote: null,
    messageErrorText: null,
    originationNum: 0,
    addedDate: p.now,
    updatedDate: p.now,
    addedBy: 0,
    updatedBy: 0,
    messageStatus: true,
    orderLineItems: p.rxIds.map((rxId) => ({
      rxId,
      orderLineItemId: 0,
      lineNumber: 0,
      orderCartId: 0,
      previousDispenseId: 0,
      statusId: 0,
      notes: null,
      priorityItem: true,
      addedDate: p.now,
      updatedDate: p.now,
      addedBy: 0,
      updatedBy: 0,
      messageErrorText: null,
      messageStatus: true,
    })),
  };
}
