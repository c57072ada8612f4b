/**
 * `npm run profile [-- --routes /,/memberInfo] [--runs N] [--throttle 4] [--after-live 1500] [--long 50] [--top 15] [--tasks-only] [--file X.cpuprofile]`:
 * where the main thread's time goes while a page loads and hydrates, on the production build (which
 * `npm run build` made; this script does not build), served by the reference gateway (memory mode).
 * Each run opens the route in a fresh browser context of Debian's Chromium and waits until the page
 * is live (`#root[data-live]`, src/ui/Page.tsx) and `--after-live` ms more (react-aria's switch after
 * hydration, the first effects). For each route:
 * - Tasks as Lighthouse sees them: N unthrottled loads under a Chromium trace; every main-thread
 *   task of 12.5 ms or more after the first contentful paint (50 ms once Lighthouse's simulation
 *   multiplies it by 4), with what Chromium says it did (module compile, module evaluation, a
 *   script's function call, microtasks, style, layout), and the blocking time those tasks would
 *   add up to at 4x (each one's time over 50 ms: how TBT counts).
 * - Where the script time goes: N loads (default 3) with the CPU throttled (default 4x, as
 *   Lighthouse's mobile preset) under V8's sampling profiler. Each sample is mapped through the
 *   build's source maps to its original module, so the report names our files and the packages,
 *   not the chunks: self time per module (a package, or our source file) and per function;
 *   React's phase (the outermost of its work loops, commit and effect functions on the stack: a
 *   time-sliced render, a synchronous one, a commit); and the last run's long tasks (a run of
 *   samples without an idle one, `--long` ms or more), each with its modules, functions and phases.
 * Medians over the runs. The numbers are whatever this host gives: compare routes within one run,
 * and record the load average printed at the top beside any figure. "(program)" is the browser's
 * own work (parsing, style, layout, and the time the throttle holds the thread).
 * Writes test-results/profile-<route>.cpuprofile (the last run's) for Chromium's DevTools.
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { chromium, type Browser } from '@playwright/test';
import { sourceOrigins, type CallFrame, type Origin } from './sourceOrigin.ts';
import { CHROMIUM, CHROMIUM_ARGS, freePort, startGateway } from './serve.ts';
import { arg, flag, median as medianOf } from './stats.ts';

const routes = arg('--routes')?.split(',').filter(Boolean) ?? ['/', '/memberInfo', '/EasyFill/demo-refill', '/autorefill/demo-autorefill', '/orderStatus'];
const runs = Number(arg('--runs') ?? 3);
const throttle = Number(arg('--throttle') ?? 4);
const afterLiveMs = Number(arg('--after-live') ?? 1500);
const top = Number(arg('--top') ?? 15);
const LONG_TASK_MS = Number(arg('--long') ?? 50);
/** Only the tasks as Lighthouse sees them (no CPU profiles). */
const traceOnly = flag('--tasks-only');

interface ProfileNode { id: number; callFrame: CallFrame; children?: number[] }
interface Profile { nodes: ProfileNode[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] }

const originOfFrame = sourceOrigins();
const origins = new Map<number, Origin>();
function originOf(node: ProfileNode): Origin {
  const cached = origins.get(node.id);
  if (cached) return cached;
  const origin = originOfFrame(node.callFrame);
  origins.set(node.id, origin);
  return origin;
}

interface RunResult {
  busyMs: number;
  perModule: Map<string, number>;
  perFunction: Map<string, number>;
  perPhase: Map<string, number>;
  tasks: { startMs: number; ms: number; modules: [string, number][]; functions: [string, number][]; phases: [string, number][] }[];
}

/** React's entry points whose inclusive time says what a task was: a sync render, a sliced one, a commit, effects. */
const REACT_PHASES = new Set(['workLoopSync', 'workLoopConcurrentByScheduler', 'commitRoot', 'flushPassiveEffects', 'commitLayoutEffects', 'commitMutationEffects', 'flushSpawnedWork', 'hydrateRoot', 'performSyncWorkOnRoot', 'flushSyncWorkAcrossRoots_impl', 'processRootScheduleInMicrotask']);
const topOf = (m: Map<string, number>, n: number): [string, number][] => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => [k, Math.round(v)]);

