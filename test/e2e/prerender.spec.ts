/**
 * Every prerendered route paints from the served HTML and the browser takes it
 * over as it is: per route, the page is loaded twice, without JavaScript (what
 * the HTML alone shows) and with it (hydrated), and the test fails on a
 * hydration error or warning in the console, a CSP violation, a layout shift,
 * or a first screen whose text or focusable elements differ between the two.
 * The link routes' first screen is their shell: their first gateway call is
 * held while the two are compared.
 */
import { expect, test, type Page } from '@playwright/test';
import { publicPages } from '../../src/shell/pages.ts';

const ROUTES = [...publicPages.map((p) => p.path), '/memberInfo', '/transfer', '/EasyFill/demo-refill', '/autorefill/demo-autorefill', '/no-such-page'];
const LINK_ROUTES = new Set(['/EasyFill/demo-refill', '/autorefill/demo-autorefill']);

interface FirstScreen {
  text: string;
  focusable: string[];
}

/** The visible text (without the noscript line, which only a browser without scripts shows) and every focusable element, in order. */
async function firstScreen(page: Page): Promise<FirstScreen> {
  return page.evaluate(() => {
    // Without scripts the noscript line is part of the page; with them it is not rendered at all.
    document.querySelectorAll('noscript').forEach((n) => n.remove());
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const focusable = [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]')]
      .filter((el) => visible(el) && !(el as HTMLInputElement).disabled)
      .map((el) => [el.localName, el.getAttribute('type') ?? '', el.getAttribute('href') ?? '', el.getAttribute('aria-label') ?? '', el.innerText.trim().slice(0, 40), el.getAttribute('tabindex') ?? ''].join('|'));
    return { text: document.body.innerText.replace(/\s+/g, ' ').trim(), focusable };
  });
}

/**
 * The ids named by aria-describedby, aria-labelledby or aria-controls that no element of the page has. A
 * name with no element is read as nothing, and react-aria takes it out in an effect once the page is
 * live, an update that renders the field again (a typeahead's own value element: src/ui/ComboBox.tsx).
 */
const idsNamedButMissing = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[aria-describedby], [aria-labelledby], [aria-controls]')].flatMap((el) =>
      ['aria-describedby', 'aria-labelledby', 'aria-controls'].flatMap((attr) =>
        (el.getAttribute(attr) ?? '')
          .split(/\s+/)
          .filter((id) => id && !document.getElementById(id))
          .map((id) => `${el.localName}[${attr}] names #${id}`),
      ),
    ),
  );

for (const path of ROUTES) {
  test(`${path} paints from its HTML and hydrates it unchanged`, async ({ browser, baseURL }) => {
    // What the HTML alone shows.
    const plain = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const htmlPage = await plain.newPage();
    const response = await htmlPage.goto(path);
    expect(response!.status()).toBe(path === '/no-such-page' ? 404 : 200);
    await expect(htmlPage.getByRole('heading', { level: 1 })).toBeVisible();
    const fromHtml = await firstScreen(htmlPage);
    expect(await idsNamedButMissing(htmlPage)).toEqual([]);
    await plain.close();

    // The same page with JavaScript, hydrated.
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    await page.exposeFunction('reportProblem', (p: string) => problems.push(p));
    await page.addInitScript(() => {
      const report = (window as unknown as { reportProblem: (p: string) => void }).reportProblem;
      document.addEventListener('securitypolicyviolation', (e) => report(`CSP: ${e.violatedDirective} ${e.blockedURI}`));
      type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] };
      const rect = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
      const name = (n?: Node) => (n instanceof Element ? `${n.localName}${n.id ? `#${n.id}` : ''}${n.className && typeof n.className === 'string' ? `.${n.className.split(' ')[0]}` : ''} "${(n.textContent ?? '').trim().slice(0, 30)}"` : String(n?.nodeName));
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Shift[]) {
          // Which elements moved, from where to where: a failure names its cause.
          const moved = (entry.sources ?? []).map((s) => `${name(s.node)} ${rect(s.previousRect)} -> ${rect(s.currentRect)}`).join('; ');
          if (!entry.hadRecentInput && entry.value > 0) report(`layout shift ${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${moved}`);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // A link route's shell is its first screen: its first call waits until the comparison is done.
    const held: (() => void)[] = [];
    if (LINK_ROUTES.has(path)) await page.route('**/gwapi/**', (route) => new Promise<void>((release) => held.push(release)).then(() => route.continue().catch(() => {})));
    await page.goto(path);
    await expect(page.locator('#root[data-live]')).toBeAttached();
    // The not-found answer's status is logged by the browser as a failed resource: not a problem of the page (only that line).
    const pageProblems = problems.filter((p) => !(path === '/no-such-page' && /^error: Failed to load resource: .* status of 404/.test(p)));
    expect(await firstScreen(page)).toEqual(fromHtml);
    expect(await idsNamedButMissing(page)).toEqual([]);
    held.forEach((release) => release());
    expect(pageProblems).toEqual([]);
    await context.close();
  });
}

/** Opens `path` with the entry script held back (a slow phone): the page paints from the HTML; the returned function lets the script come. */
async function openWithScriptHeld(page: Page, path: string): Promise<() => void> {
  let releaseScript!: () => void;
  const scriptHeld = new Promise<void>((r) => (releaseScript = r));
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await scriptHeld;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'commit' });
  return releaseScript;
}

