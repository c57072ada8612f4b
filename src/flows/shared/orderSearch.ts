import { isOrderNumber } from '../../../machines/orders/rules/orderNumber.ts';

/**
 * The order number as the address bar's `?order=` holds it. The router writes a string that reads as a
 * number in quotes (?order=%22880007%22), so a number without a leading zero goes as a number; one with
 * a leading zero stays a string (quoted, still only the number).
 */
export type OrderSearch = { order?: number | string };

export const orderSearch = (orderNumber: string): OrderSearch => ({ order: /^[1-9]/.test(orderNumber) ? Number(orderNumber) : orderNumber });

/** The number from the address bar, or '' when it is not one (anything else is dropped). */
export function orderFromSearch(search: Record<string, unknown>): string {
  const order = typeof search.order === 'string' || typeof search.order === 'number' ? String(search.order) : '';
  return isOrderNumber(order) ? order : '';
}
