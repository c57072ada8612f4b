/**
 * "Where is my order" from the confirmations, as a person follows it: Auto Refill's order (the Order
 * Medication modal) and the member flow's finished request each name their order number with the date,
 * the address and the payment, and "Track this order" opens its status with the flow's token (no check
 * form); "Check order status" (the public check) is in the header, the footer, Help and the
 * confirmations. Axe-clean.
 */
import { expect, test, type Page } from './support/test.ts';
import { expectNoAxeViolationsNorSidewaysScroll } from './support/a11y.ts';
import { copyOf, dialog, MARIA, verify } from './support/drivers.ts';
import { SUCCESS_MESSAGES } from '../../machines/member/rules/review.ts';
import { identify, MARIA as MARIA_MEMBER, memberCopy } from './support/memberDrivers.ts';
import { focusedHeading, main, pageDoctors, press, startMemberFlow } from './support/memberSteps.ts';

test.describe.configure({ timeout: 180_000 });

/** The confirmation's order number (from its Track link, which holds the number only) and that it is shown. */
async function trackedNumber(page: Page, region: string): Promise<string> {
  const summary = page.getByRole('region', { name: region });
  const track = summary.getByRole('link', { name: 'Track this order' });
  const number = /order=(\d{6,10})$/.exec((await track.getAttribute('href')) ?? '')?.[1];
  expect(number).toMatch(/^\d{6,10}$/);
  await expect(summary).toContainText(`Order number${number!}`);
  await expect(summary).toContainText(/Order date[A-Z][a-z]+ \d{1,2}, \d{4}/);
  await expect(summary).toContainText('Shipping address');
  await expect(summary).toContainText('Payment method');
  // The public check, for later without signing in.
  await expect(summary.getByRole('link', { name: 'Check order status' })).toHaveAttribute('href', '/orderStatus');
  return number!;
}

/** Track this order opens the status at once (the flow's token went along): the timeline, no check form, the number only in the address. */
async function followTrack(page: Page, region: string, number: string) {
  await page.getByRole('region', { name: region }).getByRole('link', { name: 'Track this order' }).click();
  await expect(page.getByRole('list', { name: 'Where your order is' }).locator('[aria-current="step"]')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Order number' })).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/orderStatus\\?order=${number}$`));
  await expectNoAxeViolationsNorSidewaysScroll(page);
}

test("Auto Refill: the Order Medication modal's order is confirmed by its number, and Track this order opens its status", async ({ page, request }) => {
  await page.goto(`/autorefill/${await copyOf(request, 'demo-autorefill', 'autorefill')}`);
  await verify(page, MARIA, '85281');
  await page.getByRole('region', { name: 'Other medications available for Auto Refill:' }).getByRole('checkbox', { name: /LOSARTAN/ }).press('Space');
  await page.getByRole('button', { name: 'Confirm Auto Refill' }).click();
  const terms = dialog(page, 'Agree to Auto Refill Program Terms & Conditions');
  await terms.getByRole('checkbox').press('Space');
  await terms.getByRole('button', { name: 'Confirm' }).click();
  await dialog(page, 'Order Medication').getByRole('button', { name: 'Confirm' }).click();

  await expect(page.getByRole('heading', { name: 'Auto Refill result', exact: true })).toBeFocused();
  const number = await trackedNumber(page, 'Your order');
  await expect(page.getByRole('region', { name: 'Your order' })).toContainText(/OrderedLOSARTAN/);
  await expectNoAxeViolationsNorSidewaysScroll(page);
  await followTrack(page, 'Your order', number);
});

test("The member flow: Maria's finished request names its order number, and Track this order opens its status with her token", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const maria = await memberCopy(page, MARIA_MEMBER);
  await startMemberFlow(page);
  await identify(page, maria);
  await focusedHeading(page, 'Select Your Prescriptions');
  await main(page).getByRole('checkbox', { name: /^Select ATORVASTATIN/ }).press('Space');
  if (!(await pageDoctors(page).first().isChecked())) await pageDoctors(page).first().press('Space');
  await press(page, 'Next');
  await press(page, 'Finish');

  await focusedHeading(page, SUCCESS_MESSAGES.heading);
  const number = await trackedNumber(page, 'Your request');
  await expectNoAxeViolationsNorSidewaysScroll(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoAxeViolationsNorSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await followTrack(page, 'Your request', number);
});

test('Check order status: the header, the footer and Help lead to the public check', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const checkForm = () => expect(page.getByRole('textbox', { name: 'Order number' })).toBeVisible();

  await page.goto('/');
  await page.getByRole('navigation', { name: 'Member' }).getByRole('link', { name: 'Check order status' }).click();
  await expect(page).toHaveURL(/\/orderStatus$/);
  await checkForm();
  await expectNoAxeViolationsNorSidewaysScroll(page);

  await page.goto('/AboutUs');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Check Order Status' }).first().click();
  await expect(page).toHaveURL(/\/orderStatus$/);
  await checkForm();

  await page.goto('/help');
  await main(page).getByRole('link', { name: 'Check order status' }).click();
  await expect(page).toHaveURL(/\/orderStatus$/);
  await checkForm();
});
