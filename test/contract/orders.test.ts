/**
 * Where is my order (the contract's `orders` tag): the order number on the three results, each token's
 * scope (a member's patient, a link's orders, an order check's one order; another's order is 404 as an
 * unknown number), the status's ETag and 304, the public check's attempts and lockout (an unknown number
 * answers as a wrong date of birth; its rate limit: rate-limit.test.ts), a declined order's new card, the test switches and
 * the outbox (the member's channel; the order number and the stage, never a drug name). PGlite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { cardToken, startGateway, type TestGateway } from './harness.ts';
import { ATTEMPT_MESSAGES } from '../../machines/shared/rules/verifyAttempts.ts';
import { ORDER_CHECK_BLOCKED } from '../../gateway/store/orderCheck.ts';
import { ORDER_NOT_FOUND } from '../../gateway/store/orderStatus.ts';
import { ORDER_TOKEN_REFUSED } from '../../gateway/auth/security.ts';
import { PAYMENT_NOT_DECLINED } from '../../gateway/handlers/orders.ts';
import { orderPersonas } from '../../gateway/db/personas.ts';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startGateway();
});
afterAll(async () => gw?.close());

const MARIA = { memberNumber: 'MMA100001', firstName: 'Maria', lastName: 'Lopez', birthDate: '1958-04-12' };
const MARIA_CHECK = { dateOfBirth: '1958-04-12', zipCode: '85281' };

const testSwitch = async (url: string, payload?: object) => gw.app.inject({ method: 'POST', url, ...(payload ? { payload } : {}) });
const linkCopy = async (from: string, kind: 'easyfill' | 'autorefill'): Promise<string> =>
  ((await testSwitch('/__test/links', { from, kind, ownPatient: true })).json() as { linkId: string }).linkId;
const memberCopy = async (from: string): Promise<string> => ((await testSwitch('/__test/members', { from })).json() as { memberNumber: string }).memberNumber;
const outbox = async () => (await gw.app.inject({ method: 'GET', url: '/__test/outbox' })).json() as { orderNumber: string; channel: string; event: string; stage: string; message: string }[];

async function linkToken(kind: 'easyfill' | 'autorefill', linkId: string): Promise<string> {
  const info = await gw.call(kind === 'easyfill' ? 'validateEasyFillLink' : 'validateAutoRefillLink', { query: { linkId }, body: { updateClicks: false } });
  const code = kind === 'easyfill' ? { easyFillCode: linkId } : { autoRefillCode: linkId };
  const r = await gw.call(kind === 'easyfill' ? 'verifyEasyFill' : 'verifyAutoRefill', { body: { patientId: info.body.patientId, ...MARIA_CHECK, ...code } });
  expect(r.body.messageStatus).toBe(true);
  return r.body.accessToken;
}

async function memberToken(memberInfo: typeof MARIA): Promise<string> {
  const r = await gw.call('verifyMember', { body: { memberInfo } });
  expect(r.status).toBe(200);
  return r.body.accessToken;
}

const stamp = '2026-11-22T17:00:00.000Z';
const cart = (addressId: number, cardSeqNum: number, paymentMethodTypeId: number, rxIds: number[]) => ({
  orderCartId: 0, patientId: null, shippingAddressId: addressId, billingAddressId: addressId,
  paymentCardId: cardSeqNum, paymentMethodTypeId, orderId: 0, statusId: 0, expeditedShipping: false,
  originationNum: 0, addedDate: stamp, updatedDate: stamp, addedBy: 0, updatedBy: 0, messageStatus: true,
  orderLineItems: rxIds.map((rxId) => ({ rxId, orderLineItemId: 0, lineNumber: 0, orderCartId: 0, previousDispenseId: 0, statusId: 0, priorityItem: true, addedDate: stamp, updatedDate: stamp, addedBy: 0, updatedBy: 0, messageStatus: true })),
});

/** An Easy Fill order of a fresh link copy's first two drugs: its token and the answer. */
async function easyFillOrder() {
  const linkId = await linkCopy('demo-refill', 'easyfill');
  const token = await linkToken('easyfill', linkId);
  const drugs = (await gw.call('listEasyFillPrescriptions', { patientToken: token })).body;
  const address = (await gw.call('listEasyFillAddresses', { patientToken: token })).body[0];
  const card = (await gw.call('listEasyFillPaymentMethods', { patientToken: token })).body[0];
  const placed = await gw.call('placeEasyFillOrder', { patientToken: token, body: cart(address.addressId, card.cardSeqNum, 2, drugs.slice(0, 2).map((d: { rxId: number }) => d.rxId)) });
  expect(placed.status).toBe(200);
  return { token, orderNumber: placed.body.orderNumber as string, drugs: drugs.slice(0, 2) as { dispensedMedName: string; copay: number | null }[], address, card };
}

