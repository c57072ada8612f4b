/**
 * The Idempotency-Key of the submitting calls (the contract's
 * IdempotencyKey parameter, gateway/store/idempotency.ts): a repeat with the
 * same key and body gets the first answer and places nothing again, also when
 * both arrive at once; the same key with another body is 422; a key answers
 * only its own caller and operation; an error answer is not kept; a key lasts
 * 24 hours. Runs on PGlite and on PostgreSQL (where the parallel pair really
 * overlaps on the pool; test/concurrency/idempotency.test.ts races eight).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { cardToken, jamesRegistration, startGateway, type TestGateway } from './harness.ts';
import { IDEMPOTENCY_KEY_TTL_MS, KEY_REUSED } from '../../gateway/store/idempotency.ts';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startGateway();
});
afterAll(async () => gw?.close());

const MARIA = { memberNumber: 'MMA100001', firstName: 'Maria', lastName: 'Lopez', birthDate: '1958-04-12' };
const JAMES = { memberNumber: 'MMA100002', firstName: 'James', lastName: 'Carter', birthDate: '1971-09-30' };
const keyed = (key: string) => ({ 'idempotency-key': key });

const testSwitch = async (url: string, payload: object) => (await gw.app.inject({ method: 'POST', url, payload })).json();
const linkCopy = async (from: string, kind: 'easyfill' | 'autorefill'): Promise<string> =>
  (await testSwitch('/__test/links', { from, kind, ownPatient: true })).linkId;
const memberCopy = async (from: string): Promise<string> => (await testSwitch('/__test/members', { from })).memberNumber;

async function linkToken(kind: 'easyfill' | 'autorefill', linkId: string): Promise<string> {
  const info = await gw.call(kind === 'easyfill' ? 'validateEasyFillLink' : 'validateAutoRefillLink', { query: { linkId }, body: { updateClicks: false } });
  const code = kind === 'easyfill' ? { easyFillCode: linkId } : { autoRefillCode: linkId };
  const r = await gw.call(kind === 'easyfill' ? 'verifyEasyFill' : 'verifyAutoRefill', {
    body: { patientId: info.body.patientId, dateOfBirth: MARIA.birthDate, zipCode: '85281', ...code },
  });
  expect(r.body.messageStatus).toBe(true);
  return r.body.accessToken;
}

async function memberToken(memberInfo: typeof MARIA): Promise<string> {
  const r = await gw.call('verifyMember', { body: { memberInfo } });
  expect(r.status).toBe(200);
  return r.body.accessToken;
}

const stamp = '2026-11-22T17:00:00.000Z';
const cart = (addressId: number, cardSeqNum: number, paymentMethodTypeId: number, rxIds: number[], expeditedShipping = false) => ({
  orderCartId: 0, patientId: null, shippingAddressId: addressId, billingAddressId: addressId,
  paymentCardId: cardSeqNum, paymentMethodTypeId, orderId: 0, statusId: 0, expeditedShipping,
  originationNum: 0, addedDate: stamp, updatedDate: stamp, addedBy: 0, updatedBy: 0, messageStatus: true,
  orderLineItems: rxIds.map((rxId) => ({ rxId, orderLineItemId: 0, lineNumber: 0, orderCartId: 0, previousDispenseId: 0, statusId: 0, priorityItem: true, addedDate: stamp, updatedDate: stamp, addedBy: 0, updatedBy: 0, messageStatus: true })),
});

/** A fresh Easy Fill link copy (its own patient), its token and a cart of its first two drugs. */
async function easyFill() {
  const linkId = await linkCopy('demo-refill', 'easyfill');
  const token = await linkToken('easyfill', linkId);
  const drugs = (await gw.call('listEasyFillPrescriptions', { patientToken: token })).body;
  const address = (await gw.call('listEasyFillAddresses', { patientToken: token })).body[0];
  const card = (await gw.call('listEasyFillPaymentMethods', { patientToken: token })).body[0];
  const rxIds = drugs.slice(0, 2).map((d: { rxId: number }) => d.rxId);
  return { linkId, token, order: cart(address.addressId, card.cardSeqNum, 2, rxIds), address, card, rxIds };
}

const ordersOf = async (linkId: string) => gw.db.selectFrom('orders').innerJoin('links', 'links.linkKey', 'orders.linkKey')
  .select('orders.orderId').where('links.linkId', '=', linkId).execute();

