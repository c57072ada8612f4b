/**
 * `npm run screenshots [-- --no-build]`: every public route (src/shell/pages.ts)
 * and the not-found page at 375, 768 and 1280 px, full page, into
 * test-results/screenshots/, for a person to look at; then the link flows'
 * steps and modals (Easy Fill and Auto Refill, on the demo links of the
 * in-memory gateway) at 375 and 1280 px. It also reports any page that scrolls
 * sideways. `--readme` refreshes the screenshots the README and docs/ show, in docs/screenshots/.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { publicPages } from '../../src/shell/pages.ts';
import { dialog, MARIA, verify } from '../e2e/support/drivers.ts';
import { CHROMIUM, CHROMIUM_ARGS, freePort, startGateway } from './serve.ts';

const argv = process.argv.slice(2);
const WIDTHS = [375, 768, 1280];
const OUT = 'test-results/screenshots';
/** The flow screenshots docs/link-flows.md shows (1280 px, first screen). */
const README_FLOW_SHOTS = ['easyfill-choose', 'easyfill-card-form', 'autorefill-select'];
let flowShots = 0;

if (!argv.includes('--no-build')) {
  const build = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
mkdirSync(OUT, { recursive: true });
const gateway = await startGateway(await freePort());
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
const overflowing: string[] = [];
try {
  for (const width of WIDTHS) {
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    for (const path of [...publicPages.map((p) => p.path), '/no-such-page']) {
      await page.goto(gateway.url + path, { waitUntil: 'networkidle' });
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      if (scrollWidth > width) overflowing.push(`${path} at ${width} px is ${scrollWidth} px wide`);
      const name = path === '/' ? 'home' : path.slice(1).replace(/\W+/g, '-');
      await page.screenshot({ path: `${OUT}/${name}-${width}.png`, fullPage: true });
      if (argv.includes('--readme') && path === '/' && width !== 768) {
        mkdirSync('docs/screenshots', { recursive: true });
        await page.screenshot({ path: `docs/screenshots/home-${width}.png`, fullPage: width === 375 ? false : true });
      }
    }
    await page.close();
  }
  // A fresh in-memory gateway per width: the flows place orders on the demo links.
  for (const width of [375, 1280]) {
    const fresh = await startGateway(await freePort());
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    try {
      await linkFlowShots(page, fresh.url, width);
    } finally {
      await page.close();
      await fresh.stop();
    }
  }
} finally {
  await browser.close();
  await gateway.stop();
}
console.log(`Wrote ${WIDTHS.length * (publicPages.length + 1)} page screenshots and ${flowShots} flow screenshots to ${OUT}/`);
if (overflowing.length) {
  console.log(`Sideways scroll:\n  ${overflowing.join('\n  ')}`);
  process.exit(1);
}

// ------------------------------------------------------------- link flows

async function linkFlowShots(page: Page, base: string, width: number) {
  const shot = async (name: string) => {
    await page.waitForLoadState('networkidle');
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    if (scrollWidth > width) overflowing.push(`${name} at ${width} px is ${scrollWidth} px wide`);
    await page.screenshot({ path: `${OUT}/flow-${name}-${width}.png`, fullPage: true });
    if (argv.includes('--readme') && width === 1280 && README_FLOW_SHOTS.includes(name)) {
      await page.screenshot({ path: `docs/screenshots/flow-${name}.png` });
    }
    flowShots += 1;
  };

  // Easy Fill (demo-refill): verification, step 2, both modals with their forms, step 3, the terms.
  await page.goto(`${base}/EasyFill/demo-refill`);
  await page.getByRole('heading', { name: 'Verify your identity' }).waitFor();
  await shot('easyfill-verify');
  await verify(page, MARIA, '85281');
  await page.getByRole('heading', { name: 'Choose your prescriptions' }).waitFor();
  await page.getByRole('checkbox', { name: /ATORVASTATIN/ }).press('Space');
  await shot('easyfill-choose');
  await page.getByRole('button', { name: 'Change shipping address' }).click();
  await dialog(page, 'Shipping address').waitFor();
  await shot('easyfill-address-modal');
  await dialog(page, 'Shipping address').getByRole('button', { name: 'Add a new address' }).click();
  await shot('easyfill-address-form');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Change payment method' }).click();
  await dialog(page, 'Payment method').getByRole('button', { name: 'Add a new card' }).click();
  await shot('easyfill-card-form');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Fill Now' }).click();
  await page.getByRole('heading', { name: 'Order confirmation' }).waitFor();
  await shot('easyfill-confirmation');
  await page.getByRole('switch', { name: /ATORVASTATIN/ }).press('Space');
  await dialog(page, 'Agree to Auto Refill Program Terms & Conditions').waitFor();
  await shot('easyfill-terms');

  // Auto Refill (demo-autorefill): the selection, the Order Medication modal, the result.
  await page.goto(`${base}/autorefill/demo-autorefill`);
  await verify(page, MARIA, '85281');
  await page.getByRole('heading', { name: 'Confirm Auto Refill' }).waitFor();
  await shot('autorefill-select');
  await page.getByRole('checkbox', { name: /LOSARTAN/ }).press('Space');
  await page.getByRole('button', { name: 'Confirm Auto Refill' }).click();
  const terms = dialog(page, 'Agree to Auto Refill Program Terms & Conditions');
  await terms.getByRole('checkbox').press('Space');
  await terms.getByRole('button', { name: 'Confirm' }).click();
  await dialog(page, 'Order Medication').waitFor();
  await shot('autorefill-order-modal');
  await dialog(page, 'Order Medication').getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('heading', { name: 'Auto Refill result' }).waitFor();
  await shot('autorefill-result');
}
