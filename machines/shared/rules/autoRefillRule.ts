/**
 * Auto refill's one eligibility rule, for every flow and both sides
 * (member-transfer-flow.md sections 6 and 9, link-flows-and-public-pages.md
 * sections 2.18, 5 and 9: auto refill is unavailable for controlled
 * substances, fills under 84 days and government-funded plans). The member
 * flow's Add a Prescription offers the Auto Refill option only where it
 * passes; Easy Fill's step 3 offers its toggle only where it passes; the
 * gateway refuses with it on the transfer request, Easy Fill's toggle and
 * Auto Refill's enrolment (gateway/store/links.ts `autoRefillRefusalOf`,
 * gateway/store/transfers.ts). A fact the caller does not know (the link
 * page knows no drug's schedule, Auto Refill's list no days' supply, the
 * member flow no pharmacy flag) is not held against the drug: the gateway
 * knows them all and has the last word.
 */

/** Auto refill needs a fill of at least this many days' supply (section 9). */
export const MIN_AUTO_REFILL_DAYS_SUPPLY = 84;

export interface AutoRefillFacts {
  /** The pharmacy's flag on a link's prescription. */
  autoFillEligible?: boolean;
  daysSupply?: number | null;
  /** A controlled substance (the drug's DEA schedule, or a transfer code that says so). */
  controlled?: boolean;
  /** The member's plan is government-funded (Medicare Part D: docs/decisions.md). */
  governmentFunded?: boolean;
  /** Must be ordered before auto refill can be turned on (Auto Refill's Order Medication). */
  mustPlaceOrder?: boolean;
}

/** Why auto refill cannot be turned on; the words of the gateway's refusals and of the pages. */
export const AUTO_REFILL_REFUSED = {
  notEligible: 'Auto Refill is not available for this prescription.',
  controlled: 'Auto Refill is not available for controlled substances.',
  shortFill: "Auto Refill needs a fill of at least 84 days' supply.",
  governmentFunded: 'Auto Refill is not available for government-funded plans such as Medicare Part D.',
  orderFirst: 'This prescription must be ordered before Auto Refill can be turned on.',
} as const;

/** Why auto refill cannot be turned on for this prescription, or null when it can (turning it off is always allowed). */
export function autoRefillRefusal(rx: AutoRefillFacts): string | null {
  if (rx.controlled === true) return AUTO_REFILL_REFUSED.controlled;
  if (rx.autoFillEligible === false) return AUTO_REFILL_REFUSED.notEligible;
  if (rx.governmentFunded === true) return AUTO_REFILL_REFUSED.governmentFunded;
  if (typeof rx.daysSupply === 'number' && rx.daysSupply < MIN_AUTO_REFILL_DAYS_SUPPLY) return AUTO_REFILL_REFUSED.shortFill;
  if (rx.mustPlaceOrder === true) return AUTO_REFILL_REFUSED.orderFirst;
  return null;
}
