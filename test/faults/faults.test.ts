/**
 * The fault suite (docs/gateway.md, "Time limits and what a client should
 * retry"): the operator's faults on a PostgreSQL cluster of this file's own,
 * since pausing or restarting the suite's shared server would fail every other
 * file. Each scenario asserts what a member sees (statuses, Retry-After, how
 * long an answer took, with bounds far above the limits so that a busy machine
 * cannot outrun them) and what is stored (nothing lost, nothing twice).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildGateway } from '../../gateway/app.ts';
import { migrate, openDatabase, type Db } from '../../gateway/db/database.ts';
import { seed } from '../../gateway/db/seed.ts';
import { DATABASE_UNAVAILABLE } from '../../gateway/errors.ts';
import { startCluster, type OwnCluster } from '../tools/postgres.ts';
import { freePort } from '../tools/serve.ts';

const MARIA = { memberNumber: 'MMA100001', firstName: 'Maria', lastName: 'Lopez', birthDate: '1958-04-12' };
const SECRET = 'fault-suite-secret';

let cluster: OwnCluster;
let created = 0;
/** A new database on the cluster, its URL. */
async function newDatabase(): Promise<string> {
  const name = `mop_faults_${process.pid}_${created++}`;
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(cluster.url);
  url.pathname = `/${name}`;
  return url.toString();
}

beforeAll(async () => {
  cluster = await startCluster();
}, 120_000);
afterAll(() => cluster?.stop());

/** The gateway in this process over a database of its own, migrated and seeded, with a member's tokens. */
async function inProcessGateway() {
  const url = await newDatabase();
  const db: Db = await openDatabase({ kind: 'postgres', url });
  await migrate(db);
  await seed(db, { now: new Date(), banner: true });
  const app: FastifyInstance = await buildGateway({ db, secret: SECRET });
  const appToken = async () => (await app.inject({ method: 'POST', url: '/gwapi/apptoken', payload: { clientId: 'mmar-web' } })).json().token as string;
  const app_ = await appToken();
  const verified = await app.inject({ method: 'POST', url: '/gwapi/mmar/verify', headers: { 'x-app-token': app_ }, payload: { memberInfo: MARIA } });
  const patient = verified.json().accessToken as string;
  /** One call, timed. */
  const call = async (method: 'GET' | 'PUT' | 'POST', path: string, payload?: object, headers: Record<string, string> = {}) => {
    const started = Date.now();
    const r = await app.inject({ method, url: path, headers: { 'x-app-token': app_, 'x-access-token': patient, ...headers }, ...(payload ? { payload } : {}) });
    return { status: r.statusCode, retryAfter: r.headers['retry-after'], text: r.body ? (r.json() as { messageErrorText?: string }).messageErrorText : undefined, ms: Date.now() - started };
  };
  return { app, db, call, close: async () => { await app.close(); await db.destroy(); } };
}

const email = (call: Awaited<ReturnType<typeof inProcessGateway>>['call'], address: string) =>
  call('PUT', '/gwapi/mmar/patient/emailaddresses', { newEmailAddress: address });
const readEmail = (call: Awaited<ReturnType<typeof inProcessGateway>>['call']) => call('GET', '/gwapi/mmar/patient/emailaddress');
const ready = (call: Awaited<ReturnType<typeof inProcessGateway>>['call']) => call('GET', '/readyz');

/** Polls until `check` holds (every 250 ms), at most `ms`. */
async function until(check: () => Promise<boolean>, ms: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return Date.now() - started;
}

