/**
 * `npm run diagrams`: draws every machine of machines/ from its real
 * definition into docs/diagrams/<name>.svg (statechart.ts reads it, svg.ts
 * lays it out with ELK and draws it). `npm test` checks that the committed
 * files are what this makes today (test/tools/check-generated.ts).
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findMachines } from './machines.ts';
import { statechartOf } from './statechart.ts';
import { drawStatechart } from './svg.ts';

export const DIAGRAMS_DIR = fileURLToPath(new URL('../../../docs/diagrams/', import.meta.url));

/** Every diagram's file name and text. */
export async function diagrams(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const { name, file, machine } of await findMachines()) {
    out.set(`${name}.svg`, await drawStatechart(statechartOf(machine), { title: `${name} (machines/${file})` }));
  }
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const files = await diagrams();
  mkdirSync(DIAGRAMS_DIR, { recursive: true });
  for (const old of readdirSync(DIAGRAMS_DIR)) if (old.endsWith('.svg') && !files.has(old)) rmSync(join(DIAGRAMS_DIR, old));
  for (const [name, text] of files) writeFileSync(join(DIAGRAMS_DIR, name), text);
  console.log(`Drew ${files.size} machines into docs/diagrams/.`);
}
