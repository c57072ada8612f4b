/**
 * Member verification is no way to guess a date of birth: failed verifications
 * are counted per member number in the database (5 within 15 minutes lock the
 * number for 15 minutes, 423), and every refusal looks the same (status, body
 * and the database work behind it). Each test locks its own copy of a seeded
 * member (POST /__test/members), as a browser test would.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { buildGateway } from '../../gateway/app.ts';
import { migrate, openDatabase, type Db, type Storage } from '../../gateway/db/database.ts';
import { onPostgres, openTestDatabase } from './database.ts';
import { isSeeded, seed } from '../../gateway/db/seed.ts';
import { MEMBER_NOT_ELIGIBLE, MEMBER_VERIFY_LOCKED } from '../../gateway/store/memberVerification.ts';
import { SEED_DAY, startGateway, type TestGateway } from './harness.ts';

const LOCKED_TEXT =
  'For your security, verification of this member number is locked for 15 minutes after too many attempts. If you need help, call toll-free 1-800-555-0100 (TTY dial 711).';

const maria = { memberNumber: 'MMA100001', firstName: 'Maria', lastName: 'Lopez', birthDate: '1958-04-12' };
const robert = { memberNumber: 'MMA100004', firstName: 'Robert', lastName: 'Smith', birthDate: '1980-06-15' };
const refused = { status: 404, body: { messageStatus: false, messageErrorText: MEMBER_NOT_ELIGIBLE, statusCode: 404 } };
const locked = { status: 423, body: { messageStatus: false, messageErrorText: LOCKED_TEXT, statusCode: 423 } };

/**
 * One gateway per group of tests: each group stays well under the verification
 * rate limit (60 a minute per client), as the contract tests all do.
 */
let gw: TestGateway;
function ownGateway() {
  beforeAll(async () => {
    gw = await startGateway();
  });
  afterAll(async () => gw?.close());
}

const verify = async (memberInfo: typeof maria) => {
  const r = await gw.call('verifyMember', { body: { memberInfo } });
  return { status: r.status, body: r.body };
};
const later = (minutes: number) => {
  gw.clock.now = new Date(gw.clock.now.getTime() + Math.round(minutes * 60_000));
};
/** A copy of a seeded member under a new number (the test switch), so locking it leaves the persona alone. */
async function copyOf(from: string): Promise<string> {
  const r = await gw.app.inject({ method: 'POST', url: '/__test/members', payload: { from } });
  expect(r.statusCode).toBe(201);
  return (r.json() as { memberNumber: string }).memberNumber;
}
async function fail(who: typeof maria, times: number) {
  for (let i = 0; i < times; i++) expect(await verify({ ...who, birthDate: '1958-04-13' })).toEqual(refused);
}

describe('the lockout', () => {
  ownGateway();

  it('says the words the SPA shows', () => {
    expect(MEMBER_VERIFY_LOCKED).toBe(LOCKED_TEXT);
  });

  it('locks a member number after 5 failures within 15 minutes, even for the right answers', async () => {
    const mine = { ...maria, memberNumber: await copyOf('MMA100001') };
    expect(mine.memberNumber).toMatch(/^[A-Z0-9]{1,20}$/);
    await fail(mine, 4);
    later(5);
    await fail(mine, 1);
    expect(await verify(mine)).toEqual(locked);
    expect(await verify({ ...mine, firstName: 'Nobody' })).toEqual(locked);
    // Only the copy is locked: the persona other tests use still verifies.
    expect((await verify(maria)).status).toBe(200);
  });

  it('unlocks after 15 minutes, with a fresh count', async () => {
    const mine = { ...maria, memberNumber: await copyOf('MMA100001') };
    await fail(mine, 5);
    later(14.9);
    expect(await verify(mine)).toEqual(locked);
    later(0.1);
    expect((await verify(mine)).status).toBe(200);
    await fail(mine, 4);
    expect((await verify(mine)).status).toBe(200);
  });

  it('does not count failures older than 15 minutes', async () => {
    const mine = { ...maria, memberNumber: await copyOf('MMA100001') };
    await fail(mine, 4);
    later(15);
    await fail(mine, 4);
    expect((await verify(mine)).status).toBe(200);
    // A sliding window: 3 failures, then 2 more ten minutes later, are 5 within 15 minutes.
    const other = { ...maria, memberNumber: await copyOf('MMA100001') };
    await fail(other, 3);
    later(10);
    await fail(other, 2);
    expect(await verify(other)).toEqual(locked);
  });
});

