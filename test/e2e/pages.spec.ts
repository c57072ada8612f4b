/**
 * Every route of the route table, at phone and desktop width: its heading,
 * its links, the shell's parts that show there, axe, heading order, no
 * sideways scroll and no CSP violation.
 */
import { expect, test, type Page } from './support/test.ts';
import { publicPages, showsFooter, showsMenu } from '../../src/shell/pages.ts';
import { expectHeadingOutline, expectNoAxeViolationsNorSidewaysScroll, expectNoHorizontalScroll, failOnCspViolation } from './support/a11y.ts';
import { FLOW_PATHS } from '../../src/prerender/pages.ts';

/** What a person sees as the page's heading, per route. */
const H1: Record<string, string> = {
  '/': 'Transfer Your Prescriptions!',
  '/GettingStarted': 'Get Started with Mail Order',
  '/AboutUs': 'About Us',
  '/providers': 'For Providers',
  '/ContactUs': 'Contact Us',
  '/help': 'Help',
  '/TermsOfUse': 'Terms of Use',
  '/PrivacyPolicy': 'Privacy Policy',
  '/disclaimer': 'Disclaimer',
  '/PreLoginSiteMap': 'Site Map',
  '/accessibility': 'Accessibility',
  '/ui-standards': 'Style Guide',
  '/no-such-page': '404 Page Not Found',
  // The flows' first screens, by their headings (each flow has its own spec file for the rest).
  '/memberInfo': 'Transfer Your Prescriptions',
  '/transfer': 'Transfer or Request Prescriptions',
  '/EasyFill/demo-refill': 'Easy refill',
  '/autorefill/demo-autorefill': 'Auto Refill',
  // The public order check (its own spec files walk the rest).
  '/orderStatus': 'Order Status',
};

const ROUTES = Object.keys(H1);
const APP_PATHS = new Set<string>([...publicPages.map((p) => p.path), ...FLOW_PATHS]);

const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 740 },
] as const;

async function expectLinksResolve(page: Page): Promise<void> {
  const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
  for (const href of new Set(hrefs)) {
    if (href.startsWith('#')) continue;
    if (/^(https:|mailto:|tel:\+1\d{10}$)/.test(href)) continue;
    const path = href.split('#')[0]!;
    if (path.startsWith('/docs/')) {
      const res = await page.request.get(path);
      expect(res.status(), href).toBe(200);
      expect(res.headers()['content-type'], href).toContain('application/pdf');
      continue;
    }
    expect(APP_PATHS.has(path.split('?')[0]!), `link ${href} goes to a route of the table`).toBe(true);
  }
}

for (const size of WIDTHS) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });
    for (const route of ROUTES) {
      test(`${route} is finished and accessible (${size.name})`, async ({ page }) => {
        const csp = await failOnCspViolation(page);
        await page.goto(route);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(H1[route]!);
        await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeAttached();
        await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(showsMenu(route) && size.width >= 1024 ? 1 : 0);
        await expect(page.getByRole('contentinfo')).toHaveCount(showsFooter(route) ? 1 : 0);
        await expect(page.getByRole('search', { name: 'Site' })).toHaveCount(size.width >= 1024 ? 1 : 0);
        await expectHeadingOutline(page);
        await expectLinksResolve(page);
        await expectNoHorizontalScroll(page);
        await expectNoAxeViolationsNorSidewaysScroll(page);
        expect(csp()).toEqual([]);
      });
    }
  });
}

test('every page of the public table is visited above', () => {
  expect(publicPages.map((p) => p.path).filter((p) => !(p in H1))).toEqual([]);
});
