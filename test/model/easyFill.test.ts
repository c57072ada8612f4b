import { describe, expect, test } from 'vitest';
import { coverage, modelPaths, replay } from './harness.ts';
import { easyFillModel } from './easyFill.model.ts';

const paths = modelPaths(easyFillModel);

describe('easyFill machine, path by path', () => {
  for (const path of paths) {
    test(path.name, () => replay(easyFillModel, path));
  }
});

test('easyFill: every state and every transition is covered', () => {
  const c = coverage(easyFillModel, paths);
  console.log(`easyFill: states ${c.states.covered}/${c.states.total}, transitions ${c.transitions.covered}/${c.transitions.total}, ${paths.length} paths`);
  expect(c.states.missing).toEqual([]);
  expect(c.transitions.missing).toEqual([]);
});
