/**
 * `npm run engines`: the smoke journeys (test/engines/journeys.ts) in Firefox, then in WebKit, against
 * the built SPA served by its own gateway (memory data, the same test environment as Playwright's
 * webServer). Builds nothing: run `npx vite build` first when src/ changed (`npm test` builds before).
 * A journey fails on a step that does not happen within the hang catcher, and on any console error,
 * uncaught exception or CSP violation. One line per journey with its time; exit 1 on any failure.
 * A journey whose browser is lost under it (the page process crashed: WebKitGTK's MiniBrowser did so once in CI,
 * 2026-12-07, on a journey that passed before and after) runs once more in a new browser, and its line says so; a
 * crash that comes again fails it, and so does any failure of the page itself, the first time.
 * `--json <file>`: the counts of journeys passed and failed written there too (for `npm test`'s summary).
 * The gateway, WebKitWebDriver, Xvfb and the browsers are always stopped, failures and Ctrl-C included.
 */
import { testGatewayEnv } from '../e2e/support/gatewayEnv.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import type { Browser } from 'puppeteer-core';
import { isBrowserLost, poll, type Driver } from './driver.ts';
import { firefox } from './firefox.ts';
import { JOURNEYS } from './journeys.ts';
import { webkit } from './webkit.ts';

const PORT = Number(process.env.ENGINES_PORT ?? 8451);
const TOKENIZER_PORT = Number(process.env.ENGINES_TOKENIZER_PORT ?? 8452);
const WEBDRIVER_PORT = Number(process.env.ENGINES_WEBDRIVER_PORT ?? 8453);
const ORIGIN = `http://127.0.0.1:${PORT}`;
/**
 * For a developer chasing one failure: one engine (firefox or webkit), journeys whose name has this text;
 * A failed journey prints the page's text where it stopped.
 */
const ONLY_ENGINE = process.env.ENGINES_ONLY;
const ONLY_JOURNEY = process.env.ENGINES_JOURNEY;
const jsonAt = process.argv.indexOf('--json');
const JSON_FILE = jsonAt > 0 ? process.argv[jsonAt + 1] : undefined;
/** Starting the gateway took about 70 s at a load average of 15 (playwright.config.ts): a hang catcher. */
const START_MS = 180_000;

const children: ChildProcess[] = [];
const browsers: Browser[] = [];

/** A child in its own process group, so that stopping it stops what it started (npx → tsx → node). */
function start(command: string, args: string[], env: NodeJS.ProcessEnv = process.env, stdio: ('ignore' | 'pipe' | 'inherit')[] = ['ignore', 'ignore', 'inherit']) {
  const child = spawn(command, args, { env, detached: true, stdio });
  children.push(child);
  return child;
}

function stopAll() {
  for (const b of browsers.splice(0)) b.process()?.kill('SIGKILL');
  for (const c of children.splice(0).reverse()) {
    if (c.pid && c.exitCode === null && c.signalCode === null) {
      try {
        process.kill(-c.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
    }
  }
}
process.once('exit', stopAll);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    stopAll();
    process.exit(130);
  });
}

const up = (url: string) => poll(url, async () => (await fetch(url)).status < 500);

async function startGateway() {
  start('npx', ['tsx', 'gateway/main.ts', '--test'], { ...process.env, ...testGatewayEnv(PORT, TOKENIZER_PORT) });
  const end = Date.now() + START_MS;
  for (;;) {
    try {
      if ((await fetch(`${ORIGIN}/`)).ok) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > end) throw new Error(`the gateway did not answer on ${ORIGIN} within ${START_MS / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Xvfb on a free display of its own choosing (-displayfd), for MiniBrowser, which has no headless mode. */
async function startXvfb(): Promise<string> {
  const xvfb = start('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], process.env, ['ignore', 'ignore', 'ignore', 'pipe']);
  const fd = xvfb.stdio[3] as NodeJS.ReadableStream;
  let out = '';
  return await new Promise<string>((resolve, reject) => {
    fd.on('data', (b: Buffer) => {
      out += b.toString();
      if (out.includes('\n')) resolve(`:${out.trim()}`);
    });
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code})`)));
  });
}

