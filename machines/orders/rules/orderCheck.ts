/**
 * The public order check's form: the order number, then the date of birth and zip of the link
 * verification (machines/shared/rules/verification.ts: the same fields, the same reading, the same
 * field messages). The order number is digits only, 6 to 10 of them (the contract's OrderNumber).
 */
import { verificationErrors, type VerificationErrors, type VerificationForm } from '../../shared/rules/verification.ts';
import { isOrderNumber } from './orderNumber.ts';

/** Ours: the specification gives the link verification's texts only. */
export const ORDER_CHECK_MESSAGES = {
  orderNumber: 'Enter your order number: 6 to 10 digits, as on your order confirmation.',
} as const;

export interface OrderCheckForm extends VerificationForm {
  orderNumber: string;
}

export type OrderCheckErrors = VerificationErrors & { orderNumber?: string };

/** What each field still needs before an attempt is spent: the order number's, then the link verification's. */
export function orderCheckErrors(form: OrderCheckForm, today: string): OrderCheckErrors {
  const errors: OrderCheckErrors = isOrderNumber(form.orderNumber) ? {} : { orderNumber: ORDER_CHECK_MESSAGES.orderNumber };
  return { ...errors, ...verificationErrors(form, today) };
}

export const canCheck = (form: OrderCheckForm, today: string) => Object.keys(orderCheckErrors(form, today)).length === 0;
