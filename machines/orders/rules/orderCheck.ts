/**
 * The public order check's form: the order number, then the date of birth and zip of the link
 * verification (machines/shared/rules/verification.ts: the same fields, the same reading, the same
 * field messages). The order number is digits only, 6 to 10 of them (the contract's OrderNumber).
 */
import { verificationErrors, type VerificationErrors, type VerificationForm } from '../../shared/rules/verification.ts';

export const ORDER_NUMBER_LENGTH = { min: 6, max: 10 } as const;

/** Ours: the specification gives the link verification's texts only. */
export const ORDER_CHECK_MESSAGES = {
  orderNumber: 'Enter your order number: 6 to 10 digits, as on your order confirmation.',
} as const;

/** An order number as typed: digits only (spaces and dashes a person may copy are dropped), at most 10. */
export function cleanOrderNumber(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, ORDER_NUMBER_LENGTH.max);
}

/** Whether `text` can be an order number (the address bar's too: anything else is ignored there). */
export function isOrderNumber(text: string): boolean {
  return new RegExp(`^[0-9]{${ORDER_NUMBER_LENGTH.min},${ORDER_NUMBER_LENGTH.max}}$`).test(text);
}

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
