/**
 * What the stepper shows for a page (member-transfer-flow.md section 2): the
 * step names, which one is current, and whether the optional Register step is
 * added. Pure, so the view and the tests read one rule.
 */
export const MEMBER_STEPS = ['Member Info', 'Select Prescriptions', 'Verification', 'Review', 'Finish'] as const;

export const REGISTER_STEP = {
  name: 'Register (Optional)',
  note: 'You are one step away. Manage medications online!',
  action: 'Register Now',
} as const;

/** The optional sixth step: only when the profile is not linked and the page number is 6 or more. */
export function showsRegisterStep(page: number, profileLinked: boolean): boolean {
  return !profileLinked && page >= 6;
}

/** The 0-based index of the current step: pages past the last step (6, 7) show the last one. */
export function currentStep(page: number, stepCount: number): number {
  return Math.min(Math.max(page, 1), stepCount) - 1;
}

/** The page number of a stepper snapshot (the `meta.page` of the state it is in). */
export function pageOf(snapshot: { getMeta: () => Record<string, unknown> }): number {
  for (const meta of Object.values(snapshot.getMeta()) as ({ page?: number } | undefined)[]) if (meta?.page) return meta.page;
  return 1;
}