function analyse(profile: Profile, navStart: number): RunResult {
  origins.clear();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const perModule = new Map<string, number>();
  const perFunction = new Map<string, number>();
  const perPhase = new Map<string, number>();
  const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
  const tasks: RunResult['tasks'] = [];
  let task: { start: number; ms: number; modules: Map<string, number>; functions: Map<string, number>; phases: Map<string, number> } | null = null;
  const close = () => {
    if (task && task.ms >= LONG_TASK_MS) {
      tasks.push({ startMs: Math.round((task.start - navStart) / 1000), ms: Math.round(task.ms), modules: topOf(task.modules, 5), functions: topOf(task.functions, 6), phases: topOf(task.phases, 6) });
    }
    task = null;
  };
  let at = profile.startTime;
  let busyMs = 0;
  profile.samples.forEach((id, i) => {
    const dt = (profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0) / 1000;
    at += profile.timeDeltas[i] ?? 0;
    const node = byId.get(id)!;
    const name = node.callFrame.functionName;
    if (name === '(idle)') return close();
    busyMs += dt;
    const origin = originOf(node);
    add(perModule, origin.module, dt);
    add(perFunction, origin.fn, dt);
    task ??= { start: at, ms: 0, modules: new Map(), functions: new Map(), phases: new Map() };
    // React's phase for this sample: the outermost of its work loops and commit functions on the stack.
    let phase = '';
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const f = byId.get(n)!;
      const o = originOf(f);
      const name = o.fn.split(' ')[0]!;
      if (o.module === 'react-dom' && REACT_PHASES.has(name)) phase = name;
    }
    add(task.phases, phase || '(outside React)', dt);
    add(perPhase, phase || (origin.module.startsWith('(') ? origin.module : '(outside React)'), dt);
    task.ms += dt;
    add(task.modules, origin.module, dt);
    add(task.functions, origin.fn, dt);
  });
  close();
  return { busyMs, perModule, perFunction, perPhase, tasks };
}

/** Every run measured something here, so the median is a number. */
const median = (v: number[]) => medianOf(v) ?? 0;

function medians(results: RunResult[], key: 'perModule' | 'perFunction' | 'perPhase'): [string, number][] {
  const keys = new Set(results.flatMap((r) => [...r[key].keys()]));
  return [...keys].map((k) => [k, median(results.map((r) => r[key].get(k) ?? 0))] as [string, number]).sort((a, b) => b[1] - a[1]);
}

interface TraceEvent { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: { name?: string; data?: { url?: string; functionName?: string } } }
interface TraceTask { atMs: number; ms: number; what: [string, number][] }

/**
 * One unthrottled load under a trace: the renderer's main-thread tasks of `minMs` or more after the
 * first contentful paint, each with its events' self time by name (a script's events carry its file).
 */
async function traceTasks(browser: Browser, url: string, minMs: number): Promise<TraceTask[]> {
  const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
  // A fresh context each time (newPage makes one): no cache or compiled code from the run before.
  try {
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'v8', 'blink.user_timing', 'loading', 'toplevel'] });
    await page.goto(url, { waitUntil: 'commit' });
    await page.locator('#root[data-live]').waitFor({ state: 'attached', timeout: 60_000 });
    await page.waitForTimeout(afterLiveMs);
    const events = (JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
    // The page's renderer: the one whose main thread marked the app's start (src/main.tsx).
    const appStart = events.find((e) => e.name === 'mop:app-start');
    const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === appStart?.pid);
    if (!main) throw new Error(`${url}: no main thread with the app's start mark in the trace`);
    const mine = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
    const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === main.pid)?.ts ?? appStart!.ts;
    const navigation = events.filter((e) => e.name === 'navigationStart' && e.pid === main.pid && e.ts <= fcp).at(-1)?.ts ?? fcp;
    const tasks: TraceTask[] = [];
    for (const task of mine.filter((e) => e.name === 'ThreadControllerImpl::RunTask' && e.dur! >= minMs * 1000 && e.ts >= fcp)) {
      const end = task.ts + task.dur!;
      const inside = mine.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur! <= end);
      // Self time: an event's time less its direct children's (events nest; sorted by start, longest first).
      const self = new Map<string, number>();
      const stack: { e: TraceEvent; key: string; childMs: number }[] = [];
      const pop = () => {
        const top = stack.pop()!;
        self.set(top.key, (self.get(top.key) ?? 0) + top.e.dur! / 1000 - top.childMs);
      };
      for (const e of inside) {
        while (stack.length && stack[stack.length - 1]!.e.ts + stack[stack.length - 1]!.e.dur! <= e.ts) pop();
        if (stack.length) stack[stack.length - 1]!.childMs += e.dur! / 1000;
        const file = e.args?.data?.url ? ` ${e.args.data.url.replace(/.*\//, '') || '(page)'}` : '';
        stack.push({ e, key: e.name + file, childMs: 0 });
      }
      while (stack.length) pop();
      const what = [...self].filter(([, ms]) => ms >= 1).sort((a, b) => b[1] - a[1]).slice(0, 5).map(([k, ms]): [string, number] => [k, Math.round(ms)]);
      tasks.push({ atMs: Math.round((task.ts - navigation) / 1000), ms: Math.round(task.dur! / 1000), what });
    }
    return tasks;
  } finally {
    await page.close();
  }
}

