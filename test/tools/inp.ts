/**
 * `npm run inp [-- --no-build] [--runs N] [--profile] [--only Member] [--pointer mouse]`: how long the flows' interactions take to answer on a 4x
 * slower CPU, on the production build served by the reference gateway (memory mode).
 *
 * A press is a tap (down, 40 ms, up: `tap` below), a key a keypress. A tap is a finger's (touch events, the
 * context has touch, as a phone), or with `--pointer mouse` a mouse button's: react-aria answers the two
 * differently (a mouse's press on an option highlights it on the down and picks it on the up, a finger's
 * does both on the up), so both are worth a reading; the budget is read on the phone's. Each interaction is measured as INP measures it: the browser's Event Timing entries of one
 * interaction (same `interactionId`), the longest one's duration, from the input to the next paint
 * after its handlers ran. (web-vitals' onINP reports the same number for a page with one interaction;
 * the entries are read directly, so no library is added to the page.) Chromium's CPU throttling at 4x
 * (CDP Emulation.setCPUThrottlingRate), a 412 px wide mobile screen, each run in a new browser context
 * after the page is live (its code loaded, hydrated and the main thread idle for half a second).
 *
 * The interactions (the slow ones a member feels first):
 * - Member Information: focusing Member Number; typing a character into it; tapping the Month typeahead
 *   at its middle (where iOS VoiceOver's double-tap lands: react-aria's useComboBox opens the list for a
 *   touch that ends on the field's middle pixel, its test for VoiceOver; a finger elsewhere only focuses it);
 *   typing in it; picking a month; Continue with errors (the summary appears);
 * - Select Your Prescriptions (Maria): ticking a prescription; opening Add a Prescription; typing a
 *   drug name in it;
 * - Easy Fill (the demo link, verified): Select all, and again (clears); ticking one prescription (Fill Now enables);
 * - Auto Refill (the demo link, verified): opening the terms dialog.
 * Beside them, with no budget (it is no interaction's INP): how long after the key the Month list is on screen.
 * Event Timing ends the key's interaction at the next paint, the letter in the field; the list comes later.
 * Beside each, where its longest event's time went (medians): input delay, processing, presentation (as
 * web-vitals' attribution splits an INP), so that a slow one says whether its handlers or what came before
 * or after them are to blame.
 * Budget: the median of --runs (default 5) of each at most 100 ms. Like `npm run perf`, the host is
 * sampled before each run (other work's share of the CPU over one second, and what a page of fresh memory
 * costs) and no verdict is given on a busy or memory-slow host (exit 3; a missed budget exits 1). Writes test-results/inp.json; with `--profile`, a V8 CPU
 * profile of each interaction (the last run's) as test-results/inp-<interaction>.cpuprofile, which
 * `npm run profile -- --file <it>` reads through the build's source maps.
 */
import { spawnSync } from 'node:child_process';
import { cpus } from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import { chromium, type Browser, type Locator, type Page } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS, freePort, startGateway } from './serve.ts';
import { arg, flag, median, sampleHost, slowFreshMemory, type Host } from './stats.ts';

const BUDGET_MS = 100;
const CPU_SLOWDOWN = 4;
/** More other work than this (median over the runs) and the host is too busy for a verdict. */
const BUSY_SHARE = 0.25;
const EXIT_BUSY = 3;

const runs = Number(arg('--runs') ?? 5);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs wants a whole number >= 1');
const profiling = flag('--profile');
const pointer = arg('--pointer') ?? 'touch';
if (pointer !== 'touch' && pointer !== 'mouse') throw new Error('--pointer wants touch or mouse');
/** `--only Member`: the scenarios whose name contains it. */
const only = arg('--only');

/**
 * In the page from its start: collects the Event Timing entries of every interaction, and two helpers
 * the script calls (as text: tsx's compiled functions carry helpers the page does not have).
 * `__live()` resolves once the main thread has been idle for half a second; `__after(n)` resolves with
 * the entries after the first n, once some have come (they arrive after the next paint), or after 5 s.
 */
