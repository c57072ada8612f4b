/**
 * The keyboard check: the home page and the two link flows (Easy Fill and
 * Auto Refill) completed with the keyboard alone, at 320 and 1280 px (at 320, WCAG's reflow width, each
 * check of axe also checks that the page does not scroll sideways). Every
 * Tab stop on the way is checked: something has the focus (never the page
 * body), it is on screen and not under the sticky bar; axe stays clean on
 * every screen reached.
 */
import { expect, test, type Page } from './support/test.ts';
import { expectNoAxeViolationsNorSidewaysScroll } from './support/a11y.ts';
import { copyOf } from './support/drivers.ts';

test.describe.configure({ timeout: 120_000 });

interface Stop {
  name: string;
  role: string;
  body: boolean;
  clear: boolean;
  onScreen: boolean;
}

/** The focused element: its name (label, aria-label or text), role, and where it is. */
const focused = (page: Page): Promise<Stop> =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const labelled = el.getAttribute('aria-labelledby');
    const name =
      el.getAttribute('aria-label') ??
      (labelled ? labelled.split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ') : null) ??
      (el as HTMLInputElement).labels?.[0]?.textContent ??
      el.textContent ??
      '';
    const box = (el.closest('label') ?? el).getBoundingClientRect();
    const bar = document.querySelector('header')!.getBoundingClientRect();
    const inDialog = Boolean(el.closest('[role="dialog"], [role="alertdialog"]'));
    return {
      name: name.trim().replace(/\s+/g, ' '),
      role: el.getAttribute('role') ?? (el as HTMLInputElement).type ?? el.tagName.toLowerCase(),
      body: el === document.body,
      clear: inDialog || Boolean(el.closest('header')) || box.top >= bar.bottom - 1 || box.bottom <= bar.top + 1,
      onScreen: box.bottom > 0 && box.top < window.innerHeight,
    };
  });

/** Presses Tab until the focus is on what `wanted` names (or, with `byRole`, on a control of that role), checking every stop on the way. */
async function tabTo(page: Page, wanted: RegExp, max = 40, byRole = false): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const stop = await focused(page);
    expect(stop.body, `Tab ${i + 1} toward ${wanted}: the focus is on the page body`).toBe(false);
    expect(stop.clear, `${stop.name} is under the sticky bar`).toBe(true);
    expect(stop.onScreen, `${stop.name} is on screen`).toBe(true);
    if (wanted.test(byRole ? stop.role : stop.name)) return;
  }
  throw new Error(`Tab never reached ${wanted}`);
}

/** The verification by keyboard: Month, Day, Year typed (Tab completes them), the zip, Enter on Verify. */
async function verifyByKeyboard(page: Page) {
  await expect(page.getByRole('heading', { name: 'Verify your identity' })).toBeVisible();
  await expectNoAxeViolationsNorSidewaysScroll(page);
  await tabTo(page, /^Month/);
  await page.keyboard.type('apr');
  await page.keyboard.press('Tab');
  await page.keyboard.type('12');
  await page.keyboard.press('Tab');
  await page.keyboard.type('1958');
  await tabTo(page, /^Zip code/);
  await page.keyboard.type('85281');
  await tabTo(page, /^Verify$/);
  await page.keyboard.press('Enter');
}

