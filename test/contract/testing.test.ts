/**
 * Test-only link clones (POST /__test/links): a seeded link copied with its own
 * prescriptions, so a test that locks, orders or enrols through the copy never
 * changes the original. Every call here carries an x-test-scope header, as the
 * Playwright tests' calls do, and must still be served as the contract says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations, responseErrors, startGateway, type TestGateway } from './harness.ts';
import { buildGateway } from '../../gateway/app.ts';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startGateway();
});
afterAll(async () => gw?.close());

const MARIA = { dateOfBirth: '1958-04-12', zipCode: '85281' };
const SCOPE = { 'x-test-scope': 'worker-7' };

const clone = (payload: object) => gw.app.inject({ method: 'POST', url: '/__test/links', payload });

/** gw.call with the scope header: the answer is validated against the contract. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function call(operationId: string, o: { token?: string; query?: Record<string, string>; body?: unknown } = {}): Promise<{ status: number; body: any }> {
  const op = operations.get(operationId)!;
  const headers: Record<string, string> = { ...SCOPE, 'x-app-token': await gw.appToken() };
  if (o.token) headers['x-access-token'] = o.token;
  const r = await gw.app.inject({ method: op.method as 'GET', url: op.path, query: o.query, headers, ...(o.body !== undefined ? { payload: o.body as object } : {}) });
  const body = r.body ? r.json() : undefined;
  expect(responseErrors(op, r.statusCode, body), `${operationId} ${r.statusCode}`).toEqual([]);
  return { status: r.statusCode, body };
}

type Kind = 'easyfill' | 'autorefill';
const ops = (kind: Kind) => kind === 'easyfill'
  ? { info: 'validateEasyFillLink', verify: 'verifyEasyFill', code: 'easyFillCode', list: 'listEasyFillPrescriptions' }
  : { info: 'validateAutoRefillLink', verify: 'verifyAutoRefill', code: 'autoRefillCode', list: 'listAutoRefillPrescriptions' };

async function info(kind: Kind, linkId: string) {
  return (await call(ops(kind).info, { query: { linkId }, body: { updateClicks: false } })).body;
}

async function verify(kind: Kind, linkId: string, who = MARIA) {
  const { patientId } = await info(kind, linkId);
  return call(ops(kind).verify, { body: { patientId, [ops(kind).code]: linkId, ...who } });
}

async function cloneOf(from: string, kind: Kind): Promise<string> {
  const r = await clone({ from, kind });
  expect(r.statusCode).toBe(201);
  return r.json().linkId;
}

/** The link's prescriptions and link rows as stored, to prove a clone left them alone. */
async function stored(kind: Kind, linkId: string) {
  const { linkKey } = await gw.db.selectFrom('links').select('linkKey').where('kind', '=', kind).where('linkId', '=', linkId).executeTakeFirstOrThrow();
  return gw.db.selectFrom('linkPrescriptions').innerJoin('prescriptions', 'prescriptions.rxId', 'linkPrescriptions.rxId')
    .selectAll().where('linkPrescriptions.linkKey', '=', linkKey).orderBy('prescriptions.rxId').execute();
}

const cart = (addressId: number, cardSeqNum: number, rxIds: number[]) => {
  const stamp = new Date().toISOString();
  const common = { addedDate: stamp, updatedDate: stamp, addedBy: 0, updatedBy: 0, messageStatus: true };
  return {
    ...common, orderCartId: 0, patientId: null, shippingAddressId: addressId, billingAddressId: addressId,
    paymentCardId: cardSeqNum, paymentMethodTypeId: 2, orderId: 0, statusId: 0, expeditedShipping: false, originationNum: 0,
    orderLineItems: rxIds.map((rxId) => ({ ...common, rxId, orderLineItemId: 0, lineNumber: 0, orderCartId: 0, previousDispenseId: 0, statusId: 0, priorityItem: true })),
  };
};