if (!existsSync('dist/index.html')) throw new Error('no dist/: run `npm run build` first');
// `--file X.cpuprofile`: a profile written earlier (`npm run inp -- --profile`), read through this build's source maps.
const file = arg('--file');
if (file) {
  const result = analyse(JSON.parse(readFileSync(file, 'utf8')) as Profile, 0);
  console.log(`${file}: busy ${Math.round(result.busyMs)} ms`);
  for (const t of result.tasks) {
    console.log(`  task ${t.ms} ms: ${t.modules.map(([m, ms]) => `${m} ${ms}`).join(', ')}\n      ${t.functions.map(([f, ms]) => `${f} ${ms}`).join(', ')}\n      React: ${t.phases.map(([f, ms]) => `${f} ${ms}`).join(', ')}`);
  }
  for (const [title, key] of [["React's phases", 'perPhase'], ['self time per module', 'perModule'], ['self time per function', 'perFunction']] as const) {
    console.log(`${title}:`);
    for (const [k, v] of medians([result], key).slice(0, top)) console.log(`  ${v.toFixed(0).padStart(6)} ms  ${k}`);
  }
  process.exit(0);
}
mkdirSync('test-results', { recursive: true });
const gateway = await startGateway(await freePort());
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
console.log(`load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
try {
  for (const route of routes) {
    const traced: TraceTask[][] = [];
    for (let run = 0; run < runs; run++) traced.push(await traceTasks(browser, gateway.url + route, LONG_TASK_MS / 4));
    const blocking = traced.map((tasks) => tasks.reduce((n, t) => n + Math.max(0, 4 * t.ms - 50), 0));
    const longest = traced.map((tasks) => Math.max(0, ...tasks.map((t) => t.ms)));
    console.log(`\n== ${route}\ntasks after the first paint, unthrottled, of ${LONG_TASK_MS / 4} ms or more; x4 as Lighthouse simulates, their blocking time ${blocking.join(' / ')} ms (median ${median(blocking)}), the longest ${longest.join(' / ')} ms (median ${median(longest)}); the last run's:`);
    for (const t of traced.at(-1)!) console.log(`  at ${String(t.atMs).padStart(5)} ms  ${String(t.ms).padStart(4)} ms  ${t.what.map(([k, ms]) => `${k} ${ms}`).join(' | ')}`);
    const results: RunResult[] = [];
    if (traceOnly) continue;
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      if (process.env.PROFILE_INIT_SCRIPT) await context.addInitScript(process.env.PROFILE_INIT_SCRIPT);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
      await page.goto(gateway.url + route, { waitUntil: 'commit' });
      await page.locator('#root[data-live]').waitFor({ state: 'attached', timeout: 60_000 });
      await page.waitForTimeout(afterLiveMs);
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
      // The profile's clock is the browser's monotonic one; its first sample is close to navigation.
      results.push(analyse(profile, profile.startTime));
      if (run === runs - 1) writeFileSync(join('test-results', `profile${route.replace(/\W+/g, '-')}.cpuprofile`), JSON.stringify(profile));
      await context.close();
    }
    const busy = results.map((r) => Math.round(r.busyMs));
    const longTaskMs = results.map((r) => r.tasks.reduce((n, t) => n + Math.max(0, t.ms - LONG_TASK_MS), 0));
    console.log(`CPU ${throttle}x, ${runs} run(s): busy ${busy.join(' / ')} ms (median ${median(busy)}), over ${LONG_TASK_MS} ms ${longTaskMs.map(Math.round).join(' / ')} ms`);
    const last = results[results.length - 1]!;
    console.log(`long tasks of the last run (${LONG_TASK_MS} ms or more):`);
    for (const t of last.tasks) {
      console.log(`  at ${String(t.startMs).padStart(5)} ms  ${String(t.ms).padStart(4)} ms  ${t.modules.map(([m, ms]) => `${m} ${ms}`).join(', ')}`);
      console.log(`      ${t.functions.map(([f, ms]) => `${f} ${ms}`).join(', ')}`);
      console.log(`      React: ${t.phases.map(([f, ms]) => `${f} ${ms}`).join(', ')}`);
    }
    const print = (title: string, rows: [string, number][]) => {
      console.log(`${title}:`);
      for (const [k, v] of rows.slice(0, top)) console.log(`  ${v.toFixed(0).padStart(6)} ms  ${k}`);
    };
    print("React's phases, inclusive (median)", medians(results, 'perPhase'));
    print('self time per module (median)', medians(results, 'perModule'));
    print('self time per function (median)', medians(results, 'perFunction'));
  }
} finally {
  await browser.close();
  await gateway.stop();
}
