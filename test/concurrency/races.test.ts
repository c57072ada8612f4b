/**
 * Every check that counts or creates, under parallel requests on PostgreSQL
 * (PGlite runs one query at a time and would hide these races): the requests
 * are fired in one burst (race.ts), then the test reads what was stored.
 * Each test works on its own copy of a persona or link (the test switches), so
 * the counts it reads are its own.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { cardToken, jamesRegistration, operations } from '../contract/harness.ts';
import { byStatus, JAMES, lastByteRace, MARIA, PARALLEL, raceGateway, type RaceRequest } from './race.ts';

const race = raceGateway();
const MARIA_ZIP = '85281';

const testSwitch = async (url: string, payload: object) => {
  const r = await race.gw.app.inject({ method: 'POST', url, payload });
  expect(r.statusCode).toBe(201);
  return r.json();
};
/** A copy of a seeded link (with its own patient when asked). */
const linkCopy = async (from: string, kind: 'easyfill' | 'autorefill', ownPatient = false): Promise<string> =>
  (await testSwitch('/__test/links', { from, kind, ownPatient })).linkId;
/** A copy of a seeded member (and of their patient, when registered). */
const memberCopy = async (from: string): Promise<string> => (await testSwitch('/__test/members', { from })).memberNumber;

const times = <T>(n: number, make: (i: number) => T) => Array.from({ length: n }, (_, i) => make(i));
/** One call of an operation, as raw HTTP for the race. */
const request = async (operationId: string, body: unknown, patientToken?: string): Promise<RaceRequest> => ({
  method: operations.get(operationId)!.method as RaceRequest['method'],
  path: operations.get(operationId)!.path,
  body,
  headers: { 'x-app-token': await race.gw.appToken(), ...(patientToken ? { 'x-access-token': patientToken } : {}) },
});

async function memberToken(memberInfo: typeof MARIA): Promise<string> {
  const r = await race.gw.call('verifyMember', { body: { memberInfo } });
  expect(r.status).toBe(200);
  return r.body.accessToken;
}

async function linkToken(kind: 'easyfill' | 'autorefill', linkId: string): Promise<string> {
  const info = await race.gw.call(kind === 'easyfill' ? 'validateEasyFillLink' : 'validateAutoRefillLink', { query: { linkId }, body: { updateClicks: false } });
  const code = kind === 'easyfill' ? { easyFillCode: linkId } : { autoRefillCode: linkId };
  const r = await race.gw.call(kind === 'easyfill' ? 'verifyEasyFill' : 'verifyAutoRefill', {
    body: { patientId: info.body.patientId, dateOfBirth: MARIA.birthDate, zipCode: MARIA_ZIP, ...code },
  });
  expect(r.body.messageStatus).toBe(true);
  return r.body.accessToken;
}

const remainingAttempts = async (linkId: string) =>
  (await race.gw.db.selectFrom('links').select('remainingAttempts').where('linkId', '=', linkId).executeTakeFirstOrThrow()).remainingAttempts;

describe('link verification attempts (H1)', () => {
  const guesses = async (linkId: string, dates: string[]) => {
    const { patientId } = (await race.gw.call('validateEasyFillLink', { query: { linkId }, body: { updateClicks: false } })).body;
    return Promise.all(dates.map((dateOfBirth) => request('verifyEasyFill', { patientId, easyFillCode: linkId, dateOfBirth, zipCode: MARIA_ZIP })));
  };
  const wrongDates = (n: number) => times(n, (i) => `1960-01-${String(i + 1).padStart(2, '0')}`);

  it('judges 3 of 21 wrong guesses sent at once; the other 18 and then the right answer get 423', async () => {
    const linkId = await linkCopy('demo-refill', 'easyfill');
    const answers = await lastByteRace(race.port, await guesses(linkId, wrongDates(21)));
    expect(byStatus(answers)).toEqual({ 200: 3, 423: 18 });
    expect(answers.filter((a) => a.status === 200).map((a) => a.body.remainingAttempts).sort()).toEqual([0, 1, 2]);
    expect(await remainingAttempts(linkId)).toBe(0);
    const [right] = await lastByteRace(race.port, await guesses(linkId, [MARIA.birthDate]));
    expect(right!.status).toBe(423);
  });

  it('judges at most 3 wrong guesses before the right one among 20 wrong and 1 right (the probe)', async () => {
    const linkId = await linkCopy('demo-refill', 'easyfill');
    const dates = wrongDates(20);
    dates.splice(10, 0, MARIA.birthDate);
    const answers = await lastByteRace(race.port, await guesses(linkId, dates));
    const right = answers[10]!;
    const wrongJudged = answers.filter((a, i) => i !== 10 && a.status === 200);
    if (right.status === 200) {
      // The right answer was judged while attempts were left: before it, at most 2 wrong ones; it restores 3.
      expect(right.body.messageStatus).toBe(true);
      expect(wrongJudged.filter((a) => a.body.remainingAttempts === 0).length).toBeLessThanOrEqual(1);
      expect(wrongJudged.length).toBeLessThanOrEqual(5);
    } else {
      expect(right.status).toBe(423);
      expect(wrongJudged).toHaveLength(3);
    }
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 423)).toBe(true);
  });
});

