import { defineConfig, devices } from '@playwright/test';
import type { Latency } from './test/e2e/support/test.ts';
import { testGatewayEnv } from './test/e2e/support/gatewayEnv.ts';

// Browser tests run in Debian's Chromium (never a downloaded browser) against
// the built SPA served by the real gateway, in memory mode with the test-only
// fault switch on.
const PORT = Number(process.env.E2E_PORT ?? 8181);
/** The card tokenizer's own origin (its hosted field); test/model/cardForm.model.ts names it. */
export const TOKENIZER_PORT = Number(process.env.E2E_TOKENIZER_PORT ?? 8182);
const TRACE_MODES = ['off', 'on', 'retain-on-failure', 'retain-on-first-failure', 'on-first-retry', 'on-all-retries'] as const;
const TRACE = (process.env.E2E_TRACE ?? 'off') as (typeof TRACE_MODES)[number];
if (!TRACE_MODES.includes(TRACE)) throw new Error(`E2E_TRACE must be one of ${TRACE_MODES.join(', ')}`);
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

const CHROMIUM = {
  ...devices['Desktop Chrome'],
  launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
};

/**
 * The journeys that run a second time on a phone's network: 300 ms ± 100 ms on every
 * gateway call, drawn per call, so answers also come out of order. Together they touch every screen of
 * both flows: the member personas (every step and modal up to the review), the registration page's
 * saves, Back and Forward with Finish and the success page, both link flows end to end, and an order's
 * status page following a stage change (the page's other journeys took up to a minute each there).
 */
export const PHONE_NETWORK_JOURNEYS = ['member-personas.spec.ts', 'member-registration.spec.ts', 'back-forward.spec.ts', 'link-flows.spec.ts', 'order-status-live.spec.ts', 'order-payment.spec.ts'];
const PHONE_NETWORK: Latency = { ms: 300, jitter: 100 };
const PHONE_SCREEN = { width: 320, height: 800 };
/** The desktop-width accessibility sweeps of those files (2.6 min of the phone network's 13 on a busy 2-core machine). */
const PHONE_NETWORK_NOT_AGAIN = /every step and modal at 1280 px|the registration page at 1280 and 375 px: axe/;

export default defineConfig<{ latency: Latency | null }>({
  testDir: 'test/e2e',
  // QA's replays run only through `npm run qa` (test/tools/qa.ts sets QA_MACHINE).
  testIgnore: process.env.QA_MACHINE ? [] : ['**/qa.spec.ts'],
  fullyParallel: false,
  // Workers chosen by measurement on these 2-core machines (docs/testing.md, "The browser suite").
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // A hang catcher, not a wait: a test of several pages with axe on each (the style guide's six tabs)
  // took 33 s beside another worker on a busy 2-core machine, past the old 30 s.
  timeout: 120_000,
  // Sized for a busy 2-core machine: a page that arrives in 6 s there is slow, not broken.
  // Nothing waits on time: the replay holds every gateway answer until the path reaches it.
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // No trace unless asked (E2E_TRACE=retain-on-failure, or `--trace on` for one file): keeping the failures'
    // traces means recording every test's, and that cost more than the tests themselves on these 2-core
    // machines (27 tours and keyboard journeys: 191 s of test time without, 356 s with, 276 s with DOM
    // snapshots but no screencast; docs/testing.md). A failure still leaves its screenshot and the page's
    // accessibility tree (error-context.md), and QA's replays (`npm run qa`) record a trace per path.
    trace: TRACE,
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'chromium', use: CHROMIUM },
    // A journey of 60 calls waits 18 s more here; the hang catcher grows with it.
    {
      name: 'phone-network',
      testMatch: PHONE_NETWORK_JOURNEYS,
      // The accessibility sweeps at a desktop's width are not run again here: axe reads the same page
      // whatever the network, and every step and modal is still walked at 320 px on this network.
      grepInvert: PHONE_NETWORK_NOT_AGAIN,
      timeout: 300_000,
      // A phone's network on a phone's screen, at WCAG's reflow width: the journeys' axe checks then also
      // check that no step or modal scrolls sideways (expectNoAxeViolationsNorSidewaysScroll).
      use: { ...CHROMIUM, viewport: PHONE_SCREEN, latency: PHONE_NETWORK },
    },
  ],
  webServer: {
    command: 'npx tsx gateway/main.ts --test',
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    // A hang catcher: the gateway took about 70 s to start at a load average of 15.
    timeout: 180_000,
    // The rate limits lifted, and why: support/gatewayEnv.ts.
    env: testGatewayEnv(PORT, TOKENIZER_PORT),
  },
});
