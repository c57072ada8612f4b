/**
 * What the link flows say after each answer, the unusual ones forced with the gateway's test
 * switches (gateway/faults.ts): a verification failure without a message, an Auto Refill success
 * that lists no entries, a partial (207) result with its reasons, turning auto refill off, and
 * Easy Fill's confirmation (the order, and the order placed when its details could not be read).
 */
import { expect, test, type Page } from './support/test.ts';
import { expectNoAxeViolationsNorSidewaysScroll } from './support/a11y.ts';
import { copyOf, dialog, MARIA, verify } from './support/drivers.ts';
import { AUTO_REFILL_MESSAGES } from '../../machines/link/autoRefillMachine.ts';
import { MESSAGES } from '../../machines/link/linkPageMachine.ts';
import { GENERAL_ERROR_TEXT } from '../../src/api/gateway.ts';

// Whole journeys on a busy 2-core machine: a hang catcher, not a wait.
test.describe.configure({ timeout: 120_000 });

/** Arms the gateway's switch for this test's calls only (its scope header). */
async function arm(page: Page, fault: { operationId: string; mode: 'error' | 'reply'; status?: number; message?: string; body?: unknown }) {
  const scope = `link-outcomes-${test.info().testId}`;
  await page.setExtraHTTPHeaders({ 'x-test-scope': scope });
  const armed = await page.request.post('/__test/faults', { data: { count: 1, ...fault, scope } });
  expect(armed.status()).toBe(201);
}

const TERMS = 'Agree to Auto Refill Program Terms & Conditions';

/** Auto Refill, verified, the preselected drugs confirmed through the terms. */
async function confirmAutoRefill(page: Page) {
  await page.getByRole('button', { name: 'Confirm Auto Refill' }).click();
  const terms = dialog(page, TERMS);
  await terms.getByRole('checkbox').press('Space');
  await terms.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: 'Auto Refill result' })).toBeFocused();
}

test('a verification failure that carries no message says to check the information, not the general text', async ({ page, request }) => {
  await page.goto(`/EasyFill/${await copyOf(request, 'demo-refill', 'easyfill')}`);
  await arm(page, { operationId: 'verifyEasyFill', mode: 'error', status: 500, message: '' });
  await verify(page, MARIA, '85281');
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.check);
  await expect(page.getByText(GENERAL_ERROR_TEXT)).toHaveCount(0);
  // Nothing typed is lost, and Verify goes on.
  await expect(page.getByRole('combobox', { name: 'Month' })).toHaveValue('April');
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Choose your prescriptions' })).toBeFocused();
});

test('Auto Refill: a success that lists no entries names the drugs turned on', async ({ page, request }) => {
  await page.goto(`/autorefill/${await copyOf(request, 'demo-autorefill', 'autorefill')}`);
  await verify(page, MARIA, '85281');
  // Preselected: rosuvastatin (asked for) and metoprolol (its consent about to expire).
  await expect(page.getByRole('checkbox', { name: /ROSUVASTATIN/ })).toBeChecked();
  await arm(page, { operationId: 'manageAutoRefill', mode: 'reply', body: { statusCode: 200, manageARInfo: [] } });
  await confirmAutoRefill(page);
  await expect(page.getByText(AUTO_REFILL_MESSAGES.success)).toBeVisible();
  const turnedOn = page.getByRole('list', { name: 'Auto Refill turned on for the following medications:' });
  await expect(turnedOn.getByRole('listitem')).toHaveCount(2);
  await expect(turnedOn.getByRole('listitem').filter({ hasText: 'ROSUVASTATIN' })).toBeVisible();
  await expect(turnedOn.getByRole('listitem').filter({ hasText: 'METOPROLOL' })).toBeVisible();
  await expectNoAxeViolationsNorSidewaysScroll(page);
});