/** A transfer request (Finish) of a fresh copy of Maria: its token and the answer. */
async function transferOrder() {
  const memberNumber = await memberCopy('MMA100001');
  const token = await memberToken({ ...MARIA, memberNumber });
  const drugs = await sql<{ ndc: string; labelName: string }>`select d.ndc, d.label_name from transfer_candidates c join drugs d on d.ndc = c.ndc
    where c.member_number = ${memberNumber} and c.transfer_code = 0 order by c.candidate_id`.execute(gw.db);
  const transfers = drugs.rows.slice(0, 2).map((d) => ({ drugNDC: d.ndc, selectedDrugName: d.labelName, transferRxNumber: null, autoRefill: false, pharmacyInformation: null, physicianInformation: null }));
  const r = await gw.call('submitTransferRequest', { patientToken: token, body: { siteIdentifier: 'MMAR', newRx: { isNvx: false, physicianInformation: null, newRxRequests: [] }, transferRx: { transfers } } });
  expect(r.status).toBe(200);
  return { token, memberNumber, orderNumber: r.body.orderNumber as string, drugNames: drugs.rows.slice(0, 2).map((d) => d.labelName) };
}

async function check(orderNumber: string, who = MARIA_CHECK) {
  return gw.call('checkOrderStatus', { body: { orderNumber, ...who } });
}

async function checkToken(orderNumber: string, who = MARIA_CHECK): Promise<string> {
  const r = await check(orderNumber, who);
  expect(r.body).toMatchObject({ messageStatus: true, remainingAttempts: 3 });
  return r.body.accessToken;
}

