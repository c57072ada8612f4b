/**
 * What the order-status journeys share (order-status.spec.ts, order-status-live.spec.ts): the page's
 * timeline and polite region, and an Easy Fill order of a test's own.
 */
import { expect, type Page } from './test.ts';
import { copyOf, MARIA, verify } from './drivers.ts';

export const timeline = (page: Page) => page.getByRole('list', { name: 'Where your order is' });
/** The polite region the status page writes a stage change into. */
export const announced = (page: Page) => page.locator('[role="status"][aria-live="polite"]').filter({ hasText: /is now:/ });

/**
 * Places an Easy Fill order of its own (a copy of the demo link) and follows Track this order; returns its
 * number. `ownPatient`: the copy's patient is a new one too (same person, own addresses and cards), for a
 * test that changes what the patient holds (a new card) while other tests count Maria's.
 */
export async function ownOrder(page: Page, options: { ownPatient?: boolean } = {}): Promise<string> {
  await page.goto(`/EasyFill/${await copyOf(page.request, 'demo-refill', 'easyfill', options)}`);
  await verify(page, MARIA, '85281');
  await page.getByRole('checkbox', { name: 'Select all' }).press('Space');
  await page.getByRole('button', { name: 'Fill Now' }).press('Enter');
  const track = page.getByRole('link', { name: 'Track this order' });
  const number = /order=(\d{6,10})$/.exec((await track.getAttribute('href')) ?? '')?.[1];
  expect(number).toMatch(/^\d{6,10}$/);
  await track.click();
  await expect(timeline(page).locator('[aria-current="step"]')).toContainText('Received');
  return number!;
}