const transfersOf = async (memberNumber: string) =>
  gw.db.selectFrom('transferRequests').select('requestId').where('memberNumber', '=', memberNumber).execute();

/** A one-line transfer of the member's first transferable prescription. */
async function transferBody(memberNumber: string, suffix = '') {
  const drugs = await sql<{ ndc: string; labelName: string }>`select d.ndc, d.label_name from transfer_candidates c join drugs d on d.ndc = c.ndc
    where c.member_number = ${memberNumber} and c.transfer_code = 0 order by c.candidate_id`.execute(gw.db);
  const drug = drugs.rows[0]!;
  return {
    siteIdentifier: 'MMAR', newRx: { isNvx: false, physicianInformation: null, newRxRequests: [] },
    transferRx: { transfers: [{ drugNDC: drug.ndc, selectedDrugName: `${drug.labelName}${suffix}`, transferRxNumber: null, autoRefill: false, pharmacyInformation: null, physicianInformation: null }] },
  };
}

describe('the Easy Fill order (Fill Now)', () => {
  it('places one order for the same key sent twice at once; both get the same answer', async () => {
    const { linkId, token, order } = await easyFill();
    const key = randomUUID();
    const [a, b] = await Promise.all([1, 2].map(() => gw.call('placeEasyFillOrder', { patientToken: token, body: order, headers: keyed(key) })));
    expect([a!.status, b!.status]).toEqual([200, 200]);
    expect(a!.body).toEqual(b!.body);
    expect([a!.headers['idempotent-replayed'], b!.headers['idempotent-replayed']].sort()).toEqual(['true', undefined]);
    expect(await ordersOf(linkId)).toEqual([{ orderId: a!.body.orderId }]);
  });

  it('answers a repeat sent after the first answer with that answer (not 409), and a new key with 409', async () => {
    const { linkId, token, order } = await easyFill();
    const key = randomUUID();
    const first = await gw.call('placeEasyFillOrder', { patientToken: token, body: order, headers: keyed(key) });
    expect(first.status).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // Keys sorted differently are the same request.
    const reordered = Object.fromEntries(Object.entries(order).reverse());
    const repeat = await gw.call('placeEasyFillOrder', { patientToken: token, body: reordered, headers: keyed(key) });
    expect([repeat.status, repeat.body, repeat.headers['idempotent-replayed']]).toEqual([200, first.body, 'true']);
    // Another attempt (a new key) is judged by the business rules: these drugs are ordered.
    const again = await gw.call('placeEasyFillOrder', { patientToken: token, body: order, headers: keyed(randomUUID()) });
    expect([again.status, again.body.messageErrorText]).toEqual([409, 'Prescriptions have already been ordered.']);
    expect(await ordersOf(linkId)).toHaveLength(1);
  });

  it('refuses the same key with another body (422) and places nothing for it', async () => {
    const { linkId, token, order } = await easyFill();
    const key = randomUUID();
    expect((await gw.call('placeEasyFillOrder', { patientToken: token, body: order, headers: keyed(key) })).status).toBe(200);
    const other = await gw.call('placeEasyFillOrder', { patientToken: token, body: { ...order, orderLineItems: order.orderLineItems.slice(0, 1) }, headers: keyed(key) });
    expect([other.status, other.body.messageErrorText]).toEqual([422, KEY_REUSED]);
    expect(await ordersOf(linkId)).toHaveLength(1);
  });

  it('keeps no error answer: a repeat after a refusal runs again', async () => {
    const { linkId, token, order } = await easyFill();
    const key = randomUUID();
    // A card of another patient: 403, nothing stored, the key is not kept.
    const foreign = await gw.call('placeEasyFillOrder', { patientToken: token, body: { ...order, paymentCardId: 9001 }, headers: keyed(key) });
    expect(foreign.status).toBe(403);
    expect(await gw.db.selectFrom('idempotencyKeys').select('idempotencyKey').where('idempotencyKey', '=', key).execute()).toEqual([]);
    // The person fixes the card and presses again with the same key (the client renews it when the body changes; the gateway need not care).
    const fixed = await gw.call('placeEasyFillOrder', { patientToken: token, body: order, headers: keyed(key) });
    expect(fixed.status).toBe(200);
    expect(await ordersOf(linkId)).toHaveLength(1);
  });

  it('answers a key only to its own link: another link with the same key places its own order', async () => {
    const one = await easyFill();
    const two = await easyFill();
    const key = randomUUID();
    const a = await gw.call('placeEasyFillOrder', { patientToken: one.token, body: one.order, headers: keyed(key) });
    const b = await gw.call('placeEasyFillOrder', { patientToken: two.token, body: two.order, headers: keyed(key) });
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(a.body.orderId).not.toBe(b.body.orderId);
  });

  it('forgets a key after 24 hours: it is then a new attempt', async () => {
    const { token, order } = await easyFill();
    const key = randomUUID();
    expect((await gw.call('placeEasyFillOrder', { patientToken: token, body: order, headers: keyed(key) })).status).toBe(200);
    const stored = await gw.db.selectFrom('idempotencyKeys').selectAll().where('idempotencyKey', '=', key).executeTakeFirstOrThrow();
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBe(IDEMPOTENCY_KEY_TTL_MS);
    expect(stored.body).not.toMatch(/accessToken|cardNumber|4111/);
    // The link token lives 30 minutes: a day later the key is past; moved back in the database rather than the clock.
    await gw.db.updateTable('idempotencyKeys').set({ expiresAt: new Date(gw.clock.now.getTime() - 1) }).where('idempotencyKey', '=', key).execute();
    const later = await gw.call('placeEasyFillOrder', { patientToken: token, body: { ...order, orderLineItems: order.orderLineItems.slice(0, 1) }, headers: keyed(key) });
    expect([later.status, later.body.messageErrorText]).toEqual([409, 'Prescriptions have already been ordered.']);
  });

  it('refuses a key that is not a key (400): too short, too long, other characters', async () => {
    const { token, order } = await easyFill();
    for (const key of ['short', 'x'.repeat(65), 'has spaces in the key 1234', '../../etc/passwd/1234567']) {
      const r = await gw.call('placeEasyFillOrder', { patientToken: token, body: order, headers: keyed(key) });
      expect([key, r.status]).toEqual([key, 400]);
    }
  });
});

