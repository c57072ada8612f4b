/**
 * WebKit (WebKitGTK's MiniBrowser, Safari's engine) under Xvfb, driven by selenium-webdriver through a
 * WebKitWebDriver started per run: a session left open makes the next one fail with "Maximum number of
 * active sessions". Scripts can only be injected after a load, so the watcher goes in after each goto and
 * after anything that may load a document.
 */
import { Builder, Key as K, type WebDriver, type WebElement } from 'selenium-webdriver';
import { describe, FIND_SOURCE, poll, toWire, WATCH_SOURCE, type Driver, type Key, type Target } from './driver.ts';

const KEYS: Record<Key, string> = { Tab: K.TAB, Enter: K.ENTER, Space: K.SPACE, ArrowDown: K.ARROW_DOWN, Escape: K.ESCAPE };
const MINIBROWSER = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** What the point at the centre of arguments[0] hits: its tag, role, name or text, and its box against the target's. */
const HIT_SOURCE = `
  const el = arguments[0];
  const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  const say = (n) => n ? n.tagName.toLowerCase() + (n.getAttribute('role') ? '[role=' + n.getAttribute('role') + ']' : '') + (n.className ? '.' + String(n.className).split(' ')[0] : '') + ' "' + (n.getAttribute('aria-label') || n.textContent || '').trim().slice(0, 40) + '"' : 'nothing';
  return say(hit) + ' at ' + Math.round(r.left) + ',' + Math.round(r.top) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height) + ' in a window of ' + innerWidth + 'x' + innerHeight + (hit && el.contains(hit) ? ' (the target itself)' : '');
`;

export async function webkit(origin: string, driverPort: number): Promise<Driver> {
  const driver: WebDriver = await new Builder()
    .usingServer(`http://127.0.0.1:${driverPort}`)
    .withCapabilities({ browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] } })
    .build();
  const seen: string[] = [];
  const watch = () => driver.executeScript(WATCH_SOURCE);
  const drain = async () => {
    const inPage = (await driver.executeScript('return (window.__engineProblems || []).splice(0)').catch(() => [])) as string[];
    seen.push(...inPage);
  };
  const find = (t: Target) =>
    poll(describe(t), async () => {
      await watch();
      return (await driver.executeScript(`return (${FIND_SOURCE})(arguments[0])`, toWire(t))) as WebElement | null;
    });

  return {
    async goto(path) {
      await drain();
      await driver.get(origin + path);
      await watch();
    },
    async click(t) {
      const el = await find(t);
      await driver.executeScript('arguments[0].scrollIntoView({ block: "center" })', el);
      try {
        await el.click();
      } catch (e) {
        // WebKitWebDriver says "intercepted" with no message: name what is under the target's centre instead.
        const over = await driver.executeScript(HIT_SOURCE, el).catch(() => '(unreadable)');
        throw new Error(`${describe(t)}: ${e instanceof Error ? e.name : 'the click'} (under its centre: ${String(over)})`);
      }
    },
    async type(t, text) {
      const el = await find(t);
      await driver.executeScript('arguments[0].focus()', el);
      await driver.actions().sendKeys(text).perform();
    },
    async keys(text) {
      await driver.actions().sendKeys(text).perform();
    },
    async press(key, t) {
      if (t) await driver.executeScript('arguments[0].focus()', await find(t));
      await driver.actions().sendKeys(KEYS[key]).perform();
    },
    text: () => driver.executeScript('return document.body.innerText') as Promise<string>,
    async waitFor(t) {
      await find(t);
    },
    async waitForGone(t) {
      await poll(`${describe(t)} to go`, async () => !(await driver.executeScript(`return Boolean((${FIND_SOURCE})(arguments[0]))`, toWire(t))));
    },
    async waitForText(text) {
      await poll(`the text "${text}"`, async () => {
        await watch();
        return ((await driver.executeScript('return document.body.innerText')) as string).includes(text);
      });
    },
    async problems() {
      await drain();
      return [...seen];
    },
    async close() {
      await driver.quit();
    },
  };
}
