/**
 * The registration / missing-information page's banner
 * (member-transfer-flow.md section 2 "Registration / Shipping-Contact page"):
 * what is missing, from the missing-alerts flags, and the page's greeting.
 */
import type { EligibilityResult, MissingAlerts } from '../../contract.ts';

export const MISSING_MESSAGES = {
  unregistered: 'Looks like you are not registered yet for mail order.',
  missing: 'Looks like we are missing some information.',
} as const;

export type MissingPart = 'Shipping' | 'Contact Info' | 'Shipping & Contact Info' | 'Payment Info' | 'Notification Preferences' | 'Health Info';

export const isRegistered = (member: EligibilityResult) => member.patient.patientId !== null;

/** The parts the banner lists; an unregistered member registers everything. */
export function missingParts(member: EligibilityResult): MissingPart[] {
  const a = member.missingAlerts;
  const all = !isRegistered(member);
  const shipping = all || a.missingShippingAddress;
  const contact = all || a.missingContactPhoneNumber;
  return [
    ...(shipping && contact ? (['Shipping & Contact Info'] as const) : shipping ? (['Shipping'] as const) : contact ? (['Contact Info'] as const) : []),
    ...(all || a.missingPaymentInfo ? (['Payment Info'] as const) : []),
    ...(all || a.missingNotificationPrefs ? (['Notification Preferences'] as const) : []),
    ...(all || a.missingHealthInfo ? (['Health Info'] as const) : []),
  ];
}

/** The greeting: not registered, or missing information (null when a registered member has everything). */
export function missingGreeting(member: EligibilityResult): string | null {
  if (!isRegistered(member)) return MISSING_MESSAGES.unregistered;
  return missingParts(member).length ? MISSING_MESSAGES.missing : null;
}

/**
 * The member once the registration page is done: a patient (the new number
 * after a registration) with nothing missing, so that coming back to that
 * page (Back from review, then Next) moves on by itself.
 */
export function completedMember(member: EligibilityResult, patientId: number): EligibilityResult {
  const missingAlerts = Object.fromEntries(Object.keys(member.missingAlerts).map((k) => [k, false])) as EligibilityResult['missingAlerts'];
  return {
    ...member,
    patient: { ...member.patient, patientId },
    registrationStatus: { ...member.registrationStatus, isRegistered: true },
    missingAlerts,
  };
}

/**
 * The flags the flow goes by (section 7: PUT /mmar/Patient/Alerts is their source): a registered
 * member's flags from that call; the eligibility answer's own flags when it failed (null), the fallback
 * (decision: the member goes on, the flags eligibility gave are one call older). An unregistered member
 * has no patient to ask about and registers everything.
 */
export function withPatientAlerts(member: EligibilityResult, alerts: MissingAlerts | null): EligibilityResult {
  return isRegistered(member) && alerts !== null ? { ...member, missingAlerts: alerts } : member;
}
