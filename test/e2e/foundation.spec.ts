/**
 * The foundation in a real browser: the built SPA served by the real gateway,
 * each page prerendered with the banner written in by the gateway (sanitised
 * there), no CSP violation, no axe violation.
 */
import { expect, test } from './support/test.ts';
import AxeBuilder from '@axe-core/playwright';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

test('the home page comes with the server banner in its HTML: no banner call', async ({ page, request }) => {
  const violations: string[] = [];
  await page.exposeFunction('reportCsp', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportCsp: (v: string) => void }).reportCsp(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/gwapi/')) calls.push(new URL(r.url()).pathname);
  });
  const html = await (await request.get('/')).text();
  expect(html).toContain('Same pharmacy, new name.');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Transfer Your Prescriptions!' })).toBeVisible();
  const region = page.getByRole('region', { name: 'Announcement' });
  await expect(region).toContainText('Same pharmacy, new name.');
  await expect(region.getByRole('link', { name: 'Learn more about us' })).toHaveAttribute('href', '/AboutUs');
  // The page is live (hydrated): an in-app link navigates without a new document.
  await region.getByRole('link', { name: 'Learn more about us' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
  await expect(region).toContainText('Same pharmacy, new name.');
  const axe = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  expect(violations).toEqual([]);
  expect(calls).toEqual([]);
});

const HOSTILE_BANNER =
  '<p>Hello<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script><a href="javascript:window.__pwned=3">x</a>' +
  '<a href=" JaVaScRiPt:window.__pwned=4">y</a><a href="//evil.example/">z</a><iframe src="/"></iframe><style>body{display:none}</style>' +
  '<strong onclick="window.__pwned=5" style="color:red">bold</strong><svg><script>window.__pwned=6</script></svg><a href="/help">ok $&amp; $1</a></p>';

test('the banner is sanitised by the gateway: nothing the allowlist refuses reaches the page, and the page hydrates it', async ({ page, request }) => {
  const headers = { 'x-test-banner': Buffer.from(HOSTILE_BANNER).toString('base64') };
  const served = await (await request.get('/', { headers })).text();
  const region = /<div role="region" aria-label="Announcement"[\s\S]*?<\/div><\/div>/.exec(served)?.[0] ?? '';
  expect(region).toContain('Hello');
  expect(region).not.toMatch(/onerror|onclick|style=|<script|javascript:|<img|<iframe|<style|<svg|evil\.example/i);
  // A banner's own `$&` is text, not a replacement pattern.
  expect(region).toContain('ok $&amp; $1');

  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.setExtraHTTPHeaders(headers);
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Announcement' });
  await expect(banner).toContainText('Hello');
  expect(await banner.innerHTML()).not.toMatch(/onerror|onclick|style=|<script|javascript:|<img|<iframe|<style|<svg|evil\.example/i);
  await expect(banner.getByText('bold')).toBeVisible();
  await expect(banner.getByRole('link', { name: 'ok $& $1' })).toHaveAttribute('href', '/help');
  await banner.getByText('bold').click();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  // Hydrated without a mismatch: the link navigates in the app.
  await banner.getByRole('link', { name: 'ok $& $1' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the gateway sends the strict CSP and security headers with the SPA', async ({ request }) => {
  const r = await request.get('/memberInfo');
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

test('an unknown route is answered 404 with the not-found page', async ({ page, request }) => {
  const r = await request.get('/no/such/page');
  expect(r.status()).toBe(404);
  expect(r.headers()['content-type']).toContain('text/html');
  expect(r.headers()['content-security-policy']).toContain("script-src 'self'");
  expect(await r.text()).toContain('404 Page Not Found');
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