describe('the database paused for 8 s, then resumed', () => {
  it('answers /readyz 503 within 1.5 s and every call 503 with Retry-After within 4 s; recovers after; the refused write, retried, is stored once', async () => {
    const gw = await inProcessGateway();
    try {
      expect((await email(gw.call, 'before.pause@example.com')).status).toBe(200);
      cluster.pause();
      const pausedAt = Date.now();
      let answers;
      try {
        answers = await Promise.all([ready(gw.call), readEmail(gw.call), email(gw.call, 'during.pause@example.com')]);
      } finally {
        // Resumed 8 s after the pause, however early the answers came.
        await new Promise((r) => setTimeout(r, Math.max(0, 8000 - (Date.now() - pausedAt))));
        cluster.resume();
      }
      const [readiness, read, write] = answers;
      expect([readiness.status, read.status, write.status]).toEqual([503, 503, 503]);
      expect(readiness.ms).toBeLessThan(1500);
      for (const a of [read, write]) {
        expect([a.text, Number(a.retryAfter)]).toEqual([DATABASE_UNAVAILABLE, 2]);
        expect(a.ms).toBeLessThan(4000);
      }
      // After the resume: ready again, and the member's retry is stored once.
      await until(async () => (await ready(gw.call)).status === 200, 15_000);
      expect((await readEmail(gw.call)).status).toBe(200);
      expect((await email(gw.call, 'during.pause@example.com')).status).toBe(200);
      const rows = await gw.db.selectFrom('patients').select('email').where('memberNumber', '=', MARIA.memberNumber).execute();
      expect(rows).toEqual([{ email: 'during.pause@example.com' }]);
    } finally {
      cluster.resume();
      await gw.close();
    }
  }, 60_000);
});

describe('the database restarted', () => {
  it('answers 503 within 4 s while it is down, and recovers without a restart of the gateway', async () => {
    const gw = await inProcessGateway();
    try {
      // Two pooled connections go idle before the restart (the server ends them).
      await Promise.all([readEmail(gw.call), readEmail(gw.call)]);
      cluster.shutdown();
      let down;
      try {
        down = await Promise.all([ready(gw.call), readEmail(gw.call), email(gw.call, 'while.down@example.com')]);
      } finally {
        cluster.start();
      }
      expect(down.map((a) => a.status)).toEqual([503, 503, 503]);
      for (const a of down) expect(a.ms).toBeLessThan(4000);
      const back = await until(async () => (await ready(gw.call)).status === 200 && (await readEmail(gw.call)).status === 200, 20_000);
      expect(back).toBeLessThan(20_000);
      expect((await email(gw.call, 'after.restart@example.com')).status).toBe(200);
    } finally {
      await gw.close();
    }
  }, 90_000);
});