const IN_PAGE = `
  window.__interactions = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.interactionId) window.__interactions.push({ id: e.interactionId, name: e.name, duration: e.duration, start: e.startTime, processingStart: e.processingStart, processingEnd: e.processingEnd });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  window.__live = () => new Promise((resolve) => {
    let since = performance.now();
    const check = (deadline) => {
      if (deadline.timeRemaining() < 40) since = performance.now();
      if (performance.now() - since >= 500) resolve(true);
      else requestIdleCallback(check);
    };
    requestIdleCallback(check);
  });
  // From the step's first key or press to the first frame in which what it opens is on screen (not only in the
  // document: react-aria keeps a new popover transparent until it has placed it).
  window.__watchShows = (selector) => {
    window.__shows = null;
    const onInput = (e) => {
      removeEventListener('keydown', onInput, true);
      removeEventListener('pointerdown', onInput, true);
      const frame = () => {
        const el = document.querySelector(selector);
        if (el && el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) window.__shows = performance.now() - e.timeStamp;
        else if (performance.now() - e.timeStamp < 5000) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    };
    addEventListener('keydown', onInput, true);
    addEventListener('pointerdown', onInput, true);
  };
  window.__after = (from) => new Promise((resolve) => {
    const started = performance.now();
    const poll = () => {
      const entries = window.__interactions.slice(from);
      if (entries.length || performance.now() - started > 5000) resolve(entries);
      else requestAnimationFrame(() => setTimeout(poll, 50));
    };
    poll();
  });
`;

/**
 * Where the longest event's time went, as web-vitals' attribution names the parts: from the input to its handlers
 * (input delay: the main thread busy, or an earlier event of the same tap, such as the pointerup before a click),
 * its handlers with the work React does in them (processing), and from there to the next paint (presentation).
 */
interface Phases { inputDelay: number; processing: number; presentation: number }
/** `shown`: a time to a frame on screen (a step's `shows`), read beside the interactions but not one of them (no budget). */
interface Measured { name: string; ms: number | null; events: string; shown?: true; longest?: string; phases?: Phases }
/**
 * `setup` reaches the state the interaction starts from: it runs first, neither measured nor profiled. `shows`: what
 * the interaction opens (a CSS selector), timed from its first key or press to the first frame it is on screen in.
 * Event Timing ends an interaction at its next paint, which can come before what it opens.
 */
type Step = {
  name: string;
  setup?: (page: Page) => Promise<void>;
  act: (page: Page) => Promise<void>;
  done?: (page: Page) => Promise<void>;
  shows?: { name: string; selector: string };
};
interface Scenario { name: string; open: (page: Page, base: string) => Promise<void>; steps: Step[] }

/** Waits until the page is live: its code loaded and the main thread idle for half a second. */
async function live(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate('window.__live()');
}

/** Does `act`, then reads the longest Event Timing entry of the interactions it made (null when none came). */
async function measure(page: Page, step: Step): Promise<Measured[]> {
  const before = (await page.evaluate('window.__interactions.length')) as number;
  if (step.shows) await page.evaluate(`window.__watchShows(${JSON.stringify(step.shows.selector)})`);
  await step.act(page);
  await step.done?.(page);
  const found = (await page.evaluate(`window.__after(${before})`)) as { duration: number; name: string; start: number; processingStart: number; processingEnd: number }[];
  const longest = found.length ? found.reduce((a, b) => (b.duration > a.duration ? b : a)) : null;
  const split = longest && {
    longest: longest.name,
    phases: {
      inputDelay: Math.round(longest.processingStart - longest.start),
      processing: Math.round(longest.processingEnd - longest.processingStart),
      presentation: Math.round(longest.start + longest.duration - longest.processingEnd),
    },
  };
  const out: Measured[] = [{ name: step.name, ms: longest && Math.round(longest.duration), events: [...new Set(found.map((f) => f.name))].join(','), ...split }];
  if (step.shows) {
    await page.waitForFunction('window.__shows !== null', undefined, { timeout: 5000 }).catch(() => {});
    const shows = (await page.evaluate('window.__shows')) as number | null;
    out.push({ name: step.shows.name, ms: shows === null ? null : Math.round(shows), events: 'frame', shown: true });
  }
  return out;
}

/**
 * How long a finger rests on the glass in a tap here: shorter than people's (about 100 ms), so the
 * pointerdown's work may still be running when the pointerup comes. Playwright's click() sends down,
 * up and click in one task, which no finger does: their handlers then share one frame, and that
 * frame's length is no interaction a member has (a month picked: 144-176 ms as a click, 56-80 ms as a
 * 40 ms tap, 2026-11-28).
 */
const TAP_HOLD_MS = 40;

/**
 * A tap at the middle of `target`: down, TAP_HOLD_MS, up (the click follows the up, as on a phone). A finger's
 * goes through CDP's touch events (Playwright's touchscreen.tap has no hold); the browser makes the pointer
 * events, and the mouse events and click that follow a touch, as it does for a real finger.
 */
