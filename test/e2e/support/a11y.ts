import { expect, type Page } from './test.ts';
import AxeBuilder from '@axe-core/playwright';

/** WCAG 2.2 A and AA, including the opt-in target-size rule. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Resolves once no finite CSS animation or transition runs on the page (a modal's fade-in, a button's
 * colour easing after focus). axe reads colours as painted: half-way through a fade, text is lighter
 * than it will be, and on a busy machine the fade lasts long enough for axe to see it (CI stop 30:
 * color-contrast on a dialog opening and on a badge). Infinite ones (a loading skeleton's pulse) never end.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (;;) {
      const running = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
      if (running.length === 0) return;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
  });
}

/** Whether the page shows a frame from another origin (the card tokenizer's field). */
async function hasCrossOriginFrame(page: Page): Promise<boolean> {
  const origin = new URL(page.url()).origin;
  return page.frames().some((frame) => {
    if (frame === page.mainFrame()) return false;
    const url = frame.url();
    return /^https?:/.test(url) && new URL(url).origin !== origin;
  });
}

/** Zero axe violations, read once animations have settled; the failure message names each rule and its first nodes. */
async function expectNoAxeViolations(page: Page): Promise<void> {
  await animationsSettled(page);
  // axe's default run opens a blank page to gather the results of every frame, which doubles each pass's
  // time on a busy 2-core machine (measured: 5.2-7.0 s against 2.6-3.2 s on Easy Fill's first screen).
  // Only a cross-origin frame (the card tokenizer's hosted field) needs it: axe's own messaging (legacy
  // mode) reaches same-origin frames, and its results are the same there.
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(!(await hasCrossOriginFrame(page)));
  // axe measures a target's spacing as the window shows it now. Scrolled so that a link sits just under the
  // sticky header, its neighbour is the header's logo link: 'target-size' then depends on where a resize or a
  // focus left the scroll (CI, 2026-11-26: a registration banner link, reproduced by scrolling it 2 px under
  // the header). The page is read from its top, where the header covers nothing; the scroll is put back.
  const scroll = await page.evaluate(() => {
    const at = { left: window.scrollX, top: window.scrollY };
    window.scrollTo({ left: 0, top: 0, behavior: 'instant' });
    return at;
  });
  const { violations } = await builder.analyze();
  await page.evaluate((at) => window.scrollTo({ ...at, behavior: 'instant' }), scroll);
  const summary = violations.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  // Why, in axe's words (e.g. target-size: too close to which neighbour, or covered by what), for a failure seen once.
  const why = violations.flatMap((v) => v.nodes.slice(0, 3).map((n) => `${v.id} ${n.target.join(' ')}: ${n.failureSummary ?? ''} ${JSON.stringify(n.any.map((c) => ({ data: c.data, near: c.relatedNodes?.map((r) => `${r.target.join(' ')} ${r.html.slice(0, 120)}`) })))}`));
  expect(summary, `axe violations\n${why.join('\n')}`).toEqual([]);
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

/**
 * The check every page, step and modal gets: zero axe violations, and at a phone's width (under 768 px)
 * no sideways scroll, which axe does not see (WCAG 1.4.10 asks for reflow down to 320 px; a tracking
 * number once pushed the order status page 20 px wide at 375).
 */
export async function expectNoAxeViolationsNorSidewaysScroll(page: Page): Promise<void> {
  await expectNoAxeViolations(page);
  if ((page.viewportSize()?.width ?? Infinity) < 768) await expectNoHorizontalScroll(page);
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
