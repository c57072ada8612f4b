/**
 * `npm run diagrams`: from every machine of machines/ and its real definition,
 * - docs/diagrams/<name>.svg: its diagram (statechart.ts reads the machine,
 *   svg.ts lays it out with ELK and draws it);
 * - docs/diagrams/coverage/<name>.svg: the same, each transition saying how
 *   many model paths take it in vitest and in the browser (coverage.ts), what
 *   no path takes in grey;
 * - docs/stately/<name>.js: its config as the Stately visualiser imports it
 *   (stately.ts).
 * `npm test` checks that the committed files are what this makes today
 * (test/tools/check-generated.ts).
 */
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { coverageCounts } from './coverage.ts';
import { findMachines } from './machines.ts';
import { statelyFile } from './stately.ts';
import { statechartOf } from './statechart.ts';
import { drawStatechart } from './svg.ts';

export const DOCS_DIR = fileURLToPath(new URL('../../../docs/', import.meta.url));
/** The folders of docs/ this script owns. */
const OWNED = ['diagrams', 'stately'];

/** Every generated file, by its path under docs/, with its text. */
export async function generatedDocs(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const coverage = coverageCounts();
  for (const { name, file, machine } of await findMachines()) {
    const chart = statechartOf(machine);
    out.set(`diagrams/${name}.svg`, await drawStatechart(chart, { title: `${name} (machines/${file})` }));
    const covered = coverage.get(machine);
    if (covered) {
      const browser = covered.inBrowser ? 'browser tours' : 'browser: no model-path driver, tried by its own browser tests';
      out.set(`diagrams/coverage/${name}.svg`, await drawStatechart(chart, { title: `${name}: how many model paths take each transition (vitest paths · ${browser})`, counts: covered.counts }));
    }
    out.set(`stately/${name}.js`, statelyFile(name, file, machine));
  }
  return out;
}

/** The files now under the folders this script owns, by their path under docs/. */
export function generatedOnDisk(): string[] {
  const list = (dir: string): string[] =>
    existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? list(join(dir, e.name)) : [join(dir, e.name)])) : [];
  return OWNED.flatMap((folder) => list(join(DOCS_DIR, folder))).map((f) => relative(DOCS_DIR, f));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const files = await generatedDocs();
  for (const old of generatedOnDisk()) if (!files.has(old)) rmSync(join(DOCS_DIR, old));
  for (const [name, text] of files) {
    mkdirSync(dirname(join(DOCS_DIR, name)), { recursive: true });
    writeFileSync(join(DOCS_DIR, name), text);
  }
  const machines = [...files.keys()].filter((f) => f.startsWith('stately/')).length;
  console.log(`Drew ${machines} machines into docs/diagrams/ (their coverage into docs/diagrams/coverage/) and exported them for Stately into docs/stately/.`);
}
