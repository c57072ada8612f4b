/**
 * `npm run screenshots [-- --no-build]`: every public route (src/shell/pages.ts)
 * and the not-found page at 375, 768 and 1280 px, full page, into
 * test-results/screenshots/, for a person to look at. It also reports any page
 * that scrolls sideways. `--readme` refreshes the README's home screenshots in
 * docs/screenshots/.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { publicPages } from '../../src/shell/pages.ts';
import { CHROMIUM, CHROMIUM_ARGS, freePort, startGateway } from './serve.ts';

const argv = process.argv.slice(2);
const WIDTHS = [375, 768, 1280];
const OUT = 'test-results/screenshots';

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
} finally {
  await browser.close();
  await gateway.stop();
}
console.log(`Wrote ${WIDTHS.length * (publicPages.length + 1)} screenshots to ${OUT}/`);
if (overflowing.length) {
  console.log(`Sideways scroll:\n  ${overflowing.join('\n  ')}`);
  process.exit(1);
}
