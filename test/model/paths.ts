/**
 * `npm run paths -- <machine>`: a machine's test paths in words (the events,
 * and the state each reaches), with its coverage, for QA. Run one path in the
 * browser with `npx playwright test --grep "<path name>"`.
 */
import type { AnyStateMachine } from 'xstate';
import { coverage, describePath, modelPaths, type MachineModel } from './harness.ts';
import { models, type ModelName } from './models.ts';

const name = process.argv[2] as ModelName | undefined;
if (!name || !(name in models)) {
  console.error(`usage: npm run paths -- <machine>; machines: ${Object.keys(models).join(', ')}`);
  process.exit(2);
}
const model = models[name] as unknown as MachineModel<AnyStateMachine>;
const paths = modelPaths(model);
paths.forEach((path, i) => console.log(`\n${i + 1}. ${path.name}\n${describePath(path)}`));
const c = coverage(model, paths);
console.log(`\n${name}: ${paths.length} paths; states ${c.states.covered}/${c.states.total}; transitions ${c.transitions.covered}/${c.transitions.total}`);
