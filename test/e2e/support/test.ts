/**
 * The browser tests' `test`: Playwright's, with a page that waits, after every
 * document load (goto, reload), until the app has taken the prerendered page
 * over (`#root[data-live]`, src/ui/Page.tsx). The HTML paints and its fields
 * work before the app runs, so a test could otherwise press a key the page
 * does not answer yet; on a busy machine that window is seconds long. What a
 * member does in that window is tested on its own, with the raw page, in
 * prerender.spec.ts.
 */
import { expect, test as base, type Page, type Response } from '@playwright/test';

export { expect };
export type { Locator, Page, Request, APIRequestContext } from '@playwright/test';

/** Waits for the app to be live on a page the gateway answered with HTML (not a PDF, not a JSON answer). */
export async function untilLive(page: Page, response: Response | null): Promise<void> {
  if (!response || !(response.headers()['content-type'] ?? '').startsWith('text/html')) return;
  await expect(page.locator('#root[data-live]')).toBeAttached();
}

/** A phone network's delay on every gateway call: `ms` plus or minus up to `jitter`, drawn per call (so answers also come out of order). */
export interface Latency {
  ms: number;
  jitter: number;
}

/** `E2E_LATENCY=300:100` puts 300 ms ± 100 ms on every gateway call of every test (a try of the whole suite on a slow network). */
export function latencyFromEnv(value = process.env.E2E_LATENCY): Latency | null {
  if (!value) return null;
  const [ms, jitter = '0'] = value.split(':');
  const latency = { ms: Number(ms), jitter: Number(jitter) };
  if (!(latency.ms >= 0 && latency.jitter >= 0 && latency.jitter <= latency.ms)) throw new Error(`E2E_LATENCY: "${value}" is not ms or ms:jitter (jitter <= ms)`);
  return latency;
}

/** Delays each /gwapi call by the latency before it leaves the browser; a test's own routes, added later, come first. */
export async function addLatency(page: Page, latency: Latency): Promise<void> {
  await page.route('**/gwapi/**', async (route) => {
    const delay = latency.ms + (Math.random() * 2 - 1) * latency.jitter;
    await new Promise((resolve) => setTimeout(resolve, delay));
    await route.fallback().catch(() => {});
  });
}

/** A gateway call kept in flight by the test: `asked` once the page has made it, `release` lets it (and every later one) through. */
export interface HeldAnswer {
  asked: Promise<void>;
  release: () => void;
}

/**
 * Holds the page's calls of `method` to `url` (a glob) until the test releases them: a call on its
 * way for as long as the test needs, with no timing involved. Routes added later come first, so this
 * sits before any latency.
 */
export async function holdAnswers(page: Page, url: string, method = 'GET'): Promise<HeldAnswer> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrived!: () => void;
  const asked = new Promise<void>((resolve) => (arrived = resolve));
  await page.route(url, async (route) => {
    if (route.request().method() === method) {
      arrived();
      await released;
    }
    await route.fallback().catch(() => {});
  });
  return { asked, release };
}

export const test = base.extend<{ latency: Latency | null }>({
  // Per test: `test.use({ latency: { ms: 300, jitter: 100 } })`; by default none, or E2E_LATENCY's.
  latency: [latencyFromEnv(), { option: true }],
  page: async ({ page, latency }, use) => {
    if (latency) await addLatency(page, latency);
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await untilLive(page, response);
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await untilLive(page, response);
      return response;
    };
    await use(page);
  },
});
