/**
 * The Idempotency-Key under parallel requests on PostgreSQL:
 * eight copies of one submission with one key, fired in one burst (race.ts),
 * each on its own connection, give one stored order (or request, or patient)
 * and eight equal answers; the seven repeats waited on the key's row and read
 * the first answer. Two gateway instances over one database do the same.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { sql } from 'kysely';
import { buildGateway } from '../../gateway/app.ts';
import { openDatabase, type Db } from '../../gateway/db/database.ts';
import '../contract/database.ts';
import { cardToken, jamesRegistration, operations, TEST_SECRET } from '../contract/harness.ts';
import { byStatus, JAMES, lastByteRace, listening, MARIA, PARALLEL, raceGateway, type RaceRequest } from './race.ts';

const race = raceGateway();

const testSwitch = async (url: string, payload: object) => (await race.gw.app.inject({ method: 'POST', url, payload })).json();
const times = <T>(n: number, make: (i: number) => T) => Array.from({ length: n }, (_, i) => make(i));
const request = async (operationId: string, body: unknown, patientToken: string, key: string): Promise<RaceRequest> => ({
  method: operations.get(operationId)!.method as RaceRequest['method'],
  path: operations.get(operationId)!.path,
  body,
  headers: { 'x-app-token': await race.gw.appToken(), 'x-access-token': patientToken, 'idempotency-key': key },
});

async function linkToken(linkId: string): Promise<string> {
  const info = await race.gw.call('validateEasyFillLink', { query: { linkId }, body: { updateClicks: false } });
  const r = await race.gw.call('verifyEasyFill', { body: { patientId: info.body.patientId, easyFillCode: linkId, dateOfBirth: MARIA.birthDate, zipCode: '85281' } });
  return r.body.accessToken;
}
const memberToken = async (memberInfo: typeof MARIA) => (await race.gw.call('verifyMember', { body: { memberInfo } })).body.accessToken as string;

const stamp = '2026-11-22T17:00:00.000Z';
async function easyFillOrder() {
  const linkId = (await testSwitch('/__test/links', { from: 'demo-refill', kind: 'easyfill', ownPatient: true })).linkId as string;
  const token = await linkToken(linkId);
  const drugs = (await race.gw.call('listEasyFillPrescriptions', { patientToken: token })).body;
  const address = (await race.gw.call('listEasyFillAddresses', { patientToken: token })).body[0];
  const card = (await race.gw.call('listEasyFillPaymentMethods', { patientToken: token })).body[0];
  const order = {
    orderCartId: 0, patientId: null, shippingAddressId: address.addressId, billingAddressId: address.addressId,
    paymentCardId: card.cardSeqNum, paymentMethodTypeId: 2, orderId: 0, statusId: 0, expeditedShipping: false,
    originationNum: 0, addedDate: stamp, updatedDate: stamp, addedBy: 0, updatedBy: 0, messageStatus: true,
    orderLineItems: drugs.slice(0, 2).map((d: { rxId: number }) => ({ rxId: d.rxId, orderLineItemId: 0, lineNumber: 0, orderCartId: 0, previousDispenseId: 0, statusId: 0, priorityItem: true, addedDate: stamp, updatedDate: stamp, addedBy: 0, updatedBy: 0, messageStatus: true })),
  };
  return { linkId, token, order };
}
const ordersOf = async (db: Db, linkId: string) => db.selectFrom('orders').innerJoin('links', 'links.linkKey', 'orders.linkKey')
  .select('orders.orderId').where('links.linkId', '=', linkId).execute();

describe('one key, eight requests at once', () => {
  it('places one Easy Fill order and answers all eight with it', async () => {
    const { linkId, token, order } = await easyFillOrder();
    const key = randomUUID();
    const answers = await lastByteRace(race.port, await Promise.all(times(PARALLEL, () => request('placeEasyFillOrder', order, token, key))));
    expect(byStatus(answers)).toEqual({ 200: PARALLEL });
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(await ordersOf(race.gw.db, linkId)).toEqual([{ orderId: answers[0]!.body.orderId }]);
  });

  it('places one order for two keys of four requests each: one key gets the order, the other 409', async () => {
    const { linkId, token, order } = await easyFillOrder();
    const keys = [randomUUID(), randomUUID()];
    const answers = await lastByteRace(race.port, await Promise.all(times(PARALLEL, (i) => request('placeEasyFillOrder', order, token, keys[i % 2]!))));
    const ofKey = (k: number) => answers.filter((_, i) => i % 2 === k).map((a) => a.status);
    const statuses = [ofKey(0), ofKey(1)].map((s) => [...new Set(s)]).sort();
    expect(statuses).toEqual([[200], [409]]);
    expect(await ordersOf(race.gw.db, linkId)).toHaveLength(1);
  });

  it('stores one transfer request', async () => {
    const memberNumber = (await testSwitch('/__test/members', { from: 'MMA100001' })).memberNumber as string;
    const token = await memberToken({ ...MARIA, memberNumber });
    const drug = (await sql<{ ndc: string; labelName: string }>`select d.ndc, d.label_name from transfer_candidates c join drugs d on d.ndc = c.ndc
      where c.member_number = ${memberNumber} and c.transfer_code = 0 order by c.candidate_id limit 1`.execute(race.gw.db)).rows[0]!;
    const body = {
      siteIdentifier: 'MMAR', newRx: { isNvx: false, physicianInformation: null, newRxRequests: [] },
      transferRx: { transfers: [{ drugNDC: drug.ndc, selectedDrugName: drug.labelName, transferRxNumber: null, autoRefill: false, pharmacyInformation: null, physicianInformation: null }] },
    };
    const key = randomUUID();
    const answers = await lastByteRace(race.port, await Promise.all(times(PARALLEL, () => request('submitTransferRequest', body, token, key))));
    expect(byStatus(answers)).toEqual({ 200: PARALLEL });
    const stored = await race.gw.db.selectFrom('transferRequests').select('requestId').where('memberNumber', '=', memberNumber).execute();
    expect(stored).toEqual([{ requestId: answers[0]!.body.requestId }]);
  });

  it('registers one patient and gives each of the eight its patient number', async () => {
    const memberNumber = (await testSwitch('/__test/members', { from: 'MMA100002' })).memberNumber as string;
    const token = await memberToken({ ...JAMES, memberNumber });
    const body = jamesRegistration(memberNumber, await cardToken(race.gw, token));
    const key = randomUUID();
    const answers = await lastByteRace(race.port, await Promise.all(times(PARALLEL, () => request('registerMailOrder', body, token, key))));
    expect(byStatus(answers)).toEqual({ 200: PARALLEL });
    const patients = await race.gw.db.selectFrom('patients').select('patientId').where('memberNumber', '=', memberNumber).execute();
    expect(patients).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body.patientNum))).toEqual(new Set([patients[0]!.patientId]));
  });
});

describe('two instances over one database', () => {
  it('places one order when the same key reaches both at once', async () => {
    const { linkId, token, order } = await easyFillOrder();
    // A second gateway with a pool of its own on the same database and secret (a second instance behind a load balancer).
    const url = new URL(inject('postgresServerUrl'));
    url.pathname = `/${(await sql<{ name: string }>`select current_database() as name`.execute(race.gw.db)).rows[0]!.name}`;
    const db = await openDatabase({ kind: 'postgres', url: url.toString() });
    const second = await buildGateway({ db, secret: TEST_SECRET, now: () => race.gw.clock.now, rateLimits: { appToken: 10_000, verify: 10_000 } });
    await second.ready();
    const secondPort = await listening(second);
    try {
      const key = randomUUID();
      const requests = await Promise.all(times(PARALLEL, () => request('placeEasyFillOrder', order, token, key)));
      const [a, b] = await Promise.all([lastByteRace(race.port, requests.slice(0, PARALLEL / 2)), lastByteRace(secondPort, requests.slice(PARALLEL / 2))]);
      const answers = [...a, ...b];
      expect(byStatus(answers)).toEqual({ 200: PARALLEL });
      expect(new Set(answers.map((x) => x.body.orderId)).size).toBe(1);
      expect(await ordersOf(race.gw.db, linkId)).toHaveLength(1);
    } finally {
      await second.close();
      await db.destroy();
    }
  });
});
