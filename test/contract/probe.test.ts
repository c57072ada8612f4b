/**
 * The black-box security probe's findings, each as the
 * attacker sent it, on both databases: every answer must be the contract's.
 */
import { Writable } from 'node:stream';
import { request } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildGateway, JSON_ONLY, MAX_JSON_DEPTH, NO_NUL, NO_OPERATION, nestsDeeperThan, TOO_DEEP } from '../../gateway/app.ts';
import { migrate } from '../../gateway/db/database.ts';
import { seed } from '../../gateway/db/seed.ts';
import { buildTokenizer } from '../../gateway/tokenizer/app.ts';
import { hstsSetting, readConfig } from '../../gateway/config.ts';
import { openTestDatabase } from './database.ts';
import { AUTO_REFILL_REFUSED } from '../../machines/shared/rules/autoRefillRule.ts';
import { audienceOf, LINK_TOKEN_REFUSED, SESSION_REVOKED } from '../../gateway/auth/security.ts';
import { purgeRevokedSessions } from '../../gateway/store/sessions.ts';
import { memberHash } from '../../gateway/securityLog.ts';
import { cardToken, jamesRegistration, operations, PORTAL_ORIGIN, responseErrors, SEED_DAY, startGateway, TEST_SECRET, TOKENIZER_URL, type TestGateway } from './harness.ts';

let gw: TestGateway;
let memberToken: string;
let linkToken: string;
beforeAll(async () => {
  gw = await startGateway();
  memberToken = (await gw.call('verifyMember', { body: { memberInfo: MARIA } })).body.accessToken;
  linkToken = await verifiedLink('demo-refill');
});

async function verifiedLink(linkId: string): Promise<string> {
  const { patientId } = (await gw.call('validateEasyFillLink', { query: { linkId }, body: { updateClicks: false } })).body;
  const r = await gw.call('verifyEasyFill', { body: { patientId, easyFillCode: linkId, dateOfBirth: '1958-04-12', zipCode: '85281' } });
  return r.body.accessToken;
}
afterAll(async () => gw?.close());

const MARIA = { memberNumber: 'MMA100001', firstName: 'Maria', lastName: 'Lopez', birthDate: '1958-04-12' };

/** A raw request to an operation; the answer must be one the contract describes for it. */
async function raw(operationId: string, options: { url?: string; payload?: string; contentType?: string; patientToken?: string }) {
  const op = operations.get(operationId)!;
  const headers: Record<string, string> = { 'x-app-token': await gw.appToken() };
  if (options.patientToken) headers['x-access-token'] = options.patientToken;
  if (options.contentType) headers['content-type'] = options.contentType;
  const r = await (op.origin === 'tokenizer' ? gw.tokenizer : gw.app).inject({
    method: op.method as 'POST', url: options.url ?? op.path.replace(/\{(\w+)\}/g, '1'), headers, ...(options.payload !== undefined ? { payload: options.payload } : {}),
  });
  const body = r.body ? r.json() : undefined;
  expect(responseErrors(op, r.statusCode, body), `${operationId} ${r.statusCode} ${r.body}`).toEqual([]);
  return { status: r.statusCode, body };
}

describe('M3: a body that is not JSON', () => {
  it('is refused with 415 by every operation that takes a body, before any handler runs', async () => {
    const withBody = [...operations.values()].filter((op) => op.responses['415']);
    expect(withBody.length).toBeGreaterThan(30);
    for (const op of withBody) {
      for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'text/html']) {
        const r = await raw(op.operationId, { payload: '{"rxs":[]}', contentType, patientToken: audienceOf(op.path) === 'link' ? linkToken : memberToken });
        expect([op.operationId, r.status, r.body]).toEqual([op.operationId, 415, { messageStatus: false, messageErrorText: JSON_ONLY, statusCode: 415 }]);
      }
    }
  });

  it('still takes JSON with a charset', async () => {
    const r = await raw('getEmail', { patientToken: memberToken });
    expect(r.status).toBe(200);
    const verified = await raw('verifyMember', { payload: JSON.stringify({ memberInfo: MARIA }), contentType: 'application/json; charset=utf-8' });
    expect(verified.status).toBe(200);
  });
});