test('what a member types into the prerendered form before the script runs is kept, and an early Continue does not reload', async ({ page }) => {
  // The page paints from the HTML while its script is held back (a slow phone).
  const releaseScript = await openWithScriptHeld(page, '/memberInfo');
  const memberNumber = page.getByRole('textbox', { name: 'Member Number' });
  await memberNumber.fill('MMA100001');
  await page.getByRole('textbox', { name: 'First Name' }).fill('Maria');
  await page.getByRole('button', { name: 'Continue' }).click();
  expect(page.url()).toMatch(/\/memberInfo$/);
  releaseScript();
  await expect(page.locator('#root[data-live]')).toBeAttached();
  // The form's machine has the text: it survives a render of the field (leaving it), and only the rest is asked for.
  await memberNumber.focus();
  await page.getByRole('textbox', { name: 'Last Name' }).focus();
  await expect(memberNumber).toHaveValue('MMA100001');
  await expect(page.getByRole('textbox', { name: 'First Name' })).toHaveValue('Maria');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Enter member number')).toHaveCount(0);
  await expect(page.getByText('Enter last name', { exact: false }).first()).toBeVisible();
  expect(page.url()).toMatch(/\/memberInfo$/);
});

test('a press on the painted page before the app runs is held and pressed once the page is live; pressed again and again, it counts once', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  // The entry script runs (it holds presses from its first line); the app it starts is held back.
  let releaseApp!: () => void;
  const appHeld = new Promise<void>((r) => (releaseApp = r));
  let appAsked!: () => void;
  const appRequested = new Promise<void>((r) => (appAsked = r));
  await page.route(/\/assets\/app-[^/]*\.js$/, async (route) => {
    appAsked();
    await appHeld;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'commit' });
  await appRequested;
  const toggle = page.locator('button[aria-controls="site-menu"]');
  // A member taps the menu three times: nothing seems to happen (the app has not started).
  for (let i = 0; i < 3; i++) await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(new URL(page.url()).pathname).toBe('/');
  releaseApp();
  await expect(page.locator('#root[data-live]')).toBeAttached();
  // Pressed once, when the app took the page over: open, not toggled three times.
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('#site-menu')).toBeVisible();
});

test('one page view per route, hydrated or rendered anew, named by the route pattern only; one more per in-app navigation', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { pageViews: string[] }).pageViews = seen;
    window.addEventListener('mop:page-view', (e) => seen.push(JSON.stringify((e as CustomEvent).detail)));
  });
  const views = () => page.evaluate(() => (window as unknown as { pageViews: string[] }).pageViews);
  // Hydrated: a public page, the member flow, a link route's shell, the not-found page; rendered anew: a search string.
  for (const [path, route] of [
    ['/', '/'],
    ['/memberInfo', '/memberInfo'],
    ['/EasyFill/demo-refill', '/EasyFill/$linkId'],
    ['/no-such-page', 'not-found'],
    ['/help?tab=specialty', '/help'],
  ]) {
    await page.goto(path!);
    await expect(page.locator('#root[data-live]')).toBeAttached();
    await expect.poll(views).toEqual([JSON.stringify({ route })]);
  }
  // An in-app navigation: one more.
  await page.goto('/');
  await expect(page.locator('#root[data-live]')).toBeAttached();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact Us' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: /contact/i })).toBeVisible();
  await expect.poll(views).toEqual([JSON.stringify({ route: '/' }), JSON.stringify({ route: '/ContactUs' })]);
});

