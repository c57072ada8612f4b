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
      await el.click();
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
