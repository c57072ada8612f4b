/**
 * The order-status page as a person uses it: the public check of a seeded order (number, date of birth,
 * zip), then its timeline with the current stage marked and dates written out, axe-clean at 375 and 1280 px;
 * from Easy Fill's confirmation, Track this order; each exception with what to do and the phone number;
 * the check's lockout, an unknown number answering as a wrong date of birth, the check by keyboard only;
 * and a poll that fails and recovers (a stage change while the page is open: order-status-live.spec.ts).
 *
 * The page's 30 s poll and its backoff pass by Playwright's clock (page.clock): a jump fires the timer
 * that is due, so no test waits on real time.
 */
import { expect, test, type Page } from './support/test.ts';
import { expectNoAxeViolationsNorSidewaysScroll, expectNoHorizontalScroll } from './support/a11y.ts';
import { copyOf, MARIA, type, verify } from './support/drivers.ts';
import { checkOrder } from './support/orderDrivers.ts';
import { watchPatientToken } from './support/sessionProbe.ts';
import { ownOrder, timeline } from './support/orderJourneys.ts';
import { MESSAGES } from '../../machines/orders/orderCheckMachine.ts';
import { BACKOFF_MS, POLL_MS } from '../../machines/orders/rules/orderStatus.ts';
import { contact } from '../../src/content/contact.ts';

const LINDA = { month: 'January', day: '5', year: '1949' };
/** The phone number every exception gives, as the page writes it. */
const CALL_US = `Questions? Call us at ${contact.mailOrder.phone} (TTY ${contact.mailOrder.tty}).`;

/** A number no order has (6 to 10 digits), its own in every run so no attempts are left over from another. */
const unknownNumber = () => `9${String(Date.now()).slice(-8)}${Math.floor(Math.random() * 10)}`;

for (const width of [375, 1280]) {
  test(`the public check opens a seeded order and shows its timeline (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/orderStatus?order=880007');
    await expect(page.getByRole('textbox', { name: 'Order number' })).toHaveValue('880007');
    await type(page, 'Month', MARIA.month);
    await type(page, 'Day', MARIA.day);
    await type(page, 'Year', MARIA.year);
    await page.getByRole('textbox', { name: 'Zip code' }).fill('85281');
    await page.getByRole('button', { name: 'Check order status' }).click();
    const timeline = page.getByRole('list', { name: 'Where your order is' });
    await expect(timeline.locator('[aria-current="step"]')).toContainText('Received');
    await expect(timeline.getByRole('listitem')).toHaveCount(4);
    // The address bar holds the number only, as typed.
    await expect(page).toHaveURL(/\/orderStatus\?order=880007$/);
    await expectNoAxeViolationsNorSidewaysScroll(page);
  });
}

test('Easy Fill: the confirmation names the order, Track this order opens its status in the same tab without asking again, and leaving it ends the session', async ({ page, request }) => {
  const session = watchPatientToken(page);
  await page.goto(`/EasyFill/${await copyOf(request, 'demo-refill', 'easyfill')}`);
  await verify(page, MARIA, '85281');
  await page.getByRole('checkbox', { name: 'Select all' }).press('Space');
  await page.getByRole('button', { name: 'Fill Now' }).press('Enter');
  await expect(page.getByRole('heading', { name: 'Order confirmation' })).toBeVisible();
  const track = page.getByRole('link', { name: 'Track this order' });
  const number = /order=(\d{6,10})$/.exec((await track.getAttribute('href')) ?? '')?.[1];
  expect(number).toMatch(/^\d{6,10}$/);
  await expect(page.locator('dd', { hasText: number! })).toBeVisible();
  await track.click();
  // The link's token goes along: the status shows at once, no check form.
  const timeline = page.getByRole('list', { name: 'Where your order is' });
  await expect(timeline.locator('[aria-current="step"]')).toContainText('Received');
  await expect(page.getByRole('textbox', { name: 'Order number' })).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/orderStatus\\?order=${number}$`));
  // The total is the cost rule of the steps before: METFORMIN's copay is not available, so it is named, not counted.
  const total = page.locator('dt', { hasText: /^Total$/ }).locator('xpath=following-sibling::dd[1]');
  await expect(total).toContainText(/^\$[\d,]+\.\d{2}/);
  await expect(total).toContainText(/Not included, copay not available: METFORMIN/);
  await expectNoAxeViolationsNorSidewaysScroll(page);
  // Leaving the status page ends the session it carried (the link's), at the gateway.
  await page.getByRole('link', { name: 'Mail Order Pharmacy' }).click();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Order Status');
  await session.endedAtGateway(request);
});

const EXCEPTIONS = [
  { order: '880001', what: 'the doctor has not answered (with the date we asked again)', title: /Your doctor has not answered yet \(we asked again on [A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4}\)\./, todo: 'You may call your doctor and ask them to send the prescription to us.' },
  { order: '880006', what: 'a prescription could not be transferred (with why)', title: /This prescription could not be transferred: .+\./, todo: 'Ask your doctor for a new prescription, or call us to talk about other options.' },
  { order: '880004', what: 'the payment was declined', title: /Your payment was declined\./, todo: 'Update the card for this order, and we will fill it.' },
  { order: '880005', what: 'the shipment is delayed', title: /Your shipment is delayed\./, todo: 'The expected delivery date below is the new one.' },
];

