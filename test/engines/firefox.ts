/**
 * Firefox (Debian's firefox-esr) over WebDriver BiDi with puppeteer-core: Playwright's own BiDi channel
 * does not start a page with this Firefox (docs/testing.md, "Firefox and WebKit").
 */
import puppeteer, { type Browser, type ElementHandle, type KeyInput, type Page } from 'puppeteer-core';
import { describe, FIND_SOURCE, poll, toWire, WATCH_SOURCE, type Driver, type Key, type Target } from './driver.ts';

const KEYS: Record<Key, KeyInput> = { Tab: 'Tab', Enter: 'Enter', Space: ' ', ArrowDown: 'ArrowDown', Escape: 'Escape' };

/**
 * Firefox's own WebDriver BiDi agent, not the page: it runs the preload script (WATCH_SOURCE, and even an empty
 * one) in every new frame, and for a frame of another origin (the card field) still at its first about:blank it
 * sometimes fails before the script runs, reading its arguments' `length` (Realm.sys.mjs applies
 * `(fn).apply(__bidi_this, __bidi_args)` across the origins), and reports that as the frame's script error,
 * without a stack. Reproduced with an empty preload and a page that only adds cross-origin iframes: about one
 * error per two frames. It failed James in about half the runs here (docs/testing.md, "Firefox and WebKit").
 * Only that text with no stack line is dropped: an error of the portal's own script always has a stack.
 */
const AGENT_PRELOAD_ERROR = 'Permission denied to access property "length"';
function isAgentPreloadError(e: unknown): boolean {
  // The agent's text is the error's own string ("Error: Permission denied…"), which puppeteer makes a message of.
  if (!(e instanceof Error) || e.message.replace(/^Error: /, '') !== AGENT_PRELOAD_ERROR) return false;
  return !(e.stack ?? '').split('\n').some((line) => line.trimStart().startsWith('at '));
}

export async function firefox(origin: string, onBrowser: (b: Browser) => void): Promise<Driver> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr',
    headless: true,
    defaultViewport: { width: 1280, height: 900 },
  });
  onBrowser(browser);
  const page: Page = await browser.newPage();
  const seen: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') seen.push(`console.error: ${m.text()}`);
  });
  page.on('pageerror', (e) => {
    if (isAgentPreloadError(e)) return;
    seen.push(`uncaught: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  });
  await page.evaluateOnNewDocument(WATCH_SOURCE);

  const find = (t: Target) =>
    poll(describe(t), async () => {
      const h = await page.evaluateHandle(`(${FIND_SOURCE})(${JSON.stringify(toWire(t))})`);
      const el = h.asElement();
      if (!el) await h.dispose();
      return el as ElementHandle<Element> | null;
    });
  const drain = async () => {
    const inPage = await page.evaluate('(window.__engineProblems || []).splice(0)').catch(() => []);
    seen.push(...(inPage as string[]));
  };

  return {
    async goto(path) {
      await drain();
      await page.goto(origin + path, { waitUntil: 'load' });
    },
    async click(t) {
      const el = await find(t);
      await el.click();
    },
    async type(t, text) {
      const el = await find(t);
      await el.focus();
      await page.keyboard.type(text);
    },
    async keys(text) {
      await page.keyboard.type(text);
    },
    async press(key, t) {
      if (t) await (await find(t)).focus();
      await page.keyboard.press(KEYS[key]);
    },
    text: () => page.evaluate('document.body.innerText') as Promise<string>,
    async waitFor(t) {
      await find(t);
    },
    async waitForGone(t) {
      await poll(`${describe(t)} to go`, async () => !(await page.evaluate(`Boolean((${FIND_SOURCE})(${JSON.stringify(toWire(t))}))`)));
    },
    async waitForText(text) {
      await poll(`the text "${text}"`, async () => ((await page.evaluate('document.body.innerText')) as string).includes(text));
    },
    async problems() {
      await drain();
      return [...seen];
    },
    async close() {
      await browser.close();
    },
  };
}
