/**
 * The database a gateway test runs on. The vitest project names it (vite.config.ts):
 * `pglite` gives embedded PGlite in memory, `postgres` a database of its own on
 * the PostgreSQL server that the project's global setup provides
 * (test/tools/postgres.global.ts), so test files run in parallel without
 * seeing each other's rows. That database is created empty and dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import pg from 'pg';
import { openDatabase, type Db, type Storage } from '../../gateway/db/database.ts';

export type TestDatabaseKind = 'pglite' | 'postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL server's URL (its own database is only used to create the tests'). */
    postgresServerUrl: string;
  }
}

export const TEST_DATABASE: TestDatabaseKind = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';
export const onPostgres = TEST_DATABASE === 'postgres';

export interface TestDatabase {
  db: Db;
  /** How to open another connection pool on the same data (a restart, a second gateway instance); PostgreSQL only. */
  storage: Storage;
  /** Closes the pool and drops the database. */
  close(): Promise<void>;
}

const serverUrl = () => {
  const url = inject('postgresServerUrl');
  if (!url) throw new Error('The postgres project runs without a PostgreSQL server (test/tools/postgres.global.ts provides one).');
  return url;
};

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new, empty database (PostgreSQL) or PGlite in memory. */
export async function openTestDatabase(): Promise<TestDatabase> {
  if (!onPostgres) {
    const db = await openDatabase({ kind: 'memory' });
    return { db, storage: { kind: 'memory' }, close: () => db.destroy() };
  }
  const name = `mop_test_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`create database ${name}`));
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  const storage: Storage = { kind: 'postgres', url: url.toString() };
  const db = await openDatabase(storage);
  return {
    db,
    storage,
    async close() {
      // A test that reopened the database (a restart) may have closed this pool already.
      await db.destroy().catch(() => undefined);
      await admin((c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}