describe('the count: cleared by a success, kept per member number (trimmed, upper case, known or not)', () => {
  ownGateway();

  it('clears the count on a successful verification', async () => {
    const mine = { ...maria, memberNumber: await copyOf('MMA100001') };
    await fail(mine, 4);
    expect((await verify(mine)).status).toBe(200);
    await fail(mine, 4);
    expect((await verify(mine)).status).toBe(200);
    const row = await gw.db.selectFrom('memberVerifications').selectAll().where('memberNumber', '=', mine.memberNumber).executeTakeFirst();
    expect(row?.failedAt ?? []).toEqual([]);
  });

  it('counts unknown member numbers like known ones, whatever their case', async () => {
    const nobody = { memberNumber: 'zz4040404', firstName: 'Maria', lastName: 'Lopez', birthDate: '1958-04-12' };
    for (let i = 0; i < 5; i++) expect(await verify({ ...nobody, memberNumber: i % 2 ? 'ZZ4040404' : 'zz4040404' })).toEqual(refused);
    expect(await verify(nobody)).toEqual(locked);
    const row = await gw.db.selectFrom('memberVerifications').selectAll().where('memberNumber', '=', 'ZZ4040404').executeTakeFirstOrThrow();
    expect(row.lockedUntil!.getTime()).toBe(gw.clock.now.getTime() + 15 * 60_000);
  });

  it('locks a copy typed in lower case under its one key', async () => {
    const mine = { ...maria, memberNumber: await copyOf('mma100001') };
    await fail({ ...mine, memberNumber: mine.memberNumber.toLowerCase() }, 5);
    expect(await verify(mine)).toEqual(locked);
  });

  it('copies only members that exist, under a number of the contract’s form', async () => {
    expect((await gw.app.inject({ method: 'POST', url: '/__test/members', payload: { from: 'NOSUCH1' } })).statusCode).toBe(404);
    expect((await gw.app.inject({ method: 'POST', url: '/__test/members', payload: { from: 'bad number!' } })).statusCode).toBe(400);
    const copy = await copyOf('MMA100002');
    const [source, clone] = await Promise.all(['MMA100002', copy].map((n) => gw.db.selectFrom('members').selectAll().where('memberNumber', '=', n).executeTakeFirstOrThrow()));
    expect({ ...clone, memberNumber: 'MMA100002' }).toEqual(source);
    const count = (n: string) => gw.db.selectFrom('transferCandidates').select('ndc').where('memberNumber', '=', n).orderBy('candidateId').execute();
    expect(await count(copy)).toEqual(await count('MMA100002'));
  });
});

it('has no member copies unless the gateway is started for tests', async () => {
  const database = await openTestDatabase();
  await migrate(database.db);
  const plain = await buildGateway({ db: database.db, secret: 'lockout-test-secret' });
  try {
    expect((await plain.inject({ method: 'POST', url: '/__test/members', payload: { from: 'MMA100001' } })).statusCode).toBe(404);
  } finally {
    await plain.close();
    await database.close();
  }
});

describe('one answer for every refusal', () => {
  ownGateway();

  it('answers an unknown number, a wrong name, a wrong date of birth and a member not eligible the same way', async () => {
    const mine = { ...maria, memberNumber: await copyOf('MMA100001') };
    const answers = [
      await verify({ ...mine, memberNumber: 'MMA999999' }),
      await verify({ ...mine, firstName: 'Marie' }),
      await verify({ ...mine, lastName: 'Lopes' }),
      await verify({ ...mine, birthDate: '1958-12-04' }),
      await verify(robert),
    ];
    for (const answer of answers) expect(answer).toEqual(refused);
  });

  it('counts a right identity that is not eligible like any refusal, so the lockout does not tell it apart (L6)', async () => {
    const mine = { ...robert, memberNumber: await copyOf('MMA100004') };
    expect(await verify(mine)).toEqual(refused);
    for (let i = 0; i < 4; i++) expect(await verify({ ...mine, birthDate: '1980-06-16' })).toEqual(refused);
    expect(await verify(mine)).toEqual(locked);
    const other = { ...robert, memberNumber: await copyOf('MMA100004') };
    for (let i = 0; i < 5; i++) expect(await verify(other)).toEqual(refused);
    expect(await verify(other)).toEqual(locked);
  });
});

