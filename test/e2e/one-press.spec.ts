/**
 * "One press, one request": the submitting buttons send their request once however
 * often they are pressed (two clicks, Enter twice) while the answer is held (page.route), say they
 * are working meanwhile, and every request carries an Idempotency-Key. An answer lost after the
 * gateway placed the order: pressing again sends the same key, and the gateway answers with the
 * order it placed (one order, not a 409 and not a second one).
 */
import type { Route } from '@playwright/test';
import { expect, test, type Page } from './support/test.ts';
import { copyOf, dialog, MARIA, verify } from './support/drivers.ts';
import { identify, MARIA as MARIA_MEMBER, memberCopy } from './support/memberDrivers.ts';
import { focusedHeading, main, pageDoctors } from './support/memberSteps.ts';
import { REVIEW_MESSAGES, SUCCESS_MESSAGES } from '../../machines/member/rules/review.ts';

test.describe.configure({ timeout: 120_000 });

/** Holds every request to `path` until `release()`; records each request's Idempotency-Key. */
async function hold(page: Page, method: string, path: string) {
  const keys: (string | undefined)[] = [];
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route((url) => url.pathname === path, async (route: Route) => {
    if (route.request().method() !== method) return route.fallback();
    keys.push(route.request().headers()['idempotency-key']);
    await released;
    await route.continue();
  });
  return { keys, release };
}

/**
 * Presses twice, twice, as people do: Enter twice on the focused button, then a double click on it
 * if it is still there (a modal's button goes with its modal; the focus goes back to the page).
 */
async function pressTwiceTwice(page: Page, name: string, within = page.locator('body')) {
  const button = within.getByRole('button', { name, exact: true });
  await button.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  if (await button.count()) await button.dblclick({ force: true, timeout: 2_000 }).catch(() => undefined);
}

/** An Easy Fill copy verified, ATORVASTATIN ticked, Fill Now ready. */
async function easyFillReady(page: Page) {
  const linkId = await copyOf(page.request, 'demo-refill', 'easyfill', { ownPatient: true });
  await page.goto(`/EasyFill/${linkId}`);
  await verify(page, MARIA, '85281');
  await expect(page.getByRole('heading', { name: 'Choose your prescriptions' })).toBeFocused();
  await page.getByRole('checkbox', { name: /ATORVASTATIN/ }).press('Space');
  return page.getByRole('button', { name: 'Fill Now' });
}

test('Fill Now sends one order however often it is pressed, and says it is working', async ({ page }) => {
  const fillNow = await easyFillReady(page);
  const order = await hold(page, 'POST', '/gwapi/easyfill/order');
  await pressTwiceTwice(page, 'Fill Now');
  await expect.poll(() => order.keys.length).toBe(1);
  // Working: the button is busy (aria-disabled) and the order's skeleton is up.
  await expect(fillNow).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('status').filter({ hasText: 'Placing your order' })).toBeVisible();
  await fillNow.press('Enter');
  order.release();
  await expect(page.getByRole('heading', { name: 'Order confirmation' })).toBeFocused();
  expect(order.keys).toHaveLength(1);
  expect(order.keys[0]).toMatch(/^[0-9a-f-]{36}$/);
});

test('Fill Now again after the answer was lost sends the same key, and the gateway answers with the order it placed', async ({ page }) => {
  const fillNow = await easyFillReady(page);
  const keys: string[] = [];
  const answers: number[] = [];
  await page.route((url) => url.pathname === '/gwapi/easyfill/order', async (route) => {
    keys.push(route.request().headers()['idempotency-key']!);
    const response = await route.fetch();
    answers.push(response.status());
    // The first answer is lost on the way back (the order is placed): the page sees a network failure.
    if (keys.length === 1) return route.abort('connectionreset');
    return route.fulfill({ response });
  });
  await fillNow.click();
  await expect(page.getByRole('alert').filter({ hasText: /Unable to process the request|could not|try/i }).first()).toBeVisible();
  await fillNow.click();
  await expect(page.getByRole('heading', { name: 'Order confirmation' })).toBeFocused();
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  expect(answers).toEqual([200, 200]);
});

test("Confirm Auto Refill: Order Medication's Confirm pressed twice, twice sends one order, then one enrolment", async ({ page }) => {
  const linkId = await copyOf(page.request, 'demo-autorefill', 'autorefill', { ownPatient: true });
  await page.goto(`/autorefill/${linkId}`);
  await verify(page, MARIA, '85281');
  await expect(page.getByRole('heading', { name: 'Confirm Auto Refill' })).toBeFocused();
  await page.getByRole('checkbox', { name: /LOSARTAN/ }).press('Space');
  await page.getByRole('button', { name: 'Confirm Auto Refill' }).click();
  const terms = dialog(page, 'Agree to Auto Refill Program Terms & Conditions');
  await terms.getByRole('checkbox').press('Space');
  await terms.getByRole('button', { name: 'Confirm' }).click();
  const orderModal = dialog(page, 'Order Medication');
  await expect(orderModal).toBeVisible();
  const order = await hold(page, 'POST', '/gwapi/AutoRefill/Order');
  const manage = await hold(page, 'PUT', '/gwapi/autorefill');
  await pressTwiceTwice(page, 'Confirm', orderModal);
  await expect.poll(() => order.keys.length).toBe(1);
  // Working: the result step's skeleton while the order is held.
  await expect(page.getByRole('status').filter({ hasText: 'Updating Auto Refill' })).toBeVisible();
  order.release();
  await expect.poll(() => manage.keys.length).toBe(1);
  manage.release();
  await expect(page.getByRole('heading', { name: 'Auto Refill result' })).toBeFocused();
  await expect(page.getByText('Success! Auto Refill updated.')).toBeVisible();
  expect([order.keys.length, manage.keys.length]).toEqual([1, 1]);
  expect(order.keys[0]).toBeTruthy();
  expect(manage.keys[0]).toBeTruthy();
});

test('Finish sends one transfer request however often it is pressed, and is busy meanwhile', async ({ page }) => {
  const maria = await memberCopy(page, MARIA_MEMBER);
  await page.goto('/memberInfo');
  await identify(page, maria);
  await focusedHeading(page, 'Select Your Prescriptions');
  await main(page).getByRole('checkbox', { name: /^Select ATORVASTATIN/ }).press('Space');
  if (!(await pageDoctors(page).first().isChecked())) await pageDoctors(page).first().press('Space');
  await main(page).getByRole('button', { name: 'Next' }).click();
  await focusedHeading(page, REVIEW_MESSAGES.heading);
  const submit = await hold(page, 'POST', '/gwapi/mmar/Patient/AutoNewTransferRxs');
  const finish = main(page).getByRole('button', { name: 'Finish' });
  await pressTwiceTwice(page, 'Finish', main(page));
  await expect.poll(() => submit.keys.length).toBe(1);
  // Busy: Finish is a GatedButton, whose pending state is aria-disabled (no label, no aria-busy); it says
  // 'Sending your request…' once, politely (GatedButton's pendingText).
  await expect(finish).toHaveAttribute('aria-disabled', 'true');
  await finish.press('Enter');
  submit.release();
  await focusedHeading(page, SUCCESS_MESSAGES.heading);
  expect(submit.keys).toHaveLength(1);
});
