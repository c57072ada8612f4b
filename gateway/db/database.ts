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

/**
 * Statements that PostgreSQL keeps parsed and planned on each connection (named
 * prepared statements), by their exact SQL text: the few hottest queries only,
 * registered by the store with `prepareStatement` (store/addresses.ts). Any other
 * text is sent unnamed, parsed and planned anew each time, as before. Parsing and
 * planning were half of PostgreSQL's time per address-list call (`npm run load`, docs/performance.md).
 * They select named columns, never `*`: a column added later by a migration does
 * not change their result type (which would fail a statement prepared before it).
 */
const preparedStatements = new Map<string, string>();

/** Runs `sqlText` as the named prepared statement `name` on PostgreSQL (each connection prepares it on first use). */
export function prepareStatement(name: string, sqlText: string): void {
  const known = preparedStatements.get(sqlText);
  if (known !== undefined && known !== name) throw new Error(`Statement ${name} has the text of ${known}`);
  if (known === undefined && [...preparedStatements.values()].includes(name)) throw new Error(`Prepared statement ${name} already has another text`);
  preparedStatements.set(sqlText, name);
}

/** Databases that this process alone opens (embedded PGlite): no other process writes them. */
const ownedByThisProcess = new WeakSet<Db>();

/** Whether only this process reads and writes the database (PGlite), so what it wrote can also be kept in memory. */
export const isOwnedByThisProcess = (db: Db): boolean => ownedByThisProcess.has(db);

export async function openDatabase(storage: Storage): Promise<Db> {
  const plugins = [new CamelCasePlugin()];
  if (storage.kind === 'postgres') {
    const pg = await import('pg');
    const { Pool, types } = pg.default;
    types.setTypeParser(DATE_OID, (v: string) => v);
    types.setTypeParser(NUMERIC_OID, (v: string) => Number(v));
    types.setTypeParser(INT8_OID, (v: string) => Number(v));
    const pool = new Pool({ connectionString: storage.url, max: 5 });
    // Kysely calls query(text, values): the registered texts go as named statements (`prepareStatement`).
    pool.on('connect', (client) => {
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      client.query = ((...args: unknown[]) => {
        const [config, values] = args;
        const name = args.length === 2 && typeof config === 'string' && Array.isArray(values) ? preparedStatements.get(config) : undefined;
        return name === undefined ? query(...args) : query({ name, text: config, values });
      }) as typeof client.query;
    });
    // An idle connection the server ends (a restart, a failover, an administrator's command) leaves
    // the pool, which opens another on the next query. Without a listener its error would end the
    // process. Logged by its code only (never a query's parameters: docs/security.md, "Logs and security events").
    pool.on('error', (error: Error & { code?: string }) => {
      console.warn(JSON.stringify({ level: 'warn', msg: 'database: an idle connection was closed by the server', code: error.code ?? 'unknown' }));
    });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
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
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }), plugins });
  ownedByThisProcess.add(db);
  return db;
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
