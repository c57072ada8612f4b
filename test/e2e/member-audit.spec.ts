/**
 * The member flow, rule by rule against member-transfer-flow.md: what a walk
 * through the flow found to differ from the document, one test each, on
 * copies of the personas (POST /__test/members), so what a test saves stays
 * its own.
 */
import { expect, test, type Page } from './support/test.ts';
import { dialog } from './support/drivers.ts';
import { identify, LINDA, memberCopy, type MemberPersona } from './support/memberDrivers.ts';
import { chooseAndNext, focusedHeading, main, pageDoctors, startMemberFlow } from './support/memberSteps.ts';

test.describe.configure({ timeout: 180_000 });

/** The date section 9 gives the terms (src/content/TermsOfUseText.tsx's TERMS_UPDATED; a .tsx with styles cannot be imported here). */
const TERMS_UPDATED = 'Last updated February 8, 2018';

/** Identifies a copy of the member, chooses the first prescription and their doctor, Next: the registration page. */
async function reachRegistration(page: Page, m: MemberPersona) {
  const copy = await memberCopy(page, m);
  await startMemberFlow(page);
  await identify(page, copy);
  await focusedHeading(page, 'Select Your Prescriptions');
  if (!(await pageDoctors(page).first().isChecked())) await pageDoctors(page).first().press('Space');
  await chooseAndNext(page);
  return copy;
}

test('the Terms of Use modal carries the date of the terms (section 9), as /TermsOfUse does', async ({ page }) => {
  await reachRegistration(page, LINDA);
  await main(page).getByRole('button', { name: 'Read the Terms of Use' }).click();
  const terms = dialog(page, 'Terms of Use');
  await expect(terms).toBeVisible();
  await expect(terms.getByText(TERMS_UPDATED, { exact: true })).toBeVisible();
  await page.goto('/TermsOfUse');
  await expect(main(page).getByText(TERMS_UPDATED, { exact: true })).toBeVisible();
});
