/**
 * The test-only fault switch: armed per operation, it makes the next calls
 * fail, answer 204 or answer slowly, then the operation is served normally.
 * A fault given a scope applies only to calls with that x-test-scope header.
 * Without it (npm start), the switch does not exist.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type TestGateway } from './harness.ts';
import { buildGateway } from '../../gateway/app.ts';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startGateway();
});
afterAll(async () => gw?.close());

const arm = (fault: object) => gw.app.inject({ method: 'POST', url: '/__test/faults', payload: fault });
const banner = () => gw.call('getBanner', { params: { bannerId: 1 } });
/** The banner as a test of that scope asks for it (x-test-scope header). */
const bannerIn = async (scope: string) =>
  (await gw.app.inject({ method: 'GET', url: '/gwapi/banners/1', headers: { 'x-app-token': await gw.appToken(), 'x-test-scope': scope } })).statusCode;
const disarm = (query = '') => gw.app.inject({ method: 'DELETE', url: `/__test/faults${query}` });

describe('fault switch', () => {
  it('fails the next N calls with the given status and message, then recovers', async () => {
    expect((await arm({ operationId: 'getBanner', mode: 'error', count: 2, status: 500, message: 'java.lang.IllegalStateException' })).statusCode).toBe(201);
    for (let i = 0; i < 2; i++) {
      const r = await banner();
      expect(r.status).toBe(500);
      expect(r.body).toEqual({ messageStatus: false, messageErrorText: 'java.lang.IllegalStateException', statusCode: 500 });
    }
    expect((await banner()).status).toBe(200);
  });

  it('answers a given body and status (reply), after a delay when asked, then serves normally', async () => {
    const body = { value: '<p>canned</p>' };
    await arm({ operationId: 'getBanner', mode: 'reply', body, delayMs: 150 });
    const started = Date.now();
    const r = await banner();
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(r.status).toBe(200);
    expect(r.body).toEqual(body);
    await arm({ operationId: 'getBanner', mode: 'reply', status: 202, body, scope: 's' });
    expect(await bannerIn('s')).toBe(202);
    expect((await banner()).body).not.toEqual(body);
    expect((await arm({ operationId: 'getBanner', mode: 'teleport' })).statusCode).toBe(400);
  });

  it('answers 204 when asked', async () => {
    await arm({ operationId: 'listEasyFillPrescriptions', mode: 'empty' });
    const r = await gw.app.inject({ method: 'GET', url: '/gwapi/easyfill/prescriptions' });
    expect(r.statusCode).toBe(204);
  });

  it('holds a call until the test releases it, then answers as armed; a release may come first', async () => {
    const release = (scope: string) => gw.app.inject({ method: 'POST', url: '/__test/faults/release', payload: { operationId: 'getBanner', scope } });
    await arm({ operationId: 'getBanner', mode: 'reply', status: 203, body: { value: 'held' }, held: true, scope: 'h' });
    let settled = false;
    const call = bannerIn('h').then((status) => ((settled = true), status));
    await new Promise((r) => setTimeout(r, 200));
    expect(settled).toBe(false);
    expect((await release('h')).statusCode).toBe(204);
    expect(await call).toBe(203);
    // Released before the call arrives: the call is answered at once.
    await arm({ operationId: 'getBanner', mode: 'reply', status: 203, body: { value: 'held' }, held: true, scope: 'e' });
    await release('e');
    expect(await bannerIn('e')).toBe(203);
    // Disarming the scope lets a held call go.
    await arm({ operationId: 'getBanner', mode: 'reply', status: 203, body: { value: 'held' }, held: true, scope: 'd' });
    const dropped = bannerIn('d');
    await new Promise((r) => setTimeout(r, 100));
    await disarm('?scope=d');
    expect(await dropped).toBe(203);
  });

  it('holds and releases apart two calls of one operation that a fault tells apart by their query', async () => {
    const scope = 'q';
    const lookup = (query: string) =>
      gw.app.inject({ method: 'GET', url: `/gwapi/mmar/allergies/lookup?${query}`, headers: { 'x-test-scope': scope } }).then((r) => (r.json() as { allergyDesc: string }[])[0]!.allergyDesc);
    const release = (query: Record<string, string>) => gw.app.inject({ method: 'POST', url: '/__test/faults/release', payload: { operationId: 'lookupAllergies', scope, query } });
    await arm({ operationId: 'lookupAllergies', mode: 'reply', body: [{ allergyRefNum: '1', allergyDesc: 'COMMON' }], held: true, scope, query: { cat: 'common' } });
    await arm({ operationId: 'lookupAllergies', mode: 'reply', body: [{ allergyRefNum: '2', allergyDesc: 'SULFA' }], held: true, scope, query: { searchText: 'sul' } });
    let commonSettled = false;
    const common = lookup('cat=common').then((b) => ((commonSettled = true), b));
    const search = lookup('searchText=sul&noOfRecords=30');
    await new Promise((r) => setTimeout(r, 100));
    // The lookup, armed and called second, answers first: its release names its own query.
    expect((await release({ searchText: 'sul' })).statusCode).toBe(204);
    expect(await search).toBe('SULFA');
    expect(commonSettled).toBe(false);
    await release({ cat: 'common' });
    expect(await common).toBe('COMMON');
    expect((await arm({ operationId: 'lookupAllergies', mode: 'error', query: { cat: 1 } })).statusCode).toBe(400);
  });

  it('answers slowly when asked', async () => {
    await arm({ operationId: 'getBanner', mode: 'slow', delayMs: 300 });
    const started = Date.now();
    expect((await banner()).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('is disarmed by DELETE and refuses a malformed fault', async () => {
    await arm({ operationId: 'getBanner', mode: 'error' });
    expect((await gw.app.inject({ method: 'DELETE', url: '/__test/faults' })).statusCode).toBe(204);
    expect((await banner()).status).toBe(200);
    expect((await arm({ mode: 'error' })).statusCode).toBe(400);
  });

  it('applies a scoped fault only to calls of that scope', async () => {
    expect((await arm({ operationId: 'getBanner', mode: 'error', count: 2, scope: 'worker-1' })).statusCode).toBe(201);
    expect((await banner()).status).toBe(200);
    expect(await bannerIn('worker-2')).toBe(200);
    expect(await bannerIn('worker-1')).toBe(500);
    expect(await bannerIn('worker-1')).toBe(500);
    expect(await bannerIn('worker-1')).toBe(200);
  });

  it('still applies a fault without a scope to every call, whatever its scope', async () => {
    await arm({ operationId: 'getBanner', mode: 'error', count: 3 });
    expect(await bannerIn('worker-1')).toBe(500);
    expect(await bannerIn('worker-2')).toBe(500);
    expect((await banner()).status).toBe(500);
    expect((await banner()).status).toBe(200);
  });

  it('disarms only one scope with DELETE ?scope=, and everything without it', async () => {
    await arm({ operationId: 'getBanner', mode: 'error', scope: 'worker-1' });
    await arm({ operationId: 'getBanner', mode: 'error', scope: 'worker-2' });
    expect((await disarm('?scope=worker-1')).statusCode).toBe(204);
    expect(await bannerIn('worker-1')).toBe(200);
    expect(await bannerIn('worker-2')).toBe(500);

    await arm({ operationId: 'getBanner', mode: 'error', scope: 'worker-2' });
    await arm({ operationId: 'getBanner', mode: 'error' });
    expect((await disarm('?scope=worker-2')).statusCode).toBe(204);
    expect(await bannerIn('worker-2')).toBe(500); // the unscoped fault stays armed
    await arm({ operationId: 'getBanner', mode: 'error', scope: 'worker-3' });
    expect((await disarm()).statusCode).toBe(204);
    expect(await bannerIn('worker-3')).toBe(200);
    expect((await banner()).status).toBe(200);
  });

  it('refuses a scope that is not a non-empty string', async () => {
    expect((await arm({ operationId: 'getBanner', mode: 'error', scope: 7 })).statusCode).toBe(400);
    expect((await arm({ operationId: 'getBanner', mode: 'error', scope: '' })).statusCode).toBe(400);
  });

  it('does not exist unless the gateway is started for tests', async () => {
    const plain = await buildGateway({ db: gw.db, secret: 'x' });
    try {
      const r = await plain.inject({ method: 'POST', url: '/__test/faults', payload: { operationId: 'getBanner', mode: 'error' } });
      expect(r.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
