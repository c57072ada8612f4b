/**
 * The shell by keyboard and at both widths: skip link, menus and Escape,
 * focus after navigation, the sticky bar, the footer accordion, search, GO
 * BACK, and the pages' own interactive parts (tabs, modals, PDFs).
 */
import { expect, test, type Page } from './support/test.ts';
import { expectNoAxeViolationsNorSidewaysScroll } from './support/a11y.ts';
import { searchSummary } from '../../src/shell/search.ts';

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the skip link is the first stop and moves focus to the main content', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
  });

  test('every Tab stop of the shell shows a visible focus ring and is not hidden under the sticky bar', async ({ page }) => {
    await page.goto('/help');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const seen: string[] = [];
    for (let i = 0; i < 80; i++) {
      await page.keyboard.press('Tab');
      const stop = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        if (el === document.body) return null;
        const style = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        const bar = document.querySelector('header')!.getBoundingClientRect();
        const isBar = Boolean(el.closest('header'));
        return {
          name: `${el.tagName} ${(el.textContent ?? '').trim().slice(0, 30) || el.getAttribute('aria-label')}`,
          ring: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
          clear: isBar || box.bottom <= bar.top + 1 || box.top >= bar.bottom - 1,
        };
      });
      if (!stop) break; // past the last stop of the page
      expect(stop.ring, `focus ring on ${stop.name}`).toBe(true);
      expect(stop.clear, `${stop.name} not under the sticky bar`).toBe(true);
      seen.push(stop.name);
    }
    expect(seen[0]).toContain('Skip to main content');
    expect(seen.some((n) => n.includes('MAINTENANCE MEDICINES'))).toBe(true);
    expect(seen.some((n) => n.includes('Site Map'))).toBe(true);
  });

  test('the ABOUT US submenu opens by keyboard and Escape closes it, returning focus', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'About Us submenu' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'For Members' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
    await expect(page.getByRole('link', { name: 'For Members' })).toBeHidden();
  });

  test('a menu link navigates and focus moves to the new page heading', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'PROVIDERS' }).click();
    await expect(page).toHaveURL(/\/providers$/);
    const h1 = page.getByRole('heading', { level: 1, name: 'For Providers' });
    await expect(h1).toBeFocused();
    await expect(page).toHaveTitle('For Providers | Mail Order Pharmacy');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'PROVIDERS' })).toHaveAttribute('aria-current', 'page');
  });

  test('the menu shows only on the menu routes', async ({ page }) => {
    await page.goto('/help');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await page.goto('/TermsOfUse');
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /Member Sign In/ })).toHaveAttribute('target', '_blank');
  });

  test('the bar sticks after scrolling more than 60 px', async ({ page }) => {
    await page.goto('/');
    const bar = page.getByRole('banner');
    await expect(bar).toHaveAttribute('data-stuck', 'false');
    await page.mouse.wheel(0, 600);
    await expect(bar).toHaveAttribute('data-stuck', 'true');
    expect((await bar.boundingBox())!.y).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 40));
    await expect(bar).toHaveAttribute('data-stuck', 'false');
  });

  test('the footer shows four open columns from 1024 px', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const title of ['FOR OUR MEMBERS', 'FOR OUR PROVIDERS', 'COMPANY', 'NEED MORE HELP?']) {
      await expect(footer.getByRole('heading', { name: title })).toBeVisible();
    }
    await expect(footer.getByRole('link', { name: 'Contact Us' })).toBeVisible();
    await expect(footer.getByText('PO Box 52150, Phoenix, AZ 85072-2150')).toBeVisible();
    await expect(footer.getByText(/© 2021/)).toBeVisible();
  });

  test('the header search finds pages', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('searchbox', { name: 'Search text' });
    await expect(box).toHaveAttribute('placeholder', 'Search text');
    await expect(page.locator('form#header_drug_search_form')).toBeAttached();
    await box.fill('referral fax');
    await box.press('Enter');
    const results = page.getByRole('region', { name: 'Search results' });
    // Said in a status that was already on the page (announced politely) and shown with the results.
    const status = page.getByRole('banner').getByRole('status');
    await expect(status).toHaveText('1 page matches.');
    await expect(results).toContainText('1 page matches.');
    await results.getByRole('link', { name: 'Providers' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'For Providers' })).toBeVisible();
    await expect(results).toBeHidden();
  });

  test("a drug's name matches no page: the search says so, and where a prescription goes", async ({ page }) => {
    await page.goto('/help');
    const box = page.getByRole('searchbox', { name: 'Search text' });
    const status = page.getByRole('banner').getByRole('status');
    await expect(status).toBeAttached();
    await expect(status).toHaveText('');
    await box.fill('metformin');
    await box.press('Enter');
    const said = searchSummary('metformin', 0);
    await expect(status).toHaveText(said);
    const results = page.getByRole('region', { name: 'Search results' });
    await expect(results).toContainText(said);
    await results.getByRole('link', { name: 'Transfer or request a prescription' }).click();
    await expect(page.getByRole('heading', { name: 'Member Information' })).toBeVisible();
  });

  test('GO BACK returns to the previous page and is absent on Home', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'GO BACK' })).toHaveCount(0);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'HELP' }).click();
    await page.getByRole('button', { name: 'GO BACK' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the flow routes keep the header; /EasyFill hides the footer and GO BACK', async ({ page }) => {
    await page.goto('/');
    await page.goto('/EasyFill/demo-refill');
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'GO BACK' })).toHaveCount(0);
    await page.goto('/autorefill/demo-autorefill');
    await expect(page.getByRole('contentinfo')).toHaveCount(1);
  });

  test('Help tabs switch the content and the intro; disposal links open in a new tab', async ({ page }) => {
    await page.goto('/help');
    const tabs = page.getByRole('tablist', { name: 'Help topics' });
    await expect(tabs.getByRole('tab', { name: 'MAINTENANCE MEDICINES' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: 'Questions About Orders' })).toBeVisible();
    const intro = page.getByText(/Answers about your mail-order maintenance medicines/);
    await expect(intro).toBeVisible();
    for (const link of await page.getByRole('link', { name: /U\.S\. .*(Administration|Agency)/ }).all()) {
      await expect(link).toHaveAttribute('target', '_blank');
    }
    await tabs.getByRole('tab', { name: 'MAINTENANCE MEDICINES' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(tabs.getByRole('tab', { name: 'SPECIALTY MEDICINES' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: 'Customer Support' })).toBeVisible();
    await expect(page.getByText(/Support for specialty medicines/)).toBeVisible();
    await expect(intro).toBeHidden();
    await expect(page).toHaveURL(/tab=specialty/);
    await tabs.getByRole('tab', { name: 'HEALTH & WELLNESS' }).click();
    await expect(page.getByRole('heading', { name: 'Refill on Time' })).toBeVisible();
    await expectNoAxeViolationsNorSidewaysScroll(page);
  });

  test('the specialty network modal takes focus, passes axe and closes with I\'M DONE', async ({ page }) => {
    await page.goto('/providers');
    const opener = page.getByRole('button', { name: 'WHAT THE NETWORK PROVIDES' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'What do the Pharmacies in the Specialty Pharmacy Network Provide?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('copay assistance', { ignoreCase: true });
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await expectNoAxeViolationsNorSidewaysScroll(page);
    await dialog.getByRole('button', { name: "I'M DONE" }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('WHAT IS SPECIALTY? opens a modal that Escape closes', async ({ page }) => {
    await page.goto('/GettingStarted');
    await page.getByRole('button', { name: 'WHAT IS SPECIALTY?' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Learn more about specialty medicines' })).toHaveAttribute('href', '/AboutUs#specialty');
    await expectNoAxeViolationsNorSidewaysScroll(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('the style guide opens on LINKS and draws every tab from the theme', async ({ page }) => {
    await page.goto('/ui-standards');
    await expect(page.getByRole('tab', { name: 'LINKS' })).toHaveAttribute('aria-selected', 'true');
    for (const name of ['LAYOUT', 'PALETTE', 'ICONS', 'TYPOGRAPHY', 'COMPONENTS']) {
      await page.getByRole('tab', { name }).click();
      await expect(page.getByRole('tabpanel', { name })).toBeVisible();
      await expectNoAxeViolationsNorSidewaysScroll(page);
    }
    await page.getByRole('tab', { name: 'PALETTE' }).click();
    await expect(page.getByText('#5b2a86')).toBeVisible();
  });

  test('the not-found page buttons go home and to the transfer tool', async ({ page }) => {
    await page.goto('/nothing/here');
    await page.getByRole('button', { name: 'TRANSFER YOUR PRESCRIPTIONS' }).click();
    await expect(page).toHaveURL(/\/transfer$/);
    await page.goto('/nothing/here');
    await page.getByRole('button', { name: 'GO TO HOMEPAGE' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Transfer Your Prescriptions!' })).toBeVisible();
  });

  test('the disclaimer clears a stored redirect to itself, and only that', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => sessionStorage.setItem('redirectPath', '/disclaimer'));
    await page.goto('/disclaimer');
    await expect(page.getByText('February 8, 2018')).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('redirectPath'))).toBeNull();
    await page.evaluate(() => sessionStorage.setItem('redirectPath', '/memberInfo'));
    await page.goto('/disclaimer');
    await expect(page.getByRole('heading', { level: 1, name: 'Disclaimer' })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('redirectPath'))).toBe('/memberInfo');
  });

  test('the site map lists the pages and the eight PDFs, which are real one-page PDFs', async ({ page }) => {
    await page.goto('/PreLoginSiteMap');
    await expect(page.getByRole('link', { name: 'Accessibility' }).first()).toHaveAttribute('href', '/accessibility');
    const pdfs = page.getByRole('link', { name: /\(PDF\)/ });
    await expect(pdfs).toHaveCount(8);
    for (const link of await pdfs.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      const res = await page.request.get((await link.getAttribute('href'))!);
      expect(res.headers()['content-type']).toContain('application/pdf');
      const body = (await res.body()).toString('latin1');
      expect(body.startsWith('%PDF-')).toBe(true);
      expect(body.match(/\/Type\s*\/Page\b/g)).toHaveLength(1);
    }
  });
});

test.describe('the header on a narrow phone', () => {
  // 320 px, and 375 and 360 less a classic scrollbar (15 px, as Firefox and Windows show it).
  for (const width of [320, 345, 360]) {
    test(`at ${width} px the name and Menu share one row, nothing scrolls sideways`, async ({ page }) => {
      await page.setViewportSize({ width, height: 700 });
      await page.goto('/help');
      const brand = await page.getByRole('banner').getByRole('link', { name: 'Mail Order Pharmacy' }).boundingBox();
      const menu = await page.getByRole('button', { name: 'Menu' }).boundingBox();
      expect(brand && menu).toBeTruthy();
      // Menu sits beside the name (not below it), inside the page.
      expect(menu!.y).toBeLessThan(brand!.y + brand!.height);
      expect(menu!.x).toBeGreaterThan(brand!.x + brand!.width - 1);
      expect(menu!.x + menu!.width).toBeLessThanOrEqual(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }
});

test.describe('phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the menu button opens the menu and search; Escape closes and returns focus', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Close' })).toHaveAttribute('aria-expanded', 'true');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search text' })).toBeVisible();
    await expectNoAxeViolationsNorSidewaysScroll(page);
    await nav.getByRole('link', { name: 'CONTACT' }).focus();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(page.getByRole('button', { name: 'Menu' })).toBeFocused();
  });

  test('the footer is an accordion with one column open at a time', async ({ page }) => {
    await page.goto('/ContactUs');
    const footer = page.getByRole('contentinfo');
    const members = footer.getByRole('button', { name: 'FOR OUR MEMBERS' });
    const providers = footer.getByRole('button', { name: 'FOR OUR PROVIDERS' });
    await expect(members).toHaveAttribute('aria-expanded', 'false');
    await members.click();
    await expect(footer.getByRole('link', { name: 'Get Started with Mail Order' })).toBeVisible();
    await providers.click();
    await expect(providers).toHaveAttribute('aria-expanded', 'true');
    await expect(members).toHaveAttribute('aria-expanded', 'false');
    await expect(footer.getByRole('link', { name: 'Mail Order for Providers' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Get Started with Mail Order' })).toBeHidden();
    await expectNoAxeViolationsNorSidewaysScroll(page);
  });
});

/** Where the focused element is, against the sticky bar and the screen. */
const focusedBox = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const box = el.getBoundingClientRect();
    const bar = document.querySelector('header')!.getBoundingClientRect();
    return {
      name: `${el.tagName} ${(el.textContent ?? '').trim().slice(0, 30) || el.getAttribute('aria-label')}`,
      inBar: Boolean(el.closest('header')),
      clear: box.top >= bar.bottom - 1 || box.bottom <= bar.top + 1,
      onScreen: box.top >= 0 && box.bottom <= window.innerHeight + 1,
    };
  });

// WCAG 2.4.11: the open small-screen menu must not hide the focused element under the sticky bar.
// A 1280x900 window at 200% zoom lays out as a 640x450 CSS-pixel viewport at 2 device pixels per CSS pixel.
for (const [width, height, deviceScaleFactor, what] of [
  [375, 800, 1, 'a phone'],
  [812, 375, 1, 'a phone on its side'],
  [640, 450, 2, 'a 1280 window at 200% zoom'],
] as const) {
  test.describe(`the small-screen menu on ${what} (${width}x${height})`, () => {
    test.use({ viewport: { width, height }, deviceScaleFactor });

    test('Tab through the open menu: every stop is on screen, and leaving the menu closes it, so focus is never under the bar', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const toggle = page.locator('button[aria-controls="site-menu"]');
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      for (let i = 0; i < 20; i++) {
        await page.keyboard.press('Tab');
        const stop = await focusedBox(page);
        expect(stop.onScreen, `${stop.name} on screen`).toBe(true);
        if (!stop.inBar) {
          // Out of the menu: it has closed, and what has the focus is clear of the bar.
          await expect(toggle).toHaveAttribute('aria-expanded', 'false');
          expect((await focusedBox(page)).clear, `${stop.name} not under the bar`).toBe(true);
          return;
        }
      }
      throw new Error('Tab never left the menu');
    });

    test('Escape closes the open menu wherever the focus is; Shift+Tab out of it closes it too', async ({ page }) => {
      await page.goto('/');
      const toggle = page.locator('button[aria-controls="site-menu"]');
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      // The focus on the menu button (outside the panel): Escape closes.
      await toggle.focus();
      await page.keyboard.press('Escape');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      // Open, then the focus put on the page behind (a click on its text): Escape still closes.
      await toggle.click();
      await page.getByRole('heading', { level: 1 }).click({ force: true });
      await page.keyboard.press('Escape');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      // Open, Shift+Tab back to the brand link: closed.
      await toggle.click();
      await toggle.focus();
      await page.keyboard.press('Shift+Tab');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    });
  });
}
