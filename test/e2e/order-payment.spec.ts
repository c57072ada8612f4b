/**
 * A declined payment on the order-status page, as a person fixes it: the notice's Update card opens the
 * shared card form (the hosted card field), a refused save shows the general text and keeps what was
 * typed, Save again puts the card on the order, and the notice goes. Axe-clean with the form open.
 * And an Easy Fill link found already ordered, once verified or opened again cold: its order's status below the message.
 */
import { expect, test, type Page } from './support/test.ts';
import { expectNoAxeViolationsNorSidewaysScroll } from './support/a11y.ts';
import { copyOf, dialog, MARIA, pick, type, verify } from './support/drivers.ts';
import { GENERAL_ERROR_TEXT } from '../../src/api/gateway.ts';
import { ownOrder } from './support/orderJourneys.ts';

// Whole journeys on a busy 2-core machine: a hang catcher, not a wait.
test.describe.configure({ timeout: 120_000 });

/** Arms the gateway's switch for this test's calls only (its scope header). */
async function arm(page: Page, fault: { operationId: string; mode: 'error' | 'reply'; status?: number; message?: string; body?: unknown }) {
  const scope = `order-payment-${test.info().testId}`;
  await page.setExtraHTTPHeaders({ 'x-test-scope': scope });
  const armed = await page.request.post('/__test/faults', { data: { count: 1, ...fault, scope } });
  expect(armed.status()).toBe(201);
}

/** The public check of a seeded order of Maria's (README: the seeded orders). */
async function checkOrder(page: Page, orderNumber: string) {
  await page.goto(`/orderStatus?order=${orderNumber}`);
  await expect(page.getByRole('textbox', { name: 'Order number' })).toHaveValue(orderNumber);
  await type(page, 'Month', MARIA.month);
  await type(page, 'Day', MARIA.day);
  await type(page, 'Year', MARIA.year);
  await page.getByRole('textbox', { name: 'Zip code' }).fill('85281');
  await page.getByRole('button', { name: 'Check order status' }).click();
  await expect(page.getByRole('list', { name: 'Where your order is' })).toBeVisible();
}

