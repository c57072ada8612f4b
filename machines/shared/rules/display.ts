/**
 * How the link flows show their data (link-flows-and-public-pages.md sections
 * 2.15-2.20, 3, 9): copay, addresses, cards, drug labels and the Easy Fill
 * heading. Pure functions, so the views
 * never repeat a rule. The rules that show dates are in dates.ts, apart, so
 * the first screen (verification) does not load Temporal.
 */
import type { AutoRefillDrug, PaymentCard } from '../../contract.ts';
import { copayCents, formatDollars, type Copay } from './orderCost.ts';

/** The month names, January first: the verification typeahead, the card form and long dates. */
export const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;

export const NOT_AVAILABLE = 'Not Available';

/**
 * Copay: two decimals with thousands separators, or 'Not Available' when it is
 * missing or not a number. Shown with a dollar sign (the spec gives the number
 * format only; the sign is this portal's choice). Written by the one money
 * formatter (orderCost.ts), as the order totals are.
 */
export function formatCopay(copay: Copay): string {
  const cents = copayCents(copay);
  return cents === null ? NOT_AVAILABLE : formatDollars(cents);
}

/** Each word capitalised: 'MASTERCARD' → 'Mastercard', '123 MAIN ST' → '123 Main St', '(SULFONAMIDE' → '(Sulfonamide'. */
export function titleCase(text: string): string {
  return text.toLowerCase().replace(/(^|[\s\-/'.(])([a-z])/g, (_, sep: string, c: string) => sep + c.toUpperCase());
}

/** One line of an address: street, city, state and zip, title-cased (the state stays upper case). */
export function addressLine(address: { address1: string; address2?: string | null; city?: string; state?: string; zipCode?: string }): string {
  const street = [address.address1, address.address2].filter(Boolean).map((s) => titleCase(s!)).join(' ');
  const place = [address.city ? titleCase(address.city) : '', [address.state?.toUpperCase(), address.zipCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [street, place].filter(Boolean).join(', ');
}

/** A card as shown: type title-cased and 'ending' plus its last digits ('Visa ending 1111'). The FSA badge is `card.fsaCard`. */
export function cardLabel(card: Pick<PaymentCard, 'cardType' | 'cardTypeDesc' | 'cardNumber'>): string {
  return cardEnding(card.cardType || card.cardTypeDesc, card.cardNumber);
}

/** Any card the portal names, on file or on an order: 'Visa ending 1111' (its type unknown: 'Card ending 1111'). */
export const cardEnding = (type: string | null | undefined, digits: string): string => `${titleCase(type || 'Card')} ending ${digits.slice(-4)}`;

/** An Auto Refill drug's label: name, strength and dosage form together. */
export function drugLabel(drug: Pick<AutoRefillDrug, 'dispensedMedName' | 'strength' | 'dosageForm'>): string {
  return [drug.dispensedMedName, drug.strength, drug.dosageForm].filter(Boolean).join(' ');
}

/** The Easy Fill heading: 'Easy ' plus 'refill', or the new-prescription wording for the newrx link type. */
export function easyFillHeading(linkType: string | null | undefined): string {
  return `Easy ${linkType?.toLowerCase() === 'newrx' ? 'new prescription' : 'refill'}`;
}
