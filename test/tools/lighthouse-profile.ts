/**
 * `npm run profile:lighthouse [-- --routes /,/memberInfo] [--runs 3] [--by module|function|entry] [--top 30] [--against DIR]`:
 * where the script time that `npm run perf` budgets comes from, seen as Lighthouse sees it. On the
 * production build (which `npm run build` made; this script does not build), served by the reference
 * gateway (memory mode), each run is a Lighthouse navigation (its mobile preset: the page runs at full
 * speed and Lighthouse multiplies what it observed by 4) with V8's sampler added to its trace
 * (`disabled-by-default-v8.cpu_profiler`). Two readings per route, medians over the runs, in ms at 4x:
 * - Lighthouse's own task groups (`mainthread-work-breakdown`'s: script evaluation, style and layout,
 *   "other"...), so a change that only moves work from one group to another shows as such;
 * - the sampler's time per module (a package, or our source file, through the build's source maps) or,
 *   with `--by function`, per function: what the page's script time is made of; or, with `--by entry`,
 *   by where the browser entered our script (the frame nearest the task's root: a chunk's top level is
 *   its modules' evaluation, `performWorkUntilDeadline` React's scheduled work, and so on), time under
 *   it included: what ran because of what.
 *
 * Why beside `npm run profile`: that one throttles the CPU through the DevTools protocol under
 * Playwright, and its attribution differs from Lighthouse's count. On 2026-12-07 Lighthouse's own view
 * showed the entry's `start` as a flow page's largest function (156 ms at 4x on `/memberInfo`, its
 * preloads one a task), where `npm run profile` put most of that time in "(program)".
 * `--against DIR`: another checkout with its own build, served by its own gateway and measured
 * alternately with ours (ours, its, ours...), so both see the same moments of the host.
 * The numbers are whatever this host gives: record the load average and benchmarkIndex printed beside
 * them, and compare only within one run.
 */
import { loadavg } from 'node:os';
import { launch as launchChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { MainThreadTasks } from 'lighthouse/core/lib/tracehouse/main-thread-tasks.js';
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';
import { CHROMIUM, freePort, startGateway, type RunningGateway } from './serve.ts';
import { scriptCpuMs } from './scriptCpu.ts';
import { sourceOrigins, type CallFrame } from './sourceOrigin.ts';
import { arg, median } from './stats.ts';

const routes = arg('--routes')?.split(',').filter(Boolean) ?? ['/', '/memberInfo', '/EasyFill/demo-refill'];
const runs = Number(arg('--runs') ?? 3);
const by = arg('--by') ?? 'module';
const byFunction = by === 'function';
const byEntry = by === 'entry';
const top = Number(arg('--top') ?? 30);
const against = arg('--against');
/** Lighthouse's mobile preset: what it observed, times this (its simulated CPU slowdown). */
const SLOWDOWN = 4;

interface TraceEvent { name: string; ph: string; pid: number; tid: number; ts: number; id?: string; args?: { data?: Record<string, unknown> } }
interface SampledNode { id: number; parent?: number; callFrame: CallFrame }
interface TaskNode { event: { name: string }; selfTime: number; group: { id: string; label: string }; children: TaskNode[]; parent?: TaskNode }

/** One checkout's build, served: ours (this directory) or the one `--against` names; its frames read through its own source maps. */
interface Build { label: string; gateway: RunningGateway; originOf: ReturnType<typeof sourceOrigins> }

/** The sampler's profile of the page's renderer main thread, from the trace's Profile and ProfileChunk events. */
function sampledProfile(events: TraceEvent[], pid: number) {
  const profiles = new Map<string, { start: number; tid: number; nodes: Map<number, SampledNode>; samples: number[]; deltas: number[] }>();
  for (const e of events) {
    if (e.pid !== pid) continue;
    const data = e.args?.data as { startTime?: number; cpuProfile?: { nodes?: SampledNode[]; samples?: number[] }; timeDeltas?: number[] } | undefined;
    if (e.name === 'Profile') profiles.set(String(e.id), { start: data?.startTime ?? e.ts, tid: e.tid, nodes: new Map(), samples: [], deltas: [] });
    if (e.name === 'ProfileChunk') {
      const profile = profiles.get(String(e.id));
      if (!profile) continue;
      for (const node of data?.cpuProfile?.nodes ?? []) profile.nodes.set(node.id, node);
      profile.samples.push(...(data?.cpuProfile?.samples ?? []));
      profile.deltas.push(...(data?.timeDeltas ?? []));
    }
  }
  // The main thread's is the one with the most samples (workers and the compositor sample little).
  return [...profiles.values()].sort((a, b) => b.samples.length - a.samples.length)[0];
}

async function measure(build: Build, path: string, port: number) {
  const result = await lighthouse(build.gateway.url + path, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler',
  });
  if (!result) throw new Error(`Lighthouse gave nothing for ${path}`);
  if (result.lhr.runtimeError) throw new Error(`${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`);
  const trace = (result.artifacts as unknown as { Trace: { traceEvents: TraceEvent[] } }).Trace;
  const processed = TraceProcessor.processTrace(trace as never);
  const tasks = MainThreadTasks.getMainThreadTasks(processed.mainThreadEvents, processed.frames, processed.timestamps.traceEnd, processed.timestamps.timeOrigin) as unknown as TaskNode[];
  const readings = new Map<string, number>();
  const add = (key: string, ms: number) => readings.set(key, (readings.get(key) ?? 0) + ms);
  const walk = (task: TaskNode) => {
    add(`group: ${task.group.label}`, task.selfTime * SLOWDOWN);
    for (const child of task.children) walk(child);
  };
  for (const task of tasks) if (!task.parent) walk(task);
  // The budget's own figure (`npm run perf`): script evaluation by the main thread's CPU time.
  const cpu = scriptCpuMs(trace, SLOWDOWN);
  if (cpu !== null) add('group: Script Evaluation, by CPU time', cpu);

  const navigation = trace.traceEvents.find((e) => e.name === 'navigationStart' && (e.args?.data as { isLoadingMainFrame?: boolean } | undefined)?.isLoadingMainFrame && String((e.args?.data as { documentLoaderURL?: string }).documentLoaderURL).startsWith('http'));
  const profile = navigation && sampledProfile(trace.traceEvents, navigation.pid);
  if (navigation && profile) {
    const keys = new Map<number, string>();
    const nameOf = (node: SampledNode): string => {
      const origin = build.originOf(node.callFrame);
      return byFunction || origin.module === '(native)' ? origin.fn : origin.module;
    };
    /** The frame nearest the root that is script: where the browser entered it. A chunk's top level (no name, at its start) is its evaluation. */
    const entryOf = (node: SampledNode): string => {
      let entry: SampledNode | undefined;
      for (let at: SampledNode | undefined = node; at; at = at.parent === undefined ? undefined : profile.nodes.get(at.parent)) {
        if (at.callFrame.url) entry = at;
      }
      if (!entry) return node.callFrame.functionName || '(native)';
      const { functionName, url, lineNumber, columnNumber } = entry.callFrame;
      if (!functionName && lineNumber === 0 && columnNumber === 0) return `evaluate ${url.startsWith('http') ? new URL(url).pathname : url}`;
      return build.originOf(entry.callFrame).fn;
    };
    const keyOf = (id: number): string => {
      let key = keys.get(id);
      if (key === undefined) {
        const node = profile.nodes.get(id)!;
        key = byEntry && !node.callFrame.functionName.startsWith('(') ? entryOf(node) : nameOf(node);
        keys.set(id, key);
      }
      return key;
    };
    let at = profile.start;
    profile.samples.forEach((id, i) => {
      at += profile.deltas[i] ?? 0;
      const ms = ((profile.deltas[i + 1] ?? 0) / 1000) * SLOWDOWN;
      if (at < navigation.ts) return;
      const key = keyOf(id);
      if (key === '(idle)') return;
      add('sampled, all', ms);
      add(key, ms);
    });
  }
  return { readings, benchmarkIndex: result.lhr.environment.benchmarkIndex };
}

