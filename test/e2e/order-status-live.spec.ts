/**
 * A stage change while the order's status page is open: shown and announced politely, after a poll the
 * gateway answers 304 (nothing moved). Its own file so that it also runs on a phone's network
 * (playwright.config.ts, PHONE_NETWORK_JOURNEYS); the page's other journeys are in order-status.spec.ts.
 * The 30 s poll passes by Playwright's clock (page.clock): a jump fires the timer that is due, so the
 * test does not wait on real time.
 */
import { expect, test } from './support/test.ts';
import { announced, ownOrder, timeline } from './support/orderJourneys.ts';
import { POLL_MS } from '../../machines/orders/rules/orderStatus.ts';

test('a stage change is shown and announced politely while the page is open; an unchanged order (304) changes nothing', async ({ page, request }) => {
  await page.clock.install();
  const number = await ownOrder(page);
  const current = timeline(page).locator('[aria-current="step"]');
  // The first poll: nothing moved, the gateway answers 304 to the ETag the page holds.
  const unchanged = page.waitForResponse((r) => r.url().endsWith(`/gwapi/orders/${number}`) && r.request().method() === 'GET');
  await page.clock.fastForward(POLL_MS);
  expect((await unchanged).status()).toBe(304);
  expect(await (await unchanged).request().headerValue('if-none-match')).toBeTruthy();
  await expect(current).toContainText('Received');
  await expect(announced(page)).toHaveCount(0);
  // The pharmacy moves it on; the next poll brings it and says so, politely.
  expect((await request.post(`/__test/orders/${number}/advance`, { data: {} })).status()).toBe(200);
  const changed = page.waitForResponse((r) => r.url().endsWith(`/gwapi/orders/${number}`) && r.request().method() === 'GET');
  await page.clock.fastForward(POLL_MS);
  expect((await changed).status()).toBe(200);
  await expect(current).toContainText('Being filled');
  await expect(announced(page)).toHaveText(`Order ${number} is now: Being filled (pharmacist check).`);
  await expect(announced(page)).toHaveAttribute('aria-live', 'polite');
});
