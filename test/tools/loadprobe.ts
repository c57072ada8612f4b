/**
 * Loaded into a gateway by `npm run load` (`node --import tsx --import
 * ./test/tools/loadprobe.ts gateway/main.ts`), never by the gateway itself:
 * what the process did in the measured seconds. The first SIGUSR2 starts the
 * window, the second writes to LOAD_PROBE_FILE (JSON): the event loop's delay
 * (perf_hooks.monitorEventLoopDelay: a 1 ms timer, how late it fires), the garbage
 * collections (count, total and longest pause) and the CPU time.
 */
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';

export interface ProbeReport {
  cpuMs: number;
  /** The event loop's delay (ms): how late a timer due every millisecond ran. */
  loopDelay: { p50: number; p99: number; max: number };
  gc: { count: number; totalMs: number; maxMs: number; minor: number; major: number };
}

const file = process.env.LOAD_PROBE_FILE;
if (file) {
  const RESOLUTION_MS = 1;
  const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  let gc = { count: 0, totalMs: 0, maxMs: 0, minor: 0, major: 0 };
  // perf_hooks' GC kinds: 1 minor (scavenge), 2 major (mark-sweep-compact), 4 incremental, 8 weak callbacks.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { detail?: { kind?: number } })[]) {
      gc.count += 1;
      gc.totalMs += entry.duration;
      gc.maxMs = Math.max(gc.maxMs, entry.duration);
      if (entry.detail?.kind === 1) gc.minor += 1;
      if (entry.detail?.kind === 2) gc.major += 1;
    }
  }).observe({ entryTypes: ['gc'] });
  let cpu: NodeJS.CpuUsage | null = null;
  process.on('SIGUSR2', () => {
    if (!cpu) {
      delay.enable();
      delay.reset();
      gc = { count: 0, totalMs: 0, maxMs: 0, minor: 0, major: 0 };
      cpu = process.cpuUsage();
      return;
    }
    const used = process.cpuUsage(cpu);
    // The histogram holds the time between the timer's runs: its period is not delay.
    const ms = (ns: number) => Math.max(0, Math.round(ns / 1e4 - RESOLUTION_MS * 100) / 100);
    const report: ProbeReport = {
      cpuMs: Math.round((used.user + used.system) / 1000),
      loopDelay: { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) },
      gc: { ...gc, totalMs: Math.round(gc.totalMs), maxMs: Math.round(gc.maxMs * 100) / 100 },
    };
    writeFileSync(file, JSON.stringify(report));
    delay.disable();
    cpu = null;
  });
}
