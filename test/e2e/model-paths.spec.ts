/**
 * The model paths of test/model, replayed in the real app against the
 * reference gateway (support/replay.ts, support/drivers.ts): one test per
 * path, named after it, so QA can run one with
 * `npx playwright test model-paths --grep "<path name>"`.
 * Each machine also checks that every event of its model has a browser
 * action or gateway answer, and reports the states and transitions its
 * paths cover (the same paths vitest runs).
 */
import { expect, test } from '@playwright/test';
import type { AnyStateMachine } from 'xstate';
import { coverage, tourPaths, modelPaths, type MachineModel } from '../model/harness.ts';
import { drivers } from './support/drivers.ts';
import { replayInBrowser, unmapped, type Ctx } from './support/replay.ts';

// A tour takes up to MAX_TOUR_STEPS (30) steps, each a page action or a held answer released and checked.
test.describe.configure({ mode: 'parallel', timeout: 150_000 });


for (const [name, driver] of Object.entries(drivers)) {
  const model = driver.model as unknown as MachineModel<AnyStateMachine>;
  // Fewer, longer paths (tours) that walk every transition: each is a page load (vitest replays every path).
  const paths = tourPaths(model, modelPaths(model));

  test.describe(`${name} machine in the browser`, () => {
    test(`${name}: every event maps to the browser and every state and transition is replayed`, () => {
      expect(unmapped(driver)).toEqual([]);
      const c = coverage(model, paths);
      console.log(`${name} in the browser: states ${c.states.covered}/${c.states.total}, transitions ${c.transitions.covered}/${c.transitions.total}, ${paths.length} paths`);
      expect(c.states.missing).toEqual([]);
      expect(c.transitions.missing).toEqual([]);
    });

    for (const path of paths) {
      test(`${name}: ${path.name}`, async ({ page, request }, info) => {
        const scope = `${name}-${info.testId}`;
        const ctx: Ctx = {
          page,
          scope,
          arm: async (fault) => {
            const r = await request.post('/__test/faults', { data: { ...fault, scope } });
            expect(r.status()).toBe(201);
          },
          release: async (operationId) => {
            const r = await request.post('/__test/faults/release', { data: { operationId, scope } });
            expect(r.status()).toBe(204);
          },
        };
        await page.setExtraHTTPHeaders({ 'x-test-scope': scope });
        try {
          await replayInBrowser(driver, ctx, path, (title, body) => test.step(title, body));
        } finally {
          await request.delete(`/__test/faults?scope=${encodeURIComponent(scope)}`);
        }
      });
    }
  });
}
