import { expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/** WCAG 2.2 A and AA, including the opt-in target-size rule. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Zero axe violations; the failure message names each rule and its first nodes. */
export async function expectNoAxeViolations(page: Page, include?: string): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const summary = violations.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, 'axe violations').toEqual([]);
}

/** Headings never skip a level going down, and there is exactly one h1. */
export async function expectHeadingOutline(page: Page): Promise<void> {
  const levels = await page.locator('h1, h2, h3, h4, h5, h6').evaluateAll((els) =>
    els.filter((e) => (e as HTMLElement).offsetParent !== null || e.getClientRects().length > 0).map((e) => Number(e.tagName[1])),
  );
  expect(levels.filter((l) => l === 1), 'one h1').toHaveLength(1);
  const skips = levels.flatMap((l, i) => (i > 0 && l > levels[i - 1]! + 1 ? [`h${levels[i - 1]} -> h${l}`] : []));
  expect(skips, 'heading levels in order').toEqual([]);
}

/** The page does not scroll sideways. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, 'no horizontal scroll').toBeLessThanOrEqual(innerWidth);
}

/** Fails the test on any Content-Security-Policy violation; call before the first navigation. */
export async function failOnCspViolation(page: Page): Promise<() => string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportCspViolation: (v: string) => void }).reportCspViolation(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return () => violations;
}
