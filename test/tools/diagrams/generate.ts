/**
 * `npm run diagrams`: draws every machine of machines/ from its real
 * definition into docs/diagrams/<name>.svg (statechart.ts reads it, svg.ts
 * lays it out with ELK and draws it), and a second rendering,
 * docs/diagrams/coverage/<name>.svg, where each transition says how many
 * model paths take it in vitest and in the browser (coverage.ts) and those
 * no path takes are dashed grey. `npm test` checks that the committed files
 * are what this makes today (test/tools/check-generated.ts).
 */
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { coverageCounts } from './coverage.ts';
import { findMachines } from './machines.ts';
import { statechartOf } from './statechart.ts';
import { drawStatechart } from './svg.ts';

export const DIAGRAMS_DIR = fileURLToPath(new URL('../../../docs/diagrams/', import.meta.url));

/** Every diagram's file name (relative to docs/diagrams/) and text. */
export async function diagrams(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const coverage = coverageCounts();
  for (const { name, file, machine } of await findMachines()) {
    const chart = statechartOf(machine);
    out.set(`${name}.svg`, await drawStatechart(chart, { title: `${name} (machines/${file})` }));
    const covered = coverage.get(machine);
    if (!covered) continue;
    const browser = covered.inBrowser ? 'browser tours' : 'browser: no model-path driver, tried by its own browser tests';
    out.set(`coverage/${name}.svg`, await drawStatechart(chart, { title: `${name}: how many model paths take each transition (vitest paths · ${browser})`, counts: covered.counts }));
  }
  return out;
}

/** The SVG files under docs/diagrams/, relative to it. */
export function diagramFiles(): string[] {
  const list = (dir: string): string[] =>
    existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? list(join(dir, e.name)) : e.name.endsWith('.svg') ? [join(dir, e.name)] : [])) : [];
  return list(DIAGRAMS_DIR).map((f) => relative(DIAGRAMS_DIR, f));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const files = await diagrams();
  for (const old of diagramFiles()) if (!files.has(old)) rmSync(join(DIAGRAMS_DIR, old));
  for (const [name, text] of files) {
    mkdirSync(dirname(join(DIAGRAMS_DIR, name)), { recursive: true });
    writeFileSync(join(DIAGRAMS_DIR, name), text);
  }
  console.log(`Drew ${[...files.keys()].filter((f) => !f.startsWith('coverage/')).length} machines into docs/diagrams/, and their coverage into docs/diagrams/coverage/.`);
}