describe('Auto Refill (Confirm Auto Refill)', () => {
  it('answers a repeated order and a repeated enrolment, 207 included, with their first answers', async () => {
    const linkId = await linkCopy('demo-partial', 'autorefill');
    const token = await linkToken('autorefill', linkId);
    const drugs = (await gw.call('listAutoRefillPrescriptions', { patientToken: token })).body;
    const enrol = drugs.map((d: { rxId: number }) => ({ rxId: d.rxId, autoRefill: true }));
    const key = randomUUID();
    const [a, b] = await Promise.all([1, 2].map(() => gw.call('manageAutoRefill', { patientToken: token, body: enrol, headers: keyed(key) })));
    expect([a!.status, b!.status]).toEqual([207, 207]);
    expect(a!.body).toEqual(b!.body);
    const later = await gw.call('manageAutoRefill', { patientToken: token, body: enrol, headers: keyed(key) });
    expect([later.status, later.body, later.headers['idempotent-replayed']]).toEqual([207, a!.body, 'true']);
  });

  it('places one Order Medication order for the same key twice', async () => {
    const linkId = await linkCopy('demo-autorefill', 'autorefill');
    const token = await linkToken('autorefill', linkId);
    const drugs = (await gw.call('listAutoRefillPrescriptions', { patientToken: token })).body;
    const mustOrder = drugs.find((d: { mustPlaceEPostRxOrder: boolean }) => d.mustPlaceEPostRxOrder);
    const address = (await gw.call('getAutoRefillShipmentAddress', { patientToken: token })).body;
    const card = (await gw.call('getAutoRefillPayment', { patientToken: token })).body;
    const order = cart(address.addressId, card.cardSeqNum, card.cardTypeNum, [mustOrder.rxId]);
    const key = randomUUID();
    const [a, b] = await Promise.all([1, 2].map(() => gw.call('placeAutoRefillOrder', { patientToken: token, body: order, headers: keyed(key) })));
    expect([a!.status, b!.status, a!.body]).toEqual([200, 200, b!.body]);
    expect(await ordersOf(linkId)).toHaveLength(1);
  });
});

