import { describe, expect, test } from 'vitest';
import { coverage, modelPaths, replay } from './harness.ts';
import { linkPageModel } from './linkPage.model.ts';

const paths = modelPaths(linkPageModel);

describe('linkPage machine, path by path', () => {
  for (const path of paths) {
    test(path.name, () => replay(linkPageModel, path));
  }
});

test('linkPage: every state and every transition is covered', () => {
  const c = coverage(linkPageModel, paths);
  console.log(`linkPage: states ${c.states.covered}/${c.states.total}, transitions ${c.transitions.covered}/${c.transitions.total}, ${paths.length} paths`);
  expect(c.states.missing).toEqual([]);
  expect(c.transitions.missing).toEqual([]);
});
