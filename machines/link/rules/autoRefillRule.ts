/**
 * Auto refill's one eligibility rule (link-flows-and-public-pages.md sections
 * 2.18, 5 and 9), for both link flows and both sides: the gateway enforces it
 * on Easy Fill's toggle and on Auto Refill's enrolment
 * (gateway/store/links.ts `autoRefillRefusalOf`), and Easy Fill's page offers
 * the toggle only where it passes. A fact the caller does not know (the page
 * knows no drug's schedule, Auto Refill's list no days' supply) is not held
 * against the drug; the gateway knows them all.
 */

/** Auto refill needs a fill of at least this many days' supply (section 9). */
export const MIN_AUTO_REFILL_DAYS_SUPPLY = 84;

export interface AutoRefillFacts {
  /** The pharmacy's flag; a government-funded plan's prescriptions come flagged not eligible (section 5). */
  autoFillEligible?: boolean;
  daysSupply?: number | null;
  /** A controlled substance (the drug's DEA schedule). */
  controlled?: boolean;
  /** Must be ordered before auto refill can be turned on (Auto Refill's Order Medication). */
  mustPlaceOrder?: boolean;
}

/** Why auto refill cannot be turned on; the words of the gateway's refusals. */
export const AUTO_REFILL_REFUSED = {
  notEligible: 'Auto Refill is not available for this prescription.',
  controlled: 'Auto Refill is not available for controlled substances.',
  shortFill: "Auto Refill needs a fill of at least 84 days' supply.",
  orderFirst: 'This prescription must be ordered before Auto Refill can be turned on.',
} as const;

/** Why auto refill cannot be turned on for this prescription, or null when it can (turning it off is always allowed). */
export function autoRefillRefusal(rx: AutoRefillFacts): string | null {
  if (rx.autoFillEligible !== true) return AUTO_REFILL_REFUSED.notEligible;
  if (rx.controlled === true) return AUTO_REFILL_REFUSED.controlled;
  if (typeof rx.daysSupply === 'number' && rx.daysSupply < MIN_AUTO_REFILL_DAYS_SUPPLY) return AUTO_REFILL_REFUSED.shortFill;
  if (rx.mustPlaceOrder === true) return AUTO_REFILL_REFUSED.orderFirst;
  return null;
}
