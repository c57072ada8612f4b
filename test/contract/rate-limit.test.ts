/**
 * Per-client limits on the unauthenticated calls (gateway/rateLimit.ts): over
 * the limit, 429 with the contract's ErrorResponse and Retry-After; each
 * operation counts on its own, per client IP. A gateway with small limits here;
 * the other contract files run under the defaults and stay well below them.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildGateway } from '../../gateway/app.ts';
import { buildTokenizer } from '../../gateway/tokenizer/app.ts';
import { readConfig } from '../../gateway/config.ts';
import { migrate } from '../../gateway/db/database.ts';
import { seed } from '../../gateway/db/seed.ts';
import { DEFAULT_RATE_LIMITS, RATE_LIMITED_OPERATIONS, TOO_MANY_REQUESTS } from '../../gateway/rateLimit.ts';
import { NOT_MEMBER_WRITES } from '../../gateway/memberWrites.ts';
import { SEED_DAY, operations, responseErrors } from './harness.ts';
import { EXERCISED_DIR } from './coverage.global.ts';
import { openTestDatabase, type TestDatabase } from './database.ts';

const LIMITS = { appToken: 3, verify: 2 };
const maria = { memberNumber: 'MMA100001', firstName: 'Maria', lastName: 'Lopez', birthDate: '1958-04-12' };

let app: FastifyInstance;
let tokenizer: FastifyInstance;
let database: TestDatabase;
let db: TestDatabase['db'];
let token: string;
/** Operations that answered 2xx within the contract, reported like the harness does (coverage.global.ts). */
const exercised = new Set<string>();

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  await migrate(db);
  await seed(db, { now: SEED_DAY, banner: true });
  app = await buildGateway({ db, secret: 'rate-limit-test-secret', now: () => new Date(SEED_DAY), faults: true, rateLimits: LIMITS });
  await app.ready();
  tokenizer = await buildTokenizer({ db, secret: 'rate-limit-tokenizer-secret', publicUrl: 'http://127.0.0.1:8081', portalOrigins: ['http://127.0.0.1:8080'], rateLimits: LIMITS });
  await tokenizer.ready();
  // From another client, so the app token counter of 127.0.0.1 starts at zero below.
  token = (await app.inject({ method: 'POST', url: '/gwapi/apptoken', payload: { clientId: 'mmar-web' }, remoteAddress: '10.0.0.9' })).json().token;
});
afterAll(async () => {
  if (existsSync(EXERCISED_DIR)) {
    writeFileSync(join(EXERCISED_DIR, `${randomUUID()}.json`), JSON.stringify({ file: basename(fileURLToPath(import.meta.url)), operations: [...exercised] }));
  }
  await tokenizer?.close();
  await app?.close();
  await database?.close();
});

/** Calls an operation from a client IP; the answer must be one the contract gives. */
async function call(operationId: string, payload: object, options: { query?: Record<string, string>; remoteAddress?: string } = {}) {
  const op = operations.get(operationId)!;
  const request: InjectOptions = {
    method: op.method as 'POST',
    url: op.path,
    payload,
    headers: operationId === 'getAppToken' ? {} : { 'x-app-token': token },
    ...(options.query ? { query: options.query } : {}),
    remoteAddress: options.remoteAddress ?? '127.0.0.1',
  };
  const r = await (op.origin === 'tokenizer' ? tokenizer : app).inject(request);
  expect(responseErrors(op, r.statusCode, r.json()), `${operationId} ${r.statusCode} within the contract`).toEqual([]);
  if (r.statusCode >= 200 && r.statusCode <= 207) exercised.add(operationId);
  return r;
}

const tooMany = (r: Awaited<ReturnType<typeof call>>) => {
  expect(r.statusCode).toBe(429);
  expect(r.json()).toEqual({ messageStatus: false, messageErrorText: TOO_MANY_REQUESTS, statusCode: 429 });
  expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
  expect(Number(r.headers['retry-after'])).toBeLessThanOrEqual(60);
};