describe('the transfer submission (Finish)', () => {
  it('stores one request for the same key twice at once, and a second one for a new key', async () => {
    const memberNumber = await memberCopy('MMA100001');
    const token = await memberToken({ ...MARIA, memberNumber });
    const body = await transferBody(memberNumber);
    const key = randomUUID();
    const [a, b] = await Promise.all([1, 2].map(() => gw.call('submitTransferRequest', { patientToken: token, body, headers: keyed(key) })));
    expect([a!.status, b!.status, a!.body]).toEqual([200, 200, b!.body]);
    expect(await transfersOf(memberNumber)).toEqual([{ requestId: a!.body.requestId }]);
    const repeat = await gw.call('submitTransferRequest', { patientToken: token, body, headers: keyed(key) });
    expect([repeat.status, repeat.body]).toEqual([200, a!.body]);
    // A transfer is not de-duplicated by its contents (docs/gateway.md, parallel requests): a new attempt is a new request.
    const next = await gw.call('submitTransferRequest', { patientToken: token, body, headers: keyed(randomUUID()) });
    expect(next.body.requestId).not.toBe(a!.body.requestId);
    expect(await transfersOf(memberNumber)).toHaveLength(2);
    const other = await gw.call('submitTransferRequest', { patientToken: token, body: await transferBody(memberNumber, ' 2'), headers: keyed(key) });
    expect([other.status, other.body.messageErrorText]).toEqual([422, KEY_REUSED]);
  });

  it('stores each call without a key, as before (the key is optional)', async () => {
    const memberNumber = await memberCopy('MMA100001');
    const token = await memberToken({ ...MARIA, memberNumber });
    const body = await transferBody(memberNumber);
    for (let i = 0; i < 2; i++) expect((await gw.call('submitTransferRequest', { patientToken: token, body })).status).toBe(200);
    expect(await transfersOf(memberNumber)).toHaveLength(2);
  });
});

describe('registration (Next)', () => {
  it('registers one patient for the same key twice; the repeat gets the same patient and a working token, none stored', async () => {
    const memberNumber = await memberCopy('MMA100002');
    const token = await memberToken({ ...JAMES, memberNumber });
    const body = jamesRegistration(memberNumber, await cardToken(gw, token));
    const key = randomUUID();
    const [a, b] = await Promise.all([1, 2].map(() => gw.call('registerMailOrder', { patientToken: token, body, headers: keyed(key) })));
    expect([a!.status, b!.status]).toEqual([200, 200]);
    expect(a!.body.patientNum).toBe(b!.body.patientNum);
    const patients = await gw.db.selectFrom('patients').select('patientId').where('memberNumber', '=', memberNumber).execute();
    expect(patients).toEqual([{ patientId: a!.body.patientNum }]);
    // The repeat's token is a registered patient's token of the same session: it reads the new patient's addresses.
    const replayed = [a!, b!].find((r) => r.headers['idempotent-replayed'] === 'true')!;
    const addresses = await gw.call('listAddresses', { patientToken: replayed.body.accessToken });
    expect(addresses.status).toBe(200);
    const stored = await gw.db.selectFrom('idempotencyKeys').select('body').where('idempotencyKey', '=', key).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.body!)).toEqual({ patientNum: a!.body.patientNum });
    // Without the key, a second registration is refused as before.
    const plain = await gw.call('registerMailOrder', { patientToken: token, body });
    expect([plain.status, plain.body.messageErrorText]).toEqual([409, 'Member is already registered.']);
  });
});

describe('a card added with an Idempotency-Key', () => {
  it('gets the first answer on a repeat (one card); without the key the same token is 409', async () => {
    const memberNumber = await memberCopy('MMA100001');
    const token = await memberToken({ ...MARIA, memberNumber });
    const pciToken = await cardToken(gw, token);
    const card = { defaultCard: false, cardFirstName: 'Maria', cardLastName: 'Lopez', cardTypeNum: 1, cardMonthNum: 6, cardYear: 2031, pciToken };
    const key = keyed(randomUUID());
    const first = await gw.call('addPaymentMethod', { patientToken: token, body: card, headers: key });
    const repeat = await gw.call('addPaymentMethod', { patientToken: token, body: card, headers: key });
    expect([first.status, repeat.status, repeat.body, repeat.headers['idempotent-replayed']]).toEqual([200, 200, first.body, 'true']);
    const unkeyed = await gw.call('addPaymentMethod', { patientToken: token, body: card });
    expect([unkeyed.status, unkeyed.body.messageErrorText]).toEqual([409, 'Payment method already exists.']);
    const stored = await gw.db.selectFrom('paymentCards').select('cardSeqNum').where('pciToken', '=', pciToken).execute();
    expect(stored).toEqual([{ cardSeqNum: first.body.id }]);
  });
});