/**
 * Now and then Chromium's trace of a load comes without its navigation (NO_NAVSTART): that run is made again, as `npm run perf`
 * does. A page that painted nothing (NO_FCP) is its own fault, there as here: no second try.
 */
async function measureAgainOnError(build: Build, path: string, port: number, tries = 3): ReturnType<typeof measure> {
  try {
    return await measure(build, path, port);
  } catch (error) {
    if (tries <= 1 || (error instanceof Error && error.message.startsWith('NO_FCP'))) throw error;
    console.log(`${path} (${build.label}): ${error instanceof Error ? error.message.split('\n')[0] : String(error)}; again`);
    return measureAgainOnError(build, path, port, tries - 1);
  }
}

const builds: Build[] = [{ label: 'ours', gateway: await startGateway(await freePort()), originOf: sourceOrigins() }];
if (against) builds.push({ label: 'its', gateway: await startGateway(await freePort(), { cwd: against }), originOf: sourceOrigins(against) });
const chrome = await launchChrome({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'], handleSIGINT: false });
const collected = new Map<string, Map<string, number[]>>();
const hosts: { load: number; benchmarkIndex: number }[] = [];
try {
  for (let run = 0; run < runs; run++) {
    for (const path of routes) {
      for (const build of builds) {
        const load = loadavg()[0]!;
        const { readings, benchmarkIndex } = await measureAgainOnError(build, path, chrome.port);
        hosts.push({ load, benchmarkIndex });
        const key = `${path} (${build.label})`;
        const table = collected.get(key) ?? new Map<string, number[]>();
        collected.set(key, table);
        for (const [what, ms] of readings) table.set(what, [...(table.get(what) ?? []), ms]);
        console.log(`run ${run + 1} ${key}: script evaluation ${Math.round(readings.get('group: Script Evaluation') ?? 0)} ms at 4x, benchmarkIndex ${benchmarkIndex}, load average ${load.toFixed(2)}`);
      }
    }
  }
} finally {
  chrome.kill();
  await Promise.all(builds.map((b) => b.gateway.stop()));
}

const show = (values: number[]) => `${String(Math.round(median(values) ?? 0)).padStart(6)} ms  [${values.map(Math.round).join(', ')}]`;
for (const [key, table] of collected) {
  const rows = [...table].sort((a, b) => (median(b[1]) ?? 0) - (median(a[1]) ?? 0));
  console.log(`\n== ${key}, median of ${runs} (ms at 4x; each run's in brackets)`);
  console.log("Lighthouse's task groups:");
  for (const [what, values] of rows.filter(([w]) => w.startsWith('group: '))) console.log(`${show(values)}  ${what.slice(7)}`);
  console.log(`V8's samples by ${by} (${byEntry ? 'time under it' : 'self time'}; "(program)" is the browser's own work):`);
  for (const [what, values] of rows.filter(([w]) => !w.startsWith('group: ')).slice(0, top + 1)) console.log(`${show(values)}  ${what}`);
}
console.log(`\nThe host: load average ${median(hosts.map((h) => h.load))?.toFixed(2)} (median), benchmarkIndex ${Math.round(median(hosts.map((h) => h.benchmarkIndex)) ?? 0)} (median; ${Math.round(Math.min(...hosts.map((h) => h.benchmarkIndex)))}-${Math.round(Math.max(...hosts.map((h) => h.benchmarkIndex)))}).`);
