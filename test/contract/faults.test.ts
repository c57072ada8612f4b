/**
 * The test-only fault switch: armed per operation, it makes the next calls
 * fail, answer 204 or answer slowly, then the operation is served normally.
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

  it('answers 204 when asked', async () => {
    await arm({ operationId: 'listEasyFillPrescriptions', mode: 'empty' });
    const r = await gw.app.inject({ method: 'GET', url: '/gwapi/easyfill/prescriptions' });
    expect(r.statusCode).toBe(204);
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