describe('the order number on every result', () => {
  it("Easy Fill's Fill Now: its number opens the order's status for the link, also after the order ended the link's session", async () => {
    const { token, orderNumber, drugs, address, card } = await easyFillOrder();
    expect(orderNumber).toMatch(/^[0-9]{6,10}$/);
    const status = await gw.call('getOrderStatus', { patientToken: token, params: { orderNumber } });
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({
      orderNumber, kind: 'refill', stage: 'received', exception: null,
      shippingAddress: { addressLine1: address.address1, zipCode: address.zipCode },
      payment: { billMeLater: false, lastDigits: card.cardNumber },
    });
    expect(status.body.items.map((i: { drugName: string; stage: string }) => [i.drugName, i.stage]).sort()).toEqual(drugs.map((d) => [d.dispensedMedName, 'received']).sort());
    expect(status.body.items[0].reached).toEqual([{ stage: 'received', at: gw.clock.now.toISOString() }]);
    const copays = drugs.map((d) => d.copay).filter((c): c is number => c !== null);
    // Dollars to the cent, summed as cents (machines/shared/rules/orderCost.ts): never a float's tail.
    expect(status.body.total).toBe(copays.length ? Math.round(copays.reduce((a, b) => a + b, 0) * 100) / 100 : null);
    expect(status.headers['cache-control']).toBe('no-store');
    const list = await gw.call('listOrders', { patientToken: token });
    expect(list.body).toEqual([{ orderNumber, kind: 'refill', placedAt: gw.clock.now.toISOString(), stage: 'received', itemCount: 2, needsAction: false }]);
  });

  it("Auto Refill's order carries its number", async () => {
    const linkId = await linkCopy('demo-autorefill', 'autorefill');
    const token = await linkToken('autorefill', linkId);
    const drugs = (await gw.call('listAutoRefillPrescriptions', { patientToken: token })).body;
    const mustOrder = drugs.find((d: { mustPlaceEPostRxOrder: boolean }) => d.mustPlaceEPostRxOrder);
    const address = (await gw.call('getAutoRefillShipmentAddress', { patientToken: token })).body;
    const card = (await gw.call('getAutoRefillPayment', { patientToken: token })).body;
    const r = await gw.call('placeAutoRefillOrder', { patientToken: token, body: cart(address.addressId, card.cardSeqNum, card.cardTypeNum, [mustOrder.rxId]) });
    expect(r.body.orderNumber).toMatch(/^[0-9]{6,10}$/);
    expect((await gw.call('getOrderStatus', { patientToken: token, params: { orderNumber: r.body.orderNumber } })).body.items).toHaveLength(1);
  });

  it("the member flow's Finish: a transfer order of the requested prescriptions, in the member's list", async () => {
    const { token, orderNumber, drugNames } = await transferOrder();
    expect(orderNumber).toMatch(/^[0-9]{6,10}$/);
    const status = (await gw.call('getOrderStatus', { patientToken: token, params: { orderNumber } })).body;
    expect(status).toMatchObject({ kind: 'transfer', stage: 'requested', shippingAddress: { zipCode: '85281' } });
    expect(status.items.map((i: { drugName: string }) => i.drugName)).toEqual(drugNames);
    expect((await gw.call('listOrders', { patientToken: token })).body.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([orderNumber]);
  });
});

describe('scope: each token sees its own orders; another\'s is 404 as an unknown number', () => {
  it("a member token: its patient's orders, newest first; Linda's order and an unknown number are the same 404", async () => {
    const token = await memberToken(MARIA);
    const list = (await gw.call('listOrders', { patientToken: token })).body.map((o: { orderNumber: string }) => o.orderNumber);
    expect(list).toEqual(expect.arrayContaining(['880001', '880003', '880004', '880005', '880006', '880007']));
    expect(list).not.toContain('880002');
    expect(list).not.toContain('880008');
    const another = await gw.call('getOrderStatus', { patientToken: token, params: { orderNumber: '880002' } });
    const unknown = await gw.call('getOrderStatus', { patientToken: token, params: { orderNumber: '8999999' } });
    expect([another.status, another.body]).toEqual([404, unknown.body]);
    expect(unknown.body.messageErrorText).toBe(ORDER_NOT_FOUND);
  });

  it("a link token: the orders placed through its link only (demo-ordered's), 410 once the link expired", async () => {
    const linkId = await linkCopy('demo-ordered', 'easyfill');
    const token = await linkToken('easyfill', linkId);
    // The copy has no order of its own; the seeded link's token sees its order.
    expect((await gw.call('listOrders', { patientToken: token })).status).toBe(204);
    expect((await gw.call('getOrderStatus', { patientToken: token, params: { orderNumber: '880003' } })).status).toBe(404);
    const seeded = await linkToken('easyfill', 'demo-ordered');
    expect((await gw.call('listOrders', { patientToken: seeded })).body.map((o: { orderNumber: string }) => o.orderNumber)).toEqual(['880003']);
    expect((await gw.call('getOrderStatus', { patientToken: seeded, params: { orderNumber: '880001' } })).status).toBe(404);
    await gw.db.updateTable('links').set({ expiresAt: new Date(gw.clock.now.getTime() - 1000) }).where('linkId', '=', linkId).execute();
    expect((await gw.call('listOrders', { patientToken: token })).status).toBe(410);
  });

  it('an order check token: its one order (list and status), no other order, no member or link call', async () => {
    const token = await checkToken('880007');
    expect((await gw.call('listOrders', { patientToken: token })).body.map((o: { orderNumber: string }) => o.orderNumber)).toEqual(['880007']);
    expect((await gw.call('getOrderStatus', { patientToken: token, params: { orderNumber: '880007' } })).status).toBe(200);
    expect((await gw.call('getOrderStatus', { patientToken: token, params: { orderNumber: '880006' } })).status).toBe(404);
    const member = await gw.call('listAddresses', { patientToken: token });
    const link = await gw.call('listEasyFillPrescriptions', { patientToken: token });
    expect([member.status, member.body.messageErrorText, link.status]).toEqual([403, ORDER_TOKEN_REFUSED, 403]);
  });
});

describe('the status is conditional (ETag, 304)', () => {
  it('answers 304 with no body to its ETag, and a new ETag after the order changed', async () => {
    const token = await memberToken(MARIA);
    const first = await gw.call('getOrderStatus', { patientToken: token, params: { orderNumber: '880007' } });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const same = await gw.call('getOrderStatus', { patientToken: token, params: { orderNumber: '880007' }, headers: { 'if-none-match': etag } });
    expect([same.status, same.body, same.headers.etag]).toEqual([304, undefined, etag]);
    expect((await testSwitch('/__test/orders/880007/advance')).json()).toEqual({ moved: 1 });
    const moved = await gw.call('getOrderStatus', { patientToken: token, params: { orderNumber: '880007' }, headers: { 'if-none-match': etag } });
    expect(moved.status).toBe(200);
    expect(moved.headers.etag).not.toBe(etag);
    expect(moved.body.stage).toBe('filling');
    expect(moved.body.items[0].reached.map((r: { stage: string }) => r.stage)).toEqual(['received', 'filling']);
  });
});

describe('the public check (order number, date of birth, zip)', () => {
  /** Everything a caller sees of an answer but its date and the rate limit's count and window, which are the caller's (every call moves them). */
  const seen = (r: { status: number; body: unknown; headers: Record<string, unknown> }) => {
    const { date: _date, 'x-ratelimit-remaining': _remaining, 'x-ratelimit-reset': _reset, ...headers } = r.headers;
    return { status: r.status, body: r.body, headers };
  };

  it('an unknown number answers exactly as a wrong date of birth: 3 attempts, then 423 alike', async () => {
    const { orderNumber } = await easyFillOrder();
    const unknown = String(Number(orderNumber) + 500_000);
    const wrong = { ...MARIA_CHECK, dateOfBirth: '1958-04-13' };
    for (const left of [2, 1, 0]) {
      const a = await check(orderNumber, wrong);
      const b = await check(unknown, wrong);
      expect(a.body).toEqual({ messageStatus: false, getCallAgain: true, remainingAttempts: left, messageErrorText: ATTEMPT_MESSAGES.identity });
      expect(seen(b)).toEqual(seen(a));
    }
    const lockedKnown = await check(orderNumber);
    const lockedUnknown = await check(unknown);
    expect([lockedKnown.status, lockedKnown.body.messageErrorText]).toEqual([423, ORDER_CHECK_BLOCKED]);
    expect(seen(lockedUnknown)).toEqual(seen(lockedKnown));
    // Kept in the database, a row per typed number.
    const rows = await gw.db.selectFrom('orderChecks').select(['orderNumber', 'remainingAttempts']).where('orderNumber', 'in', [orderNumber, unknown]).execute();
    expect(rows.sort((x, y) => x.orderNumber.length - y.orderNumber.length || x.orderNumber.localeCompare(y.orderNumber)))
      .toEqual([{ orderNumber, remainingAttempts: 0 }, { orderNumber: unknown, remainingAttempts: 0 }]);
  });

  it('a wrong zip costs an attempt, a right answer restores them; each seeded order opens with its persona', async () => {
    const { orderNumber } = await easyFillOrder();
    expect((await check(orderNumber, { ...MARIA_CHECK, zipCode: '10001' })).body.remainingAttempts).toBe(2);
    await checkToken(orderNumber);
    for (const o of orderPersonas) {
      const [m, d, y] = o.born.split('/');
      await checkToken(o.orderNumber, { dateOfBirth: `${y}-${m}-${d}`, zipCode: o.zip });
    }
  });

  it('takes about the same time for an unknown number as for a wrong date of birth (the same work)', async () => {
    const { orderNumber } = await easyFillOrder();
    const wrong = { ...MARIA_CHECK, dateOfBirth: '1958-04-13' };
    const time = async (n: string) => {
      const t = performance.now();
      await check(n, wrong);
      return performance.now() - t;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 9; i++) {
      // A fresh number each time: every attempt is judged, none locked.
      await gw.db.deleteFrom('orderChecks').where('orderNumber', '=', orderNumber).execute();
      known.push(await time(orderNumber));
      unknown.push(await time(String(7_000_000 + i)));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    // Generous bounds (a busy shared machine): what matters is no shortcut for an unknown number.
    expect(median(unknown)).toBeGreaterThan(median(known) / 3);
    expect(median(unknown)).toBeLessThan(median(known) * 3);
  });
});

describe('a declined payment gets a new card (updateOrderPayment)', () => {
  it('is 409 when the payment was not declined; saves the card, sets it on the order and clears the exception; then 409', async () => {
    const token = await checkToken('880004');
    const before = (await gw.call('getOrderStatus', { patientToken: token, params: { orderNumber: '880004' } })).body;
    expect(before.exception).toMatchObject({ kind: 'paymentDeclined' });
    const pciToken = await cardToken(gw, token, '5555555555554444');
    const body = { defaultCard: false, cardFirstName: 'Maria', cardLastName: 'Lopez', cardTypeNum: 2, cardMonthNum: 12, cardYear: 2030, pciToken };
    const notDeclined = await gw.call('updateOrderPayment', { patientToken: await memberToken(MARIA), params: { orderNumber: '880007' }, body });
    expect([notDeclined.status, notDeclined.body.messageErrorText]).toEqual([409, PAYMENT_NOT_DECLINED]);
    const key = randomUUID();
    const paid = await gw.call('updateOrderPayment', { patientToken: token, params: { orderNumber: '880004' }, body, headers: { 'idempotency-key': key } });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ exception: null, stage: 'filling', payment: { billMeLater: false, lastDigits: '4444' } });
    const repeat = await gw.call('updateOrderPayment', { patientToken: token, params: { orderNumber: '880004' }, body, headers: { 'idempotency-key': key } });
    expect([repeat.status, repeat.headers['idempotent-replayed']]).toEqual([200, 'true']);
    expect((await gw.call('updateOrderPayment', { patientToken: token, params: { orderNumber: '880004' }, body })).status).toBe(409);
  });
});

