/**
 * Vitest global setup: after a full run of the contract tests, every operation
 * of the contract must have answered successfully at least once with a body
 * that matched its schema (the harness records them). A partial run (one file)
 * is not judged.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

export const EXERCISED_DIR = 'test-results/contract-exercised';

export function setup() {
  rmSync(EXERCISED_DIR, { recursive: true, force: true });
  mkdirSync(EXERCISED_DIR, { recursive: true });
}

export function teardown() {
  const contractFiles = readdirSync('test/contract').filter((f) => f.endsWith('.test.ts'));
  if (!existsSync(EXERCISED_DIR)) return;
  const reports = readdirSync(EXERCISED_DIR);
  const ranFiles = new Set(reports.map((r) => JSON.parse(readFileSync(join(EXERCISED_DIR, r), 'utf8')).file as string));
  if (!contractFiles.every((f) => ranFiles.has(f))) return;
  const exercised = new Set(reports.flatMap((r) => JSON.parse(readFileSync(join(EXERCISED_DIR, r), 'utf8')).operations as string[]));
  const contract = parse(readFileSync('openapi/gateway.yaml', 'utf8'));
  const all = Object.values<Record<string, { operationId?: string }>>(contract.paths).flatMap((item) =>
    Object.values(item).map((op) => op?.operationId).filter((id): id is string => Boolean(id)));
  const missing = all.filter((id) => !exercised.has(id));
  if (missing.length) {
    throw new Error(`Contract operations never answered successfully in the contract tests: ${missing.join(', ')}`);
  }
  console.log(`Contract coverage: all ${all.length} operations answered within their schemas.`);
}