describe('L1: a NUL character', () => {
  const refused = { messageStatus: false, messageErrorText: NO_NUL, statusCode: 400 };

  it('in a path or query is 400 with the reason', async () => {
    expect(await raw('lookupDrugs', { url: '/gwapi/mmar/prescriptions/ator%00vastatin' })).toEqual({ status: 400, body: refused });
    expect(await raw('lookupAllergies', { url: '/gwapi/mmar/allergies/lookup?searchText=pen%00icillin' })).toEqual({ status: 400, body: refused });
    expect(await raw('lookupConditions', { url: '/gwapi/mmar/conditions/lookup?searchText=diab%00etes' })).toEqual({ status: 400, body: refused });
  });

  it('in a body is 400 with the reason, and nothing is stored', async () => {
    const address = { isDefaultShipping: false, isDefaultBilling: false, addressType: 2, addressLine1: '1 N Central Ave', addressLine2: 'Suite\u00001', city: 'Phoenix', state: 'AZ', zip: '85004' };
    expect(await raw('addAddress', { payload: JSON.stringify(address), contentType: 'application/json', patientToken: memberToken })).toEqual({ status: 400, body: refused });
    expect(await gw.db.selectFrom('addresses').select('addressId').where('address1', '=', '1 N Central Ave').execute()).toEqual([]);
    const transfer = {
      siteIdentifier: 'MMAR', newRx: { isNvx: false, physicianInformation: null, newRxRequests: [] },
      transferRx: { transfers: [{ drugNDC: '00071015523', selectedDrugName: 'LIPITOR\u0000', transferRxNumber: null, autoRefill: false, pharmacyInformation: null, physicianInformation: null }] },
    };
    expect(await raw('submitTransferRequest', { payload: JSON.stringify(transfer), contentType: 'application/json', patientToken: memberToken })).toEqual({ status: 400, body: refused });
  });
});

/** A copy of James (eligible, not registered), verified, then registered with a body that names someone else. */
async function registerJamesCopy() {
  const copy = await gw.app.inject({ method: 'POST', url: '/__test/members', payload: { from: 'MMA100002' } });
  const memberNumber = (copy.json() as { memberNumber: string }).memberNumber;
  const token = (await gw.call('verifyMember', { body: { memberInfo: { memberNumber, firstName: 'James', lastName: 'Carter', birthDate: '1971-09-30' } } })).body.accessToken;
  const pciToken = await cardToken(gw, token);
  // A body naming someone else: the registration must keep the verified member's name and date of birth.
  const registered = await gw.call('registerMailOrder', {
    patientToken: token,
    body: jamesRegistration(memberNumber, pciToken, { firstName: 'Someone', middleName: 'Q', lastName: 'Else', birthDate: '2001-01-01' }),
  });
  expect(registered.status).toBe(200);
  return { token: token as string, registered: registered.body as { patientNum: number; accessToken: string } };
}

describe('L5: registration', () => {
  it('takes the name and date of birth from the verified member, never from the body', async () => {
    const { registered } = await registerJamesCopy();
    const patient = await gw.db.selectFrom('patients').select(['firstName', 'middleName', 'lastName', 'birthDate']).where('patientId', '=', registered.patientNum).executeTakeFirstOrThrow();
    expect(patient).toEqual({ firstName: 'James', middleName: 'Q', lastName: 'Carter', birthDate: '1971-09-30' });
  });
});

describe('M1: a link token', () => {
  it('opens no member operation, nor turns into a member token', async () => {
    const memberOps = [...operations.values()].filter((op) => op.schemes.includes('patientToken') && audienceOf(op.path) === 'member');
    expect(memberOps.map((op) => op.operationId)).toEqual(expect.arrayContaining([
      'getAutoTransferRx', 'checkEligibility', 'listPhones', 'getEmail', 'updateEmail', 'listPatientAllergies', 'listPatientConditions',
      'getNotificationSettings', 'getPatientPhysicians', 'renewMemberSession', 'listAddresses', 'listPaymentMethods']));
    for (const op of memberOps) {
      const r = await raw(op.operationId, { payload: op.responses['415'] ? '{}' : undefined, contentType: op.responses['415'] ? 'application/json' : undefined, patientToken: linkToken });
      expect([op.operationId, r.status, r.body.messageErrorText]).toEqual([op.operationId, 403, LINK_TOKEN_REFUSED]);
    }
  });

  it('reads and enrols only its own link\'s prescriptions (403 for another link\'s, even the same patient\'s)', async () => {
    const newRx = await verifiedLink('demo-newrx');
    const refill = (await gw.call('listEasyFillPrescriptions', { patientToken: linkToken })).body;
    const other = refill.find((d: { autoFillEligible: boolean }) => d.autoFillEligible).rxId;
    expect((await gw.call('getPrescriptionDetailsByIds', { patientToken: newRx, body: { rxIds: [other] } })).status).toBe(403);
    expect((await gw.call('toggleEasyFillAutoRefill', { patientToken: newRx, body: { rxs: [other], autoRefill: true } })).status).toBe(403);
    expect((await gw.call('getPrescriptionDetailsByIds', { patientToken: linkToken, body: { rxIds: [other] } })).status).toBe(200);
    const stored = await gw.db.selectFrom('prescriptions').select('autoRefillOn').where('rxId', '=', other).executeTakeFirstOrThrow();
    expect(stored.autoRefillOn).toBe(false);
  });

  it('is refused on link operations when it is a member token', async () => {
    expect((await gw.call('listEasyFillAddresses', { patientToken: memberToken })).status).toBe(403);
  });
});

