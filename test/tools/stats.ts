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

/** How busy the host was when a run started: other work's share of the CPU over one second, the 1-minute load average. */
export interface Host { otherWorkShare: number; loadAverage: number }

/** Other work's share of the CPU over one second while the caller waits (its gateway and Chromium idle). */
export async function sampleHost(): Promise<Host> {
  const total = () => cpus().reduce((t, c) => ({ idle: t.idle + c.times.idle, all: t.all + Object.values(c.times).reduce((a, b) => a + b, 0) }), { idle: 0, all: 0 });
  const a = total();
  await new Promise((r) => setTimeout(r, 1000));
  const b = total();
  const all = b.all - a.all;
  return { otherWorkShare: all > 0 ? Math.round((1 - (b.idle - a.idle) / all) * 100) / 100 : 0, loadAverage: Math.round(loadavg()[0]! * 100) / 100 };
}