describe('rate limits', () => {
  it('answers the app token call 429 after its limit, per client', async () => {
    for (let i = 0; i < LIMITS.appToken; i++) expect((await call('getAppToken', { clientId: 'mmar-web' })).statusCode).toBe(200);
    tooMany(await call('getAppToken', { clientId: 'mmar-web' }));
    expect((await call('getAppToken', { clientId: 'mmar-web' }, { remoteAddress: '10.0.0.2' })).statusCode).toBe(200);
  });

  it('answers member verify 429 after its limit, before any verification is counted', async () => {
    for (let i = 0; i < LIMITS.verify; i++) expect((await call('verifyMember', { memberInfo: maria })).statusCode).toBe(200);
    tooMany(await call('verifyMember', { memberInfo: maria }));
    expect(await db.selectFrom('memberVerifications').selectAll().where('memberNumber', '=', 'MMA100001').execute()).toEqual(
      [expect.objectContaining({ failedAt: [] })]);
    expect((await call('verifyMember', { memberInfo: maria }, { remoteAddress: '10.0.0.3' })).statusCode).toBe(200);
  });

  it('limits each link call on its own', async () => {
    const calls: [string, object, Record<string, string>?][] = [
      ['validateEasyFillLink', { updateClicks: false }, { linkId: 'demo-refill' }],
      ['verifyEasyFill', { patientId: 1, dateOfBirth: '1958-04-12', zipCode: '85281', easyFillCode: 'demo-expired' }],
      ['validateAutoRefillLink', { updateClicks: false }, { linkId: 'demo-autorefill' }],
      ['verifyAutoRefill', { patientId: 1, dateOfBirth: '1958-04-12', zipCode: '85281', autoRefillCode: 'demo-expired' }],
      // The public order check: the same brake as a link's verification.
      ['checkOrderStatus', { orderNumber: '8000001', dateOfBirth: '1958-04-12', zipCode: '85281' }],
    ];
    for (const [operationId, body, query] of calls) {
      for (let i = 0; i < LIMITS.verify; i++) expect((await call(operationId, body, { query })).statusCode, operationId).not.toBe(429);
      tooMany(await call(operationId, body, { query }));
    }
  });

  it("limits the tokenizer's card post, so that its check digit is no card-testing oracle", async () => {
    const post = { accessToken: 'nosuchsession00', cardNumber: '4111111111111111' };
    for (let i = 0; i < LIMITS.verify; i++) expect((await call('tokenizeCard', post)).statusCode).toBe(410);
    tooMany(await call('tokenizeCard', post));
    expect((await call('tokenizeCard', post, { remoteAddress: '10.0.0.5' })).statusCode).toBe(410);
  });

  it('does not count calls the test switch answers', async () => {
    const armed = await app.inject({ method: 'POST', url: '/__test/faults', payload: { operationId: 'verifyMember', mode: 'error', status: 500, count: 3 } });
    expect(armed.statusCode).toBe(201);
    for (let i = 0; i < 3; i++) expect((await call('verifyMember', { memberInfo: maria }, { remoteAddress: '10.0.0.4' })).statusCode).toBe(500);
    expect((await call('verifyMember', { memberInfo: maria }, { remoteAddress: '10.0.0.4' })).statusCode).toBe(200);
  });

  it('limits exactly the unauthenticated calls', () => {
    expect(RATE_LIMITED_OPERATIONS.sort()).toEqual(['checkOrderStatus', 'getAppToken', 'tokenizeCard', 'validateAutoRefillLink', 'validateEasyFillLink', 'verifyAutoRefill', 'verifyEasyFill', 'verifyMember']);
    for (const operationId of RATE_LIMITED_OPERATIONS) expect(operations.get(operationId)!.responses['429'], operationId).toBeDefined();
  });
});

