/**
 * The gateway's PostgreSQL pool outlives a connection the server ends (a
 * restart, a failover, an administrator's command, `drop database ... with
 * (force)`): the pool drops it and opens another; without its error listener
 * (gateway/db/database.ts) the idle connection's error ended the process.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { openTestDatabase, type TestDatabase } from '../contract/database.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

it('an idle connection ended by the server is logged by its code and replaced; the next query answers', async () => {
  const { db } = database;
  const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
  try {
    // Two queries at once: the pool holds two connections, and both go back to it idle.
    const pids = await Promise.all([0, 1].map(() => sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.1)`.execute(db)));
    expect(new Set(pids.map((r) => r.rows[0]!.pid)).size).toBe(2);
    // From one of them, the server ends every other connection to this database.
    const ended = await sql<{ ended: boolean }>`
      select pg_terminate_backend(pid) as ended from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()`.execute(db);
    expect(ended.rows.map((r) => r.ended)).toContain(true);
    await expect.poll(() => warned.mock.calls.length).toBeGreaterThan(0);
    expect(JSON.parse(String(warned.mock.calls[0]![0]))).toEqual({ level: 'warn', msg: 'database: an idle connection was closed by the server', code: '57P01' });
    const again = await Promise.all([0, 1].map(() => sql<{ one: number }>`select 1 as one`.execute(db)));
    expect(again.map((r) => r.rows[0]!.one)).toEqual([1, 1]);
  } finally {
    warned.mockRestore();
  }
});