async function tap(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const { x, y } = await whereItShows(target);
  if (pointer === 'touch') {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    await page.waitForTimeout(TAP_HOLD_MS);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
    return;
  }
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.waitForTimeout(TAP_HOLD_MS);
  await page.mouse.up();
}

/**
 * The middle of `target` once it is what a finger there would touch: a list that has come into the page may
 * not show yet (react-aria keeps a popover transparent until it has placed it, and Playwright counts a
 * transparent element as visible), and a tap at once would land on what is under it.
 */
async function whereItShows(target: Locator): Promise<{ x: number; y: number }> {
  for (let i = 0; i < 50; i++) {
    const box = await target.boundingBox();
    if (box) {
      const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      if (await target.evaluate((e, p) => { const hit = document.elementFromPoint(p.x, p.y); return hit !== null && e.contains(hit); }, point)) return point;
    }
    await target.page().waitForTimeout(100);
  }
  throw new Error('tap: the target does not show where it is');
}

const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const combobox = (page: Page, name: string) => page.getByRole('combobox', { name, exact: true });

/** Waits (up to 5 s) until the field shows `want`. */
async function untilValue(field: Locator, want: string) {
  for (let i = 0; i < 50; i++) {
    if ((await field.inputValue()) === want) return;
    await field.page().waitForTimeout(100);
  }
  throw new Error(`the field shows "${await field.inputValue()}", not "${want}"`);
}

/** Waits (up to 5 s) until `target` has the focus. */
async function untilFocused(target: Locator) {
  for (let i = 0; i < 50; i++) {
    if (await target.evaluate((e) => e === document.activeElement)) return;
    await target.page().waitForTimeout(100);
  }
  throw new Error('the tap did not focus its target');
}

async function fillTypeahead(page: Page, name: string, text: string) {
  await combobox(page, name).fill(text);
  await combobox(page, name).press('Tab');
}

async function verifyLink(page: Page, born: { month: string; day: string; year: string }, zip: string) {
  await fillTypeahead(page, 'Month', born.month);
  await fillTypeahead(page, 'Day', born.day);
  await fillTypeahead(page, 'Year', born.year);
  await textbox(page, 'Zip code').fill(zip);
  await page.getByRole('button', { name: 'Verify' }).click();
}