describe('member verification attempts', () => {
  it('counts 5 failures of 20 sent at once, locks the number, and refuses the rest with 423', async () => {
    const memberNumber = await memberCopy('MMA100001');
    const wrong = await Promise.all(times(20, (i) => request('verifyMember', { memberInfo: { ...MARIA, memberNumber, birthDate: `1958-05-${String(i + 1).padStart(2, '0')}` } })));
    expect(byStatus(await lastByteRace(race.port, wrong))).toEqual({ 404: 5, 423: 15 });
    const row = await race.gw.db.selectFrom('memberVerifications').selectAll().where('memberNumber', '=', memberNumber).executeTakeFirstOrThrow();
    expect(row.lockedUntil!.getTime()).toBeGreaterThan(race.gw.clock.now.getTime());
    expect(row.failedAt).toEqual([]);
  });
});

describe('registration (L4)', () => {
  it('registers one patient of 8 parallel registrations of one member; the others get 409', async () => {
    const memberNumber = await memberCopy('MMA100002');
    const token = await memberToken({ ...JAMES, memberNumber });
    const pciToken = await cardToken(race.gw, token);
    const body = jamesRegistration(memberNumber, pciToken);
    const answers = await lastByteRace(race.port, await Promise.all(times(PARALLEL, () => request('registerMailOrder', body, token))));
    expect(byStatus(answers)).toEqual({ 200: 1, 409: PARALLEL - 1 });
    expect(answers.find((a) => a.status === 409)!.body.messageErrorText).toBe('Member is already registered.');
    const patients = await race.gw.db.selectFrom('patients').select('patientId').where('memberNumber', '=', memberNumber).execute();
    expect(patients).toHaveLength(1);
    const member = await race.gw.db.selectFrom('members').select('patientId').where('memberNumber', '=', memberNumber).executeTakeFirstOrThrow();
    expect(member.patientId).toBe(patients[0]!.patientId);
    expect(await race.gw.db.selectFrom('paymentCards').select('cardSeqNum').where('patientId', '=', patients[0]!.patientId).execute()).toHaveLength(1);
  });
});

describe('the transfer submission', () => {
  it('stores each of 8 parallel submissions whole, with its own lines', async () => {
    const memberNumber = await memberCopy('MMA100001');
    const token = await memberToken({ ...MARIA, memberNumber });
    const candidates = await sql<{ ndc: string; labelName: string }>`select d.ndc, d.label_name from transfer_candidates c join drugs d on d.ndc = c.ndc
      where c.member_number = ${memberNumber} and c.transfer_code = 0 order by c.candidate_id`.execute(race.gw.db);
    const drug = candidates.rows[0]!;
    const submission = (i: number) => ({
      siteIdentifier: 'MMAR', newRx: { isNvx: false, physicianInformation: null, newRxRequests: [] },
      transferRx: { transfers: [{ drugNDC: drug.ndc, selectedDrugName: `${drug.labelName} ${i}`, transferRxNumber: null, autoRefill: false, pharmacyInformation: null, physicianInformation: null }] },
    });
    const answers = await lastByteRace(race.port, await Promise.all(times(PARALLEL, (i) => request('submitTransferRequest', submission(i), token))));
    expect(byStatus(answers)).toEqual({ 200: PARALLEL });
    const requests = await race.gw.db.selectFrom('transferRequests').innerJoin('transferRequestLines', 'transferRequestLines.requestId', 'transferRequests.requestId')
      .select(['transferRequests.requestId', 'transferRequestLines.drugName']).where('memberNumber', '=', memberNumber).execute();
    expect(new Set(requests.map((r) => r.requestId)).size).toBe(PARALLEL);
    expect(requests.map((r) => r.drugName).sort()).toEqual(times(PARALLEL, (i) => `${drug.labelName} ${i}`).sort());
    expect(new Set(answers.map((a) => a.body.requestId)).size).toBe(PARALLEL);
  });
});

