/**
 * The cost before the order: what the chosen prescriptions will cost by mail
 * order, in whole cents (never floats added up), and the one way dollars are
 * written. A copay that is missing or not a number is 'Not Available'
 * (link-flows-and-public-pages.md section 9) and is named as not included,
 * never counted as zero. Standard shipping is free (section 9).
 */

/** Standard shipping costs nothing (section 9: 'Standard shipping is free'; expedited is never offered). */
export const STANDARD_SHIPPING_CENTS = 0;
export const SHIPPING_LINE = 'Standard shipping: free';

/** The supply a mail-order copay is for (member-transfer-flow.md section 2: '/ 90 Day'). */
const MAIL_ORDER_DAYS = 90;

export type Copay = number | string | null | undefined;

/**
 * A copay in whole cents, or null when it is not available. Read from its decimal digits (the number as
 * the gateway wrote it), rounded half up at the third decimal: 1.005 is 101 cents, not the 100 that
 * `Math.round(1.005 * 100)` gives. A string may carry a dollar sign and thousands separators. A negative
 * copay is not a price: not available.
 */
export function copayCents(copay: Copay): number | null {
  if (copay === null || copay === undefined) return null;
  if (typeof copay === 'number') {
    if (!Number.isFinite(copay) || copay < 0) return null;
    const text = String(copay);
    if (!/e/i.test(text)) return decimalCents(text);
    const cents = Math.round(copay * 100);
    return Number.isSafeInteger(cents) ? cents : null;
  }
  return decimalCents(copay.replace(/[$,\s]/g, ''));
}

function decimalCents(text: string): number | null {
  const m = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m || (m[1] === '' && !m[2])) return null;
  const fraction = (m[2] ?? '').padEnd(3, '0');
  const cents = Number(m[1] || '0') * 100 + Number(fraction.slice(0, 2));
  return Number.isSafeInteger(cents) ? cents + (Number(fraction[2]) >= 5 ? 1 : 0) : null;
}

/** Cents as dollars: '$1,262.50', '-$3.00'. The one formatter of money on every page. */
export function formatDollars(cents: number): string {
  const whole = Math.trunc(Math.abs(cents) / 100);
  const rest = String(Math.abs(cents) % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}$${String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${rest}`;
}

export interface PricedItem {
  name: string;
  copay: Copay;
}

export interface OrderTotal {
  /** The sum of the known copays plus shipping; null when no selected copay is known (nothing to add up). */
  totalCents: number | null;
  count: number;
  /** The names whose copay is not available: not included in the total. */
  notIncluded: string[];
}

/** The total of an order: the known copays added in cents, shipping (free) on top, the unknown ones named. */
export function orderTotal(items: readonly PricedItem[]): OrderTotal {
  let sum = 0;
  let known = 0;
  const notIncluded: string[] = [];
  for (const item of items) {
    const cents = copayCents(item.copay);
    if (cents === null) notIncluded.push(item.name);
    else {
      sum += cents;
      known += 1;
    }
  }
  return { totalCents: known > 0 || items.length === 0 ? sum + STANDARD_SHIPPING_CENTS : null, count: items.length, notIncluded };
}

const prescriptions = (n: number) => `${n} prescription${n === 1 ? '' : 's'}`;
const names = (list: readonly string[]) => list.join(', ');

/**
 * The total's words, in one sentence so that a screen reader hears it once per change of the selection:
 * 'Order total for 2 prescriptions: $1,260.00. Not included, copay not available: METFORMIN.'
 */
export function orderTotalText(total: OrderTotal): string {
  const missing = notIncludedText(total);
  return `Order total for ${prescriptions(total.count)}: ${totalAmount(total)}.${missing ? ` ${missing}` : ''}`;
}

/** The total's amount: dollars, or 'Not Available' when no copay of the order is known. */
export const totalAmount = (total: OrderTotal): string => (total.totalCents === null ? 'Not Available' : formatDollars(total.totalCents));

/** Which prescriptions the total leaves out, 'Not included, copay not available: METFORMIN.'; null when none. */
export const notIncludedText = (total: OrderTotal): string | null =>
  total.notIncluded.length ? `Not included, copay not available: ${names(total.notIncluded)}.` : null;

export interface TransferItem {
  name: string;
  /** Days' supply at the current pharmacy; missing counts as 90. */
  daysSupply?: number | null;
  /** The current (retail) pharmacy's copay for that supply. */
  retail: Copay;
  /** The mail-order copay for 90 days. */
  mailOrder: Copay;
}

export interface TransferEstimate {
  /** The sum of the known mail-order copays; null when none is known. */
  mailOrderCents: number | null;
  count: number;
  /** The names without a mail-order copay: no estimate, not in the total. */
  noEstimate: string[];
  /**
   * The retail copays for the same 90 days minus the mail-order copays, over the prescriptions whose
   * two copays are both known; null when there is none. Negative when mail order costs more.
   */
  savingCents: number | null;
  /** How many prescriptions the saving is counted over. */
  savingCount: number;
}

/**
 * The estimated mail-order total of a transfer request and its saving against the retail copays. A
 * retail copay is for the current fill's supply (30 days, say) and the mail-order one for 90 days: the
 * saving compares the same 90 days, the retail copay per day times 90, as the copay line compares them
 * per day (member-transfer-flow.md section 2), so a drug shown cheaper by mail never shows a loss here.
 */
export function transferEstimate(items: readonly TransferItem[]): TransferEstimate {
  const total = orderTotal(items.map((i) => ({ name: i.name, copay: i.mailOrder })));
  let saving = 0;
  let savingCount = 0;
  for (const item of items) {
    const retail = copayCents(item.retail);
    const mail = copayCents(item.mailOrder);
    const days = item.daysSupply && item.daysSupply > 0 ? item.daysSupply : MAIL_ORDER_DAYS;
    if (retail === null || mail === null) continue;
    saving += Math.round((retail * MAIL_ORDER_DAYS) / days) - mail;
    savingCount += 1;
  }
  return {
    mailOrderCents: total.totalCents,
    count: items.length,
    noEstimate: total.notIncluded,
    savingCents: savingCount > 0 ? saving : null,
    savingCount,
  };
}

/** The estimate's words: the total, the saving (or the extra cost), and which prescriptions have no estimate. */
export function transferEstimateText(e: TransferEstimate): { total: string; saving: string | null; noEstimate: string | null } {
  const amount = e.mailOrderCents === null ? 'Not Available' : formatDollars(e.mailOrderCents);
  const over = e.savingCount === e.count ? '' : ` (over the ${prescriptions(e.savingCount)} with both copays known)`;
  const saving =
    e.savingCents === null
      ? null
      : e.savingCents >= 0
        ? `Estimated saving against your current pharmacy's copays for a 90-day supply: ${formatDollars(e.savingCents)}${over}.`
        : `Estimated extra cost against your current pharmacy's copays for a 90-day supply: ${formatDollars(-e.savingCents)}${over}.`;
  return {
    total: `Estimated mail-order total for ${prescriptions(e.count)}: ${amount}.`,
    saving,
    noEstimate: e.noEstimate.length ? `No estimate, mail-order copay not available (not included): ${names(e.noEstimate)}.` : null,
  };
}
