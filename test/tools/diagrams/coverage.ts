/**
 * How many model paths take each transition of each machine: the paths vitest
 * replays (every path of every model, test/model/machines.test.ts) and the
 * tours the browser replays (test/e2e/model-paths.spec.ts, for the models that
 * have a driver). Each path is run on a live actor, and xstate's inspection
 * reports every transition a step takes (`@xstate.microstep`: eventless and
 * delayed ones included); a transition counts once per path that takes it.
 * A machine with several models (the registration page's three members) adds
 * them up.
 */
import { createActor, type AnyEventObject, type AnyStateMachine } from 'xstate';
import { drivers } from '../../e2e/support/drivers.ts';
import { modelPaths, tourPaths, withTestActors, type MachineModel, type ModelPath } from '../../model/harness.ts';
import { models } from '../../model/models.ts';
import type { EdgeCounts } from './svg.ts';

interface TransitionLike {
  source: { id: string; transitions: Map<string, TransitionLike[]>; always?: TransitionLike[] };
  target?: { id: string }[];
}

/** The transition's edges, named as statechart.ts and svg.ts name them: `${source}#${index}>${target}`. */
function edgesOf(t: TransitionLike): string[] {
  const own = [...[...t.source.transitions.values()].flat(), ...(t.source.always ?? [])];
  const index = own.indexOf(t);
  if (index < 0) return []; // the machine's own start
  const key = `${t.source.id}#${index}`;
  return t.target?.length ? t.target.map((n) => `${key}>${n.id}`) : [`${key}>`];
}

/** The edges one path takes, each with the steps (1 for the first event) that take it. */
export function pathSteps(model: MachineModel<AnyStateMachine>, path: ModelPath<AnyStateMachine>): Map<string, number[]> {
  const edges = new Map<string, number[]>();
  let step = 0;
  const actor = createActor(withTestActors(model.machine), {
    input: model.input,
    inspect: (e) => {
      if (e.type !== '@xstate.microstep') return;
      for (const t of (e as unknown as { _transitions: TransitionLike[] })._transitions) {
        for (const edge of edgesOf(t)) {
          const at = edges.get(edge) ?? [];
          if (!at.includes(step)) at.push(step);
          edges.set(edge, at);
        }
      }
    },
  });
  actor.start();
  path.steps.forEach((s, i) => {
    step = i + 1;
    actor.send(s.event as AnyEventObject);
  });
  actor.stop();
  return edges;
}

/** The edges one path takes. */
const taken = (model: MachineModel<AnyStateMachine>, path: ModelPath<AnyStateMachine>) => new Set(pathSteps(model, path).keys());

export interface MachineCoverage {
  counts: EdgeCounts;
  /** Some model of the machine is replayed in the browser (it has a driver). */
  inBrowser: boolean;
}

/** Per machine, per edge, the number of vitest paths and browser tours that take it. */
export function coverageCounts(): Map<AnyStateMachine, MachineCoverage> {
  const out = new Map<AnyStateMachine, MachineCoverage>();
  const inBrowser = new Set<unknown>(Object.values(drivers).map((d) => d.model));
  for (const model of Object.values(models) as unknown as MachineModel<AnyStateMachine>[]) {
    const entry = out.get(model.machine) ?? { counts: new Map(), inBrowser: false };
    entry.inBrowser ||= inBrowser.has(model);
    out.set(model.machine, entry);
    const { counts } = entry;
    const add = (paths: ModelPath<AnyStateMachine>[], where: 'vitest' | 'browser') => {
      for (const path of paths) {
        for (const edge of taken(model, path)) {
          const c = counts.get(edge) ?? { vitest: 0, browser: 0 };
          c[where] += 1;
          counts.set(edge, c);
        }
      }
    };
    const paths = modelPaths(model);
    add(paths, 'vitest');
    if (inBrowser.has(model)) add(tourPaths(model, paths), 'browser');
  }
  return out;
}