/** Records the shape of every query (values left out), to compare the database work of two calls. */
class QueryShapes implements KyselyPlugin {
  shapes: string[] = [];
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    this.shapes.push(JSON.stringify(node, (key, value: unknown) => (key === 'value' || key === 'values' ? '?' : value)));
    return node;
  }
  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

async function openGateway(storage: Storage, clock: { now: Date }, plugin?: KyselyPlugin): Promise<{ app: FastifyInstance; db: Db }> {
  const db = await openDatabase(storage);
  await migrate(db);
  if (!(await isSeeded(db))) await seed(db, { now: SEED_DAY, banner: true });
  const app = await buildGateway({ db: plugin ? db.withPlugin(plugin) : db, secret: 'lockout-test-secret', now: () => clock.now, faults: true });
  await app.ready();
  return { app, db };
}

async function verifyOn(app: FastifyInstance, memberInfo: typeof maria) {
  const token = (await app.inject({ method: 'POST', url: '/gwapi/apptoken', payload: { clientId: 'mmar-web' } })).json() as { token: string };
  const r = await app.inject({ method: 'POST', url: '/gwapi/mmar/verify', headers: { 'x-app-token': token.token }, payload: { memberInfo } });
  return { status: r.statusCode, body: r.json() as unknown };
}

describe('the same database work on every refusal', () => {
  it('runs the same queries for an unknown number, a wrong name, a wrong date of birth and a member not eligible', async () => {
    const shapes = new QueryShapes();
    const clock = { now: new Date(SEED_DAY) };
    const database = onPostgres ? await openTestDatabase() : undefined;
    await database?.db.destroy();
    const { app, db } = await openGateway(database?.storage ?? { kind: 'memory' }, clock, shapes);
    try {
      const work = async (memberInfo: typeof maria) => {
        shapes.shapes = [];
        expect((await verifyOn(app, memberInfo)).status).toBe(404);
        // The app token call runs no query; what remains is the verification's. The rate limiter's own
        // bookkeeping (rate_limits, with a sweep of old windows now and then) is the same for every call.
        return shapes.shapes.filter((shape) => !shape.includes('rate_limits'));
      };
      const unknown = await work({ ...maria, memberNumber: 'MMA999999' });
      expect(unknown.length).toBeGreaterThanOrEqual(4);
      expect(await work({ ...maria, firstName: 'Marie' })).toEqual(unknown);
      expect(await work({ ...maria, birthDate: '1958-12-04' })).toEqual(unknown);
      expect(await work(robert)).toEqual(unknown);
    } finally {
      await app.close();
      await db.destroy();
      await database?.close();
    }
  }, 60_000);
});

describe('a restart', () => {
  it(`keeps the lock (${onPostgres ? 'PostgreSQL' : 'embedded database on disk'})`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gateway-lockout-'));
    const database = onPostgres ? await openTestDatabase() : undefined;
    await database?.db.destroy();
    const storage: Storage = database?.storage ?? { kind: 'file', dir: join(dir, 'pglite') };
    const clock = { now: new Date(SEED_DAY) };
    try {
      const first = await openGateway(storage, clock);
      for (let i = 0; i < 5; i++) expect(await verifyOn(first.app, { ...maria, birthDate: '1958-04-13' })).toEqual(refused);
      await first.app.close();
      await first.db.destroy();

      clock.now = new Date(clock.now.getTime() + 60_000);
      const second = await openGateway(storage, clock);
      try {
        expect(await verifyOn(second.app, maria)).toEqual(locked);
        clock.now = new Date(clock.now.getTime() + 15 * 60_000);
        expect((await verifyOn(second.app, maria)).status).toBe(200);
      } finally {
        await second.app.close();
        await second.db.destroy();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await database?.close();
    }
  }, 60_000);
});