for (const width of [320, 1280] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 320 ? 800 : 900 } });

    test('the home page by keyboard: skip link, the menu, and GET STARTED TODAY!', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAxeViolationsNorSidewaysScroll(page);
      await page.keyboard.press('Tab');
      expect((await focused(page)).name).toBe('Skip to main content');
      await page.keyboard.press('Enter');
      await expect(page.locator('main')).toBeFocused();
      await tabTo(page, /^GET STARTED TODAY!$/);
      // Back to the top, and through the menu to a page: on a phone the menu opens by its button.
      await page.keyboard.press('Shift+Tab');
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (width === 320) {
        await tabTo(page, /^Menu$/);
        await page.keyboard.press('Enter');
        await expect(page.locator('button[aria-controls="site-menu"]')).toHaveAttribute('aria-expanded', 'true');
        await expectNoAxeViolationsNorSidewaysScroll(page);
      }
      await tabTo(page, /^CONTACT$/);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
      await expect(page).toHaveURL(/\/ContactUs$/);
      if (width === 320) await expect(page.locator('button[aria-controls="site-menu"]')).toHaveAttribute('aria-expanded', 'false');
      await expectNoAxeViolationsNorSidewaysScroll(page);
    });

    test('Easy Fill by keyboard: verify, choose a drug and another address, Fill Now, turn auto refill on', async ({ page, request }) => {
      await page.goto(`/EasyFill/${await copyOf(request, 'demo-refill', 'easyfill')}`);
      await verifyByKeyboard(page);
      await expect(page.getByRole('heading', { name: 'Choose your prescriptions' })).toBeFocused();
      await expectNoAxeViolationsNorSidewaysScroll(page);
      await tabTo(page, /^ATORVASTATIN/);
      await page.keyboard.press('Space');
      await expect(page.getByRole('checkbox', { name: /^ATORVASTATIN/ })).toBeChecked();
      // Another address, from the list on file.
      await tabTo(page, /^Change shipping address$/);
      await page.keyboard.press('Enter');
      const addresses = page.getByRole('dialog', { name: 'Shipping address' });
      await expect(addresses).toBeVisible();
      await expectNoAxeViolationsNorSidewaysScroll(page);
      await tabTo(page, /^radio$/, 40, true);
      const before = await focused(page);
      await page.keyboard.press('ArrowDown');
      expect((await focused(page)).name).not.toBe(before.name);
      await tabTo(page, /^Use this$/);
      await page.keyboard.press('Enter');
      await expect(addresses).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Change shipping address' })).toBeFocused();
      await tabTo(page, /^Fill Now$/);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { name: 'Order confirmation' })).toBeFocused();
      await expectNoAxeViolationsNorSidewaysScroll(page);
      // Auto refill on for the drug ordered: the terms by keyboard, and the focus back on the switch.
      await tabTo(page, /Auto Refill for ATORVASTATIN/);
      await page.keyboard.press('Space');
      const terms = page.getByRole('alertdialog', { name: 'Agree to Auto Refill Program Terms & Conditions' });
      await expect(terms).toBeVisible();
      await expectNoAxeViolationsNorSidewaysScroll(page);
      await tabTo(page, /^Select to agree/);
      await page.keyboard.press('Space');
      await tabTo(page, /^Confirm$/);
      await page.keyboard.press('Enter');
      await expect(terms).toHaveCount(0);
      const toggle = page.getByRole('switch', { name: /ATORVASTATIN/ });
      await expect(toggle).toBeChecked();
      await expect(toggle).toBeFocused();
      await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toHaveCount(1);
      await expectNoAxeViolationsNorSidewaysScroll(page);
    });

    test('Auto Refill by keyboard: verify, Confirm Auto Refill, agree to the terms, the result', async ({ page, request }) => {
      await page.goto(`/autorefill/${await copyOf(request, 'demo-autorefill', 'autorefill')}`);
      await verifyByKeyboard(page);
      await expect(page.getByRole('heading', { name: 'Confirm Auto Refill' })).toBeFocused();
      await expectNoAxeViolationsNorSidewaysScroll(page);
      // Enter toggles a drug as well as Space (section 2.17): amlodipine on.
      await tabTo(page, /^AMLODIPINE/);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('checkbox', { name: /^AMLODIPINE/ })).toBeChecked();
      await tabTo(page, /^Confirm Auto Refill$/);
      await page.keyboard.press('Enter');
      const terms = page.getByRole('alertdialog', { name: 'Agree to Auto Refill Program Terms & Conditions' });
      await expect(terms).toBeVisible();
      await expectNoAxeViolationsNorSidewaysScroll(page);
      await tabTo(page, /^Select to agree/);
      await page.keyboard.press('Space');
      await tabTo(page, /^Confirm$/);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { name: 'Auto Refill result' })).toBeFocused();
      await expect(page.getByText('Success! Auto Refill updated.')).toBeVisible();
      await expectNoAxeViolationsNorSidewaysScroll(page);
    });
  });
}