for (const e of EXCEPTIONS) {
  test(`exception: ${e.what} (order ${e.order}) says what to do and gives the phone number, on a phone`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 900 });
    await page.goto(`/orderStatus?order=${e.order}`);
    await checkOrder(page, MARIA, '85281');
    await expect(page.getByRole('heading', { name: 'Your order', exact: true })).toBeFocused();
    const notice = page.locator('main').getByText(e.title).locator('..');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(e.todo);
    await expect(notice).toContainText(CALL_US);
    await expect(notice.getByRole('link', { name: contact.mailOrder.phone })).toHaveAttribute('href', /^tel:/);
    // The pharmacy's reason ends our sentence once: never two full stops.
    await expect(notice).not.toContainText('..');
    // A shipment's carrier, tracking number and date wrap on a phone instead of pushing the page sideways.
    await expectNoHorizontalScroll(page);
  });
}

/** Fills the check's date of birth and zip and presses Check (the number is already in the form). */
async function tryCheck(page: Page, orderNumber: string, born: { month: string; day: string; year: string }, zip: string) {
  await page.getByRole('textbox', { name: 'Order number' }).fill(orderNumber);
  await checkOrder(page, born, zip);
}

test('the check: an unknown number answers exactly like a wrong date of birth, and 3 wrong tries lock the number', async ({ page }) => {
  // An order of its own: its attempts are this test's alone, whatever runs beside it.
  const known = await ownOrder(page);
  await page.goto('/orderStatus');
  const alert = page.getByRole('alert');
  // A known order (Maria's) with someone else's date of birth.
  await tryCheck(page, known, LINDA, '85281');
  await expect(alert).toContainText('Attempts Remaining: 2');
  const wrongBirth = await alert.innerText();
  // A number no order has: the same words, the same attempts count.
  const unknown = unknownNumber();
  await page.goto('/orderStatus');
  await tryCheck(page, unknown, MARIA, '85281');
  await expect(alert).toContainText('Attempts Remaining: 2');
  expect(await alert.innerText()).toBe(wrongBirth);
  expect(wrongBirth).toContain(MESSAGES.identity);
  // Nothing typed is lost: the person corrects nothing and tries twice more.
  await expect(page.getByRole('textbox', { name: 'Order number' })).toHaveValue(unknown);
  await page.getByRole('button', { name: 'Check order status' }).click();
  await expect(alert).toContainText('Attempts Remaining: 1');
  await page.getByRole('button', { name: 'Check order status' }).click();
  await expect(page.getByRole('heading', { name: 'Page blocked' })).toBeFocused();
  await expect(alert).toContainText(MESSAGES.blocked);
  // Locked on the gateway, not in the tab: a new visit with the right answers for no order is still locked.
  await page.goto('/orderStatus');
  await tryCheck(page, unknown, MARIA, '85281');
  await expect(page.getByRole('heading', { name: 'Page blocked' })).toBeVisible();
  // The known number is not locked by the other number's tries: its own answers open it.
  await page.getByRole('button', { name: 'Check another order' }).click();
  await tryCheck(page, known, MARIA, '85281');
  await expect(timeline(page).locator('[aria-current="step"]')).toContainText('Received');
});

test('the whole check by keyboard only: errors announced, then the status with the focus on its heading', async ({ page }) => {
  await page.goto('/orderStatus?order=880007');
  const number = page.getByRole('textbox', { name: 'Order number' });
  await expect(number).toHaveValue('880007');
  // From the page's heading, Tab to the first field of the form.
  await page.getByRole('heading', { name: 'Order Status', level: 1 }).focus();
  for (let i = 0; i < 10 && !(await number.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(number).toBeFocused();
  // Enter with the date of birth missing: said at once (an alert), nothing spent.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toContainText(MESSAGES.check);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('combobox', { name: 'Month' })).toBeFocused();
  await page.keyboard.type('April');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('combobox', { name: 'Day' })).toBeFocused();
  await page.keyboard.type('12');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('combobox', { name: 'Year' })).toBeFocused();
  await page.keyboard.type('1958');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Zip code' })).toBeFocused();
  await page.keyboard.type('85281');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Your order', exact: true })).toBeFocused();
  await expect(timeline(page).locator('[aria-current="step"]')).toContainText('Received');
});

test('a failing poll: the page says it shows data from a while ago, backs off, and recovers', async ({ page }) => {
  await page.clock.install();
  await page.goto('/orderStatus?order=880007');
  await checkOrder(page, MARIA, '85281');
  await expect(timeline(page).locator('[aria-current="step"]')).toContainText('Received');
  // The network is gone: every status request fails; each one's time on the page's clock is kept.
  const sent: number[] = [];
  await page.route('**/gwapi/orders/880007', async (route) => {
    sent.push(await page.evaluate(() => Date.now()));
    await route.abort('internetdisconnected');
  });
  const stale = page.getByText(/showing data from \d{1,2}:\d{2} [AP]M\./);
  await page.clock.fastForward(POLL_MS);
  await expect(stale).toBeVisible();
  expect(sent).toHaveLength(1);
  // Backing off: the next request waits a minute, not the poll's 30 s; then two minutes.
  await page.clock.fastForward(POLL_MS);
  await page.clock.fastForward(BACKOFF_MS[0]! - POLL_MS);
  await expect.poll(() => sent.length).toBe(2);
  expect(sent[1]! - sent[0]!).toBeGreaterThanOrEqual(BACKOFF_MS[0]!);
  await expect(stale).toBeVisible();
  await expect(timeline(page).locator('[aria-current="step"]')).toContainText('Received');
  // The network is back: the next request (after two minutes) answers, and the page is current again.
  await page.unroute('**/gwapi/orders/880007');
  const back = page.waitForResponse((r) => r.url().endsWith('/gwapi/orders/880007'));
  await page.clock.fastForward(BACKOFF_MS[1]!);
  expect([200, 304]).toContain((await back).status());
  await expect(stale).toHaveCount(0);
  expect(sent).toHaveLength(2);
});
