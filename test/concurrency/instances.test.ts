/**
 * Two gateway processes (`npm start`'s gateway/main.ts) on one PostgreSQL
 * database with one GATEWAY_SECRET, as behind a load balancer: a client that
 * alternates between them meets one system (tokens, the member lockout, the
 * link attempts, the rate limits, session renewal and revocation).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../contract/database.ts';
import { freePort, startGateway, type RunningGateway } from '../tools/serve.ts';

const VERIFY_LIMIT = 8;
let database: TestDatabase;
const instances: RunningGateway[] = [];

/** One instance as `npm start` runs it (no test switches), on the shared database with the shared secret. */
async function start(url: string): Promise<RunningGateway> {
  return startGateway(await freePort(), {
    test: false,
    env: { DATABASE_URL: url, GATEWAY_SECRET: 'one-secret-for-every-instance', GATEWAY_RATE_VERIFY: String(VERIFY_LIMIT) },
  });
}

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.destroy();
  const url = (database.storage as { url: string }).url;
  // The first migrates and seeds; the second finds the database ready (docs/deploy.md: migrations run once).
  instances.push(await start(url));
  instances.push(await start(url));
}, 120_000);

afterAll(async () => {
  for (const instance of instances) await instance.stop();
  await database?.close();
});

/** Calls alternate between the two instances. */
let turn = 0;
async function call(method: string, path: string, options: { body?: unknown; appToken?: string; patientToken?: string } = {}) {
  const instance = instances[turn++ % 2]!;
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.appToken) headers['x-app-token'] = options.appToken;
  if (options.patientToken) headers['x-access-token'] = options.patientToken;
  const r = await fetch(instance.url + path, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : undefined, instance: instances.indexOf(instance) };
}
const appToken = async () => (await call('POST', '/gwapi/apptoken', { body: { clientId: 'mmar-web' } })).body.token as string;

const MARIA = { memberNumber: 'MMA100001', firstName: 'Maria', lastName: 'Lopez', birthDate: '1958-04-12' };

describe('two gateway instances on one PostgreSQL', () => {
  it('accept each other\'s app and patient tokens, renew each other\'s sessions and honour each other\'s revocations', async () => {
    const app = await appToken();
    const verified = await call('POST', '/gwapi/mmar/verify', { appToken: app, body: { memberInfo: MARIA } });
    expect(verified.status).toBe(200);
    const email = await call('GET', '/gwapi/mmar/patient/emailaddress', { appToken: app, patientToken: verified.body.accessToken });
    expect([email.instance, email.status, email.body]).toEqual([1 - verified.instance, 200, { emailAddress: 'maria.lopez@example.com' }]);
    const renewed = await call('POST', '/gwapi/mmar/session/renew', { appToken: app, patientToken: verified.body.accessToken });
    expect(renewed.status).toBe(200);
    expect((await call('GET', '/gwapi/mmar/patient/emailaddress', { appToken: app, patientToken: renewed.body.accessToken })).status).toBe(200);

    // Revoked on one instance, the session (both its tokens) is refused on the other, and on the first.
    const revoked = await call('POST', '/gwapi/session/revoke', { appToken: app, patientToken: renewed.body.accessToken });
    expect(revoked.status).toBe(204);
    const refused = [];
    for (const token of [renewed.body.accessToken, verified.body.accessToken, renewed.body.accessToken]) {
      refused.push(await call('GET', '/gwapi/mmar/patient/emailaddress', { appToken: app, patientToken: token }));
    }
    expect(refused.map((r) => [r.instance, r.status])).toEqual([[1 - revoked.instance, 401], [revoked.instance, 401], [1 - revoked.instance, 401]]);
    expect((await call('POST', '/gwapi/mmar/session/renew', { appToken: app, patientToken: verified.body.accessToken })).status).toBe(401);
  });

  it('share the member lockout: 5 failures spread over both lock the number on both', async () => {
    const app = await appToken();
    const wrong = { ...MARIA, memberNumber: 'MMA100003', firstName: 'Linda', lastName: 'Nguyen', birthDate: '1949-01-06' };
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await call('POST', '/gwapi/mmar/verify', { appToken: app, body: { memberInfo: wrong } })).status);
    expect(answers).toEqual([404, 404, 404, 404, 404]);
    const right = { ...wrong, birthDate: '1949-01-05' };
    const locked = [await call('POST', '/gwapi/mmar/verify', { appToken: app, body: { memberInfo: right } }), await call('POST', '/gwapi/mmar/verify', { appToken: app, body: { memberInfo: right } })];
    expect(locked.map((r) => [r.instance, r.status]).sort()).toEqual([[0, 423], [1, 423]]);
  });

  it('share the link attempts: 3 wrong answers over both block the link on both', async () => {
    const app = await appToken();
    const info = await call('POST', '/gwapi/EasyFill/Validate?linkId=demo-newrx', { appToken: app, body: { updateClicks: false } });
    const verify = (dateOfBirth: string) => call('POST', '/gwapi/easyfill/verify', { appToken: app, body: { patientId: info.body.patientId, easyFillCode: 'demo-newrx', dateOfBirth, zipCode: '85281' } });
    const attempts = [];
    for (let i = 0; i < 3; i++) attempts.push((await verify('1958-04-13')).body.remainingAttempts);
    expect(attempts).toEqual([2, 1, 0]);
    const blocked = [await verify('1958-04-12'), await verify('1958-04-12')];
    expect(blocked.map((r) => r.status)).toEqual([423, 423]);
  });

  it('share the rate limits: the limit holds across both, not twice over', async () => {
    const app = await appToken();
    const statuses = [];
    // Each operation counts on its own: the verifications above (8, the limit) leave this one untouched.
    for (let i = 0; i < VERIFY_LIMIT + 2; i++) {
      statuses.push((await call('POST', '/gwapi/AutoRefill/Validate?linkId=demo-autorefill', { appToken: app, body: { updateClicks: false } })).status);
    }
    expect(statuses).toEqual([...Array(VERIFY_LIMIT).fill(200), 429, 429]);
  });
});
