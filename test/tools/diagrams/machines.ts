/**
 * Every machine of machines/, found by reading the folder (so a machine added
 * later is drawn without a list to update): each exported StateMachine, named
 * after its export without 'Machine' (linkPageMachine: linkPage). A machine
 * exported twice is drawn once.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';

export const MACHINES_DIR = fileURLToPath(new URL('../../../machines/', import.meta.url));

export interface FoundMachine {
  name: string;
  /** The file, relative to machines/. */
  file: string;
  machine: AnyStateMachine;
}

const isMachine = (v: unknown): v is AnyStateMachine =>
  typeof v === 'object' && v !== null && 'root' in v && 'provide' in v && typeof (v as { transition?: unknown }).transition === 'function';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [join(dir, e.name)] : []))
    .sort();
}

export async function findMachines(): Promise<FoundMachine[]> {
  const found: FoundMachine[] = [];
  const seen = new Set<unknown>();
  for (const path of sources(MACHINES_DIR)) {
    const mod = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
    for (const [exported, value] of Object.entries(mod).sort(([a], [b]) => a.localeCompare(b))) {
      if (!isMachine(value) || seen.has(value)) continue;
      seen.add(value);
      found.push({ name: exported.replace(/Machine$/, ''), file: relative(MACHINES_DIR, path), machine: value });
    }
  }
  return found.sort((a, b) => a.name.localeCompare(b.name));
}
