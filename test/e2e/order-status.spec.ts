/**
 * The order-status page as a person uses it: the public check of a seeded order (number, date of birth,
 * zip), then its timeline with the current stage marked and dates written out, axe-clean at 375 and 1280 px;
 * and from Easy Fill's confirmation, Track this order.
 */
import { expect, test } from './support/test.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { copyOf, MARIA, type, verify } from './support/drivers.ts';

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
    await expectNoAxeViolations(page);
  });
}

test('Easy Fill: the confirmation names the order, and Track this order opens its status in the same tab without asking again', async ({ page, request }) => {
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
  await expectNoAxeViolations(page);
});