const stamp = '2026-11-22T17:00:00.000Z';
const cart = (addressId: number, cardSeqNum: number, paymentMethodTypeId: number, rxIds: number[]) => ({
  orderCartId: 0, patientId: null, shippingAddressId: addressId, billingAddressId: addressId,
  paymentCardId: cardSeqNum, paymentMethodTypeId, orderId: 0, statusId: 0, expeditedShipping: false,
  originationNum: 0, addedDate: stamp, updatedDate: stamp, addedBy: 0, updatedBy: 0, messageStatus: true,
  orderLineItems: rxIds.map((rxId) => ({ rxId, orderLineItemId: 0, lineNumber: 0, orderCartId: 0, previousDispenseId: 0, statusId: 0, priorityItem: true, addedDate: stamp, updatedDate: stamp, addedBy: 0, updatedBy: 0, messageStatus: true })),
});
const ordersOf = async (linkId: string) => race.gw.db.selectFrom('orders').innerJoin('links', 'links.linkKey', 'orders.linkKey')
  .innerJoin('orderLines', 'orderLines.orderId', 'orders.orderId').select(['orders.orderId', 'orderLines.rxId']).where('links.linkId', '=', linkId).execute();

describe('the Easy Fill order', () => {
  it('places one order of 8 identical ones sent at once; the others get 409', async () => {
    const linkId = await linkCopy('demo-refill', 'easyfill', true);
    const token = await linkToken('easyfill', linkId);
    const drugs = (await race.gw.call('listEasyFillPrescriptions', { patientToken: token })).body;
    const address = (await race.gw.call('listEasyFillAddresses', { patientToken: token })).body[0];
    const card = (await race.gw.call('listEasyFillPaymentMethods', { patientToken: token })).body[0];
    const rxIds = drugs.slice(0, 2).map((d: { rxId: number }) => d.rxId);
    const order = cart(address.addressId, card.cardSeqNum, 2, rxIds);
    const answers = await lastByteRace(race.port, await Promise.all(times(PARALLEL, () => request('placeEasyFillOrder', order, token))));
    expect(byStatus(answers)).toEqual({ 200: 1, 409: PARALLEL - 1 });
    const stored = await ordersOf(linkId);
    expect(new Set(stored.map((o) => o.orderId)).size).toBe(1);
    expect(stored.map((o) => o.rxId).sort()).toEqual([...rxIds].sort());
  });
});

describe('Auto Refill', () => {
  it('places one order of a must-order drug of 8 sent at once, then enrols 8 parallel requests to one stored state', async () => {
    const linkId = await linkCopy('demo-autorefill', 'autorefill', true);
    const token = await linkToken('autorefill', linkId);
    const drugs = (await race.gw.call('listAutoRefillPrescriptions', { patientToken: token })).body;
    const mustOrder = drugs.find((d: { mustPlaceEPostRxOrder: boolean }) => d.mustPlaceEPostRxOrder);
    const requested = drugs.find((d: { selectedRxForAutoRefill: boolean }) => d.selectedRxForAutoRefill);
    const address = (await race.gw.call('getAutoRefillShipmentAddress', { patientToken: token })).body;
    const card = (await race.gw.call('getAutoRefillPayment', { patientToken: token })).body;
    const order = cart(address.addressId, card.cardSeqNum, card.cardTypeNum, [mustOrder.rxId]);
    const orders = await lastByteRace(race.port, await Promise.all(times(PARALLEL, () => request('placeAutoRefillOrder', order, token))));
    expect(byStatus(orders)).toEqual({ 200: 1, 409: PARALLEL - 1 });
    expect(await ordersOf(linkId)).toHaveLength(1);

    const enrol = [requested, mustOrder].map((d: { rxId: number }) => ({ rxId: d.rxId, autoRefill: true }));
    const answers = await lastByteRace(race.port, await Promise.all(times(PARALLEL, () => request('manageAutoRefill', enrol, token))));
    expect(byStatus(answers)).toEqual({ 200: PARALLEL });
    const stored = await race.gw.db.selectFrom('prescriptions').select(['rxId', 'autoRefillOn', 'consentEndDate', 'mustPlaceOrder'])
      .where('rxId', 'in', enrol.map((e) => e.rxId)).orderBy('rxId').execute();
    expect(stored.every((rx) => rx.autoRefillOn && rx.consentEndDate === '2027-11-22' && !rx.mustPlaceOrder)).toBe(true);
  });
});

