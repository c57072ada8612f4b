/**
 * One query layer over two engines: embedded PGlite (default, kept in .data/ or
 * in memory for tests) or a PostgreSQL server when DATABASE_URL is set. Both run
 * the same migrations and the same Kysely queries.
 */
import { CamelCasePlugin, Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import type { Database } from './schema.ts';
import { migrationProvider } from './migrations.ts';

export type Db = Kysely<Database>;

export type Storage =
  | { kind: 'memory' }
  | { kind: 'file'; dir: string }
  | { kind: 'postgres'; url: string };

const DATE_OID = 1082;
const NUMERIC_OID = 1700;
const INT8_OID = 20;

export async function openDatabase(storage: Storage): Promise<Db> {
  const plugins = [new CamelCasePlugin()];
  if (storage.kind === 'postgres') {
    const pg = await import('pg');
    const { Pool, types } = pg.default;
    types.setTypeParser(DATE_OID, (v: string) => v);
    types.setTypeParser(NUMERIC_OID, (v: string) => Number(v));
    types.setTypeParser(INT8_OID, (v: string) => Number(v));
    return new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new Pool({ connectionString: storage.url, max: 5 }) }),
      plugins,
    });
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = new PGlite({
    ...(storage.kind === 'file' ? { dataDir: storage.dir } : {}),
    parsers: {
      [DATE_OID]: (v: string) => v,
      [NUMERIC_OID]: (v: string) => Number(v),
      [INT8_OID]: (v: string) => Number(v),
    },
  });
  await pglite.waitReady;
  return new Kysely<Database>({ dialect: new PGliteDialect({ pglite }), plugins });
}

export async function migrate(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/** Drops every table of the gateway, for `npm run reset`. */
export async function dropAll(db: Db): Promise<void> {
  await sql`drop schema public cascade`.execute(db);
  await sql`create schema public`.execute(db);
}