describe('the outbox: a row per change a member cares about, by the chosen channel, never a drug name', () => {
  it('shipped, delivered and needs action by email for Maria; nothing for a member without a channel', async () => {
    const { orderNumber, drugNames } = await transferOrder();
    for (let i = 0; i < 3; i++) await testSwitch(`/__test/orders/${orderNumber}/advance`);
    expect((await outbox()).filter((r) => r.orderNumber === orderNumber)).toEqual([]);
    await testSwitch(`/__test/orders/${orderNumber}/advance`); // shipped
    const items = (await gw.db.selectFrom('orderItems').innerJoin('orders', 'orders.orderId', 'orderItems.orderId').select('itemId')
      .where('orderNumber', '=', orderNumber).orderBy('itemId').execute()).map((i) => i.itemId);
    await testSwitch(`/__test/orders/${orderNumber}/advance`, { itemId: items[0] }); // one delivered
    await testSwitch(`/__test/orders/${orderNumber}/exception`, { kind: 'shipmentDelayed', reason: 'Weather.' });
    const rows = (await outbox()).filter((r) => r.orderNumber === orderNumber);
    expect(rows.map((r) => [r.channel, r.event, r.stage])).toEqual([
      ['email', 'shipped', 'shipped'], ['email', 'shipped', 'shipped'], ['email', 'delivered', 'delivered'], ['email', 'needsAction', 'shipped'],
    ]);
    for (const row of rows) {
      expect(row.message).toContain(orderNumber);
      for (const name of drugNames) expect(row.message.toUpperCase()).not.toContain(name.split(' ')[0]!.toUpperCase());
    }
    // Linda chose no channel: her order's change writes no row.
    await testSwitch('/__test/orders/880002/exception', { kind: 'shipmentDelayed' });
    expect((await outbox()).filter((r) => r.orderNumber === '880002')).toEqual([]);
  });

  it('an exception stops an item until cleared; the whole order waits for its least advanced item', async () => {
    const { token, orderNumber } = await transferOrder();
    const items = (await gw.call('getOrderStatus', { patientToken: token, params: { orderNumber } })).body.items as { itemId: number }[];
    await testSwitch(`/__test/orders/${orderNumber}/exception`, { kind: 'doctorNotAnswered', itemId: items[0]!.itemId });
    expect((await testSwitch(`/__test/orders/${orderNumber}/advance`)).json()).toEqual({ moved: 1 });
    const status = (await gw.call('getOrderStatus', { patientToken: token, params: { orderNumber } })).body;
    expect(status.items.map((i: { stage: string }) => i.stage)).toEqual(['requested', 'contacting']);
    expect(status.stage).toBe('requested');
    expect(status.items[0].exception).toEqual({ kind: 'doctorNotAnswered', askedAgainOn: null, reason: null });
    expect((await gw.call('listOrders', { patientToken: token })).body[0].needsAction).toBe(true);
    await testSwitch(`/__test/orders/${orderNumber}/exception`, { kind: null, itemId: items[0]!.itemId });
    expect((await testSwitch(`/__test/orders/${orderNumber}/advance`, { itemId: items[0]!.itemId })).json()).toEqual({ moved: 1 });
  });
});
