/**
 * Vitest global setup of the `postgres` project: the PostgreSQL server its
 * tests create their databases on. `npm test` (run-all.ts) passes one in
 * TEST_DATABASE_URL (its own throwaway cluster, or your DATABASE_URL); a
 * direct `npx vitest run` starts a throwaway cluster here and stops it at the end.
 */
import type { TestProject } from 'vitest/node';
import { startCluster } from './postgres.ts';
import type {} from '../contract/database.ts';

export default async function setup(project: TestProject) {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    project.provide('postgresServerUrl', given);
    return;
  }
  const cluster = await startCluster();
  project.provide('postgresServerUrl', cluster.url);
  return () => cluster.stop();
}
