/**
 * `npm run renders [-- --routes /,/memberInfo] [--against DIR] [--after-live 2500] [--where]`: how many
 * components React renders while a page loads, commit by commit, on the production build (which
 * `npm run build` made; this script does not build), served by the reference gateway (memory mode).
 *
 * Why: Lighthouse's script time moves 20-30% from one run to the next on these shared machines, so a
 * change worth 5-10% of a flow's work cannot be seen in it. The number of components rendered does not
 * depend on the host: the same build gives the same count every time, and what React does per render
 * (hooks, reconciling, the DOM for a new one) is most of a flow's script time after its modules have
 * run (docs/performance.md). Counted through React's devtools hook, which React calls after every
 * commit: a component counts when it rendered in that commit (React marks it as having done work, and
 * it is not the same object the previous commit left, which a skipped subtree is).
 *
 * `--where`: for each commit, the components where rendering started (the ones whose parent did not
 * render: a state or context change), with how many. The production build's names are minified:
 * build with `npx vite build --minify false` to read them.
 * `--names`: for each commit, every component that rendered in it, by name, with how many (the most
 * first): which parts of a page its renders are (read in a `--minify false` build, as `--where`).
 * `--against DIR`: another checkout with its own build, counted the same way, beside ours.
 */
import { loadavg } from 'node:os';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS, freePort, startGateway, type RunningGateway } from './serve.ts';
import { arg, flag } from './stats.ts';

const routes = arg('--routes')?.split(',').filter(Boolean) ?? ['/', '/help', '/memberInfo', '/transfer', '/EasyFill/demo-refill', '/autorefill/demo-autorefill', '/orderStatus'];
const against = arg('--against');
const afterLiveMs = Number(arg('--after-live') ?? 2500);
const where = flag('--where');
const names = flag('--names');

interface Commit {
  /** Milliseconds since the navigation. */
  at: number;
  rendered: number;
  /** "Component < its parent component": renders that started there (its parent did not render). */
  startedAt: Record<string, number>;
  /** Every component that rendered in this commit, by name. */
  byName: Record<string, number>;
}

/**
 * Installed before the page's scripts, as a string: a function from this file would carry the
 * bundler's helpers (tsx names every function), which the page does not have. Function components,
 * classes, forwardRef and memo (fiber tags 0, 1, 11, 14, 15); flag 1 is React's PerformedWork.
 */
const COUNT_RENDERS = `(() => {
  const commits = [];
  window.__mopCommits = commits;
  const COMPONENT = [0, 1, 11, 14, 15];
  let previous = new Set();
  const nameOf = (f) => {
    const t = f.type;
    if (!t) return '?';
    if (typeof t === 'string') return t;
    return t.displayName || t.name || (t.render && (t.render.displayName || t.render.name)) || (t.type && (t.type.displayName || t.type.name)) || 'anonymous';
  };
  const rendered = (f) => (f.flags & 1) === 1 && !previous.has(f) && COMPONENT.includes(f.tag);
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject() { return 1; },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_renderer, root) {
      const seen = new Set();
      const startedAt = {};
      const byName = {};
      let count = 0;
      const stack = [root.current.child];
      while (stack.length) {
        for (let f = stack.pop(); f; f = f.sibling) {
          seen.add(f);
          if (rendered(f)) {
            count++;
            byName[nameOf(f)] = (byName[nameOf(f)] || 0) + 1;
            let parent = f.return;
            while (parent && !COMPONENT.includes(parent.tag)) parent = parent.return;
            if (!parent || !rendered(parent)) {
              const key = nameOf(f) + ' < ' + (parent ? nameOf(parent) : 'the root');
              startedAt[key] = (startedAt[key] || 0) + 1;
            }
          }
          if (f.child) stack.push(f.child);
        }
      }
      previous = seen;
      commits.push({ at: Math.round(performance.now()), rendered: count, startedAt, byName });
    },
  };
})();`;

async function countRoute(browser: Browser, gateway: RunningGateway, path: string): Promise<Commit[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript({ content: COUNT_RENDERS });
  await page.goto(gateway.url + path);
  await page.locator('#root[data-live]').waitFor({ state: 'attached' });
  await page.waitForTimeout(afterLiveMs);
  const commits = await page.evaluate(() => (window as unknown as { __mopCommits: Commit[] }).__mopCommits);
  await context.close();
  if (commits.length === 0) throw new Error(`${path}: React reported no commit (did the build change how it finds the devtools hook?)`);
  return commits;
}

const total = (commits: Commit[]) => commits.reduce((n, c) => n + c.rendered, 0);

function describe(label: string, commits: Commit[]) {
  console.log(`  ${label}: ${total(commits)} in ${commits.filter((c) => c.rendered > 0).length} commits`);
  for (const c of commits) {
    if (c.rendered === 0) continue;
    const started = Object.entries(c.startedAt).sort((a, b) => b[1] - a[1]);
    console.log(`    @${String(c.at).padStart(5)} ms ${String(c.rendered).padStart(4)}${where ? `  from ${started.map(([k, n]) => `${k} x${n}`).join(', ')}` : ''}`);
    if (names) console.log(`      ${Object.entries(c.byName).sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} x${n}`).join(', ')}`);
  }
}

console.log(`load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} (the counts do not depend on it)`);
const ours = await startGateway(await freePort());
const reference = against ? await startGateway(await freePort(), { cwd: against }) : undefined;
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
const summary: string[] = [];
try {
  for (const path of routes) {
    console.log(`\n== ${path}`);
    const counted = await countRoute(browser, ours, path);
    describe('this build', counted);
    let line = `${path.padEnd(28)} ${String(total(counted)).padStart(5)}`;
    if (reference) {
      const theirs = await countRoute(browser, reference, path);
      describe(`${against}`, theirs);
      line += ` against ${String(total(theirs)).padStart(5)} (${Math.round((100 * total(counted)) / total(theirs))}%)`;
    }
    summary.push(line);
  }
} finally {
  await browser.close();
  await ours.stop();
  await reference?.stop();
}
console.log(`\nComponents rendered from the navigation until ${afterLiveMs} ms after the page was live${reference ? `, this build against ${against}` : ''}:`);
for (const line of summary) console.log(`  ${line}`);
