/**
 * The machines' exports for the Stately visualiser (docs/stately/, written by
 * `npm run diagrams`) are what its importer takes, a createMachine call over
 * plain data, and XState's own parser (createMachine) makes each one into the
 * same statechart as the real machine: the same states, initial states, tags,
 * invoked actors, and every transition with its event, named guard and
 * targets. And the diagram of a machine shows each of its states and labelled
 * transitions.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { DOCS_DIR } from '../tools/diagrams/generate.ts';
import { findMachines } from '../tools/diagrams/machines.ts';
import { statechartOf, statesOf, transitionText, type ChartState } from '../tools/diagrams/statechart.ts';

/** A statechart without the order of its transitions (the export groups them by kind). */
const shape = (root: ChartState) =>
  statesOf(root).map((s) => ({
    id: s.id,
    type: s.type,
    initial: s.initial,
    tags: s.tags,
    invokes: s.invokes,
    transitions: s.transitions.map((t) => `${t.event} [${t.guard ?? ''}] -> ${t.targets.join(', ')}`).sort(),
  }));

const machines = await findMachines();

describe('the Stately exports', () => {
  it('cover every machine of machines/', () => {
    expect(machines.length).toBeGreaterThanOrEqual(20);
  });

  for (const { name, machine } of machines) {
    it(`${name}: a createMachine call over plain data, which XState parses into the real machine's statechart`, async () => {
      const file = join(DOCS_DIR, 'stately', `${name}.js`);
      const text = readFileSync(file, 'utf8');
      const call = /export default createMachine\((\{[\s\S]*\})\);\s*$/.exec(text);
      expect(call, 'one createMachine({...}) call').not.toBeNull();
      const config = JSON.parse(call![1]!) as { id: string };
      expect(config.id).toBe(machine.id);
      const parsed = ((await import(pathToFileURL(file).href)) as { default: AnyStateMachine }).default;
      expect(shape(statechartOf(parsed))).toEqual(shape(statechartOf(machine)));
    });
  }
});

describe('the diagrams', () => {
  it('show every state of a machine and every transition with its event and guard', () => {
    const { name, machine } = machines.find((m) => m.name === 'session')!;
    const svg = readFileSync(join(DOCS_DIR, 'diagrams', `${name}.svg`), 'utf8');
    const chart = statechartOf(machine);
    const unescape = (s: string) => s.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"');
    const texts = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => unescape(m[1]!));
    for (const s of statesOf(chart)) expect(texts).toContain(s.key);
    for (const t of statesOf(chart).flatMap((s) => s.transitions)) expect(texts.some((x) => x.includes(transitionText(t)))).toBe(true);
    expect(texts).toContain('after idle');
    expect(texts).toContain('activity [notExpired]');
  });
});

describe('the coverage renderings', () => {
  it('label each transition with the paths that take it, and grey out what none takes', () => {
    const review = readFileSync(join(DOCS_DIR, 'diagrams', 'coverage', 'review.svg'), 'utf8');
    // The review page's profile is reloaded after a change (vitest paths and browser tours take it) ...
    expect(review).toMatch(/<g class="taken">[\s\S]*?summary\.stale  \(\d+ vitest · \d+ browser\)/);
    // ... while no model has the registration page's calls fail to be sent at all.
    const registration = readFileSync(join(DOCS_DIR, 'diagrams', 'coverage', 'registration.svg'), 'utf8');
    expect(registration).toMatch(/<g class="untaken">[^]*?<text class="label"[^>]*>error: saveParts  \(no path\)<\/text>/);
  });
});
