/**
 * Every machine's model (test/model/models.ts), path by path, and its
 * coverage: every state node and every transition of its graph, or the run fails.
 */
import { describe, expect, test } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { coverage, tourPaths, modelPaths, replay, type MachineModel } from './harness.ts';
import { models } from './models.ts';

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
      expect(c.states.missing).toEqual([]);
      expect(c.transitions.missing).toEqual([]);
    });
    test(`${name}: the browser's tours replay and cover every state and transition`, () => {
      const tours = tourPaths(model, paths);
      for (const tour of tours) replay(model, tour);
      const c = coverage(model, tours);
      console.log(`${name}: ${tours.length} tours of ${tours.reduce((n, t) => n + t.steps.length, 0)} steps`);
      expect(c.states.missing).toEqual([]);
      expect(c.transitions.missing).toEqual([]);
    });
  });
}
