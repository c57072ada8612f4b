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

/**
 * The time limits on the PostgreSQL path (docs/gateway.md, "Time limits"): no
 * query, lock wait or connection waits for ever, so a stalled database or one
 * member's locked row turns into a quick 503 instead of every request waiting
 * with it. PGlite runs in this process: nothing there can stall apart from it.
 */
export interface DatabaseLimits {
  /** PostgreSQL's statement_timeout (ms): the longest one statement may run on the server. */
  statementTimeoutMs: number;
  /** PostgreSQL's lock_timeout (ms): the longest a statement waits for a row (or table) lock. */
  lockTimeoutMs: number;
  /** PostgreSQL's idle_in_transaction_session_timeout (ms): a transaction left open (a stalled gateway) releases its locks. */
  idleInTransactionTimeoutMs: number;
  /**
   * The client's own wait for an answer (ms), for a server that does not answer
   * at all (paused, unreachable), where statement_timeout never fires: the
   * connection is then dropped, never handed out again.
   */
  queryTimeoutMs: number;
  /** The longest a request waits for a pool connection, or for a new one to open (ms). */
  connectTimeoutMs: number;
  /** Connections per gateway instance. */
  poolSize: number;
}

/**
 * The defaults: the gateway's statements take milliseconds (p99 under 5 ms,
 * docs/performance.md), so these are hundreds of times that, and short enough
 * that a member sees an error to retry within about 2 s.
 */
export const DEFAULT_DATABASE_LIMITS: DatabaseLimits = {
  statementTimeoutMs: 1500,
  lockTimeoutMs: 1000,
  idleInTransactionTimeoutMs: 5000,
  queryTimeoutMs: 2000,
  connectTimeoutMs: 1000,
  poolSize: 5,
};

/** Migrations and the seed (main.ts): no statement or lock limit (a migration may run long, or wait for another instance's). */
export const MAINTENANCE_LIMITS: DatabaseLimits = {
  ...DEFAULT_DATABASE_LIMITS,
  statementTimeoutMs: 0,
  lockTimeoutMs: 0,
  queryTimeoutMs: 0,
  connectTimeoutMs: 5000,
  poolSize: 1,
};

/** SQLSTATEs of a database that is busy, stalled or going away (not of a wrong request): the call may be retried. */
const UNAVAILABLE_CODES = new Set([
  '57014', // query_canceled: statement_timeout
  '55P03', // lock_not_available: lock_timeout
  '25P03', // idle_in_transaction_session_timeout
  '57P01', '57P02', '57P03', // admin_shutdown, crash_shutdown, cannot_connect_now (a restart)
  '53300', // too_many_connections
  '08000', '08001', '08003', '08004', '08006', // connection exceptions
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH',
]);
/** node-postgres says these in words only. */
const UNAVAILABLE_MESSAGES = /^(timeout exceeded when trying to connect|Query read timeout|Connection terminated|Client has encountered a connection error|Connection ended)/;

/** Whether an error says the database is unavailable now (answered 503 with Retry-After), not that the request was wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) || (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message));
}

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

/** How each PostgreSQL database answers /readyz: a connection of its own, so a busy pool does not read as a dead database. */
const probes = new WeakMap<Db, (budgetMs: number) => Promise<void>>();

/**
 * Whether the database answers `select 1` within `budgetMs` (/readyz). On
 * PostgreSQL on a new connection of its own, dropped when the budget is spent.
 */
export async function pingDatabase(db: Db, budgetMs: number): Promise<void> {
  const probe = probes.get(db);
  if (probe) return probe(budgetMs);
  let timer: NodeJS.Timeout | undefined;
  const spent = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('Query read timeout')), budgetMs)));
  try {
    await Promise.race([sql`select 1`.execute(db), spent]);
  } finally {
    clearTimeout(timer);
  }
}

export async function openDatabase(storage: Storage, limits: DatabaseLimits = DEFAULT_DATABASE_LIMITS): Promise<Db> {
  const plugins = [new CamelCasePlugin()];
  if (storage.kind === 'postgres') {
    const pg = await import('pg');
    const { Pool, Client, types } = pg.default;
    types.setTypeParser(DATE_OID, (v: string) => v);
    types.setTypeParser(NUMERIC_OID, (v: string) => Number(v));
    types.setTypeParser(INT8_OID, (v: string) => Number(v));
    // Zero leaves a limit off (node-postgres sends nothing for 0).
    const serverLimits = {
      statement_timeout: limits.statementTimeoutMs,
      lock_timeout: limits.lockTimeoutMs,
      idle_in_transaction_session_timeout: limits.idleInTransactionTimeoutMs,
    };
    const pool = new Pool({
      connectionString: storage.url,
      max: limits.poolSize,
      connectionTimeoutMillis: limits.connectTimeoutMs,
      ...(limits.queryTimeoutMs ? { query_timeout: limits.queryTimeoutMs } : {}),
      ...serverLimits,
    });
    // Kysely calls query(text, values): the registered texts go as named statements (`prepareStatement`).
    pool.on('connect', (client) => {
      // A connection that dies while a request holds it (a restart, a dropped stalled query) fails that
      // request's query (503); without a listener its error event would end the process.
      client.on('error', () => undefined);
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      // A query the server did not answer in time leaves the connection waiting for that answer: it is
      // closed, so the pool drops it on release and never queues another query behind the stalled one.
      const dropIfStalled = (error: unknown) => {
        if (error instanceof Error && error.message === 'Query read timeout') (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
        throw error;
      };
      client.query = ((...args: unknown[]) => {
        const [config, values] = args;
        const name = args.length === 2 && typeof config === 'string' && Array.isArray(values) ? preparedStatements.get(config) : undefined;
        const result = name === undefined ? query(...args) : query({ name, text: config, values });
        return result instanceof Promise ? result.catch(dropIfStalled) : result;
      }) as typeof client.query;
    });
    // An idle connection the server ends (a restart, a failover, an administrator's command) leaves
    // the pool, which opens another on the next query. Without a listener its error would end the
    // process. Logged by its code only (never a query's parameters: docs/security.md, "Logs and security events").
    pool.on('error', (error: Error & { code?: string }) => {
      console.warn(JSON.stringify({ level: 'warn', msg: 'database: an idle connection was closed by the server', code: error.code ?? 'unknown' }));
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
    probes.set(db, async (budgetMs) => {
      const client = new Client({ connectionString: storage.url, connectionTimeoutMillis: budgetMs, query_timeout: budgetMs, statement_timeout: budgetMs });
      // A probe that fails is answered by its promise; its late errors (the connection dropped) are not the process's.
      client.on('error', () => undefined);
      let timer: NodeJS.Timeout | undefined;
      const spent = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('Query read timeout')), budgetMs)));
      try {
        await Promise.race([client.connect().then(() => client.query('select 1')), spent]);
      } catch (error) {
        (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
        throw error;
      } finally {
        clearTimeout(timer);
      }
      void client.end().catch(() => undefined);
    });
    return db;
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
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}

/** Drops every table of the gateway, for `npm run reset`. */
export async function dropAll(db: Db): Promise<void> {
  await sql`drop schema public cascade`.execute(db);
  await sql`create schema public`.execute(db);
}