test('Auto Refill: a partial (207) result names each drug that was not turned on and why', async ({ page, request }) => {
  // The README's partial link: hydrochlorothiazide's last fill was 30 days, so the gateway's rule refuses it.
  await page.goto(`/autorefill/${await copyOf(request, 'demo-partial', 'autorefill')}`);
  await verify(page, MARIA, '85281');
  await page.getByRole('checkbox', { name: /HYDROCHLOROTHIAZIDE/ }).press('Space');
  await confirmAutoRefill(page);
  await expect(page.getByRole('alert')).toContainText(AUTO_REFILL_MESSAGES.partial);
  const notOn = page.getByRole('list', { name: AUTO_REFILL_MESSAGES.notUpdatedList });
  await expect(notOn.getByRole('listitem')).toHaveCount(1);
  await expect(notOn.getByRole('listitem')).toHaveText(/^HYDROCHLOROTHIAZIDE 25 MG TABLET: .*84 days' supply\.$/i);
  const updated = page.getByRole('list', { name: AUTO_REFILL_MESSAGES.updatedList });
  await expect(updated.getByRole('listitem').filter({ hasText: 'ATORVASTATIN' })).toBeVisible();
  await expect(updated.getByRole('listitem').filter({ hasText: 'HYDROCHLOROTHIAZIDE' })).toHaveCount(0);
  await expectNoAxeViolationsNorSidewaysScroll(page);
});

test('Easy Fill: turning auto refill off for a drug already on it saves at once, with no terms to agree to', async ({ page, request }) => {
  await page.goto(`/EasyFill/${await copyOf(request, 'demo-refill', 'easyfill')}`);
  await verify(page, MARIA, '85281');
  await page.getByRole('checkbox', { name: /METFORMIN/ }).press('Space');
  await page.getByRole('button', { name: 'Fill Now' }).click();
  await expect(page.getByRole('heading', { name: 'Order confirmation' })).toBeFocused();
  const toggle = page.getByRole('switch', { name: /METFORMIN/ });
  await expect(toggle).toBeChecked();
  const saved = page.waitForResponse((r) => r.url().endsWith('/gwapi/easyfill/manageautorefillrxs'));
  await toggle.press('Space');
  expect((await saved).status()).toBe(200);
  await expect(toggle).not.toBeChecked();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await expect(dialog(page, TERMS)).toHaveCount(0);
  await expect(toggle).toBeFocused();
  // Turning it on again asks for the terms.
  await toggle.press('Space');
  await expect(dialog(page, TERMS)).toBeVisible();
});

/** Today's date as the page shows it, in the browser's time zone. */
const today = (page: Page) => page.evaluate(() => new Date().toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' }));

test('Easy Fill: the confirmation shows the order number, its date, what was ordered, the address and the card', async ({ page, request }) => {
  await page.goto(`/EasyFill/${await copyOf(request, 'demo-refill', 'easyfill')}`);
  await verify(page, MARIA, '85281');
  const address = (await page.getByRole('region', { name: 'Shipping & Payment' }).locator('span').nth(1).textContent()) ?? '';
  expect(address).toMatch(/\d/);
  await page.getByRole('checkbox', { name: /ATORVASTATIN/ }).press('Space');
  const placed = page.waitForResponse((r) => r.url().endsWith('/gwapi/easyfill/order'));
  await page.getByRole('button', { name: 'Fill Now' }).click();
  const { orderId } = (await (await placed).json()) as { orderId: number };
  await expect(page.getByRole('heading', { name: 'Order confirmation' })).toBeFocused();
  const summary = page.getByRole('region', { name: 'Your order' });
  await expect(summary).toContainText(`Order number${orderId}`);
  await expect(summary).toContainText(`Order date${await today(page)}`);
  await expect(summary).toContainText(`Shipping address`);
  await expect(summary).toContainText(address);
  await expect(summary).toContainText('Payment methodVisa ending 1111');
  await expect(page.getByRole('list', { name: 'Ordered prescriptions' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('list', { name: 'Ordered prescriptions' })).toContainText('ATORVASTATIN');
  await expectNoAxeViolationsNorSidewaysScroll(page);
});

test('Easy Fill: an order placed whose details cannot be read is confirmed with its number; Try again reads them; bill me later', async ({ page, request }) => {
  await page.goto(`/EasyFill/${await copyOf(request, 'demo-billmelater', 'easyfill')}`);
  await verify(page, { month: 'January', day: '5', year: '1949' }, '85004');
  await page.getByRole('checkbox', { name: 'Select all' }).press('Space');
  await arm(page, { operationId: 'getPrescriptionDetailsByIds', mode: 'error', status: 500, message: 'db down' });
  const placed = page.waitForResponse((r) => r.url().endsWith('/gwapi/easyfill/order'));
  await page.getByRole('button', { name: 'Fill Now' }).click();
  const { orderId } = (await (await placed).json()) as { orderId: number };
  await expect(page.getByRole('heading', { name: 'Order confirmation' })).toBeFocused();
  await expect(page.getByText('Success! We have received your order.')).toBeVisible();
  const summary = page.getByRole('region', { name: 'Your order' });
  await expect(summary).toContainText(`Order number${orderId}`);
  await expect(summary).toContainText('Payment methodBill me later');
  await expect(page.getByRole('status').filter({ hasText: 'Your order was placed.' })).toBeVisible();
  await expect(page.getByText('Error occurred while retrieving the order!')).toHaveCount(0);
  await expect(page.getByText('db down')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Fill Now' })).toHaveCount(0);
  const items = page.getByRole('list', { name: 'Ordered prescriptions' }).getByRole('listitem');
  const count = await items.count();
  expect(count).toBeGreaterThan(0);
  await expect(page.getByRole('switch')).toHaveCount(0);
  await expectNoAxeViolationsNorSidewaysScroll(page);
  // The details read again: the order's prescriptions with their auto-refill state.
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your order was placed.' })).toHaveCount(0);
  await expect(items).toHaveCount(count);
  await expect(summary).toContainText(`Order number${orderId}`);
});
