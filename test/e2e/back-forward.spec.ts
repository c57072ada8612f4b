/**
 * The browser's Back and Forward in the member flow: each step after Member
 * Information is an entry of /memberInfo whose state names the step only; Back goes to the
 * previous step and Forward returns, with what was chosen and typed kept; Back out of the first
 * step leaves the flow like any page, and Forward brings the member back (the tab's resumable
 * snapshot); Back waits while a request is on its way; Back from the success page sends nothing again.
 * The link flows keep one entry (their verification and order are one-way): Back leaves the link.
 */
import { expect, holdAnswers, test, type Page } from './support/test.ts';
import { identify, LINDA, memberCopy, reviewMain, stepIs, textbox, toReview } from './support/memberDrivers.ts';
import { copyOf, MARIA as LINK_MARIA, verify } from './support/drivers.ts';
import { REVIEW_MESSAGES, SUCCESS_MESSAGES } from '../../machines/member/rules/review.ts';
import { focusedHeading, pageDoctors } from './support/memberSteps.ts';

test.describe.configure({ timeout: 180_000 });

const chosen = (page: Page, name: string) => reviewMain(page).getByRole('checkbox', { name: new RegExp(`^Select ${name}`) });

/** The history entry's state: the flow's entries say which step they show, and nothing of the member. */
const entryState = (page: Page) => page.evaluate(() => JSON.stringify(history.state));

test('Maria: Back from the review goes to her prescriptions as she chose them, Forward returns; Back again leaves, Forward resumes', async ({ page }) => {
  await page.goto('/transfer');
  await toReview(page);
  await focusedHeading(page, 'Please Review Your Request');
  expect(page.url()).toMatch(/\/memberInfo$/);
  const state = await entryState(page);
  expect(state).toContain('"step":"review"');
  for (const pii of ['Maria', 'Lopez', '1958', 'MMA', 'ATORVASTATIN']) expect(state).not.toContain(pii);

  await page.goBack();
  await focusedHeading(page, 'Select Your Prescriptions');
  await stepIs(page, 'Select Prescriptions');
  await expect(chosen(page, 'ATORVASTATIN')).toBeChecked();
  await expect(chosen(page, 'ALPRAZOLAM')).toBeChecked();
  await expect(pageDoctors(page).first()).toBeChecked();

  await page.goForward();
  await focusedHeading(page, 'Please Review Your Request');
  await expect(reviewMain(page)).toContainText('ATORVASTATIN');

  // Back twice: the prescriptions, then out of the flow to the page before it.
  await page.goBack();
  await focusedHeading(page, 'Select Your Prescriptions');
  await page.goBack();
  await expect(page).toHaveURL(/\/transfer$/);
  // Forward: the flow is back where the member left it, nothing lost, and no new verification.
  await page.goForward();
  await focusedHeading(page, 'Select Your Prescriptions');
  await expect(chosen(page, 'ATORVASTATIN')).toBeChecked();
  await expect(chosen(page, 'ALPRAZOLAM')).toBeChecked();
  await page.goForward();
  await focusedHeading(page, 'Please Review Your Request');
});

test('Maria: after a reload on her prescriptions, Next goes on (the restored page still tells the flow)', async ({ page }) => {
  await page.goto('/transfer');
  await toReview(page);
  await focusedHeading(page, 'Please Review Your Request');
  await reviewMain(page).getByRole('button', { name: 'Back', exact: true }).click();
  await focusedHeading(page, 'Select Your Prescriptions');
  // The page's own Back returns to the entry of the prescriptions: the browser's Forward leads to the review again.
  await expect.poll(() => entryState(page)).toContain('"step":"prescriptions"');
  await page.reload();
  await focusedHeading(page, 'Select Your Prescriptions');
  await reviewMain(page).getByRole('button', { name: 'Next', exact: true }).click();
  await focusedHeading(page, 'Please Review Your Request');
});

test('Linda: Back from the registration page keeps what she typed for Forward', async ({ page }) => {
  const linda = await memberCopy(page, LINDA);
  await page.goto('/memberInfo');
  await identify(page, linda);
  await focusedHeading(page, 'Select Your Prescriptions');
  await reviewMain(page).getByRole('checkbox', { name: /^Select (?!All)/ }).first().press('Space');
  if (!(await pageDoctors(page).first().isChecked())) await pageDoctors(page).first().press('Space');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await focusedHeading(page, 'Verification');
  const cardName = textbox(page, 'First name on card');
  await cardName.fill('Linda');

  await page.goBack();
  await focusedHeading(page, 'Select Your Prescriptions');
  await page.goForward();
  await focusedHeading(page, 'Verification');
  await expect(cardName).toHaveValue('Linda');
});

test('Maria: Back while Finish is on its way waits for the answer; Back from the success page sends nothing again', async ({ page }) => {
  await page.goto('/transfer');
  await toReview(page);
  await focusedHeading(page, 'Please Review Your Request');
  let sent = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/gwapi/mmar/Patient/AutoNewTransferRxs')) sent += 1;
  });
  const held = await holdAnswers(page, '**/gwapi/mmar/Patient/AutoNewTransferRxs', 'POST');
  await reviewMain(page).getByRole('button', { name: 'Finish', exact: true }).click();
  await held.asked;
  // Finish says it is working, politely, while its request is on its way.
  await expect(reviewMain(page).getByRole('status').filter({ hasText: REVIEW_MESSAGES.sending })).toHaveCount(1);
  await expect(reviewMain(page).getByRole('button', { name: 'Finish', exact: true })).toHaveAttribute('aria-disabled', 'true');
  await page.goBack();
  // The page stays on the review, its request still on its way; the browser is put back on its entry.
  await expect.poll(() => entryState(page)).toContain('"step":"review"');
  await expect(page.getByRole('heading', { name: 'Please Review Your Request' })).toBeVisible();
  held.release();
  await focusedHeading(page, SUCCESS_MESSAGES.heading);
  await page.goBack();
  await expect(page).toHaveURL(/\/transfer$/);
  expect(sent).toBe(1);
});

test('Easy Fill keeps one history entry: Back from the confirmation leaves the link, Forward opens it again and nothing is ordered twice', async ({ page }) => {
  const linkId = await copyOf(page.request, 'demo-refill', 'easyfill', { ownPatient: true });
  await page.goto('/help');
  await page.goto(`/EasyFill/${linkId}`);
  await verify(page, LINK_MARIA, '85281');
  await focusedHeading(page, 'Choose your prescriptions');
  let orders = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/gwapi/easyfill/order')) orders += 1;
  });
  await page.getByRole('checkbox', { name: /ATORVASTATIN/ }).press('Space');
  await page.getByRole('button', { name: 'Fill Now' }).click();
  await focusedHeading(page, 'Order confirmation');
  // The verification and the order are one-way: the steps share the link's one entry.
  await page.goBack();
  await expect(page).toHaveURL(/\/help$/);
  await page.goForward();
  await expect(page.getByRole('heading', { name: 'Verify your identity' })).toBeVisible();
  await verify(page, LINK_MARIA, '85281');
  await focusedHeading(page, 'Choose your prescriptions');
  await expect(page.getByRole('checkbox', { name: /ATORVASTATIN/ })).toHaveCount(0);
  expect(orders).toBe(1);
});
