/**
 * The gateway's security rules, proved against the real gateway: tokens on
 * every operation (none, forged, expired), patient scoping (another patient's
 * token gets 403), and card numbers that never reach the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { operations, PORTAL_ORIGIN, startGateway, TOKENIZER_URL, type TestGateway } from './harness.ts';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startGateway();
});
afterAll(async () => gw?.close());

const secured = [...operations.values()].filter((op) => op.schemes.includes('appToken'));

/** Path parameters that match the route whatever the operation. */
const anyParams = (path: string) => Object.fromEntries([...path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, '1']));

async function linkToken(kind: 'EasyFill' | 'AutoRefill', linkId: string, dateOfBirth: string, zipCode: string) {
  const info = await gw.call(kind === 'EasyFill' ? 'validateEasyFillLink' : 'validateAutoRefillLink', { query: { linkId }, body: { updateClicks: false } });
  const body = { patientId: info.body.patientId, dateOfBirth, zipCode, ...(kind === 'EasyFill' ? { easyFillCode: linkId } : { autoRefillCode: linkId }) };
  const r = await gw.call(kind === 'EasyFill' ? 'verifyEasyFill' : 'verifyAutoRefill', { body });
  return r.body.accessToken as string;
}

describe('app token', () => {
  it.each(secured.map((op) => [op.operationId, op] as const))('%s refuses a call without one (401)', async (_id, op) => {
    const r = await gw.call(op.operationId, { appToken: null, params: anyParams(op.path) });
    expect(r.status).toBe(401);
    expect(r.body.messageErrorText).toBe('App token missing.');
  });

  it('refuses a forged token and an expired one', async () => {
    const token = await gw.appToken();
    const forged = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    expect((await gw.call('getBanner', { params: { bannerId: 1 }, appToken: forged })).body.messageErrorText).toBe('App token signature does not match.');
    gw.clock.now = new Date(gw.clock.now.getTime() + 16 * 60_000);
    try {
      const r = await gw.call('getBanner', { params: { bannerId: 1 }, appToken: token });
      expect(r.status).toBe(401);
      expect(r.body.messageErrorText).toBe('App token expired.');
    } finally {
      gw.clock.now = new Date(gw.clock.now.getTime() - 16 * 60_000);
    }
  });
});

describe('patient token', () => {
  const patientSecured = [...operations.values()].filter((op) => op.schemes.includes('patientToken'));

  it('is required by the patient operations of the contract, and only the bootstrap calls and the health checks go without the app token', () => {
    expect(patientSecured.length).toBeGreaterThan(30);
    expect([...operations.values()].filter((op) => !op.schemes.includes('appToken')).map((op) => op.operationId).sort()).toEqual(['getAppToken', 'getHealth', 'getReadiness', 'tokenizeCard']);
  });

  it.each(patientSecured.map((op) => [op.operationId, op] as const))('%s refuses a call without one (401)', async (_id, op) => {
    const r = await gw.call(op.operationId, { params: anyParams(op.path) });
    expect(r.status).toBe(401);
    expect(r.body.messageErrorText).toBe('Access token missing.');
  });

  it('expires', async () => {
    const token = await linkToken('EasyFill', 'demo-refill', '1958-04-12', '85281');
    expect((await gw.call('listEasyFillAddresses', { patientToken: token })).status).toBe(200);
    gw.clock.now = new Date(gw.clock.now.getTime() + 31 * 60_000);
    try {
      const r = await gw.call('listEasyFillAddresses', { patientToken: token });
      expect(r.status).toBe(401);
      expect(r.body.messageErrorText).toBe('Access token expired.');
    } finally {
      gw.clock.now = new Date(gw.clock.now.getTime() - 31 * 60_000);
    }
  });

  it("never opens another patient's records (403)", async () => {
    const maria = await linkToken('EasyFill', 'demo-refill', '1958-04-12', '85281');
    const linda = await linkToken('EasyFill', 'demo-billmelater', '1949-01-05', '85004');
    const mariaRx = (await gw.call('listEasyFillPrescriptions', { patientToken: maria })).body;
    const mariaAddress = (await gw.call('listEasyFillAddresses', { patientToken: maria })).body[0];
    const mariaCard = (await gw.call('listEasyFillPaymentMethods', { patientToken: maria })).body[0];

    const details = await gw.call('getPrescriptionDetailsByIds', { patientToken: linda, body: { rxIds: [mariaRx[0].rxId] } });
    expect(details.status).toBe(403);
    const toggle = await gw.call('toggleEasyFillAutoRefill', { patientToken: linda, body: { rxs: [mariaRx[0].rxId], autoRefill: false } });
    expect(toggle.status).toBe(403);
    const address = await gw.call('updateEasyFillAddress', {
      patientToken: linda,
      body: { addressId: mariaAddress.addressId, isDefaultShipping: true, isDefaultBilling: true, addressType: 1, addressLine1: '88 N 3rd St', city: 'Phoenix', state: 'AZ', zip: '85004' },
    });
    expect(address.status).toBe(403);
    const card = await gw.call('updateEasyFillPaymentMethod', {
      patientToken: linda,
      params: { paymentMethodId: mariaCard.cardSeqNum },
      body: { defaultCard: true, cardFirstName: 'Linda', cardLastName: 'Nguyen', cardTypeNum: 1, cardMonthNum: 12, cardYear: 2030, pciToken: mariaCard.pciToken },
    });
    expect(card.status).toBe(403);

    const partial = await linkToken('AutoRefill', 'demo-partial', '1958-04-12', '85281');
    const other = await gw.call('manageAutoRefill', { patientToken: partial, body: [{ rxId: mariaRx[0].rxId, autoRefill: true }] });
    expect(other.status).toBe(403);
  });
});