const SCENARIOS: Scenario[] = [
  {
    name: 'Member Information',
    open: async (page, base) => {
      await page.goto(`${base}/memberInfo`);
    },
    steps: [
      { name: 'focus Member Number', act: (page) => tap(page, textbox(page, 'Member Number')), done: (page) => untilFocused(textbox(page, 'Member Number')) },
      { name: 'type a character into Member Number', act: (page) => page.keyboard.press('M') },
      // A tap on the field's middle opens its list (as VoiceOver's double-tap does: see above); a pause; then a key.
      // Done once the list is in the page: it opens in a later frame than the tap's (src/ui/ComboBoxOpening.tsx).
      // No time to the list on screen here: after a tap that focuses a field, react-aria keeps a new list clipped
      // until a phone's keyboard has come up, or 600 ms if none does, as in this emulated phone.
      { name: 'tap the Month typeahead at its middle (it opens)', act: (page) => tap(page, combobox(page, 'Month')), done: async (page) => {
        await untilFocused(combobox(page, 'Month'));
        await page.getByRole('option', { name: 'January' }).waitFor({ state: 'attached' });
      } },
      { name: 'type in the Month typeahead', setup: async (page) => {
        await live(page);
      }, act: (page) => page.keyboard.press('a'), done: (page) => page.getByRole('option', { name: 'April' }).waitFor(), shows: { name: 'the Month list on screen, from the key (not INP)', selector: '[role=listbox]' } },
      // Each tap is checked to have done what it measures: a tap that missed (the list gone, a button under the
      // finger) would measure something else.
      { name: 'pick a month', act: (page) => tap(page, page.getByRole('option', { name: 'April' })), done: (page) => untilValue(combobox(page, 'Month'), 'April') },
      { name: 'Continue with errors (the summary appears)', act: (page) => tap(page, page.getByRole('button', { name: 'Continue' })), done: (page) => page.getByRole('alert').first().waitFor() },
    ],
  },
  {
    name: 'Select Your Prescriptions (Maria)',
    open: async (page, base) => {
      await page.goto(`${base}/memberInfo`);
      await live(page);
      await textbox(page, 'Member Number').fill('MMA100001');
      await textbox(page, 'First Name').fill('Maria');
      await textbox(page, 'Last Name').fill('Lopez');
      await fillTypeahead(page, 'Month', 'April');
      await fillTypeahead(page, 'Day', '12');
      await fillTypeahead(page, 'Year', '1958');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('heading', { name: 'Select Your Prescriptions', exact: true }).waitFor();
    },
    // The checkboxes are drawn over visually hidden inputs: ticked from the keyboard, as the journeys do.
    steps: [
      { name: 'tick a prescription', act: (page) => page.locator('main').getByRole('checkbox', { name: /^Select ATORVASTATIN/ }).press('Space') },
      { name: 'open Add a Prescription', act: (page) => page.locator('main').getByRole('button', { name: 'Add Prescription', exact: true }).press('Enter'), done: (page) => page.getByRole('dialog').waitFor(), shows: { name: 'the dialog on screen, from the key (not INP)', selector: '[role=dialog]' } },
      { name: 'type a drug name', setup: async (page) => {
        const modal = page.getByRole('dialog');
        await modal.getByRole('radio', { name: 'This is a new prescription' }).press('Space');
        await modal.getByRole('button', { name: 'Continue' }).press('Enter');
        await modal.getByRole('combobox', { name: 'Drug Name' }).focus();
        await live(page);
      }, act: (page) => page.keyboard.press('t') },
    ],
  },
  {
    name: 'Easy Fill (demo link)',
    open: async (page, base) => {
      await page.goto(`${base}/EasyFill/demo-refill`);
      await live(page);
      await verifyLink(page, { month: 'April', day: '12', year: '1958' }, '85281');
      await page.getByRole('checkbox', { name: 'Select all' }).waitFor({ state: 'attached' });
    },
    steps: [
      { name: 'Select all', act: (page) => page.getByRole('checkbox', { name: 'Select all' }).press('Space') },
      { name: 'Select all again (clears)', act: (page) => page.getByRole('checkbox', { name: 'Select all' }).press('Space') },
      { name: 'tick a prescription (Fill Now enables)', act: (page) => page.locator('main').getByRole('checkbox').nth(1).press('Space') },
    ],
  },
  {
    name: 'Auto Refill (demo link)',
    open: async (page, base) => {
      await page.goto(`${base}/autorefill/demo-autorefill`);
      await live(page);
      await verifyLink(page, { month: 'April', day: '12', year: '1958' }, '85281');
      await page.getByRole('button', { name: 'Confirm Auto Refill' }).waitFor();
    },
    steps: [{ name: 'open the Auto Refill terms dialog (Confirm Auto Refill)', act: (page) => page.getByRole('button', { name: 'Confirm Auto Refill' }).press('Enter'), done: (page) => page.getByRole('heading', { name: /Agree to Auto Refill Program Terms/ }).waitFor(), shows: { name: 'the terms dialog on screen, from the key (not INP)', selector: '[role=dialog], [role=alertdialog]' } }],
  },
];

async function runScenario(browser: Browser, base: string, scenario: Scenario): Promise<Measured[]> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: pointer === 'touch' });
  const page = await context.newPage();
  try {
    await page.addInitScript(IN_PAGE);
    // The steps to reach the measured screen run at full speed; the measured ones at 4x.
    await scenario.open(page, base);
    await live(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const out: Measured[] = [];
    for (const step of scenario.steps) {
      await step.setup?.(page);
      // `--profile`: each measured interaction under V8's profiler, written for `npm run profile -- --file`.
      if (profiling) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
        await cdp.send('Profiler.start');
      }
      out.push(...(await measure(page, step)));
      if (profiling) {
        const { profile } = (await cdp.send('Profiler.stop')) as { profile: unknown };
        writeFileSync(`test-results/inp-${step.name.replace(/\W+/g, '-')}.cpuprofile`, JSON.stringify(profile));
      }
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    return out;
  } catch (e) {
    // Where it stopped, for whoever reads the warning.
    await page.screenshot({ path: `test-results/inp-failed-${scenario.name.replace(/\W+/g, '-')}.png` }).catch(() => {});
    throw e;
  } finally {
    await context.close();
  }
}