test('a declined payment: Update card opens the card form; a refused save keeps what was typed; Save again puts the card on the order and the notice goes', async ({ page }) => {
  // An order of its own, being filled, whose payment was declined (as the seeded 880004, which
  // order-status.spec.ts reads at the same time: a new card here would take its notice away), for a patient
  // of its own (the new card becomes the patient's; the link journeys count Maria's cards).
  const number = await ownOrder(page, { ownPatient: true });
  expect((await page.request.post(`/__test/orders/${number}/advance`, { data: {} })).status()).toBe(200);
  expect((await page.request.post(`/__test/orders/${number}/exception`, { data: { kind: 'paymentDeclined' } })).status()).toBe(204);
  await checkOrder(page, number);
  const notice = page.getByText('Your payment was declined.');
  await expect(notice).toBeVisible();
  const update = page.getByRole('button', { name: 'Update card' });

  // Opened, the focus is in the form; Cancel gives it back to Update card.
  await update.click();
  const form = dialog(page, 'Update card');
  const first = form.getByRole('textbox', { name: /First name/ });
  await expect(first).toBeFocused();
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toHaveCount(0);
  await expect(update).toBeFocused();

  await update.click();
  await expect(first).toBeFocused();
  await first.fill('Maria');
  await form.getByRole('textbox', { name: /Last name/ }).fill('Lopez');
  await page.frameLocator('iframe[title="Card number"]').getByRole('textbox', { name: 'Card number' }).fill('4111 1111 1111 1111');
  await pick(page, 'Expiration month', 'December');
  await pick(page, 'Expiration year', '2030');
  await expectNoAxeViolationsNorSidewaysScroll(page);

  // The gateway refuses the new card once: the general text, and nothing typed is lost.
  await arm(page, { operationId: 'updateOrderPayment', mode: 'error', status: 500, message: '' });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('alert')).toHaveText(GENERAL_ERROR_TEXT);
  await expect(first).toHaveValue('Maria');
  await expect(form.getByRole('textbox', { name: /Last name/ })).toHaveValue('Lopez');
  await expect(form.getByRole('combobox', { name: 'Expiration month' })).toHaveValue(/December/);
  await expect(form.getByRole('combobox', { name: 'Expiration year' })).toHaveValue('2030');
  await expect(notice).toBeVisible();

  // Save again: the card is on the order, the notice goes, the focus is back on the status.
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toHaveCount(0);
  await expect(notice).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Update card' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Your order', exact: true })).toBeFocused();
  await expect(page.locator('dd', { hasText: 'Visa ending 1111' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Where your order is' }).locator('[aria-current="step"]')).toContainText('Being filled');
  await expectNoAxeViolationsNorSidewaysScroll(page);
});

test('an Easy Fill link verified after its prescriptions were ordered (in another tab) shows that order\'s status below "already ordered"', async ({ page, context, request }) => {
  const link = `/EasyFill/${await copyOf(request, 'demo-refill', 'easyfill')}`;
  await page.goto(link);
  await expect(page.getByRole('button', { name: 'Verify', exact: true })).toBeVisible();
  // Another tab orders everything through the same link meanwhile.
  const other = await context.newPage();
  await other.goto(link);
  await verify(other, MARIA, '85281');
  await other.getByRole('checkbox', { name: 'Select all' }).press('Space');
  await other.getByRole('button', { name: 'Fill Now' }).press('Enter');
  const track = other.getByRole('link', { name: 'Track this order' });
  const number = /order=(\d{6,10})$/.exec((await track.getAttribute('href')) ?? '')?.[1];
  expect(number).toMatch(/^\d{6,10}$/);
  await other.close();

  await verify(page, MARIA, '85281');
  await expect(page.getByRole('heading', { name: 'Already ordered' })).toBeFocused();
  await expect(page.getByText('Prescriptions have already been ordered.')).toBeVisible();
  const timeline = page.getByRole('list', { name: 'Where your order is' });
  await expect(timeline.locator('[aria-current="step"]')).toContainText('Received');
  await expect(page.locator('dd', { hasText: number! })).toBeVisible();
  await expectNoAxeViolationsNorSidewaysScroll(page);
});

test('an Easy Fill link opened again after its order: "See this order\'s status", the heading takes the focus, a wrong answer keeps the form, then the status', async ({ page, browser, baseURL, request }) => {
  const link = `/EasyFill/${await copyOf(request, 'demo-refill', 'easyfill')}`;
  await page.goto(link);
  await verify(page, MARIA, '85281');
  await page.getByRole('checkbox', { name: 'Select all' }).press('Space');
  await page.getByRole('button', { name: 'Fill Now' }).press('Enter');
  const number = /order=(\d{6,10})$/.exec((await page.getByRole('link', { name: 'Track this order' }).getAttribute('href')) ?? '')?.[1];
  expect(number).toMatch(/^\d{6,10}$/);

  // Another day, another browser: the link opened cold.
  const later = await browser.newContext({ baseURL });
  const again = await later.newPage();
  await again.goto(link);
  await expect(again.getByText('Prescriptions have already been ordered.')).toBeVisible();
  await expectNoAxeViolationsNorSidewaysScroll(again);
  await again.getByRole('button', { name: "See this order's status" }).press('Enter');
  await expect(again.getByRole('heading', { name: 'Verify your identity' })).toBeFocused();
  await expect(again.getByText("Enter your date of birth and zip code to see your order's status.")).toBeVisible();
  await verify(again, MARIA, '85999');
  await expect(again.getByText('Attempts Remaining: 2')).toBeVisible();
  await expect(again.getByRole('combobox', { name: 'Month' })).toHaveValue('April');
  await again.getByRole('textbox', { name: 'Zip code' }).fill('85281');
  await again.getByRole('button', { name: 'Verify', exact: true }).press('Enter');
  await expect(again.getByRole('heading', { name: 'Already ordered' })).toBeFocused();
  await expect(again.getByText('Prescriptions have already been ordered.')).toBeVisible();
  await expect(again.getByRole('list', { name: 'Where your order is' }).locator('[aria-current="step"]')).toContainText('Received');
  await expect(again.locator('dd', { hasText: number! })).toBeVisible();
  await expectNoAxeViolationsNorSidewaysScroll(again);
  await later.close();
});
