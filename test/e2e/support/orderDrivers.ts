/**
 * The browser side of the order machines' models (see replay.ts): the public check's form and one
 * order's live status page. Labels are the models' own.
 *
 * The status page's clock is Playwright's (page.clock): '30 seconds pass' and 'the backoff passes'
 * jump the page's time by the poll or the backoff, so no step waits on real time. A jump (fastForward)
 * fires the machine's due timer once and nothing after it, so a call it starts is not given up by the
 * client's own timeout while the replay holds it.
 */
import { expect, type Page } from './test.ts';
import type { AnyMachineSnapshot, SnapshotFrom } from 'xstate';
import { MESSAGES, type orderCheckMachine } from '../../../machines/orders/orderCheckMachine.ts';
import { expectFailureAlert } from './identityCheck.ts';
import type { orderStatusMachine } from '../../../machines/orders/orderStatusMachine.ts';
import { canCheck, ORDER_CHECK_MESSAGES } from '../../../machines/orders/rules/orderCheck.ts';
import { nextWaitMs, POLL_MS } from '../../../machines/orders/rules/orderStatus.ts';
import { stageLabel } from '../../../machines/shared/rules/orderStages.ts';
import { orderCheckModel } from '../../model/orderCheck.model.ts';
import { orderStatusModel } from '../../model/orderStatus.model.ts';
import type { MachineModel } from '../../model/harness.ts';
import type { Driver } from './replay.ts';

const GENERAL = 'Unable to process the request at this time. Please try after some time.';
const alertWith = (page: Page, text: string) => expect(page.getByRole('alert').filter({ hasText: text })).toBeVisible();
const loading = (page: Page) => expect(page.getByRole('status').filter({ hasText: 'Loading your order' })).toBeVisible();

/** Fills a typeahead of the date of birth and leaves it (Tab), as a person does. */
async function typeahead(page: Page, label: string, text: string) {
  const box = page.getByRole('combobox', { name: label });
  await box.fill(text);
  await box.press('Tab');
}

/** The check form filled in and sent, as Maria does for her seeded order 880007 (the real gateway answers). */
export async function checkOrder(page: Page, born: { month: string; day: string; year: string }, zip: string) {
  await typeahead(page, 'Month', born.month);
  await typeahead(page, 'Day', born.day);
  await typeahead(page, 'Year', born.year);
  await page.getByRole('textbox', { name: 'Zip code' }).fill(zip);
  await page.getByRole('button', { name: 'Check order status' }).click();
}

// ------------------------------------------------------------- the public check

export const orderCheckDriver: Driver = {
  model: orderCheckModel,
  open: async ({ page, arm }) => {
    // Once the check opens the order, the status is the order-status machine's (its own driver): held here, so the page waits on it.
    await arm({ operationId: 'getOrderStatus', mode: 'error', status: 503, held: true });
    await page.goto('/orderStatus');
  },
  actors: {
    checkOrder: { operations: ['checkOrderStatus'] },
  },
  actions: {
    'types the order number "880001"': ({ page }) => page.getByRole('textbox', { name: 'Order number' }).fill('880001'),
    'types the month "apr"': ({ page }) => typeahead(page, 'Month', 'apr'),
    'types the day "12"': ({ page }) => typeahead(page, 'Day', '12'),
    'types the year "1958"': ({ page }) => typeahead(page, 'Year', '1958'),
    'types the zip "85281"': ({ page }) => page.getByRole('textbox', { name: 'Zip code' }).fill('85281'),
    'presses Check': async ({ page }, before) => {
      const { form, today } = (before as SnapshotFrom<typeof orderCheckMachine>).context;
      const button = page.getByRole('button', { name: 'Check order status', exact: true });
      // An incomplete form's button is aria-disabled, still pressable from the keyboard: it then says what is missing.
      if (canCheck(form, today)) await button.click();
      else await button.press('Enter');
    },
    'presses Check another order': ({ page }) => page.getByRole('button', { name: 'Check another order' }).click(),
  },
  see: async ({ page }, s) => {
    const c = (s as SnapshotFrom<typeof orderCheckMachine>).context;
    if (s.matches('verified')) {
      await expect(page.getByRole('heading', { name: 'Check your order' })).toHaveCount(0);
      return loading(page);
    }
    if (s.matches('locked')) {
      await expect(page.getByRole('heading', { name: 'Page blocked' })).toBeVisible();
      await alertWith(page, MESSAGES.blocked);
      return expect(page.getByRole('button', { name: 'Check another order' })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Check your order' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Order number' })).toHaveValue(c.form.orderNumber);
    await expectFailureAlert(page, c.failure);
    // Check pressed with the number missing: the field says what it needs.
    const numberError = page.getByText(ORDER_CHECK_MESSAGES.orderNumber);
    await expect(numberError).toHaveCount(c.submitted && c.form.orderNumber === '' ? 1 : 0);
    const button = page.getByRole('button', { name: s.hasTag('pending') ? 'Checking…' : 'Check order status', exact: true });
    await expect(button).toBeVisible();
    if (s.hasTag('pending')) await expect(button).toHaveAttribute('aria-disabled', 'true');
  },
};