describe('a member\'s writes', () => {
  it('are limited on exactly the calls whose contract names the member write limit (every POST or PUT with a patient token that changes something)', () => {
    const limited = [...operations.values()].filter((op) => op.method !== 'GET' && op.schemes.includes('patientToken') && !NOT_MEMBER_WRITES.has(op.operationId));
    const named = [...operations.values()].filter((op) => (op.responses['429'] as { $ref?: string } | undefined)?.$ref?.endsWith('/TooManyMemberWrites'));
    expect(limited.map((op) => op.operationId).sort()).toEqual(named.map((op) => op.operationId).sort());
    expect(limited.length).toBeGreaterThan(15);
  });

  it('reads the time limits and the member limits from the environment (docs/gateway.md, "Time limits")', () => {
    const env = { GATEWAY_DATA: 'memory', GATEWAY_SECRET: 'x' };
    const defaults = readConfig(env, { test: false });
    expect([defaults.databaseLimits, defaults.readyTimeoutMs, defaults.startupRetryMs, defaults.memberWritesInFlight])
      .toEqual([{ statementTimeoutMs: 1500, lockTimeoutMs: 1000, idleInTransactionTimeoutMs: 5000, queryTimeoutMs: 2000, connectTimeoutMs: 1000, poolSize: 5 }, 500, 60_000, 2]);
    const set = readConfig({
      ...env, GATEWAY_DB_STATEMENT_TIMEOUT_MS: '3000', GATEWAY_DB_LOCK_TIMEOUT_MS: '2000', GATEWAY_DB_IDLE_TX_TIMEOUT_MS: '9000', GATEWAY_DB_QUERY_TIMEOUT_MS: '4000',
      GATEWAY_DB_CONNECT_TIMEOUT_MS: '700', GATEWAY_DB_POOL: '10', GATEWAY_READY_TIMEOUT_MS: '800', GATEWAY_DB_STARTUP_RETRY_S: '5', GATEWAY_MEMBER_WRITES_IN_FLIGHT: '3',
    }, { test: false });
    expect([set.databaseLimits, set.readyTimeoutMs, set.startupRetryMs, set.memberWritesInFlight])
      .toEqual([{ statementTimeoutMs: 3000, lockTimeoutMs: 2000, idleInTransactionTimeoutMs: 9000, queryTimeoutMs: 4000, connectTimeoutMs: 700, poolSize: 10 }, 800, 5000, 3]);
    expect(() => readConfig({ ...env, GATEWAY_DB_LOCK_TIMEOUT_MS: '1s' }, { test: false })).toThrow(/GATEWAY_DB_LOCK_TIMEOUT_MS/);
  });
});

describe('settings', () => {
  it('defaults to 300 app tokens and 60 verifications a minute, changed with GATEWAY_RATE_APPTOKEN and GATEWAY_RATE_VERIFY', () => {
    expect(DEFAULT_RATE_LIMITS).toEqual({ appToken: 300, verify: 60, memberWrites: 60 });
    const env = { GATEWAY_DATA: 'memory', GATEWAY_SECRET: 'x' };
    expect(readConfig(env, { test: false }).rateLimits).toEqual(DEFAULT_RATE_LIMITS);
    expect(readConfig({ ...env, GATEWAY_RATE_APPTOKEN: '1000', GATEWAY_RATE_VERIFY: '5', GATEWAY_RATE_MEMBER_WRITES: '7' }, { test: false }).rateLimits).toEqual({ appToken: 1000, verify: 5, memberWrites: 7 });
    expect(() => readConfig({ ...env, GATEWAY_RATE_VERIFY: '0' }, { test: false })).toThrow(/GATEWAY_RATE_VERIFY/);
    expect(() => readConfig({ ...env, GATEWAY_RATE_APPTOKEN: 'lots' }, { test: false })).toThrow(/GATEWAY_RATE_APPTOKEN/);
  });
});