// The entry script runs from the page's own <script type=module>: a <link rel=modulepreload> of it asks for a module
// already loaded, and Firefox fires an error event on such a link on every full load. The code loaded on demand
// (the route, the link page, its verification form; the member flow's first step) preloads only what is not loaded yet.
for (const path of ['/EasyFill/demo-refill', '/memberInfo']) {
  test(`${path}: nothing already loaded by the page's scripts is preloaded again`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('#root[data-live]')).toBeAttached();
    if (path.startsWith('/EasyFill')) await expect(page.getByRole('button', { name: 'Verify', exact: true })).toBeVisible();
    else await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
    const { scripts, preloads } = await page.evaluate(() => ({
      scripts: [...document.querySelectorAll<HTMLScriptElement>('script[type="module"][src]')].map((s) => s.src),
      preloads: [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => l.href),
    }));
    expect(scripts).toHaveLength(1);
    // The check has something to look at: the page's chunks and the ones loaded on demand were preloaded.
    expect(preloads.length).toBeGreaterThan(0);
    expect(preloads.filter((href) => scripts.includes(href))).toEqual([]);
  });
}

test('a typeahead focused before the script runs offers its options once the page is live', async ({ page }) => {
  // Its options come on the field's first focus (deferOptions, src/ui/ComboBox.tsx); this focus came before React could see it.
  const releaseScript = await openWithScriptHeld(page, '/memberInfo');
  const month = page.getByRole('combobox', { name: 'Month', exact: true });
  await month.focus();
  releaseScript();
  await expect(page.locator('#root[data-live]')).toBeAttached();
  await expect(month).toBeFocused();
  await month.press('ArrowDown');
  await expect(page.getByRole('option', { name: 'January' })).toBeVisible();
});

test('a typeahead typed into before the script runs opens its list on that text once the page is live, and keeps narrowing as one types on', async ({ page }) => {
  // react-aria opens the list on a text change only while it knows the field is focused, and that focus came before React.
  const releaseScript = await openWithScriptHeld(page, '/memberInfo');
  const month = page.getByRole('combobox', { name: 'Month', exact: true });
  await month.click();
  await page.keyboard.type('Ju');
  releaseScript();
  await expect(page.locator('#root[data-live]')).toBeAttached();
  await expect(month).toHaveValue('Ju');
  await expect(page.getByRole('option')).toHaveText(['June', 'July']);
  await page.keyboard.type('l');
  await expect(page.getByRole('option')).toHaveText(['July']);
  await page.keyboard.press('Enter');
  await expect(month).toHaveValue('July');
  await expect(page.getByRole('listbox')).toHaveCount(0);
});

test('a typeahead typed into after the hydration but before the page is live shows its list to assistive technology too', async ({ page }) => {
  // The window between React's hydration commit and the page going live: a key there once opened the list
  // while react-aria drew no overlay, its aria-hidden veil went up with nothing to spare, and the list drawn
  // at the switch came under it (on screen, out of the accessibility tree). The fields now hydrate when
  // first used (src/ui/HydrateWhenUsed.tsx): React's devtools hook tells the test the moment the form's
  // Continue button is hydrated; a task later Month is focused (React takes it over then) and typed into,
  // as a member's key would be, and the page says whether it was live yet.
  await page.addInitScript(() => {
    const w = window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: object; __typedBeforeLive?: boolean };
    let typed = false;
    w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      inject: () => 1,
      onCommitFiberRoot: () => {
        const month = [...document.querySelectorAll('input')].find((i) => i.labels?.[0]?.textContent === 'Month');
        const form = document.querySelector('form button[type=submit]');
        if (typed || !month || !form || !Object.keys(form).some((k) => k.startsWith('__reactFiber$'))) return;
        typed = true;
        setTimeout(() => {
          w.__typedBeforeLive = !document.querySelector('#root[data-live]');
          month.focus();
          Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(month, 'a');
          month.dispatchEvent(new Event('input', { bubbles: true }));
        }, 0);
      },
      onCommitFiberUnmount: () => {},
      onPostCommitFiberRoot: () => {},
    };
  });
  await page.goto('/memberInfo');
  await expect(page.locator('#root[data-live]')).toBeAttached();
  expect(await page.evaluate(() => (window as unknown as { __typedBeforeLive?: boolean }).__typedBeforeLive)).toBe(true);
  const month = page.getByRole('combobox', { name: 'Month', exact: true });
  await expect(month).toHaveValue('a');
  await expect(month).toBeFocused();
  // By role: an option under an aria-hidden ancestor is not found.
  await expect(page.getByRole('option')).toHaveText(['January', 'February', 'March', 'April', 'May', 'August']);
  await expect(month).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.type('p');
  await expect(page.getByRole('option')).toHaveText(['April']);
  await page.keyboard.press('Enter');
  await expect(month).toHaveValue('April');
});