/** `npm start`'s gateway (gateway/main.ts) over `url`, its output collected. */
function spawnGateway(url: string, port: number, env: Record<string, string> = {}) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'gateway/main.ts'], {
    env: { ...process.env, DATABASE_URL: url, GATEWAY_SECRET: SECRET, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe('starting while the database is down', () => {
  it('tries again with backoff, one log line a try, and starts once the database is back', async () => {
    const url = await newDatabase();
    const port = await freePort();
    cluster.shutdown();
    const gw = spawnGateway(url, port, { TOKENIZER_PORT: String(await freePort()), GATEWAY_DB_STARTUP_RETRY_S: '60' });
    try {
      await until(async () => (gw.output().match(/not answering at start/g) ?? []).length >= 2, 30_000);
      cluster.start();
      await until(async () => (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null))?.status === 200, 60_000);
      const tries = gw.output().split('\n').filter((l) => l.includes('not answering at start'));
      for (const line of tries) expect(JSON.parse(line)).toMatchObject({ level: 'warn', msg: expect.stringMatching(/^database: not answering at start, trying again in [\d.]+ s$/) });
      expect(gw.output()).not.toMatch(/\n\s+at /);
    } finally {
      cluster.start();
      gw.child.kill('SIGKILL');
      await gw.exited;
    }
  }, 120_000);

  it('gives up after GATEWAY_DB_STARTUP_RETRY_S with a one-line reason, no stack trace', async () => {
    const closed = await freePort();
    const started = Date.now();
    const gw = spawnGateway(`postgres://postgres@127.0.0.1:${closed}/nothing`, await freePort(), { TOKENIZER_PORT: String(await freePort()), GATEWAY_DB_STARTUP_RETRY_S: '2' });
    expect(await gw.exited).toBe(1);
    expect(Date.now() - started).toBeLessThan(30_000);
    const lines = gw.output().trim().split('\n');
    expect(lines.at(-1)).toMatch(/^The gateway could not start: the database did not answer within 2 s \(.*ECONNREFUSED.*\)\.$/);
    expect(lines.filter((l) => l.includes('not answering at start')).length).toBeGreaterThanOrEqual(2);
    expect(gw.output()).not.toMatch(/\n\s+at /);
  }, 60_000);
});

describe('SIGTERM with clients on kept-alive connections (a rolling restart)', () => {
  it('answers /readyz 503 from the signal, closes each connection after its answer, and resets no request', async () => {
    const url = await newDatabase();
    const port = await freePort();
    const gw = spawnGateway(url, port, { TOKENIZER_PORT: String(await freePort()), GATEWAY_DRAIN_MS: '5000' });
    const base = `http://127.0.0.1:${port}`;
    try {
      await until(async () => (await fetch(`${base}/readyz`).catch(() => null))?.status === 200, 60_000);
      const agent = new Agent({ keepAlive: true, maxSockets: 4 });
      // When each call was sent: before the signal, after it (the gateway may not have handled it yet: the
      // kill is asynchronous), or once the health check had seen the 503 (the gateway was draining for sure).
      type Phase = 'before' | 'signalled' | 'draining';
      let phase: Phase = 'before';
      const seen: { path: string; status?: number; close?: boolean; error?: string; sent: Phase }[] = [];
      type Seen = (typeof seen)[number];
      const get = (path: string) => new Promise<Seen>((resolve) => {
        const sent = phase;
        const record = (entry: Seen) => {
          seen.push(entry);
          resolve(entry);
        };
        const req = request(`${base}${path}`, { agent }, (res) => {
          res.resume();
          res.on('end', () => record({ path, status: res.statusCode, close: res.headers.connection === 'close', sent }));
        });
        req.on('error', (e: NodeJS.ErrnoException) => record({ path, error: e.code ?? e.message, sent }));
        req.end();
      });
      // A balancer: its health check polls /readyz; its four forwarders send one call after another, each on its
      // kept-alive connection, until the health check has seen a 503 (the instance is out of rotation), and
      // then the one call each had already decided to send.
      const check = (async () => {
        while (phase !== 'draining') {
          const answer = await get('/readyz');
          if (answer.status === 503 || answer.error) phase = 'draining';
          else await new Promise((r) => setTimeout(r, 100));
        }
      })();
      const forwarders = Array.from({ length: 4 }, async () => {
        while (phase !== 'draining') await get('/healthz');
        await get('/healthz');
      });
      await new Promise((r) => setTimeout(r, 500));
      phase = 'signalled';
      gw.child.kill('SIGTERM');
      await Promise.all([check, ...forwarders]);
      expect(await gw.exited).toBe(0);
      agent.destroy();
      // Nothing refused, nothing reset: the drain kept the listener open until the balancer had moved away.
      expect(seen.filter((s) => s.error).map((s) => `${s.path} ${s.error}`)).toEqual([]);
      // The health check: 200 until the gateway handled the signal, then 503 (once).
      const checks = seen.filter((s) => s.path === '/readyz' && s.sent !== 'before').map((s) => s.status);
      expect(checks.at(-1)).toBe(503);
      expect(checks.slice(0, -1).every((status) => status === 200)).toBe(true);
      // Every call the draining gateway answered closed its connection after the answer.
      const draining = seen.filter((s) => s.sent === 'draining');
      expect(draining).toHaveLength(4);
      expect(draining.every((s) => s.status === 200 && s.close)).toBe(true);
      // Before the signal, connections were kept alive.
      expect(seen.filter((s) => s.sent === 'before' && s.status === 200 && !s.close).length).toBeGreaterThan(0);
    } finally {
      if (gw.child.exitCode === null) gw.child.kill('SIGKILL');
    }
  }, 120_000);
});

describe('kill -9 during an order, then the retry on the other instance', () => {
  it('places exactly one order for the Idempotency-Key: the killed one left nothing, the retry places it, a repeat gets the same answer', async () => {
    const url = await newDatabase();
    const [portA, portB] = [await freePort(), await freePort()];
    // The first instance's lock waits are long, so it is still waiting on the link's row when it is killed.
    const a = spawnGateway(url, portA, { TOKENIZER_PORT: String(await freePort()), GATEWAY_DB_LOCK_TIMEOUT_MS: '20000', GATEWAY_DB_STATEMENT_TIMEOUT_MS: '20000', GATEWAY_DB_QUERY_TIMEOUT_MS: '25000' });
    await until(async () => (await fetch(`http://127.0.0.1:${portA}/readyz`).catch(() => null))?.status === 200, 60_000);
    const b = spawnGateway(url, portB, { TOKENIZER_PORT: String(await freePort()) });
    const holder = new pg.Client({ connectionString: url });
    const watcher = new pg.Client({ connectionString: url });
    try {
      await until(async () => (await fetch(`http://127.0.0.1:${portB}/readyz`).catch(() => null))?.status === 200, 60_000);
      const on = (port: number) => async (method: string, path: string, headers: Record<string, string> = {}, body?: unknown) => {
        const r = await fetch(`http://127.0.0.1:${port}${path}`, { method, headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
        const text = await r.text();
        return { status: r.status, body: text ? JSON.parse(text) : undefined };
      };
      const callB = on(portB);
      const app = (await callB('POST', '/gwapi/apptoken', {}, { clientId: 'mmar-web' })).body.token as string;
      const { patientId } = (await callB('POST', '/gwapi/EasyFill/Validate?linkId=demo-refill', { 'x-app-token': app }, { updateClicks: false })).body;
      const token = (await callB('POST', '/gwapi/easyfill/verify', { 'x-app-token': app }, { patientId, easyFillCode: 'demo-refill', dateOfBirth: MARIA.birthDate, zipCode: '85281' })).body.accessToken as string;
      const auth = { 'x-app-token': app, 'x-access-token': token };
      const drugs = (await callB('GET', '/gwapi/easyfill/prescriptions', auth)).body;
      const address = (await callB('GET', '/gwapi/easyfill/addresses', auth)).body[0];
      const card = (await callB('GET', '/gwapi/easyfill/paymentmethods', auth)).body[0];
      const stamp = new Date().toISOString();
      const cart = {
        orderCartId: 0, patientId: null, shippingAddressId: address.addressId, billingAddressId: address.addressId,
        paymentCardId: card.cardSeqNum, paymentMethodTypeId: 2, orderId: 0, statusId: 0, expeditedShipping: false,
        originationNum: 0, addedDate: stamp, updatedDate: stamp, addedBy: 0, updatedBy: 0, messageStatus: true,
        orderLineItems: [{ rxId: drugs[0].rxId, orderLineItemId: 0, lineNumber: 0, orderCartId: 0, previousDispenseId: 0, statusId: 0, priorityItem: true, addedDate: stamp, updatedDate: stamp, addedBy: 0, updatedBy: 0, messageStatus: true }],
      };
      const keyed = { ...auth, 'idempotency-key': 'kill-nine-mid-order-0001' };
      // The link's row is held: the first instance's order waits on it, mid-transaction, its key written.
      await holder.connect();
      await holder.query('begin');
      await holder.query(`select 1 from links where link_id = 'demo-refill' for update`);
      const killed = on(portA)('POST', '/gwapi/easyfill/order', keyed, cart).then(() => 'answered', () => 'cut');
      // Read on another connection: inside the holder's transaction, pg_stat_activity stays the snapshot it first read.
      await watcher.connect();
      await until(async () => (await watcher.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)).rows[0].n > 0, 20_000);
      a.child.kill('SIGKILL');
      expect(await killed).toBe('cut');
      await holder.query('commit');
      const retry = await callB('POST', '/gwapi/easyfill/order', keyed, cart);
      expect([retry.status, retry.body.messageStatus]).toEqual([200, true]);
      const repeat = await callB('POST', '/gwapi/easyfill/order', keyed, cart);
      expect([repeat.status, repeat.body.orderId]).toEqual([200, retry.body.orderId]);
      const orders = await holder.query(`select o.order_id from orders o join links l on l.link_key = o.link_key where l.link_id = 'demo-refill'`);
      expect(orders.rows.map((r) => r.order_id)).toEqual([retry.body.orderId]);
    } finally {
      await holder.end().catch(() => undefined);
      await watcher.end().catch(() => undefined);
      for (const gw of [a, b]) if (gw.child.exitCode === null && gw.child.signalCode === null) gw.child.kill('SIGKILL');
      await Promise.all([a.exited, b.exited]);
    }
  }, 150_000);
});
