/**
 * QA's replays (`npm run qa`, test/e2e/qa.spec.ts): the words choose the
 * paths, and a path's report shows each step with its state, the gateway's
 * answers and its screenshot, and the path on the diagram.
 */
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { answerText, chosenPaths, reportHtml } from '../e2e/support/qaReport.ts';
import type { MachineModel } from '../model/harness.ts';
import { autoRefillModel } from '../model/autoRefill.model.ts';

const model = autoRefillModel as unknown as MachineModel<AnyStateMachine>;

describe('QA replays', () => {
  it('without words replay the tours; with words, every path holding all of them', () => {
    const tours = chosenPaths(model, []);
    expect(tours.length).toBe(5);
    const partial = chosenPaths(model, ['207', 'partial']);
    expect(partial.length).toBeGreaterThan(0);
    for (const p of partial) expect(p.name).toMatch(/207[\s\S]*partial/);
    expect(chosenPaths(model, ['no such words'])).toEqual([]);
  });

  it('say each armed answer in words', () => {
    expect(answerText({ operationId: 'manageAutoRefill', mode: 'error', status: 500, message: 'Unable', held: true })).toBe("manageAutoRefill: 500 'Unable', held until the path reaches it");
    expect(answerText({ operationId: 'lookupAllergies', mode: 'reply', body: [], query: { cat: 'common' } })).toBe('lookupAllergies {"cat":"common"}: 200 []');
  });

  it('write a report with every step, its state, answers and screenshot, and the diagram', () => {
    const [path] = chosenPaths(model, ['partial']);
    const html = reportHtml('autoRefill: path 1 of 1', path!, [
      { index: 0, label: 'opens the page', state: 'loading', answers: [{ kind: 'armed', text: 'listAutoRefillPrescriptions: 500' }], screenshot: 'step-00.png' },
      { index: 1, label: 'loading fails', state: 'failed', answers: [{ kind: 'answered', text: 'listAutoRefillPrescriptions: 500' }], screenshot: 'step-01.png' },
    ], '<svg><title>autoRefill: this path</title></svg>', 'trace');
    expect(html).toContain('<img src="step-01.png" alt="The page after step 1: loading fails"');
    expect(html).toContain('<code>failed</code>');
    expect(html).toContain('answered: <code>listAutoRefillPrescriptions: 500</code>');
    expect(html).toContain('<svg><title>autoRefill: this path</title></svg>');
    expect(html).toContain(path!.name.replace(/&/g, '&amp;'));
  });
});
