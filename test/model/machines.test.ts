/**
 * Every machine's model (test/model/models.ts), path by path, and its
 * coverage: every transition of its graph, and every state node, or the run
 * fails. A machine that takes what changes its graph as input (the
 * registration page takes the member) has one model per input; a state node
 * one of them cannot reach must be reached by another (the machine's models
 * together cover it).
 */
import { describe, expect, test } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { coverage, reachedBySiblings, tourPaths, modelPaths, replay, type MachineModel } from './harness.ts';
import { models } from './models.ts';

const all = Object.values(models) as unknown as MachineModel<AnyStateMachine>[];

for (const [name, typed] of Object.entries(models)) {
  const model = typed as unknown as MachineModel<AnyStateMachine>;
  const paths = modelPaths(model);
  describe(`${name} machine`, () => {
    for (const path of paths) {
      test(path.name, () => replay(model, path));
    }
    test(`${name}: every state and every transition is covered`, () => {
      const c = coverage(model, paths);
      console.log(`${name}: states ${c.states.covered}/${c.states.total}, transitions ${c.transitions.covered}/${c.transitions.total}, ${paths.length} paths`);
      const elsewhere = c.states.missing.length ? reachedBySiblings(model, all) : new Set<string>();
      expect(c.states.missing.filter((id) => !elsewhere.has(id))).toEqual([]);
      expect(c.transitions.missing).toEqual([]);
    });
    test(`${name}: the browser's tours replay and take every transition of the statechart and reach every state`, () => {
      const tours = tourPaths(model, paths);
      for (const tour of tours) replay(model, tour);
      const c = coverage(model, tours);
      console.log(`${name}: ${tours.length} tours of ${tours.reduce((n, t) => n + t.steps.length, 0)} steps`);
      const elsewhere = c.states.missing.length ? reachedBySiblings(model, all) : new Set<string>();
      expect(c.states.missing.filter((id) => !elsewhere.has(id))).toEqual([]);
      expect(c.statechart.missing).toEqual([]);
    });
  });
}
