/**
 * What an order number is: digits only, 6 to 10 of them (the contract's OrderNumber). Its own module:
 * the router reads the address bar's number on every page, and this keeps the check form's rules
 * (and the date of birth's) out of every page's first load.
 */
export const ORDER_NUMBER_LENGTH = { min: 6, max: 10 } as const;

/** An order number as typed: digits only (spaces and dashes a person may copy are dropped), at most 10. */
export function cleanOrderNumber(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, ORDER_NUMBER_LENGTH.max);
}

/** Whether `text` can be an order number (the address bar's too: anything else is ignored there). */
export function isOrderNumber(text: string): boolean {
  return new RegExp(`^[0-9]{${ORDER_NUMBER_LENGTH.min},${ORDER_NUMBER_LENGTH.max}}$`).test(text);
}
