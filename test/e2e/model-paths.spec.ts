/**
 * The model paths of test/model, replayed in the real app against the
 * reference gateway (support/replay.ts, support/drivers.ts): one test per
 * path, named after it, so QA can run one with
 * `npx playwright test model-paths --grep "<path name>"`.
 * Each machine also checks that every event of its model has a browser
 * action or gateway answer, and that its tours reach every state and take
 * every transition of the statechart (vitest replays the tours too, and every
 * edge of the graph).
 */
import { expect, test } from './support/test.ts';
import type { AnyStateMachine } from 'xstate';
import { coverage, reachedBySiblings, tourPaths, modelPaths, type MachineModel } from '../model/harness.ts';
import { drivers } from './support/drivers.ts';
import { disarmScope, replayInBrowser, scopedCtx, unmapped } from './support/replay.ts';

// A tour takes up to MAX_TOUR_STEPS (30) steps, each a page action or a held answer released and checked.
test.describe.configure({ mode: 'parallel', timeout: 150_000 });


/** The models replayed here: a machine with one model per input (the registration page) has its states reached by them together. */
const inBrowser = Object.values(drivers).map((d) => d.model as unknown as MachineModel<AnyStateMachine>);

for (const [name, driver] of Object.entries(drivers)) {
  const model = driver.model as unknown as MachineModel<AnyStateMachine>;
  // Tours that take every transition of the statechart: each is a page load (vitest replays every path, every edge of the graph).
  const paths = tourPaths(model, modelPaths(model));

  test.describe(`${name} machine in the browser`, () => {
    test(`${name}: every event maps to the browser, every state is reached and every transition of the statechart is taken`, () => {
      expect(unmapped(driver)).toEqual([]);
      const c = coverage(model, paths);
      console.log(
        `${name} in the browser: states ${c.states.covered}/${c.states.total}, statechart transitions ${c.statechart.covered}/${c.statechart.total} ` +
          `(graph edges ${c.transitions.covered}/${c.transitions.total}, all in vitest), ${paths.length} tours`,
      );
      const elsewhere = c.states.missing.length ? reachedBySiblings(model, inBrowser) : new Set<string>();
      expect(c.states.missing.filter((id) => !elsewhere.has(id))).toEqual([]);
      expect(c.statechart.missing).toEqual([]);
    });

    for (const path of paths) {
      test(`${name}: ${path.name}`, async ({ page, request }, info) => {
        // A hang catcher sized by the path: a long tour of modals on a busy 2-core machine is slow, not stuck.
        test.setTimeout(60_000 + path.steps.length * 20_000);
        const scope = `${name}-${info.testId}`;
        const ctx = await scopedCtx(page, request, scope);
        try {
          await replayInBrowser(driver, ctx, path, (title, body) => test.step(title, body));
        } finally {
          await disarmScope(request, scope);
        }
      });
    }
  });
}
