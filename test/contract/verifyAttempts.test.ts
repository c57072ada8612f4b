/**
 * The link's attempts are one constant (machines/shared/rules/verifyAttempts.ts) that the machines, the
 * views and the gateway's stores import. Two copies must stay written out: the contract (its `maximum`,
 * its example and its words) and the migrations' `check` (a migration is history; a new number needs a
 * new migration). These tests fail when either disagrees with the constant.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { parse } from 'yaml';
import { CONTRACT_PATH } from '../../gateway/app.ts';
import { migrate } from '../../gateway/db/database.ts';
import { ATTEMPT_MESSAGES, MAX_ATTEMPTS } from '../../machines/shared/rules/verifyAttempts.ts';
import { openTestDatabase, type TestDatabase } from './database.ts';

const contractText = readFileSync(CONTRACT_PATH, 'utf8');
const contract = parse(contractText);
const schemas = contract.components.schemas;

describe('the contract says the same number of attempts', () => {
  it('caps remainingAttempts at the constant', () => {
    expect(schemas.LinkInfo.properties.remainingAttempts.maximum).toBe(MAX_ATTEMPTS);
    expect(schemas.LinkVerifyResult.properties.remainingAttempts.maximum).toBe(MAX_ATTEMPTS);
    expect(schemas.LinkInfo.example.remainingAttempts).toBe(MAX_ATTEMPTS);
  });

  it('writes the constant wherever its words count failed attempts', () => {
    const counted = [...contractText.matchAll(/(\d+)\s+failed\s+attempts/g)].map((m) => Number(m[1]));
    // The member number's lock (5 failed member verifications) is another rule and other words.
    expect(counted.length).toBeGreaterThan(0);
    expect(counted.every((n) => n === MAX_ATTEMPTS)).toBe(true);
  });

  it('quotes the texts the gateway sends where it quotes them', () => {
    for (const [name, text] of Object.entries(ATTEMPT_MESSAGES)) {
      const quoted = /this screen will be locked|temporarily blocked|identity cannot be verified/.exec(text)![0];
      for (const line of contractText.split('\n').filter((l) => l.includes(quoted))) {
        expect(line.trim(), name).toContain(text);
      }
    }
  });
});

describe('the database keeps the same number of attempts', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
    await migrate(database.db);
  });
  afterAll(() => database.close());

  it('checks remaining_attempts between 0 and the constant, on links and on the order checks', async () => {
    const { rows } = await sql<{ table: string; def: string }>`
      select t.relname as "table", pg_get_constraintdef(c.oid) as def from pg_constraint c join pg_class t on t.oid = c.conrelid
      where c.contype = 'c' and pg_get_constraintdef(c.oid) like '%remaining_attempts%' order by t.relname`.execute(database.db);
    expect(rows.map((r) => r.table)).toEqual(['links', 'order_checks']);
    for (const { table, def } of rows) {
      const bounds = [...def.matchAll(/remaining_attempts\s*(>=|<=)\s*(\d+)/g)].map((m) => `${m[1]} ${m[2]}`);
      expect(bounds, `${table}: ${def}`).toEqual(['>= 0', `<= ${MAX_ATTEMPTS}`]);
    }
  });
});