test('a typeahead focused before the script runs, with nothing typed, stays closed once the page is live and opens on the first key', async ({ page }) => {
  const releaseScript = await openWithScriptHeld(page, '/memberInfo');
  const month = page.getByRole('combobox', { name: 'Month', exact: true });
  await month.focus();
  releaseScript();
  await expect(page.locator('#root[data-live]')).toBeAttached();
  await expect(month).toBeFocused();
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await page.keyboard.type('au');
  await expect(page.getByRole('option')).toHaveText(['August']);
});

test("a flow loads without looking up the browser's language or ICU's collation data (each cost a task of 30-70 ms at 4x), and its typeaheads still match", async ({ browser, baseURL }) => {
  // A browser set to a right-to-left language: upstream, react-aria would look it up and take it.
  const context = await browser.newContext({ baseURL, locale: 'ar-EG' });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const calls: string[] = [];
    (window as unknown as { __localeLookups: string[] }).__localeLookups = calls;
    const supported = Intl.DateTimeFormat.supportedLocalesOf;
    Intl.DateTimeFormat.supportedLocalesOf = (...args: Parameters<typeof supported>) => (calls.push('DateTimeFormat.supportedLocalesOf'), supported(...args));
    const Locale = new Proxy(Intl.Locale, { construct: (target, args) => (calls.push('Locale'), new target(...(args as [string]))) });
    Object.defineProperty(Intl, 'Locale', { value: Locale });
    const Collator = new Proxy(Intl.Collator, { construct: (target, args) => (calls.push('Collator'), new target(...(args as []))) });
    Object.defineProperty(Intl, 'Collator', { value: Collator });
  });
  await page.goto('/memberInfo');
  await expect(page.locator('#root[data-live]')).toBeAttached();
  const month = page.getByRole('combobox', { name: 'Month', exact: true });
  await month.pressSequentially('apr');
  await expect(page.getByRole('option', { name: 'April' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __localeLookups: string[] }).__localeLookups)).toEqual([]);
  await expect(page.locator('html')).not.toHaveAttribute('dir', 'rtl');
  await context.close();
});

test("a typeahead makes the page's first number format once focused, not at load nor in the commit that opens its list (ICU's number data: a task of 70-120 ms at 4x; any later one 0.1 ms)", async ({ page }) => {
  await page.addInitScript(() => {
    const made: string[] = [];
    (window as unknown as { __numberFormats: string[] }).__numberFormats = made;
    const NumberFormat = new Proxy(Intl.NumberFormat, {
      construct: (target, args) => (made.push(document.activeElement?.getAttribute('role') ?? 'none'), new target(...(args as []))),
    });
    Object.defineProperty(Intl, 'NumberFormat', { value: NumberFormat });
  });
  const made = () => page.evaluate(() => (window as unknown as { __numberFormats: string[] }).__numberFormats);
  await page.goto('/memberInfo');
  await expect(page.locator('#root[data-live]')).toBeAttached();
  expect(await made()).toEqual([]);
  const month = page.getByRole('combobox', { name: 'Month', exact: true });
  await month.focus();
  // Made while the field has the focus, before any key.
  await expect.poll(made).toEqual(['combobox']);
  await month.press('a');
  await expect(page.getByRole('option', { name: 'April' })).toBeVisible();
  // react-aria makes its own for the opened list's count: the page's second, which ICU answers from data already loaded.
  await expect.poll(async () => (await made()).length).toBe(2);
});