let passed = 0;

async function runEngine(engine: string, open: () => Promise<Driver>): Promise<number> {
  let failures = 0;
  for (const journey of JOURNEYS.filter((j) => !ONLY_JOURNEY || j.name.includes(ONLY_JOURNEY))) {
    const t0 = Date.now();
    let error = await attempt(journey, open);
    let again = '';
    if (error?.lost) {
      console.log(`lost ${engine.padEnd(7)} ${journey.name}: ${error.text.split('\n')[0]}; once more in a new browser`);
      again = ' (in a second browser: the first was lost)';
      error = await attempt(journey, open);
    }
    const secs = ((Date.now() - t0) / 1000).toFixed(1);
    console.log(`${error ? 'FAIL' : 'ok  '} ${engine.padEnd(7)} ${journey.name} (${secs} s)${again}${error ? `\n    ${error.text}` : ''}`);
    if (error) failures += 1;
    else passed += 1;
  }
  return failures;
}

/** One run of a journey in a browser of its own: what went wrong, if anything, and whether it was the browser that was lost. */
async function attempt(journey: (typeof JOURNEYS)[number], open: () => Promise<Driver>): Promise<{ text: string; lost: boolean } | undefined> {
  let error: string | undefined;
  let lost = false;
  // Each journey in a browser of its own, as Playwright gives each test a fresh context: Firefox reports
  // the errors of a document the journey navigates away from (an import cut off by the navigation: "error
  // loading dynamically imported module") as the next page's, which failed journeys that pass alone.
  let driver: Driver | undefined;
  try {
    driver = await open();
    await journey.run(driver, ORIGIN);
    const problems = await driver.problems();
    if (problems.length) error = problems.join('\n    ');
  } catch (e) {
    lost = isBrowserLost(e);
    // Never empty: a WebDriver error can come without a message, and an empty one read as a pass.
    error = (e instanceof Error ? `${e.name}: ${e.message}` : String(e)).trim() || 'the journey stopped with an error that says nothing';
    if (e instanceof Error && e.stack) error += `\n    ${e.stack.split('\n').slice(1, 6).join('\n    ')}`;
    // What the page said when the journey stopped (a message on the form, a step not reached): always, so a
    // failure in CI, which cannot be repeated at will, says where it stood.
    if (driver) console.log(`--- the page's text where it stopped ---\n${await driver.text().catch(() => '(unreadable)')}\n---`);
    const problems = (await driver?.problems().catch(() => [])) ?? [];
    if (problems.length) error += `\n    ${problems.join('\n    ')}`;
  } finally {
    await driver?.close().catch(() => undefined);
  }
  return error === undefined ? undefined : { text: error, lost };
}

const t0 = Date.now();
let failures = 0;
try {
  await startGateway();
  if (ONLY_ENGINE !== 'webkit') {
    failures += await runEngine('firefox', () =>
      firefox(ORIGIN, (b) => {
        browsers.push(b);
      }),
    );
  }

  if (ONLY_ENGINE !== 'firefox') {
    const display = await startXvfb();
    start('WebKitWebDriver', [`--port=${WEBDRIVER_PORT}`], { ...process.env, DISPLAY: display });
    await up(`http://127.0.0.1:${WEBDRIVER_PORT}/status`);
    failures += await runEngine('webkit', () => webkit(ORIGIN, WEBDRIVER_PORT));
  }
} catch (e) {
  console.log(`FAIL ${e instanceof Error ? e.message : String(e)}`);
  failures += 1;
} finally {
  stopAll();
}
if (JSON_FILE) writeFileSync(JSON_FILE, JSON.stringify({ passed, failed: failures }));
console.log(`Firefox and WebKit: ${failures ? `${failures} failed` : 'all journeys passed'} in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
process.exit(failures ? 1 : 0);