describe('card numbers', () => {
  const TEST_CARDS = ['4111111111111111', '5555555555554444', '378282246310005', '6011111111111117'];

  it('go only to the tokenizer; only the token and last digits are kept', async () => {
    const token = await linkToken('EasyFill', 'demo-newrx', '1958-04-12', '85281');
    const saved: number[] = [];
    for (const [i, cardNumber] of TEST_CARDS.entries()) {
      const creds = await gw.call('getTokenizerCredentials', { patientToken: token });
      expect(creds.body.serviceUrl).toBe(TOKENIZER_URL);
      const posted = await gw.call('tokenizeCard', { appToken: null, body: { accessToken: creds.body.accessToken, cardNumber } });
      expect(posted.body.status).toBe('accepted');
      const card = await gw.call('getTokenizedCardNumber', { patientToken: token, query: { accessToken: creds.body.accessToken } });
      expect(card.body.lastDigits).toBe(cardNumber.slice(-4));
      expect(card.body.cardTypeNum).toBe([1, 2, 4, 3][i]);
      expect(card.headers['cache-control']).toBe('no-store');
      const add = await gw.call('addEasyFillPaymentMethod', {
        patientToken: token,
        body: { defaultCard: false, cardFirstName: 'Maria', cardLastName: 'Lopez', cardTypeNum: card.body.cardTypeNum, cardMonthNum: 12, cardYear: 2030, pciToken: card.body.pciToken },
      });
      saved.push(add.body.id);
    }
    const listed = (await gw.call('listEasyFillPaymentMethods', { patientToken: token })).body;
    expect(listed.filter((c: { cardSeqNum: number }) => saved.includes(c.cardSeqNum)).map((c: { cardNumber: string }) => c.cardNumber))
      .toEqual(TEST_CARDS.map((n) => n.slice(-4)));

    // Every row of every table, as text: no card number; and outside the drug
    // catalogue (whose NDC and GPI codes are long digit runs) no 13-16 digit run at all.
    const tables = await sql<{ tablename: string }>`select tablename from pg_tables where schemaname = 'public'`.execute(gw.db);
    expect(tables.rows.map((t) => t.tablename)).toContain('payment_cards');
    for (const { tablename } of tables.rows) {
      const rows = await sql<{ row: string }>`select t::text as row from ${sql.table(tablename)} t`.execute(gw.db);
      for (const { row } of rows.rows) {
        for (const n of TEST_CARDS) expect(row, tablename).not.toContain(n);
        // A standalone run: random tokens may hold digits between letters.
        if (tablename !== 'drugs') expect(row, tablename).not.toMatch(/(^|[^0-9A-Za-z_-])\d{13,16}($|[^0-9A-Za-z_-])/);
      }
    }
  });

  it('cannot be posted to the gateway itself', async () => {
    const token = await linkToken('EasyFill', 'demo-newrx', '1958-04-12', '85281');
    const r = await gw.call('addEasyFillPaymentMethod', {
      patientToken: token,
      body: { defaultCard: false, cardFirstName: 'Maria', cardLastName: 'Lopez', cardTypeNum: 1, cardMonthNum: 12, cardYear: 2030, pciToken: 'tok_x12345678', cardNumber: '4111111111111111' },
    });
    expect(r.status).toBe(400);
  });

  it('are refused by the tokenizer when they fail the check digit, or the session is unknown', async () => {
    const token = await linkToken('EasyFill', 'demo-newrx', '1958-04-12', '85281');
    const creds = await gw.call('getTokenizerCredentials', { patientToken: token });
    expect((await gw.call('tokenizeCard', { appToken: null, body: { accessToken: creds.body.accessToken, cardNumber: '4111111111111112' } })).status).toBe(400);
    expect((await gw.call('tokenizeCard', { appToken: null, body: { accessToken: 'nosuchsession00', cardNumber: '4111111111111111' } })).status).toBe(410);
  });
});