describe('link clones', () => {
  it('copy a seeded link with its own prescriptions; the persona verifies through the copy', async () => {
    const original = await stored('easyfill', 'demo-refill');
    const linkId = await cloneOf('demo-refill', 'easyfill');
    expect(linkId).toMatch(/^demo-refill-t[0-9a-f]{12}$/);
    expect(await cloneOf('demo-refill', 'easyfill')).not.toBe(linkId);

    const row = await gw.db.selectFrom('links').selectAll().where('kind', '=', 'easyfill').where('linkId', '=', linkId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ linkType: 'refill', status: 'ACTIVE', isValid: true, remainingAttempts: 3, clickCount: 0 });
    expect(await info('easyfill', linkId)).toEqual(await info('easyfill', 'demo-refill'));

    const copies = await stored('easyfill', linkId);
    const columns = ({ rxId: _rx, linkKey: _link, ...rest }: (typeof copies)[number]) => rest;
    expect(copies.map(columns)).toEqual(original.map(columns));
    expect(copies.some((c) => original.some((o) => o.rxId === c.rxId))).toBe(false);

    const verified = await verify('easyfill', linkId);
    expect(verified.body).toMatchObject({ messageStatus: true, remainingAttempts: 3 });
    const drugs = (await call('listEasyFillPrescriptions', { token: verified.body.accessToken })).body;
    expect(drugs.map((d: { rxId: number }) => d.rxId).sort()).toEqual(copies.map((c) => c.rxId).sort());
  });

  it('lock on their own: three wrong answers block the copy, not the original', async () => {
    const linkId = await cloneOf('demo-refill', 'easyfill');
    const wrong = { ...MARIA, dateOfBirth: '1958-04-13' };
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await verify('easyfill', linkId, wrong)).body.remainingAttempts);
    expect(answers).toEqual([2, 1, 0]);
    expect((await verify('easyfill', linkId)).status).toBe(423);
    expect(await info('easyfill', 'demo-refill')).toMatchObject({ remainingAttempts: 3 });
    // A new copy of the original starts with its 3 attempts.
    expect(await info('easyfill', await cloneOf('demo-refill', 'easyfill'))).toMatchObject({ remainingAttempts: 3 });
  });

  it('take Easy Fill orders and auto-refill toggles without changing the original prescriptions', async () => {
    const before = await stored('easyfill', 'demo-refill');
    const linkId = await cloneOf('demo-refill', 'easyfill');
    const token = (await verify('easyfill', linkId)).body.accessToken;
    const drugs = (await call('listEasyFillPrescriptions', { token })).body;
    const address = (await call('listEasyFillAddresses', { token })).body[0];
    const card = (await call('listEasyFillPaymentMethods', { token })).body[0];

    const eligible = drugs.find((d: { autoFillEligible: boolean; autoFillStatusValue: boolean }) => d.autoFillEligible && !d.autoFillStatusValue);
    expect((await call('toggleEasyFillAutoRefill', { token, body: { rxs: [eligible.rxId], autoRefill: true } })).status).toBe(200);
    const order = await call('placeEasyFillOrder', { token, body: cart(address.addressId, card.cardSeqNum, drugs.slice(0, 2).map((d: { rxId: number }) => d.rxId)) });
    expect(order.body).toMatchObject({ messageStatus: true });
    // The order ended that session: a new verification of the clone lists what is left.
    const again = (await verify('easyfill', linkId)).body.accessToken;
    expect((await call('listEasyFillPrescriptions', { token: again })).body).toHaveLength(drugs.length - 2);

    expect(await stored('easyfill', 'demo-refill')).toEqual(before);
    const original = await verify('easyfill', 'demo-refill');
    expect((await call('listEasyFillPrescriptions', { token: original.body.accessToken })).body).toHaveLength(before.length);
  });

  it('take Auto Refill orders and enrolments without changing the original prescriptions', async () => {
    const before = await stored('autorefill', 'demo-autorefill');
    const linkId = await cloneOf('demo-autorefill', 'autorefill');
    const token = (await verify('autorefill', linkId)).body.accessToken;
    const drugs = (await call('listAutoRefillPrescriptions', { token })).body;
    expect(drugs).toHaveLength(before.length);
    const mustOrder = drugs.find((d: { mustPlaceEPostRxOrder: boolean }) => d.mustPlaceEPostRxOrder);
    const requested = drugs.find((d: { selectedRxForAutoRefill: boolean }) => d.selectedRxForAutoRefill);
    const address = (await call('getAutoRefillShipmentAddress', { token })).body;
    const card = (await call('getAutoRefillPayment', { token })).body;

    expect((await call('placeAutoRefillOrder', { token, body: cart(address.addressId, card.cardSeqNum, [mustOrder.rxId]) })).body).toMatchObject({ messageStatus: true });
    expect((await call('manageAutoRefill', { token, body: [requested, mustOrder].map((d) => ({ rxId: d.rxId, autoRefill: true })) })).status).toBe(200);

    expect(await stored('autorefill', 'demo-autorefill')).toEqual(before);
    expect(before.find((r) => r.mustPlaceOrder)).toBeDefined();
  });

  it('with ownPatient, copy the patient too: cards and addresses saved through the copy stay off the persona', async () => {
    const r = await clone({ from: 'demo-refill', kind: 'easyfill', ownPatient: true });
    expect(r.statusCode).toBe(201);
    const linkId = r.json().linkId;
    const copy = (await verify('easyfill', linkId)).body;
    const persona = (await verify('easyfill', await cloneOf('demo-refill', 'easyfill'))).body;
    expect(copy.accessToken, JSON.stringify(copy)).toBeTruthy();
    const cards = async (token: string) => (await call('listEasyFillPaymentMethods', { token })).body.map((c: { cardNumber: string }) => c.cardNumber);
    const addresses = async (token: string) => (await call('listEasyFillAddresses', { token })).body.map((a: { address1: string }) => a.address1);
    expect(await cards(copy.accessToken)).toEqual(await cards(persona.accessToken));
    expect(await addresses(copy.accessToken)).toEqual(await addresses(persona.accessToken));
    const { linkKey } = await gw.db.selectFrom('links').select('linkKey').where('linkId', '=', linkId).executeTakeFirstOrThrow();
    const rows = await gw.db.selectFrom('links').innerJoin('linkPrescriptions', 'linkPrescriptions.linkKey', 'links.linkKey').innerJoin('prescriptions', 'prescriptions.rxId', 'linkPrescriptions.rxId')
      .select(['links.patientId as linkPatient', 'prescriptions.patientId as rxPatient']).where('links.linkKey', '=', linkKey).execute();
    const seeded = await gw.db.selectFrom('links').select('patientId').where('linkId', '=', 'demo-refill').executeTakeFirstOrThrow();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect([row.linkPatient, row.rxPatient]).toEqual([rows[0]!.linkPatient, rows[0]!.linkPatient]);
    expect(rows[0]!.linkPatient).not.toBe(seeded.patientId);
    expect((await clone({ from: 'demo-refill', kind: 'easyfill', ownPatient: 'yes' })).statusCode).toBe(400);
  });

  it('keep the state of the seeded link they copy (ordered, locked, expired)', async () => {
    expect(await info('easyfill', await cloneOf('demo-ordered', 'easyfill'))).toMatchObject({ isScriptsAvailable: false });
    expect(await info('easyfill', await cloneOf('demo-locked', 'easyfill'))).toMatchObject({ remainingAttempts: 0 });
    expect(await info('autorefill', await cloneOf('demo-expired', 'autorefill'))).toMatchObject({ isLinkExpired: true, status: 'EXPIRED' });
  });

  it('answer 404 for an unknown link (or the wrong kind) and 400 for a bad body', async () => {
    for (const payload of [{ from: 'no-such-link', kind: 'easyfill' }, { from: 'demo-autorefill', kind: 'easyfill' }]) {
      const r = await clone(payload);
      expect(r.statusCode).toBe(404);
      expect(r.json()).toMatchObject({ messageStatus: false, statusCode: 404 });
    }
    for (const payload of [{}, { from: 'demo-refill' }, { from: 'demo-refill', kind: 'member' }, { from: 'demo/refill', kind: 'easyfill' }, { from: 'x'.repeat(51), kind: 'easyfill' }]) {
      const r = await clone(payload);
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({ messageStatus: false, statusCode: 400 });
    }
  });

  it('do not exist unless the gateway is started for tests', async () => {
    const plain = await buildGateway({ db: gw.db, secret: 'x' });
    try {
      expect((await plain.inject({ method: 'POST', url: '/__test/links', payload: { from: 'demo-refill', kind: 'easyfill' } })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('the x-test-scope header', () => {
  it('is refused by no /gwapi operation', async () => {
    // Validation runs params, body, query, then headers: each operation is called
    // bare, and whatever it answers, it is never a complaint about the headers.
    const headers = { ...SCOPE, 'x-app-token': await gw.appToken() };
    for (const op of operations.values()) {
      const r = await gw.app.inject({ method: op.method as 'GET', url: op.path.replace(/\{\w+\}/g, '1'), headers });
      expect(r.body ? String(r.json().messageErrorText ?? '') : '', op.operationId).not.toMatch(/header/i);
    }
  });
});
