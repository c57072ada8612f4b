/**
 * A page's main-thread script time counted in the thread's CPU time instead of the wall clock.
 *
 * Lighthouse's "script evaluation" (mainthread-work-breakdown) sums how long each task took by the wall clock,
 * times its 4x CPU slowdown. On this 2-core host the renderer's main thread shares the cores with Chromium's
 * other processes, Lighthouse itself and our gateway (which answers the flow pages' calls while their script
 * runs): a task is counted with the time it waited for a core. Measured on 2026-12-07 (four rounds, the home
 * page beside each flow): the home page's script time spread 204-338 ms by the wall clock, 159-199 ms by
 * thread time; Easy Fill's 476-690 against 326-374. How long the thread waited is the host's mood, not the
 * page's work; the thread's own time is what the page asked of the CPU.
 *
 * The trace Lighthouse records has each event's thread time (`tdur`, Chromium's per-thread CPU clock) beside
 * its wall time (`dur`). The same task tree Lighthouse builds, with the same groups; each node's own time is
 * its thread time less its children's. An event without a thread time (rare: a few in a hundred) counts its
 * wall time at its parent's share of CPU.
 */
import { MainThreadTasks } from 'lighthouse/core/lib/tracehouse/main-thread-tasks.js';
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';

interface TaskNode {
  event: { tdur?: number };
  /** Wall time, ms. */
  duration: number;
  group: { id: string };
  children: TaskNode[];
  parent?: TaskNode;
}

/** Below this share of events with a thread time the reading is not trusted (a browser without thread clocks gives none). */
const MIN_TIMED_SHARE = 0.9;

/**
 * The script evaluation of a Lighthouse run's trace by the main thread's CPU time, in ms times `slowdown`
 * (Lighthouse's mobile preset: 4), as Lighthouse's own figure is; null when the trace has no thread times,
 * or when `lighthouseMs` (Lighthouse's own wall-clock figure of the run) is not what the same tree reads by
 * the wall clock: then this is no longer the tree Lighthouse counts (a Lighthouse that groups otherwise).
 */
export function scriptCpuMs(trace: unknown, slowdown: number, lighthouseMs?: number | null): number | null {
  const processed = TraceProcessor.processTrace(trace as never);
  const tasks = MainThreadTasks.getMainThreadTasks(processed.mainThreadEvents, processed.frames, processed.timestamps.traceEnd, processed.timestamps.timeOrigin) as unknown as TaskNode[];
  let script = 0;
  let wall = 0;
  let timed = 0;
  let all = 0;
  /** The node's thread time in ms; adds its own to `script` when it is script evaluation. */
  const walk = (node: TaskNode, parentShare: number): number => {
    all++;
    const own = node.event.tdur;
    if (own !== undefined) timed++;
    const cpu = own !== undefined ? own / 1000 : node.duration * parentShare;
    const share = node.duration > 0 ? Math.min(1, cpu / node.duration) : 1;
    const children = node.children.reduce((sum, child) => sum + walk(child, share), 0);
    if (node.group.id === 'scriptEvaluation') {
      script += Math.max(0, cpu - children);
      wall += node.duration - node.children.reduce((sum, child) => sum + child.duration, 0);
    }
    return cpu;
  };
  for (const task of tasks) if (!task.parent) walk(task, 1);
  if (lighthouseMs != null && Math.abs(wall * slowdown - lighthouseMs) > 2) {
    console.warn(`scriptCpu: the task tree reads ${Math.round(wall * slowdown)} ms by the wall clock where Lighthouse says ${lighthouseMs}: not its tree, no CPU reading`);
    return null;
  }
  return all && timed / all >= MIN_TIMED_SHARE ? Math.round(script * slowdown) : null;
}
