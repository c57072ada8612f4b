/**
 * The tiny driver interface the journeys are written against, once for both engines.
 * Elements are found inside the page by one script (FIND_SOURCE), so Firefox (puppeteer-core over
 * WebDriver BiDi) and WebKit (selenium-webdriver over WebKitWebDriver) see the same elements; acting
 * on them is the engine's own (a real click, real key presses), as a person does.
 */

/** An element: by role and accessible name (string: exact; RegExp: matched), by its label, or by CSS. */
export type Target = { role: string; name: string | RegExp; within?: string } | { label: string; within?: string } | { css: string };

/** What the page side of the finder receives (a RegExp does not cross the wire). */
export type WireTarget = { role?: string; label?: string; css?: string; within?: string; name?: string; source?: string; flags?: string };

export const toWire = (t: Target): WireTarget => {
  if ('css' in t) return { css: t.css };
  if ('label' in t) return { label: t.label, within: t.within };
  return typeof t.name === 'string' ? { role: t.role, name: t.name, within: t.within } : { role: t.role, source: t.name.source, flags: t.name.flags, within: t.within };
};

export const describe = (t: Target) => ('css' in t ? t.css : 'label' in t ? `label "${t.label}"` : `${t.role} "${String(t.name)}"`);

export type Key = 'Tab' | 'Enter' | 'Space' | 'ArrowDown' | 'Escape';

export interface Driver {
  /** Opens a path of the gateway's origin and waits for the document to load. */
  goto(path: string): Promise<void>;
  /** Waits for the element, then clicks it. */
  click(t: Target): Promise<void>;
  /** Waits for the element, focuses it and types the text with the keyboard. */
  type(t: Target, text: string): Promise<void>;
  /** Types the text with the keyboard into whatever has the focus (a field in a frame of another origin). */
  keys(text: string): Promise<void>;
  /** Presses a key on the element (focused first), or on whatever has the focus. */
  press(key: Key, t?: Target): Promise<void>;
  /** The page's visible text. */
  text(): Promise<string>;
  /** Waits until the element is there and visible. */
  waitFor(t: Target): Promise<void>;
  /** Waits until no visible element matches (a dialog closed). */
  waitForGone(t: Target): Promise<void>;
  /** Waits until the page's visible text contains the text. */
  waitForText(text: string): Promise<void>;
  /** Console errors, uncaught exceptions and CSP violations seen so far. */
  problems(): Promise<string[]>;
  close(): Promise<void>;
}

/** A hang catcher sized for a busy 2-core machine: conditions are polled, never slept on. */
export const HANG_MS = Number(process.env.ENGINES_TIMEOUT_MS ?? 60_000);

/**
 * The browser's session is gone: its page process crashed (WebKitGTK's MiniBrowser printed "WebProcess CRASHED" and
 * every later command said NoSuchSessionError) or the browser closed. Nothing the page does can answer any more, so
 * the wait ends at once instead of at the hang catcher, and the runner may try the journey once in a new browser.
 */
export class BrowserLost extends Error {
  override name = 'BrowserLost';
}

const LOST_SESSION = new Set(['NoSuchSessionError', 'TargetCloseError']);

/** Whether an error says the browser is gone (from a wait, or straight from a command: a click, a navigation). */
export const isBrowserLost = (e: unknown): boolean => e instanceof BrowserLost || (e instanceof Error && LOST_SESSION.has(e.name));