describe('M4: a failed query', () => {
  it('logs the operation, the error code and the request id, never the parameters or the detail', async () => {
    const database = await openTestDatabase();
    await migrate(database.db);
    await seed(database.db, { now: SEED_DAY, banner: true });
    // A constraint the gateway does not expect, so that the insert fails in the database itself with a detail naming the value.
    await sql`create unique index addresses_one_street on addresses (address1)`.execute(database.db);
    const lines: string[] = [];
    const log = new Writable({ write: (chunk: Buffer, _enc, done) => { lines.push(chunk.toString()); done(); } });
    const app = await buildGateway({ db: database.db, secret: 'probe-secret', now: () => SEED_DAY, logger: log });
    try {
      const appToken = (await app.inject({ method: 'POST', url: '/gwapi/apptoken', payload: { clientId: 'mmar-web' } })).json().token;
      const verified = await app.inject({ method: 'POST', url: '/gwapi/mmar/verify', headers: { 'x-app-token': appToken }, payload: { memberInfo: MARIA } });
      const headers = { 'x-app-token': appToken, 'x-access-token': verified.json().accessToken };
      // Linda's street, at a zip where Maria has no address of that street: the gateway's own check lets it through.
      const address = { isDefaultShipping: false, isDefaultBilling: false, addressType: 2, addressLine1: '88 N 3rd St', addressLine2: null, city: 'Phoenix', state: 'AZ', zip: '85004' };
      const r = await app.inject({ method: 'POST', url: '/gwapi/mmar/Addresses', headers, payload: address });
      expect(r.statusCode).toBe(500);
      const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((e) => e.msg === 'request failed');
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ operation: 'addAddress', code: '23505', reqId: expect.anything() });
      const all = lines.join('\n');
      for (const personal of ['88 N 3rd St', 'MMA100001', 'Maria', '85004', 'Key (']) expect(all).not.toContain(personal);
    } finally {
      await app.close();
      await database.close();
    }
    // A hang catcher: opening a database of its own took 22 s on a 2-core machine at load 12-15.
  }, 90_000);
});

describe('L3: a percent-encoded path', () => {
  it("meets the tokenizer's Origin check as routing reads it", async () => {
    const r = await gw.tokenizer.inject({
      method: 'POST', url: '/%63ards', headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: { accessToken: 'nosuchsession00', cardNumber: '4111111111111111' },
    });
    expect([r.statusCode, r.json().messageErrorText]).toEqual([403, 'The tokenizer answers its own field page only.']);
  });

  it("gets /gwapi's headers as routing reads it, matched or not", async () => {
    const headers = { 'x-app-token': await gw.appToken(), 'x-access-token': memberToken };
    const matched = await gw.app.inject({ method: 'GET', url: '/%67wapi/mmar/Addresses', headers });
    expect(matched.statusCode).toBe(200);
    const unknown = await gw.app.inject({ method: 'GET', url: '/%67wapi/mmar/nothing-here', headers });
    expect(unknown.statusCode).toBe(404);
    for (const r of [matched, unknown]) {
      expect([r.headers['cache-control'], r.headers['x-content-type-options'], r.headers['x-frame-options']]).toEqual(['no-store', 'nosniff', 'DENY']);
    }
  });
});