describe('adding an address, a phone or a card', () => {
  let token: string;
  let patientId: number;
  beforeAll(async () => {
    const memberNumber = await memberCopy('MMA100001');
    token = await memberToken({ ...MARIA, memberNumber });
    patientId = (await race.gw.db.selectFrom('members').select('patientId').where('memberNumber', '=', memberNumber).executeTakeFirstOrThrow()).patientId!;
  });
  const address = { isDefaultShipping: false, isDefaultBilling: false, addressType: 2, addressLine1: '1 N Central Ave', addressLine2: null, city: 'Phoenix', state: 'AZ', zip: '85004' };

  it('stores one of 8 identical addresses sent at once (409 for the others)', async () => {
    const answers = await lastByteRace(race.port, await Promise.all(times(PARALLEL, () => request('addAddress', address, token))));
    expect(byStatus(answers)).toEqual({ 200: 1, 409: PARALLEL - 1 });
    const stored = await race.gw.db.selectFrom('addresses').select('addressId').where('patientId', '=', patientId).where('address1', '=', address.addressLine1).execute();
    expect(stored).toHaveLength(1);
  });

  it('keeps one default shipping and one default billing address when 8 new defaults arrive at once', async () => {
    const streets = times(PARALLEL, (i) => `${1000 + i} N 7th Ave`);
    const answers = await lastByteRace(race.port, await Promise.all(streets.map((addressLine1) =>
      request('addAddress', { ...address, addressLine1, isDefaultShipping: true, isDefaultBilling: true }, token))));
    expect(byStatus(answers)).toEqual({ 200: PARALLEL });
    const defaults = await race.gw.db.selectFrom('addresses').select(['defaultShipping', 'defaultBilling']).where('patientId', '=', patientId).execute();
    expect(defaults.filter((a) => a.defaultShipping)).toHaveLength(1);
    expect(defaults.filter((a) => a.defaultBilling)).toHaveLength(1);
  });

  it('keeps one primary phone when 8 new primary phones arrive at once', async () => {
    const answers = await lastByteRace(race.port, await Promise.all(times(PARALLEL, (i) =>
      request('addPhone', { phoneType: 1, number: `480555010${i}`, extension: null, isPrimary: true }, token))));
    expect(byStatus(answers)).toEqual({ 200: PARALLEL });
    const phones = await race.gw.db.selectFrom('phones').select(['phoneId', 'isPrimary']).where('patientId', '=', patientId).execute();
    expect(phones.filter((p) => p.isPrimary)).toHaveLength(1);
  });

  it('keeps one default card when 8 new default cards arrive at once', async () => {
    const tokens = [];
    for (let i = 0; i < PARALLEL; i++) tokens.push(await cardToken(race.gw, token, '5555555555554444'));
    const answers = await lastByteRace(race.port, await Promise.all(tokens.map((pciToken) =>
      request('addPaymentMethod', { defaultCard: true, cardFirstName: 'Maria', cardLastName: 'Lopez', cardTypeNum: 2, cardMonthNum: 5, cardYear: 2030, pciToken }, token))));
    expect(byStatus(answers)).toEqual({ 200: PARALLEL });
    const cards = await race.gw.db.selectFrom('paymentCards').select(['cardSeqNum', 'defaultCard']).where('patientId', '=', patientId).where('cardActive', '=', true).execute();
    expect(cards.filter((c) => c.defaultCard)).toHaveLength(1);
  });

  it('saves one card per token: the same token 3 times, then 8 at once, gives one card (409 for the others)', async () => {
    const pciToken = await cardToken(race.gw, token, '4012888888881881');
    const card = { defaultCard: false, cardFirstName: 'Maria', cardLastName: 'Lopez', cardTypeNum: 1, cardMonthNum: 6, cardYear: 2031, pciToken };
    const one = await lastByteRace(race.port, [await request('addPaymentMethod', card, token)]);
    const two = await lastByteRace(race.port, [await request('addPaymentMethod', card, token)]);
    const three = await lastByteRace(race.port, [await request('addPaymentMethod', card, token)]);
    expect([one[0]!.status, two[0]!.status, two[0]!.body.messageErrorText, three[0]!.status]).toEqual([200, 409, 'Payment method already exists.', 409]);
    const burstToken = await cardToken(race.gw, token, '4012888888881881');
    const burst = await lastByteRace(race.port, await Promise.all(times(PARALLEL, () => request('addPaymentMethod', { ...card, pciToken: burstToken }, token))));
    expect(byStatus(burst)).toEqual({ 200: 1, 409: PARALLEL - 1 });
    const stored = await race.gw.db.selectFrom('paymentCards').select('pciToken').where('patientId', '=', patientId).where('pciToken', 'in', [pciToken, burstToken]).execute();
    expect(stored.map((c) => c.pciToken).sort()).toEqual([pciToken, burstToken].sort());
  });
});
