/**
 * The cost before the order, on the real app and the real gateway's seeded copays: Easy Fill's total
 * changing with the selection above Fill Now, the review's estimated mail-order total and saving, and
 * the Order Medication modal's total; axe at 1280 and 375 px on each.
 */
import { expect, test, type Page } from './support/test.ts';
import { expectNoAxeViolationsNorSidewaysScroll } from './support/a11y.ts';
import { copyOf, dialog, MARIA, verify } from './support/drivers.ts';
import { identify, memberCopy, MARIA as MEMBER_MARIA } from './support/memberDrivers.ts';
import { focusedHeading, main, pageDoctors, press, startMemberFlow } from './support/memberSteps.ts';
import { REVIEW_MESSAGES } from '../../machines/member/rules/review.ts';

// Whole journeys with axe at two widths: a hang catcher, not a wait.
test.describe.configure({ timeout: 240_000 });

async function axeAtBothWidths(page: Page) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoAxeViolationsNorSidewaysScroll(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoAxeViolationsNorSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('Easy Fill: the order total above Fill Now follows the selection, names the copay not available, and says shipping is free', async ({ page, request }) => {
  const linkId = await copyOf(request, 'demo-refill', 'easyfill');
  await page.goto(`/EasyFill/${linkId}`);
  await verify(page, MARIA, '85281');
  await expect(page.getByRole('heading', { name: 'Choose your prescriptions', exact: true })).toBeFocused();

  const cost = page.getByRole('region', { name: 'Order total' });
  // The sentence is a polite live region: said once per change of the selection.
  const total = cost.getByRole('status');
  await expect(total).toHaveText('Order total for 0 prescriptions: $0.00.');
  await expect(cost).toContainText('Standard shipping: free');
  // Above Fill Now, in the reading order.
  const fillNow = page.getByRole('button', { name: 'Fill Now' });
  expect(await cost.evaluate((el, button) => Boolean(el.compareDocumentPosition(button!) & Node.DOCUMENT_POSITION_FOLLOWING), await fillNow.elementHandle())).toBe(true);

  await page.getByRole('checkbox', { name: /ATORVASTATIN/ }).press('Space');
  await expect(total).toHaveText('Order total for 1 prescription: $10.00.');
  await page.getByRole('checkbox', { name: /METFORMIN/ }).press('Space');
  await expect(total).toHaveText(/^Order total for 2 prescriptions: \$10\.00\. Not included, copay not available: METFORMIN[^,]*\.$/);
  await page.getByRole('checkbox', { name: 'Select all' }).press('Space');
  await expect(total).toHaveText(/^Order total for 4 prescriptions: \$1,272\.50\. Not included, copay not available: METFORMIN[^,]*\.$/);
  await axeAtBothWidths(page);
  await page.getByRole('checkbox', { name: /APIXABAN/ }).press('Space');
  await expect(total).toHaveText(/^Order total for 3 prescriptions: \$22\.50\. Not included, copay not available: METFORMIN[^,]*\.$/);
});

test("the member flow's review: the estimated mail-order total and the saving against the retail copays for 90 days", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const maria = await memberCopy(page, MEMBER_MARIA);
  await startMemberFlow(page);
  await identify(page, maria);
  await focusedHeading(page, 'Select Your Prescriptions');
  // Retail $30 for 90 days against $10 by mail; $12 for 30 days ($36 for 90) against $5; $10 for 30 days ($30 for 90) against $6.
  for (const name of ['ATORVASTATIN', 'LISINOPRIL', 'ALPRAZOLAM']) await main(page).getByRole('checkbox', { name: new RegExp(`^Select ${name}`) }).press('Space');
  if (!(await pageDoctors(page).first().isChecked())) await pageDoctors(page).first().press('Space');
  await press(page, 'Next');
  await focusedHeading(page, REVIEW_MESSAGES.heading);

  const cost = main(page).getByRole('region', { name: 'Estimated cost' });
  await expect(cost).toContainText('Estimated mail-order total for 3 prescriptions: $21.00.');
  await expect(cost).toContainText("Estimated saving against your current pharmacy's copays for a 90-day supply: $75.00.");
  await expect(cost).toContainText('Standard shipping: free');
  await expect(cost).not.toContainText('No estimate');
  await axeAtBothWidths(page);

  // Removing one changes the estimate (ALPRAZOLAM: $6 by mail, $24 saved).
  await main(page).getByRole('button', { name: /^Remove ALPRAZOLAM/ }).click();
  await dialog(page, REVIEW_MESSAGES.removeTitle).getByRole('button', { name: REVIEW_MESSAGES.removeConfirm }).click();
  await expect(cost).toContainText('Estimated mail-order total for 2 prescriptions: $15.00.');
  await expect(cost).toContainText("for a 90-day supply: $51.00.");
});

test("Auto Refill's Order Medication modal: the total of the drugs it orders", async ({ page, request }) => {
  const linkId = await copyOf(request, 'demo-autorefill', 'autorefill');
  await page.goto(`/autorefill/${linkId}`);
  await verify(page, MARIA, '85281');
  await expect(page.getByRole('heading', { name: 'Confirm Auto Refill', exact: true })).toBeFocused();
  await page.getByRole('region', { name: 'Other medications available for Auto Refill:' }).getByRole('checkbox', { name: /LOSARTAN/ }).press('Space');
  await page.getByRole('button', { name: 'Confirm Auto Refill' }).click();
  const terms = dialog(page, 'Agree to Auto Refill Program Terms & Conditions');
  await terms.getByRole('checkbox').press('Space');
  await terms.getByRole('button', { name: 'Confirm' }).click();

  const order = dialog(page, 'Order Medication');
  await expect(order).toBeVisible();
  const cost = order.getByRole('region', { name: 'Order total' });
  await expect(cost).toContainText('Order total for 1 prescription: $10.00.');
  await expect(cost).toContainText('Standard shipping: free');
  await axeAtBothWidths(page);
});