describe('L8: answers before any route', () => {
  /** One raw HTTP request on its own connection (inject skips Node's parser, which answers 431). */
  const send = (port: number, path: string, headers: Record<string, string> = {}) => new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, type: String(res.headers['content-type']), body }));
    });
    req.on('error', reject);
    req.end();
  });
  const marker = 'MMA100001x';

  it('give 414 and 431 in the contract\'s error shape, echoing nothing', async () => {
    // Only the gateway has routes with a path parameter (the tokenizer's origin shares these options).
    const long = await gw.app.inject({ method: 'GET', url: `/gwapi/mmar/prescriptions/${marker.repeat(20)}` });
    expect(long.json()).toEqual({ messageStatus: false, messageErrorText: 'The request path is too long.', statusCode: 414 });
    expect(long.statusCode).toBe(414);
    const bad = await gw.app.inject({ method: 'GET', url: `/gwapi/mmar/prescriptions/${marker}%zz` });
    expect([bad.statusCode, bad.json()]).toEqual([400, { messageStatus: false, messageErrorText: 'The request path is not a valid URL.', statusCode: 400 }]);
    const server = await gw.app.listen({ port: 0, host: '127.0.0.1' }).then(() => gw.app.server.address() as { port: number });
    const tokenizer = await gw.tokenizer.listen({ port: 0, host: '127.0.0.1' }).then(() => gw.tokenizer.server.address() as { port: number });
    for (const { port } of [server, tokenizer]) {
      for (const r of [await send(port, '/gwapi/banners/1', { 'x-big': marker.repeat(3000) }), await send(port, `/${marker.repeat(3000)}`)]) {
        expect(r.status).toBe(431);
        expect(r.type).toMatch(/^application\/json/);
        expect(JSON.parse(r.body)).toEqual({ messageStatus: false, messageErrorText: 'The request headers are too large.', statusCode: 431 });
      }
    }
  });

  it('sends Strict-Transport-Security on both origins only when asked (GATEWAY_HSTS)', async () => {
    expect(hstsSetting(undefined)).toBeUndefined();
    expect(hstsSetting('off')).toBeUndefined();
    expect(hstsSetting('on')).toBe(31_536_000);
    expect(hstsSetting('86400')).toBe(86_400);
    expect(() => hstsSetting('always')).toThrow(/GATEWAY_HSTS/);
    const plain = await gw.app.inject({ method: 'GET', url: '/healthz' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const app = await buildGateway({ db: gw.db, secret: 'probe-secret', hsts: 86_400 });
    const tokenizer = await buildTokenizer({ db: gw.db, secret: 'probe-tokenizer-secret', publicUrl: TOKENIZER_URL, portalOrigins: [PORTAL_ORIGIN], hsts: 86_400 });
    try {
      for (const r of [await app.inject({ method: 'GET', url: '/healthz' }), await app.inject({ method: 'GET', url: '/no-such-page' }), await tokenizer.inject({ method: 'GET', url: '/field' })]) {
        expect(r.headers['strict-transport-security']).toBe('max-age=86400');
      }
    } finally {
      await Promise.all([app.close(), tokenizer.close()]);
    }
  });

  it("takes the tokenizer's secret from settings (TOKENIZER_SECRET), like the gateway's", () => {
    expect(readConfig({ GATEWAY_DATA: 'memory', TOKENIZER_SECRET: 'from-settings' }, { test: false }).tokenizer.secret).toBe('from-settings');
    const a = readConfig({ GATEWAY_DATA: 'memory' }, { test: false }).tokenizer.secret;
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(readConfig({ GATEWAY_DATA: 'memory' }, { test: false }).tokenizer.secret).not.toBe(a);
    const dir = mkdtempSync(join(tmpdir(), 'mop-secret-'));
    try {
      const env = { GATEWAY_DATA: join(dir, 'pglite') };
      const kept = readConfig(env, { test: false });
      expect(kept.tokenizer.secret).not.toBe(kept.secret);
      expect(readFileSync(join(dir, 'tokenizer-secret'), 'utf8')).toBe(kept.tokenizer.secret);
      expect(readConfig(env, { test: false }).tokenizer.secret).toBe(kept.tokenizer.secret);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(readFileSync(new URL('../../gateway/tokenizer/app.ts', import.meta.url), 'utf8')).not.toMatch(/createTokens\('/);
  });
});

describe("L2: Easy Fill's auto-refill toggle", () => {
  /** A copy of a seeded link (its own prescriptions) and a token for it. */
  async function clonedLink(from: string, kind: 'easyfill' | 'autorefill') {
    const { linkId } = (await gw.app.inject({ method: 'POST', url: '/__test/links', payload: { from, kind } })).json() as { linkId: string };
    const [validate, verify, code] = kind === 'easyfill' ? ['validateEasyFillLink', 'verifyEasyFill', 'easyFillCode'] : ['validateAutoRefillLink', 'verifyAutoRefill', 'autoRefillCode'];
    const { patientId } = (await gw.call(validate, { query: { linkId }, body: { updateClicks: false } })).body;
    const token = (await gw.call(verify, { body: { patientId, [code]: linkId, dateOfBirth: '1958-04-12', zipCode: '85281' } })).body.accessToken as string;
    const rxs = await gw.db.selectFrom('prescriptions').innerJoin('linkPrescriptions', 'linkPrescriptions.rxId', 'prescriptions.rxId')
      .innerJoin('links', 'links.linkKey', 'linkPrescriptions.linkKey').select(['prescriptions.rxId', 'prescriptions.dispensedMedName'])
      .where('links.linkId', '=', linkId).execute();
    const rxOf = (name: string) => rxs.find((r) => r.dispensedMedName.startsWith(name))!.rxId;
    return { token, rxOf };
  }
  const autoRefillOn = async (rxId: number) => (await gw.db.selectFrom('prescriptions').select('autoRefillOn').where('rxId', '=', rxId).executeTakeFirstOrThrow()).autoRefillOn;
  const toggle = (token: string, rxId: number, autoRefill = true) => gw.call('toggleEasyFillAutoRefill', { patientToken: token, body: { rxs: [rxId], autoRefill } });

  it("refuses what Auto Refill refuses, with Auto Refill's words (422), and turns nothing on", async () => {
    const partial = await clonedLink('demo-partial', 'autorefill');
    const short = partial.rxOf('HYDROCHLOROTHIAZIDE');
    const refused = await toggle(partial.token, short);
    expect([refused.status, refused.body.messageErrorText]).toEqual([422, AUTO_REFILL_REFUSED.shortFill]);
    const enrolment = await gw.call('manageAutoRefill', { patientToken: partial.token, body: [{ rxId: short, autoRefill: true }] });
    expect([enrolment.status, enrolment.body.messageErrorText]).toEqual([422, AUTO_REFILL_REFUSED.shortFill]);
    expect(await autoRefillOn(short)).toBe(false);

    const auto = await clonedLink('demo-autorefill', 'autorefill');
    const first = await toggle(auto.token, auto.rxOf('LOSARTAN'));
    expect([first.status, first.body.messageErrorText]).toEqual([422, AUTO_REFILL_REFUSED.orderFirst]);
    expect(await autoRefillOn(auto.rxOf('LOSARTAN'))).toBe(false);
  });

  it('refuses a controlled substance on both flows (the drug schedule is the gateway\'s to know)', async () => {
    const refill = await clonedLink('demo-refill', 'easyfill');
    const atorvastatin = refill.rxOf('ATORVASTATIN');
    const codeine = await gw.db.selectFrom('drugs').select('ndc').where('controlledClass', '>', 0).executeTakeFirstOrThrow();
    await gw.db.updateTable('prescriptions').set({ ndc: codeine.ndc }).where('rxId', '=', atorvastatin).execute();
    const refused = await toggle(refill.token, atorvastatin);
    expect([refused.status, refused.body.messageErrorText]).toEqual([422, AUTO_REFILL_REFUSED.controlled]);
    expect(await autoRefillOn(atorvastatin)).toBe(false);
    const auto = await clonedLink('demo-autorefill', 'autorefill');
    await gw.db.updateTable('prescriptions').set({ ndc: codeine.ndc }).where('rxId', '=', auto.rxOf('AMLODIPINE')).execute();
    const enrolment = await gw.call('manageAutoRefill', { patientToken: auto.token, body: [{ rxId: auto.rxOf('AMLODIPINE'), autoRefill: true }] });
    expect([enrolment.status, enrolment.body.messageErrorText]).toEqual([422, AUTO_REFILL_REFUSED.controlled]);
  });

  it("takes what passes the rule, turns anything off, and refuses another link's drug (403)", async () => {
    const refill = await clonedLink('demo-refill', 'easyfill');
    const apixaban = refill.rxOf('APIXABAN');
    expect((await toggle(refill.token, apixaban)).status).toBe(200);
    expect(await autoRefillOn(apixaban)).toBe(true);
    expect((await toggle(refill.token, apixaban, false)).status).toBe(200);
    expect(await autoRefillOn(apixaban)).toBe(false);
    const other = await clonedLink('demo-partial', 'autorefill');
    expect((await toggle(other.token, apixaban)).status).toBe(403);
    expect(await autoRefillOn(apixaban)).toBe(false);
  });
});

describe('M2: a session', () => {
  const later = (ms: number) => (gw.clock.now = new Date(gw.clock.now.getTime() + ms));
  const minutes = 60_000;
  const email = (token: string) => gw.call('getEmail', { patientToken: token });

  it('lasts 12 hours from its verification at most, however often it is renewed', async () => {
    const start = gw.clock.now;
    try {
      let token = (await gw.call('verifyMember', { body: { memberInfo: MARIA } })).body.accessToken as string;
      // Renewed every 25 minutes, as an active member's page does, for 11 h 40 min.
      for (let i = 0; i < 28; i++) {
        later(25 * minutes);
        const renewed = await gw.call('renewMemberSession', { patientToken: token });
        expect(renewed.status, `renewal ${i + 1}`).toBe(200);
        token = renewed.body.accessToken;
      }
      // 11 h 40 min in: the last renewal's token ends with the session, at 12 hours, not 30 minutes later.
      later(19 * minutes);
      expect((await email(token)).status).toBe(200);
      const last = await gw.call('renewMemberSession', { patientToken: token });
      expect(last.status).toBe(200);
      later(1 * minutes + 1000);
      for (const t of [token, last.body.accessToken]) {
        const refused = await email(t);
        expect([refused.status, refused.body.messageErrorText]).toEqual([401, 'Access token expired: the session has reached its 12 hours.']);
      }
      expect((await gw.call('renewMemberSession', { patientToken: last.body.accessToken })).status).toBe(401);
    } finally {
      gw.clock.now = start;
    }
  });

  it('is revoked by its token, member or link (204): every token of it is refused from then on (401)', async () => {
    const first = (await gw.call('verifyMember', { body: { memberInfo: MARIA } })).body.accessToken as string;
    const renewed = (await gw.call('renewMemberSession', { patientToken: first })).body.accessToken as string;
    const other = (await gw.call('verifyMember', { body: { memberInfo: MARIA } })).body.accessToken as string;
    expect((await gw.call('revokeSession', { patientToken: first })).status).toBe(204);
    for (const token of [first, renewed]) {
      const refused = await email(token);
      expect([refused.status, refused.body.messageErrorText]).toEqual([401, SESSION_REVOKED]);
      // The address list folds the lookup into its own query on PostgreSQL (auth/security.ts RevocationCheck): the same answer.
      const list = await gw.call('listAddresses', { patientToken: token });
      expect([list.status, list.body.messageErrorText]).toEqual([401, SESSION_REVOKED]);
      expect((await gw.call('renewMemberSession', { patientToken: token })).status).toBe(401);
      expect((await gw.call('revokeSession', { patientToken: token })).status).toBe(401);
    }
    // Another session of the same member goes on.
    expect((await email(other)).status).toBe(200);
    expect((await gw.call('listAddresses', { patientToken: other })).status).toBe(200);

    const link = await verifiedLink('demo-newrx');
    expect((await gw.call('listEasyFillPrescriptions', { patientToken: link })).status).toBe(200);
    expect((await gw.call('revokeSession', { patientToken: link })).status).toBe(204);
    expect((await gw.call('listEasyFillPrescriptions', { patientToken: link })).status).toBe(401);
  });

  it("ends the token registration issued in it too (one session, one 12 hours)", async () => {
    const { token, registered } = await registerJamesCopy();
    expect((await email(registered.accessToken)).status).toBe(200);
    expect((await gw.call('listAddresses', { patientToken: token })).status).toBe(403);
    expect((await gw.call('revokeSession', { patientToken: token })).status).toBe(204);
    expect((await email(registered.accessToken)).status).toBe(401);
    // Refused as revoked before anything else: the list's handler refuses the unregistered token (403) before its query.
    for (const t of [token, registered.accessToken]) expect((await gw.call('listAddresses', { patientToken: t })).status).toBe(401);
  });

  it('is forgotten once it would have ended anyway', async () => {
    const token = (await gw.call('verifyMember', { body: { memberInfo: MARIA } })).body.accessToken as string;
    const { sid } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sid: string };
    expect((await gw.call('revokeSession', { patientToken: token })).status).toBe(204);
    const row = () => gw.db.selectFrom('revokedSessions').selectAll().where('sessionId', '=', sid).executeTakeFirst();
    expect((await row())?.expiresAt).toEqual(new Date(gw.clock.now.getTime() + 12 * 60 * minutes));
    await purgeRevokedSessions(gw.db, new Date(gw.clock.now.getTime() + 12 * 60 * minutes - 1000));
    expect(await row()).toBeDefined();
    await purgeRevokedSessions(gw.db, new Date(gw.clock.now.getTime() + 12 * 60 * minutes));
    expect(await row()).toBeUndefined();
  });
});

describe('M5: security events', () => {
  it('are logged for failed and locked verifications, refused tokens, refused access and rate-limit hits, with nothing personal in clear', async () => {
    const lines: string[] = [];
    const log = new Writable({ write: (chunk: Buffer, _enc, done) => { lines.push(chunk.toString()); done(); } });
    const clock = { now: new Date(gw.clock.now) };
    // A second gateway with a log, on the same database; its own client address, so its rate limit counts only its calls.
    const app = await buildGateway({ db: gw.db, secret: TEST_SECRET, now: () => clock.now, logger: log, rateLimits: { verify: 10 } });
    const remoteAddress = '10.26.5.5';
    const send = async (method: 'GET' | 'POST' | 'PUT', url: string, options: { payload?: object; patientToken?: string; appToken?: string | null } = {}) => {
      const appToken = options.appToken === undefined ? (await app.inject({ method: 'POST', url: '/gwapi/apptoken', payload: { clientId: 'mmar-web' } })).json().token : options.appToken;
      const headers: Record<string, string> = {};
      if (appToken) headers['x-app-token'] = appToken;
      if (options.patientToken) headers['x-access-token'] = options.patientToken;
      const r = await app.inject({ method, url, headers, remoteAddress, ...(options.payload ? { payload: options.payload } : {}) });
      return { status: r.statusCode, body: r.body ? r.json() : undefined };
    };
    try {
      // Member verification: a copy of Linda, five wrong dates of birth (404), then locked (423) even when right.
      const memberNumber = (await gw.app.inject({ method: 'POST', url: '/__test/members', payload: { from: 'MMA100003' } })).json().memberNumber as string;
      const linda = { memberNumber, firstName: 'Linda', lastName: 'Nguyen', birthDate: '1949-01-06' };
      for (let i = 0; i < 5; i++) expect((await send('POST', '/gwapi/mmar/verify', { payload: { memberInfo: linda } })).status).toBe(404);
      expect((await send('POST', '/gwapi/mmar/verify', { payload: { memberInfo: { ...linda, birthDate: '1949-01-05' } } })).status).toBe(423);

      // Link verification: a copy of demo-refill, three wrong zips (200, messageStatus false), then blocked (423).
      const linkId = (await gw.app.inject({ method: 'POST', url: '/__test/links', payload: { from: 'demo-refill', kind: 'easyfill' } })).json().linkId as string;
      const { patientId } = (await gw.call('validateEasyFillLink', { query: { linkId }, body: { updateClicks: false } })).body;
      const guess = { patientId, easyFillCode: linkId, dateOfBirth: '1958-04-12', zipCode: '10001' };
      for (let i = 0; i < 3; i++) expect((await send('POST', '/gwapi/easyfill/verify', { payload: guess })).body.messageStatus).toBe(false);
      expect((await send('POST', '/gwapi/easyfill/verify', { payload: { ...guess, zipCode: '85281' } })).status).toBe(423);

      // Refused tokens: none, forged, expired, revoked, a link's on a member call.
      const maria = (await send('POST', '/gwapi/mmar/verify', { payload: { memberInfo: MARIA } })).body.accessToken as string;
      const link = await verifiedLink('demo-newrx');
      expect((await send('GET', '/gwapi/mmar/patient/emailaddress')).status).toBe(401);
      expect((await send('GET', '/gwapi/mmar/patient/emailaddress', { patientToken: `${maria.slice(0, -2)}xx` })).status).toBe(401);
      expect((await send('GET', '/gwapi/mmar/patient/emailaddress', { appToken: null, patientToken: maria })).status).toBe(401);
      expect((await send('GET', '/gwapi/mmar/patient/emailaddress', { patientToken: link })).status).toBe(403);
      // Refused access: Maria's token naming another member.
      const other = { memberNumber: 'MMA100003', firstName: 'Linda', lastName: 'Nguyen', birthDate: '1949-01-05' };
      expect((await send('POST', '/gwapi/mmar/checkeligibility', { patientToken: maria, payload: other })).status).toBe(403);
      const revoked = (await send('POST', '/gwapi/mmar/verify', { payload: { memberInfo: MARIA } })).body.accessToken as string;
      expect((await send('POST', '/gwapi/session/revoke', { patientToken: revoked })).status).toBe(204);
      expect((await send('GET', '/gwapi/mmar/patient/emailaddress', { patientToken: revoked })).status).toBe(401);
      const expiring = (await send('POST', '/gwapi/mmar/verify', { payload: { memberInfo: MARIA } })).body.accessToken as string;
      clock.now = new Date(clock.now.getTime() + 31 * 60_000);
      expect((await send('GET', '/gwapi/mmar/patient/emailaddress', { patientToken: expiring })).status).toBe(401);

      // The tokenizer refuses a card post from another origin.
      const tokenizer = await buildTokenizer({ db: gw.db, secret: 'probe-tokenizer-secret', publicUrl: TOKENIZER_URL, portalOrigins: [PORTAL_ORIGIN], logger: log });
      const foreign = await tokenizer.inject({ method: 'POST', url: '/cards', headers: { origin: 'https://evil.example' }, payload: { accessToken: 'nosuchsession00', cardNumber: '4111111111111111' } });
      await tokenizer.close();
      expect(foreign.statusCode).toBe(403);

      // A rate-limit hit: the eleventh Validate of a minute (each operation counts on its own: 9 member verifications above).
      const statuses = [];
      for (let i = 0; i < 11; i++) statuses.push((await send('POST', `/gwapi/EasyFill/Validate?linkId=${linkId}`, { payload: { updateClicks: false } })).status);
      expect(statuses).toEqual([...Array(10).fill(200), 429]);

      const hash = memberHash(TEST_SECRET);
      const events = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((e) => e.msg === 'security event');
      const seen = events.map((e) => [e.outcome, e.operation, e.status, e.member]);
      expect(seen).toEqual([
        ...Array(5).fill(['verification-failed', 'verifyMember', 404, hash(memberNumber)]),
        ['verification-locked', 'verifyMember', 423, hash(memberNumber)],
        ...Array(3).fill(['verification-failed', 'verifyEasyFill', 200, hash('MMA100001')]),
        ['verification-locked', 'verifyEasyFill', 423, hash('MMA100001')],
        ['token-refused', 'getEmail', 401, null],
        ['token-refused', 'getEmail', 401, null],
        ['token-refused', 'getEmail', 401, null],
        ['token-refused', 'getEmail', 403, hash('MMA100001')],
        ['access-refused', 'checkEligibility', 403, hash('MMA100001')],
        ['token-refused', 'getEmail', 401, hash('MMA100001')],
        ['token-refused', 'getEmail', 401, hash('MMA100001')],
        ['origin-refused', 'tokenizeCard', 403, null],
        ['rate-limited', 'validateEasyFillLink', 429, null],
      ]);
      for (const e of events) {
        expect(e).toMatchObject({ event: 'security', reqId: expect.any(String), route: expect.stringMatching(/^\/(gwapi\/|cards$)/) });
        expect(e.member === null || /^[0-9a-f]{16}$/.test(String(e.member))).toBe(true);
      }
      expect(events.filter((e) => e.outcome === 'token-refused').map((e) => e.reason)).toEqual([
        'Access token missing.', 'Access token signature does not match.', 'App token missing.', LINK_TOKEN_REFUSED, SESSION_REVOKED, 'Access token expired.',
      ]);
      const all = lines.join('\n');
      for (const personal of [memberNumber, 'MMA100001', 'MMA100003', 'Maria', 'Lopez', 'Linda', 'Nguyen', '1958-04-12', '1949-01-0', '85281', '85004', '10001', linkId, maria, link, revoked, expiring, '4111111111111111']) {
        expect(all).not.toContain(personal);
      }
    } finally {
      await app.close();
    }
  });
});

describe('a later probe: bodies, forwarded addresses and unknown paths', () => {
  it('refuses JSON nested deeper than any contract body with 400 at any depth, before a token is issued', async () => {
    const nested = (depth: number) => `{"clientId":"mmar-web","x":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    for (const depth of [40, 3_000, 5_000, 100_000]) {
      const r = await gw.app.inject({ method: 'POST', url: '/gwapi/apptoken', headers: { 'content-type': 'application/json' }, payload: nested(depth) });
      expect([r.statusCode, r.json()], String(depth)).toEqual([400, { messageStatus: false, messageErrorText: TOO_DEEP, statusCode: 400 }]);
    }
    // Brackets inside a string are text, not nesting; an ordinary body still gets its token.
    expect(nestsDeeperThan(`{"a":"${'['.repeat(100)}\\"${'{'.repeat(100)}"}`, MAX_JSON_DEPTH)).toBe(false);
    expect((await gw.app.inject({ method: 'POST', url: '/gwapi/apptoken', payload: { clientId: 'mmar-web' } })).statusCode).toBe(200);
    // The tokenizer's origin parses the same way.
    const card = await gw.tokenizer.inject({ method: 'POST', url: '/cards', headers: { 'content-type': 'application/json' }, payload: `{"a":${'['.repeat(5_000)}${']'.repeat(5_000)}}` });
    expect(card.statusCode).toBe(400);
  });

  it('counts X-Forwarded-For behind a trusted proxy only when it is an IP address; no header makes a 500', async () => {
    const app = await buildGateway({ db: gw.db, secret: TEST_SECRET, now: () => gw.clock.now, rateLimits: { appToken: 2 }, trustProxy: true });
    const token = (forwarded: string) => app.inject({
      method: 'POST', url: '/gwapi/apptoken', payload: { clientId: 'mmar-web' }, remoteAddress: '10.9.8.7', headers: { 'x-forwarded-for': forwarded },
    }).then((r) => r.statusCode);
    try {
      // Any string that is not an address counts as the connection's address: rotating it lifts nothing.
      const rotated = [await token('x'.repeat(2000)), await token('not-an-ip-1'), await token('not-an-ip-2'), await token('<script>')];
      expect(rotated).toEqual([200, 200, 429, 429]);
      // Real client addresses keep buckets of their own.
      expect([await token('198.51.100.7'), await token('2001:db8::7'), await token('198.51.100.7'), await token('198.51.100.7')]).toEqual([200, 200, 200, 429]);
    } finally {
      await app.close();
    }
  });

  it('answers an unknown operation 404 without echoing its method or path, on both origins', async () => {
    for (const origin of [gw.app, gw.tokenizer]) {
      const r = await origin.inject({ method: 'PUT', url: '/gwapi/%3Cimg%20src=x%20onerror=alert(1)%3E' });
      expect([r.statusCode, r.json()]).toEqual([404, { messageStatus: false, messageErrorText: NO_OPERATION, statusCode: 404 }]);
      expect(r.body).not.toMatch(/img|alert|PUT/);
    }
  });
});
