/**
 * The foundation in a real browser: the built SPA served by the real gateway,
 * the banner fetched through the typed client with both tokens' machinery,
 * sanitised, no CSP violation, no axe violation.
 */
import { expect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

test('the home page shows the server banner through the gateway', async ({ page }) => {
  const violations: string[] = [];
  await page.exposeFunction('reportCsp', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportCsp: (v: string) => void }).reportCsp(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  const appToken = page.waitForRequest((r) => r.url().endsWith('/gwapi/apptoken'));
  const banner = page.waitForRequest((r) => r.url().endsWith('/gwapi/banners/1'));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Transfer Your Prescriptions!' })).toBeVisible();
  const { token } = await (await (await appToken).response())!.json();
  expect((await banner).headers()['x-app-token']).toBe(token);
  const region = page.getByRole('region', { name: 'Announcement' });
  await expect(region).toContainText('Same pharmacy, new name.');
  await expect(region.getByRole('link', { name: 'Learn more about us' })).toHaveAttribute('href', '/AboutUs');
  const axe = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  expect(violations).toEqual([]);
});

test('the banner is sanitised: scripts and handlers from the server never run', async ({ page }) => {
  await page.route('**/gwapi/banners/1', (route) =>
    route.fulfill({
      json: {
        value:
          '<p>Hello<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script><a href="javascript:window.__pwned=3">x</a>' +
          '<a href=" JaVaScRiPt:window.__pwned=4">y</a><a href="//evil.example/">z</a><iframe src="/"></iframe><style>body{display:none}</style>' +
          '<strong onclick="window.__pwned=5" style="color:red">bold</strong><svg><script>window.__pwned=6</script></svg><a href="/help">ok</a></p>',
        statusCode: 200,
      },
    }),
  );
  await page.goto('/');
  const region = page.getByRole('region', { name: 'Announcement' });
  await expect(region).toContainText('Hello');
  const html = await region.innerHTML();
  expect(html).not.toMatch(/onerror|onclick|style=|<script|javascript:|<img|<iframe|<style|<svg|evil\.example/i);
  await expect(region.getByText('bold')).toBeVisible();
  await expect(region.getByRole('link', { name: 'ok' })).toHaveAttribute('href', '/help');
  await region.getByText('bold').click();
  await expect(page.locator('body')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
});

test('the gateway sends the strict CSP and security headers with the SPA', async ({ request }) => {
  const r = await request.get('/some/client/route');
  expect(r.status()).toBe(200);
  expect(r.headers()['content-type']).toContain('text/html');
  const csp = r.headers()['content-security-policy']!;
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).toContain("frame-ancestors 'none'");
  expect(r.headers()['x-content-type-options']).toBe('nosniff');
  const api = await request.get('/gwapi/banners/1');
  expect(api.status()).toBe(401);
  expect(api.headers()['cache-control']).toBe('no-store');
});

test('an unknown route shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText("We could not find the page you're looking for.")).toBeVisible();
});

test('?inspect does nothing in the production build: no inspector window, nothing sent off the site', async ({ page, context, baseURL }) => {
  const popups: string[] = [];
  context.on('page', (p) => popups.push(p.url()));
  const offsite: string[] = [];
  page.on('request', (r) => {
    const host = new URL(r.url()).hostname;
    if (host !== new URL(baseURL!).hostname) offsite.push(r.url());
  });
  await page.goto('/memberInfo?inspect');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'First Name' }).fill('Maria');
  expect(popups).toEqual([]);
  expect(offsite).toEqual([]);
  expect(await page.evaluate(() => [...document.scripts].map((s) => s.src).join(' '))).not.toContain('inspect');
});
