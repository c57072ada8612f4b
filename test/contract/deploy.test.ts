/**
 * What a deployment behind a load balancer relies on (docs/deploy.md):
 * liveness and readiness, the client IP behind a proxy, and a SIGTERM that
 * finishes the requests in flight before the process ends.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../../gateway/app.ts';
import { trustProxySetting } from '../../gateway/config.ts';
import { migrate } from '../../gateway/db/database.ts';
import { DATABASE_DOWN, SHUTTING_DOWN } from '../../gateway/handlers/platform.ts';
import { onPostgres, openTestDatabase, type TestDatabase } from './database.ts';
import { operations, responseErrors, startGateway, type TestGateway } from './harness.ts';
import { freePort } from '../tools/serve.ts';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startGateway();
});
afterAll(async () => gw?.close());

describe('health and readiness', () => {
  it('answers /healthz and /readyz without any token', async () => {
    expect(await gw.call('getHealth', { appToken: null })).toMatchObject({ status: 200, body: { status: 'alive' } });
    expect(await gw.call('getReadiness', { appToken: null })).toMatchObject({ status: 200, body: { status: 'ready' } });
  });

  it('is not ready while shutting down, nor when the database does not answer; alive all the same', async () => {
    let database: TestDatabase | undefined = await openTestDatabase();
    await migrate(database.db);
    let stopping = false;
    const app = await buildGateway({ db: database.db, secret: 'deploy-test-secret', shuttingDown: () => stopping });
    const check = async (operationId: 'getHealth' | 'getReadiness') => {
      const op = operations.get(operationId)!;
      const r = await app.inject({ method: 'GET', url: op.path });
      expect(responseErrors(op, r.statusCode, r.json())).toEqual([]);
      return { status: r.statusCode, text: (r.json() as { messageErrorText?: string }).messageErrorText };
    };
    try {
      expect(await check('getReadiness')).toEqual({ status: 200, text: undefined });
      stopping = true;
      expect(await check('getReadiness')).toEqual({ status: 503, text: SHUTTING_DOWN });
      stopping = false;
      await database.close();
      database = undefined;
      expect(await check('getReadiness')).toEqual({ status: 503, text: DATABASE_DOWN });
      expect(await check('getHealth')).toEqual({ status: 200, text: undefined });
    } finally {
      await app.close();
      await database?.close();
    }
  });
});

describe('behind a proxy (GATEWAY_TRUST_PROXY)', () => {
  it('reads the setting', () => {
    expect(trustProxySetting(undefined)).toBeUndefined();
    expect(trustProxySetting('false')).toBeUndefined();
    expect(trustProxySetting('true')).toBe(true);
    expect(trustProxySetting('10.0.0.0/8, loopback')).toEqual(['10.0.0.0/8', 'loopback']);
    const oneHop = trustProxySetting('1') as (address: string, hop: number) => boolean;
    expect([oneHop('10.0.0.1', 0), oneHop('10.0.0.2', 1)]).toEqual([true, false]);
    expect(() => trustProxySetting('proxy.example.org')).toThrow(/GATEWAY_TRUST_PROXY/);
  });

  it('counts the rate limit per client behind a trusted proxy, per proxy otherwise', async () => {
    const database = await openTestDatabase();
    await migrate(database.db);
    const limits = { appToken: 2, verify: 2 };
    const behind = await buildGateway({ db: database.db, secret: 's', rateLimits: limits, trustProxy: ['10.0.0.1'] });
    const direct = await buildGateway({ db: database.db, secret: 's', rateLimits: limits });
    const token = (app: typeof behind, client: string) => app.inject({
      method: 'POST', url: '/gwapi/apptoken', payload: { clientId: 'mmar-web' }, remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': client },
    }).then((r) => r.statusCode);
    try {
      const clients = ['198.51.100.1', '198.51.100.2', '198.51.100.3'];
      // Two calls from each client pass behind the trusted proxy: each has its own bucket.
      for (const client of clients) expect([await token(behind, client), await token(behind, client)]).toEqual([200, 200]);
      expect(await token(behind, clients[0]!)).toBe(429);
      // Not trusted: every client is the proxy's one address.
      expect([await token(direct, clients[0]!), await token(direct, clients[1]!), await token(direct, clients[2]!)]).toEqual([200, 200, 429]);
    } finally {
      await behind.close();
      await direct.close();
      await database.close();
    }
    // A hang catcher: a new database migrated and two gateways built took over 20 s at a load average of 16.
  }, 60_000);
});

describe('SIGTERM', () => {
  it(`finishes the request in flight, then closes the ${onPostgres ? 'PostgreSQL pool' : 'database'} and exits 0`, async () => {
    const port = await freePort();
    // On PostgreSQL, `npm start` over a database of its own (it migrates and seeds it).
    const database = onPostgres ? await openTestDatabase() : undefined;
    await database?.db.destroy();
    const storage = database?.storage.kind === 'postgres' ? { DATABASE_URL: database.storage.url } : { GATEWAY_DATA: 'memory' };
    const child = spawn(process.execPath, ['--import', 'tsx', 'gateway/main.ts', '--test'], {
      env: { ...process.env, ...storage, GATEWAY_FAULTS: '1', GATEWAY_DRAIN_MS: '1000', PORT: String(port), TOKENIZER_PORT: String(await freePort()), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const base = `http://127.0.0.1:${port}`;
    try {
      for (let ready = false; !ready; await new Promise((r) => setTimeout(r, 200))) {
        if (child.exitCode !== null) throw new Error(output);
        ready = await fetch(`${base}/readyz`).then((r) => r.ok, () => false);
      }
      // The next banner call answers after 1.5 s.
      const armed = await fetch(`${base}/__test/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ operationId: 'getBanner', mode: 'slow', delayMs: 1500, count: 1 }) });
      expect(armed.status).toBeLessThan(300);
      const appToken = ((await (await fetch(`${base}/gwapi/apptoken`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"clientId":"mmar-web"}' })).json()) as { token: string }).token;
      const inFlight = fetch(`${base}/gwapi/banners/1`, { headers: { 'x-app-token': appToken } });
      await new Promise((r) => setTimeout(r, 300));
      child.kill('SIGTERM');
      const answer = await inFlight;
      expect(answer.status).toBe(200);
      expect(await exited).toBe(0);
      expect(output).toContain('SIGTERM: /readyz answers 503; draining for 1 s, then finishing the requests in flight');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await database?.close();
    }
  }, 90_000);
});
