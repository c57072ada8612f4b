/**
 * QA's replays (`npm run qa -- <machine> [<path words>]`, test/tools/qa.ts):
 * the chosen model paths of one machine, replayed in Chromium against the
 * fresh gateway Playwright starts, exactly as model-paths.spec.ts replays
 * them, and written up one HTML report per path in test-results/qa/: each
 * step with the event in words, the state reached, the gateway answers armed
 * (and released) for it, and a screenshot; the path drawn on the machine's
 * diagram. Playwright's own HTML report and trace (every action, network
 * call and DOM snapshot) sit beside it.
 *
 * Runs only when test/tools/qa.ts asks (QA_MACHINE): `npm test` skips it.
 */
import { expect, test } from './support/test.ts';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { stateName, type MachineModel } from '../model/harness.ts';
import { pathSteps } from '../tools/diagrams/coverage.ts';
import { findMachines } from '../tools/diagrams/machines.ts';
import { statechartOf } from '../tools/diagrams/statechart.ts';
import { drawStatechart, pathCounts } from '../tools/diagrams/svg.ts';
import { drivers } from './support/drivers.ts';
import { answerText, chosenPaths, escapeHtml, QA_DIR, reportHtml, slug, type Answer, type StepReport } from './support/qaReport.ts';
import { disarmScope, replayInBrowser, scopedCtx } from './support/replay.ts';

const machineName = process.env.QA_MACHINE ?? '';
const words = (process.env.QA_WORDS ?? '').toLowerCase().split(/\s+/).filter(Boolean);
const driver = drivers[machineName as keyof typeof drivers];

test.describe(`QA replays of ${machineName || '(no machine chosen)'}`, () => {
  test.skip(!process.env.QA_MACHINE, 'run through `npm run qa -- <machine>`');
  const model = driver?.model as unknown as MachineModel<AnyStateMachine> | undefined;
  const paths = model ? chosenPaths(model, words) : [];

  test('the machine has a browser driver and the words choose at least one path', () => {
    expect(driver, `no browser driver for '${machineName}'; machines with one: ${Object.keys(drivers).join(', ')}`).toBeTruthy();
    expect(paths.length, `no path of ${machineName} holds '${words.join(' ')}' (npm run paths -- ${machineName})`).toBeGreaterThan(0);
  });

  for (const [n, path] of paths.entries()) {
    test(`${machineName}: ${path.name}`, async ({ page, request }, info) => {
      test.setTimeout(60_000 + path.steps.length * 20_000);
      const dir = join(QA_DIR, machineName, `${String(n + 1).padStart(2, '0')}-${slug(path.name)}`);
      mkdirSync(dir, { recursive: true });
      const scope = `qa-${machineName}-${info.testId}`;
      let pending: Answer[] = [];
      const armed: Record<string, unknown>[] = [];
      const ctx = await scopedCtx(page, request, scope, {
        armed: (fault) => {
          armed.push(fault);
          pending.push({ kind: 'armed', text: answerText(fault) });
        },
        released: (operationId, query) => {
          const i = armed.findIndex((f) => f.operationId === operationId && JSON.stringify(f.query ?? null) === JSON.stringify(query ?? null) && f.held);
          if (i >= 0) pending.push({ kind: 'answered', text: answerText(armed.splice(i, 1)[0]!) });
        },
      });
      const steps: StepReport[] = [];
      try {
        await replayInBrowser(driver!, ctx, path, (title, body) => test.step(title, body), async ({ index, label, state }) => {
          const screenshot = `step-${String(index).padStart(2, '0')}.png`;
          await page.screenshot({ path: join(dir, screenshot), fullPage: false });
          steps.push({ index, label, state: stateName(state as AnyMachineSnapshot), answers: pending, screenshot });
          pending = [];
        });
      } finally {
        await disarmScope(request, scope);
        const found = (await findMachines()).find((m) => m.machine === model!.machine);
        const diagram = found
          ? await drawStatechart(statechartOf(found.machine), { title: `${found.name}: this path`, counts: pathCounts(pathSteps(model!, path)) })
          : '<p>(no diagram: the machine is not exported from machines/)</p>';
        const trace = `Playwright's trace of this run (every action, call and DOM snapshot): <code>npx playwright show-trace ${escapeHtml(info.outputPath('trace.zip'))}</code>, or open <code>playwright-report/index.html</code>.`;
        writeFileSync(join(dir, 'index.html'), reportHtml(`${machineName}: path ${n + 1} of ${paths.length}`, path, steps, diagram, trace));
      }
    });
  }
});