export async function poll<T>(what: string, probe: () => Promise<T | undefined | null | false>): Promise<T> {
  const end = Date.now() + HANG_MS;
  let last: unknown;
  for (;;) {
    try {
      const v = await probe();
      if (v) return v;
    } catch (e) {
      if (isBrowserLost(e)) throw new BrowserLost(`the browser's session ended while waiting for ${what} (${String(e)})`);
      last = e;
    }
    if (Date.now() > end) throw new Error(`timed out after ${HANG_MS} ms waiting for ${what}${last ? ` (last error: ${String(last)})` : ''}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The page side: (target) => the first visible element that matches, or null. A small accessible
 * name (aria-labelledby, aria-label, the <label>s, the text) and the roles the journeys use.
 */
export const FIND_SOURCE = `(t) => {
  const ROLES = {
    button: 'button,[role="button"],input[type="submit"]',
    link: 'a[href],[role="link"]',
    checkbox: 'input[type="checkbox"]:not([role]),[role="checkbox"]',
    switch: '[role="switch"]',
    radio: 'input[type="radio"],[role="radio"]',
    textbox: 'input:not([type]):not([role]),input[type="text"]:not([role]),input[type="email"],input[type="tel"],textarea,[role="textbox"]',
    combobox: '[role="combobox"]',
    heading: 'h1,h2,h3,h4,h5,h6,[role="heading"]',
    dialog: '[role="dialog"],[role="alertdialog"]',
    option: '[role="option"]',
  };
  const norm = (s) => (s || '').replace(/\\s+/g, ' ').trim();
  const textOf = (id) => { const e = document.getElementById(id); return e ? e.textContent : ''; };
  const nameOf = (el) => {
    const by = el.getAttribute('aria-labelledby');
    if (by) return norm(by.split(/\\s+/).map(textOf).join(' '));
    const al = el.getAttribute('aria-label');
    if (al) return norm(al);
    if (el.labels && el.labels.length) return norm([...el.labels].map((l) => l.textContent).join(' '));
    if (el.tagName === 'INPUT') return norm(el.value);
    return norm(el.textContent);
  };
  const visible = (el) => {
    if (el.closest('[hidden],[aria-hidden="true"],[inert]')) return false;
    // react-aria's inputs are visually hidden (1 px, clipped) but there: their label is what a person sees.
    const box = (el.labels && el.labels[0]) || el;
    return box.getClientRects().length > 0 && getComputedStyle(box).visibility !== 'hidden';
  };
  const scope = t.within ? [...document.querySelectorAll(t.within)].filter(visible).pop() : document;
  if (!scope) return null;
  let all;
  if (t.css) all = [...scope.querySelectorAll(t.css)];
  else if (t.label) all = [...scope.querySelectorAll('input,textarea,select,[role="combobox"],[role="textbox"]')].filter((el) => nameOf(el) === t.label);
  else {
    const re = t.source !== undefined ? new RegExp(t.source, t.flags) : null;
    all = [...scope.querySelectorAll(ROLES[t.role] || '[role="' + t.role + '"]')].filter((el) => { const n = nameOf(el); return re ? re.test(n) : n === t.name; });
  }
  return all.find(visible) || null;
}`;

/**
 * Installed in the page: console errors, uncaught exceptions, unhandled rejections and CSP
 * violations go to window.__engineProblems (read by the runner). ReportingObserver's buffered
 * reports also give the violations of the load before the script was injected, where supported.
 */
export const WATCH_SOURCE = `(() => {
  if (window.__engineProblems) return;
  const list = (window.__engineProblems = []);
  const push = (s) => list.push(String(s));
  document.addEventListener('securitypolicyviolation', (e) => push('CSP violation: ' + e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline') + ' at ' + e.sourceFile + ':' + e.lineNumber), true);
  window.addEventListener('error', (e) => push('uncaught: ' + (e.error && e.error.stack ? e.error.stack : e.message)));
  window.addEventListener('unhandledrejection', (e) => push('unhandled rejection: ' + (e.reason && e.reason.stack ? e.reason.stack : e.reason)));
  const error = console.error.bind(console);
  console.error = (...a) => { push('console.error: ' + a.map(String).join(' ')); error(...a); };
  if (typeof ReportingObserver === 'function') {
    try {
      new ReportingObserver((reports) => { for (const r of reports) push('CSP violation (report): ' + JSON.stringify(r.body)); }, { types: ['csp-violation'], buffered: true }).observe();
    } catch { /* not every engine takes the options */ }
  }
})()`;