if (!flag('--no-build') && spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' }).status !== 0) {
  console.error('inp: vite build failed');
  process.exit(1);
}
mkdirSync('test-results', { recursive: true });
const gateway = await startGateway(await freePort());
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
const results = new Map<string, { scenario: string; ms: (number | null)[]; events: string; shown: boolean; longest: Set<string>; phases: Phases[] }>();
const hosts: Host[] = [];
try {
  for (let i = 1; i <= runs; i++) {
    for (const scenario of SCENARIOS.filter((s) => !only || s.name.includes(only))) {
      const host = await sampleHost();
      hosts.push(host);
      console.log(`=== run ${i}/${runs}: ${scenario.name} (other work ${Math.round(host.otherWorkShare * 100)}%, load ${host.loadAverage}, fresh memory ${host.freshMemoryUsPerPage} us/page)`);
      const measured = await runScenario(browser, gateway.url, scenario).catch((e: Error) => {
        console.warn(`${scenario.name}: ${e.message.split('\n')[0]}`);
        return scenario.steps.flatMap((s): Measured[] => [{ name: s.name, ms: null, events: '' }, ...(s.shows ? [{ name: s.shows.name, ms: null, events: 'frame', shown: true as const }] : [])]);
      });
      for (const m of measured) {
        const entry = results.get(m.name) ?? { scenario: scenario.name, ms: [], events: '', shown: m.shown ?? false, longest: new Set<string>(), phases: [] };
        entry.ms.push(m.ms);
        if (m.longest) entry.longest.add(m.longest);
        if (m.phases) entry.phases.push(m.phases);
        entry.events ||= m.events;
        results.set(m.name, entry);
      }
    }
  }
} finally {
  await browser.close();
  await gateway.stop();
}

const phase = (all: Phases[], key: keyof Phases) => median(all.map((p) => p[key]));
const rows = [...results].map(([name, r]) => ({
  name,
  scenario: r.scenario,
  median: median(r.ms),
  runs: r.ms,
  events: r.events,
  budget: !r.shown,
  longestEvent: [...r.longest].join(','),
  phases: r.phases.length ? { inputDelay: phase(r.phases, 'inputDelay'), processing: phase(r.phases, 'processing'), presentation: phase(r.phases, 'presentation') } : null,
}));
const width = Math.max(...rows.map((r) => r.name.length));
console.log(`\n${'interaction'.padEnd(width)} | median ms at ${CPU_SLOWDOWN}x (${pointer}) | runs`);
for (const r of rows) console.log(`${r.name.padEnd(width)} | ${String(r.median ?? '-').padStart(11 + String(CPU_SLOWDOWN).length + pointer.length)} | ${r.runs.map((v) => v ?? '-').join(', ')}`);
console.log(`\nThe longest event of each (medians, ms): input delay + processing + presentation`);
for (const r of rows.filter((x) => x.phases)) console.log(`${r.name.padEnd(width)} | ${r.longestEvent.padEnd(11)} | ${r.phases!.inputDelay} + ${r.phases!.processing} + ${r.phases!.presentation}`);
const busyShare = median(hosts.map((h) => h.otherWorkShare)) ?? 1;
const missed = rows.filter((r) => r.budget && (r.median === null || r.median > BUDGET_MS)).map((r) => `${r.name}: ${r.median ?? 'no interaction seen'} ms > ${BUDGET_MS} ms`);
const memory = slowFreshMemory(hosts.map((h) => h.freshMemoryUsPerPage));
const busy = busyShare > BUSY_SHARE || memory !== null;
mkdirSync('test-results', { recursive: true });
writeFileSync('test-results/inp.json', JSON.stringify({ date: new Date().toISOString(), runs, pointer, cpuSlowdown: CPU_SLOWDOWN, budgetMs: BUDGET_MS, host: { otherWorkShare: busyShare, loadAverages: hosts.map((h) => h.loadAverage), freshMemoryUsPerPage: hosts.map((h) => h.freshMemoryUsPerPage), cores: cpus().length }, verdict: busy ? 'none: the host was busy' : missed.length ? 'missed' : 'met', missed, interactions: rows }, null, 2));
console.log(`\nThe host: other work ${Math.round(busyShare * 100)}% of the CPU (median before each scenario), load average ${hosts.map((h) => h.loadAverage).join(', ')}, fresh memory ${median(hosts.map((h) => h.freshMemoryUsPerPage)) ?? '-'} us per 4 KB page (median).`);
if (missed.length) console.log(`\n${busy ? 'Would miss' : 'Missed'}:\n${missed.map((m) => `  - ${m}`).join('\n')}`);
if (busy) {
  console.log(`\nNo verdict: the host was busy (${busyShare > BUSY_SHARE ? `other work above ${BUSY_SHARE * 100}% of the CPU` : memory}). Run again when it is quiet.`);
  process.exit(EXIT_BUSY);
}
if (!missed.length) console.log(`\nEvery interaction within ${BUDGET_MS} ms at ${CPU_SLOWDOWN}x.`);
process.exit(missed.length ? 1 : 0);
