import { describe, expect, test } from 'vitest';
import { coverage, modelPaths, replay } from './harness.ts';
import { autoRefillModel } from './autoRefill.model.ts';

const paths = modelPaths(autoRefillModel);

describe('autoRefill machine, path by path', () => {
  for (const path of paths) {
    test(path.name, () => replay(autoRefillModel, path));
  }
});

test('autoRefill: every state and every transition is covered', () => {
  const c = coverage(autoRefillModel, paths);
  console.log(`autoRefill: states ${c.states.covered}/${c.states.total}, transitions ${c.transitions.covered}/${c.transitions.total}, ${paths.length} paths`);
  expect(c.states.missing).toEqual([]);
  expect(c.transitions.missing).toEqual([]);
});