// ---------------------------------------------------------- one order's status

/**
 * The events the page sends today. It never sends 'announcement.read' (the polite region keeps the last
 * change until the next one replaces it) nor 'status.replaced' as an event of
 * its own here (a new card's save goes through the hosted card field: test/e2e/order-payment.spec.ts walks it):
 * vitest replays them; the browser replays the rest.
 */
const NOT_ON_THE_PAGE = new Set(['announcement.read', 'status.replaced']);
const orderStatusOnThePage: MachineModel<typeof orderStatusMachine> = {
  ...orderStatusModel,
  events: orderStatusModel.events.filter((e) => !NOT_ON_THE_PAGE.has(e.event.type)),
};

/** Makes the tab hidden or shown, as switching tabs does (the page listens to visibilitychange). */
const setVisible = (page: Page, visible: boolean) =>
  page.evaluate((v) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (v ? 'visible' : 'hidden') });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => !v });
    document.dispatchEvent(new Event('visibilitychange'));
  }, visible);

const statusOf = (s: AnyMachineSnapshot) => (s as SnapshotFrom<typeof orderStatusMachine>).context;

export const orderStatusDriver: Driver = {
  model: orderStatusOnThePage,
  open: async ({ page }) => {
    await page.clock.install();
    // Maria's seeded order, opened by the public check (the real gateway); the model's answers then stand for its status.
    await page.goto('/orderStatus?order=880007');
    await checkOrder(page, { month: 'April', day: '12', year: '1958' }, '85281');
  },
  actors: {
    fetchStatus: { operations: ['getOrderStatus'], done: statusAnswer },
    updateStatus: { operations: ['getOrderStatus'], done: statusAnswer },
  },
  actions: {
    'presses try again': ({ page }) => page.getByRole('button', { name: 'Try again' }).click(),
    // A jump, not a run: see the file's head.
    '30 seconds pass (or the backoff)': ({ page }) => page.clock.fastForward(POLL_MS),
    'the backoff passes': ({ page }, before) => page.clock.fastForward(nextWaitMs(statusOf(before).failures)),
    'the tab is hidden': ({ page }) => setVisible(page, false),
    'the tab is shown again': ({ page }) => setVisible(page, true),
    'presses Update card': ({ page }) => page.getByRole('button', { name: 'Update card' }).press('Enter'),
    'cancels the card form': ({ page }) => page.getByRole('dialog', { name: 'Update card' }).getByRole('button', { name: 'Cancel' }).press('Enter'),
  },
  see: async ({ page }, s) => {
    const c = statusOf(s);
    if (s.matches('loading')) return loading(page);
    if (s.matches('failed')) {
      await alertWith(page, c.loadError || GENERAL);
      return expect(page.getByRole('button', { name: 'Try again' })).toBeEnabled();
    }
    if (s.matches('locked')) {
      // The token no longer opens the order: the check again, the number kept.
      await expect(page.getByRole('heading', { name: 'Check your order' })).toBeVisible();
      return expect(page.getByRole('textbox', { name: 'Order number' })).toHaveValue('880007');
    }
    // shown, updating, stale: the status stays on the page. The stale notice is read first: in 'updating' the
    // replay holds a call, and the page's clock runs on, so on a busy machine the client's own time limit
    // (15 s) could end the call, and the notice appear, while slower checks ran before it.
    const stale = page.getByRole('status').filter({ hasText: 'showing data from' });
    await expect(stale).toHaveCount(s.matches('stale') ? 1 : 0);
    const timeline = page.getByRole('list', { name: 'Where your order is' });
    await expect(timeline.locator('[aria-current="step"]')).toContainText(stageLabel(c.status!.kind, c.status!.stage));
    const announced = page.getByRole('status').filter({ hasText: /is now:/ });
    if (c.announcement) await expect(announced).toHaveText(c.announcement);
    else await expect(announced).toHaveCount(0);
    await expect(page.getByRole('dialog', { name: 'Update card' })).toHaveCount(c.cardOpen ? 1 : 0);
  },
};

/** A status read answers with the model's status (200), or 304 when it is unchanged. */
function statusAnswer(output: unknown) {
  const o = output as { kind: 'changed'; status: unknown } | { kind: 'unchanged' };
  return [o.kind === 'changed' ? { operationId: 'getOrderStatus', body: o.status } : { operationId: 'getOrderStatus', status: 304 }];
}