describe('the hosted tokenizer, on its own origin', () => {
  const post = (origin: string | undefined, accessToken: string) =>
    gw.tokenizer.inject({
      method: 'POST',
      url: '/cards',
      headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
      payload: { accessToken, cardNumber: '4111111111111111' },
    });

  it('takes a browser call to /cards only from its own field page, and grants no other origin a read (no CORS)', async () => {
    const token = await linkToken('EasyFill', 'demo-newrx', '1958-04-12', '85281');
    const creds = await gw.call('getTokenizerCredentials', { patientToken: token });
    for (const origin of [PORTAL_ORIGIN, 'https://evil.example']) {
      const refused = await post(origin, creds.body.accessToken);
      expect(refused.statusCode, origin).toBe(403);
      expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    }
    const preflight = await gw.tokenizer.inject({ method: 'OPTIONS', url: '/cards', headers: { origin: PORTAL_ORIGIN, 'access-control-request-method': 'POST' } });
    expect(preflight.statusCode).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const accepted = await post(TOKENIZER_URL, creds.body.accessToken);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.headers['access-control-allow-origin']).toBeUndefined();
    expect(accepted.headers['cache-control']).toBe('no-store');
  });

  it('is no longer answered on the portal origin', async () => {
    const r = await gw.app.inject({ method: 'POST', url: '/gwapi/tokenizer/cards', headers: { 'content-type': 'application/json' }, payload: { accessToken: 'x'.repeat(16), cardNumber: '4111111111111111' } });
    expect(r.statusCode).toBe(404);
    expect((await gw.app.inject({ method: 'POST', url: '/cards', headers: { 'content-type': 'application/json' }, payload: {} })).statusCode).toBe(404);
  });

  it('lets only the portal frame its pages, and the portal frame only the tokenizer', async () => {
    const field = await gw.tokenizer.inject({ method: 'GET', url: '/field' });
    const policy = String(field.headers['content-security-policy']);
    expect(policy).toContain(`frame-ancestors ${PORTAL_ORIGIN}`);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("connect-src 'self'");
    expect(policy).not.toContain('unsafe');
    expect(field.headers['x-frame-options']).toBeUndefined();
    const portal = await gw.app.inject({ method: 'GET', url: '/gwapi/banners/1', headers: { 'x-app-token': await gw.appToken() } });
    expect(String(portal.headers['content-security-policy'])).toContain(`frame-src ${TOKENIZER_URL}`);
    expect(String(portal.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });
});
