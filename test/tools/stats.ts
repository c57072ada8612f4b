/**
 * What the measuring tools (perf.ts, inp.ts, profile.ts) share: reading their arguments, the
 * median they report, and how busy the host was while they measured.
 */
import { cpus, loadavg } from 'node:os';

const argv = process.argv.slice(2);

/** `--name value` or `--name=value`; undefined when absent. */
export function arg(name: string): string | undefined {
  const i = argv.findIndex((a) => a === name || a.startsWith(`${name}=`));
  if (i < 0) return undefined;
  return argv[i]!.includes('=') ? argv[i]!.slice(name.length + 1) : argv[i + 1];
}

/** A bare switch such as `--no-build`. */
export const flag = (name: string) => argv.includes(name);

/** The median of the values measured (nulls and non-finite values are runs that measured nothing). */
export function median(values: readonly (number | null)[]): number | null {
  const v = values.filter((x): x is number => x !== null && Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return null;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2;
}

/**
 * How busy the host was when a run started: other work's share of the CPU over one second, the 1-minute
 * load average, and what a page of fresh memory cost. The last is what neither the load average nor
 * Lighthouse's benchmarkIndex (a loop over a little memory) sees: on these virtual machines a page the
 * process has not touched yet can be handed back to the hypervisor, and touching it again costs a fault
 * there. Read on 2026-11-29 on a freshly started machine: 11-18 us per 4 KB page (0.2 us once touched);
 * that machine's Chromium took 2-4x the main-thread time of earlier readings for the same build, the
 * home page included, while load average and benchmarkIndex called it quiet. A browser loading a page
 * allocates tens of thousands of pages, so the figure is recorded beside every run, and above
 * MAX_FRESH_MEMORY_US_PER_PAGE there is no verdict (docs/performance.md).
 */
export interface Host { otherWorkShare: number; loadAverage: number; freshMemoryUsPerPage: number }

/**
 * The most a page of fresh memory may cost (median over a run, us per 4 KB page) for `npm run perf` and
 * `npm run inp` to give a verdict. Drawn from two machines of this kind, each measured with nothing else
 * running: at 13-22 us (2026-11-29 and 11-30) the flows' TBT was 800-1,350 ms with benchmarkIndex
 * 2,410-2,592; at 2.8-3.0 us (2026-12-01) the same flows measured 54-168 ms, with benchmarkIndex
 * 1,456-1,679. So benchmarkIndex did not see what slowed the flows four- to tenfold, and this figure did;
 * 8 us sits between the two, well clear of either.
 */
export const MAX_FRESH_MEMORY_US_PER_PAGE = 8;

/** Why a run's hosts are too slow in memory for a verdict, or null: the median of their fresh-memory costs against the limit. */
export function slowFreshMemory(costs: readonly (number | null)[]): string | null {
  const m = median(costs);
  if (m !== null && m <= MAX_FRESH_MEMORY_US_PER_PAGE) return null;
  return `a page of fresh memory cost ${m ?? '-'} us (median; at most ${MAX_FRESH_MEMORY_US_PER_PAGE}): a machine that slow in memory makes every page look slow`;
}

/** The cost of touching 64 MB of memory the process has never touched, per 4 KB page, in microseconds. */
export function freshMemoryCost(): number {
  const bytes = 64 * 1024 * 1024;
  const started = process.hrtime.bigint();
  Buffer.allocUnsafeSlow(bytes).fill(1);
  return Math.round(Number(process.hrtime.bigint() - started) / 1000 / (bytes / 4096) * 100) / 100;
}

/** Other work's share of the CPU over one second while the caller waits (its gateway and Chromium idle), then the fresh-memory cost. */
export async function sampleHost(): Promise<Host> {
  const total = () => cpus().reduce((t, c) => ({ idle: t.idle + c.times.idle, all: t.all + Object.values(c.times).reduce((a, b) => a + b, 0) }), { idle: 0, all: 0 });
  const a = total();
  await new Promise((r) => setTimeout(r, 1000));
  const b = total();
  const all = b.all - a.all;
  return {
    otherWorkShare: all > 0 ? Math.round((1 - (b.idle - a.idle) / all) * 100) / 100 : 0,
    loadAverage: Math.round(loadavg()[0]! * 100) / 100,
    // After the one second above: this measurement's own work is not other work.
    freshMemoryUsPerPage: freshMemoryCost(),
  };
}
