/**
 * The member flow against the real gateway and the seeded personas: member
 * lookup, the transfer list, doctors, drugs, Finish, the missing-information
 * flags, the profile calls, health information and mail-order registration.
 * Tests run in order and build on each other's changes (one gateway per file).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { components } from '../../src/api/gateway.gen.ts';
import { jamesRegistration, startGateway, type CallOptions, type TestGateway } from './harness.ts';
import { AUTO_REFILL_REFUSED } from '../../machines/shared/rules/autoRefillRule.ts';

type S = components['schemas'];
const codes = (drugs: S['TransferPrescription'][]) => drugs.map((d) => d.transferRxStatusInfo.code);

let gw: TestGateway;
beforeAll(async () => {
  gw = await startGateway();
});
afterAll(async () => gw?.close());

const personas = {
  maria: { memberNumber: 'MMA100001', firstName: 'Maria', lastName: 'Lopez', birthDate: '1958-04-12' },
  james: { memberNumber: 'MMA100002', firstName: 'James', lastName: 'Carter', birthDate: '1971-09-30' },
  linda: { memberNumber: 'MMA100003', firstName: 'Linda', lastName: 'Nguyen', birthDate: '1949-01-05' },
  robert: { memberNumber: 'MMA100004', firstName: 'Robert', lastName: 'Smith', birthDate: '1980-06-15' },
  aisha: { memberNumber: 'MMA100005', firstName: 'Aisha', lastName: 'Khan', birthDate: '1990-11-20' },
  carlos: { memberNumber: 'MMA100006', firstName: 'Carlos', lastName: 'Rivera', birthDate: '1965-03-08' },
};
type Who = keyof typeof personas;
const token: Partial<Record<Who, string>> = {};
const pid: Partial<Record<Who, number>> = {};

const as = (who: Who, operationId: string, options: CallOptions = {}) => gw.call(operationId, { ...options, patientToken: token[who]! });
const eligibility = (who: Who) => as(who, 'checkEligibility', { body: personas[who] });

async function tokenize(who: Who, cardNumber: string): Promise<string> {
  const session = await as(who, 'getTokenizerCredentials');
  await gw.call('tokenizeCard', { appToken: null, body: { accessToken: session.body.accessToken, cardNumber } });
  const card = await as(who, 'getTokenizedCardNumber', { query: { accessToken: session.body.accessToken } });
  return card.body.pciToken;
}

describe('verifyMember and checkEligibility', () => {
  it('verifies every eligible persona, ignoring case and surrounding spaces', async () => {
    for (const who of ['maria', 'james', 'linda', 'aisha', 'carlos'] as const) {
      const p = personas[who];
      const r = await gw.call('verifyMember', { body: { memberInfo: { ...p, memberNumber: p.memberNumber.toLowerCase(), firstName: ` ${p.firstName.toUpperCase()} ` } } });
      expect(r.status).toBe(200);
      expect(r.body.messageStatus).toBe(true);
      token[who] = r.body.accessToken;
    }
  });

  it('renews a member session: a fresh token for the same member, still good after the first one has expired', async () => {
    const first = token.maria!;
    const start = gw.clock.now;
    gw.clock.now = new Date(start.getTime() + 20 * 60_000);
    const r = await as('maria', 'renewMemberSession');
    expect(r.status).toBe(200);
    expect(r.body.accessToken).not.toBe(first);
    token.maria = r.body.accessToken;
    // 20 minutes more: the first token (30 minutes) has expired, the renewed one has not.
    gw.clock.now = new Date(gw.clock.now.getTime() + 20 * 60_000);
    expect((await gw.call('checkEligibility', { body: personas.maria, patientToken: first })).status).toBe(401);
    expect((await eligibility('maria')).status).toBe(200);
    // An expired token cannot be renewed: the flow starts again.
    expect((await gw.call('renewMemberSession', { patientToken: first })).status).toBe(401);
    // Back to the file's time for the tests after this one (the first token is good again then).
    gw.clock.now = start;
    token.maria = first;
  });

  it('answers the same 404 for no match and for a member not eligible (member-lockout.test.ts has the rest)', async () => {
    const wrongBirth = await gw.call('verifyMember', { body: { memberInfo: { ...personas.maria, birthDate: '1958-04-13' } } });
    expect([wrongBirth.status, wrongBirth.body.messageErrorText]).toEqual([404, 'Member not eligible.']);
    const robert = await gw.call('verifyMember', { body: { memberInfo: personas.robert } });
    expect([robert.status, robert.body.messageErrorText]).toEqual([404, 'Member not eligible.']);
  });

  it('gives each persona its registration status and missing information', async () => {
    const flags = (m: Record<string, boolean>) => Object.keys(m).filter((k) => m[k]).sort();
    const maria = (await eligibility('maria')).body;
    expect(maria.patient).toMatchObject({ firstName: 'Maria', email: 'maria.lopez@example.com', address: { city: 'Tempe', postalCode: '85281' }, phone: { areaCode: '480', isPrimary: true } });
    expect(maria.registrationStatus).toEqual({ isRegistered: true, isProfileLinked: true });
    expect(flags(maria.missingAlerts)).toEqual([]);
    const james = (await eligibility('james')).body;
    expect(james.patient).toMatchObject({ patientId: null, address: null, phone: null, email: null, coverage: { memberNumber: 'MMA100002' } });
    expect(james.registrationStatus).toEqual({ isRegistered: false, isProfileLinked: false });
    expect(flags(james.missingAlerts)).toHaveLength(5);
    const linda = (await eligibility('linda')).body;
    expect(linda.patient.allowBillMeLater).toBe(true);
    expect(flags(linda.missingAlerts)).toEqual(['missingNotificationPrefs', 'missingPaymentInfo']);
    expect(flags((await eligibility('aisha')).body.missingAlerts)).toEqual([]);
    const carlos = (await eligibility('carlos')).body;
    expect(carlos.isPartD).toBe(true);
    expect(flags(carlos.missingAlerts)).toEqual(['missingHealthInfo']);
    for (const who of ['maria', 'linda', 'aisha', 'carlos'] as const) pid[who] = (await eligibility(who)).body.patient.patientId;
  });

  it("refuses another member's data (403) and details that do not match (404)", async () => {
    expect((await as('maria', 'checkEligibility', { body: personas.linda })).status).toBe(403);
    expect((await as('maria', 'checkEligibility', { body: { ...personas.maria, lastName: 'Lopes' } })).status).toBe(404);
  });
});

describe('getAutoTransferRx', () => {
  const page = (who: Who, n: number, patientId?: number) => as(who, 'getAutoTransferRx', { body: { page: n, limit: 6, ...(patientId ? { patientId } : {}) } });

  it('pages the list in display order, grouped by status', async () => {
    const first = (await page('maria', 1, pid.maria)).body.data;
    expect(first.count).toEqual({ totalCount: 14, selectedCount: 0 });
    expect(first.pagination).toEqual({ page: 1, limit: 6, totalPages: 3 });
    expect(codes(first.allDrugs)).toEqual([0, 0, 2, 2, 4, 5]);
    expect(first.pharmacyRequestDrugs).toHaveLength(4);
    expect(first.physicianRequestDrugs).toHaveLength(2);
    expect(first.allDrugs[1]).toMatchObject({ labelName: expect.stringMatching(/^LISINOPRIL/), selected: false, daysSupply: 30,
      copayInfo: { incumbentCopayAmount: 12, dailyIncumbentCopayAmount: 0.4, midCopayAmount: 5, dailyMIDCopayAmount: 0.06 } });
    const second = (await page('maria', 2)).body.data.allDrugs;
    expect(codes(second)).toEqual([6, 7, 1, 3, 8, 9]);
    expect(codes(second.filter((d: S['TransferPrescription']) => d.transferRxStatusInfo.requestedDate))).toEqual([8, 9]);
    const third = (await page('maria', 3)).body.data;
    expect(codes(third.nonActionableDrugs)).toEqual([10, 11]);
    expect(third.displayCount).toBe(14);
  });

  it('answers 204 past the end and for a member with nothing on file', async () => {
    expect((await page('maria', 4)).status).toBe(204);
    expect((await page('aisha', 1, pid.aisha)).status).toBe(204);
  });

  it('works from the token for an unregistered member, and refuses another patientId (403)', async () => {
    expect((await page('james', 1)).body.data.count.totalCount).toBe(6);
    expect((await page('maria', 1, pid.linda)).status).toBe(403);
    expect((await page('james', 1, pid.maria)).status).toBe(403);
  });
});

describe('doctors and drugs', () => {
  it('lists the patient’s doctors (204 when none, 403 for another patient)', async () => {
    const items = (await as('maria', 'getPatientPhysicians', { body: { patientId: pid.maria } })).body.items;
    expect(items).toHaveLength(3);
    expect(items[0]).toMatchObject({ selected: false, addressId: items[0].addresses[0].ePostAddressId });
    expect((await as('aisha', 'getPatientPhysicians', { body: { patientId: pid.aisha } })).status).toBe(204);
    expect((await as('maria', 'getPatientPhysicians', { body: { patientId: pid.linda } })).status).toBe(403);
  });

  it('searches doctors by name prefix and state', async () => {
    const az = await gw.call('searchPhysicians', { query: { firstName: 'el', lastName: 'MA', state: 'AZ' } });
    expect(az.body.physicians.map((p: S['Physician']) => `${p.firstName} ${p.lastName}`)).toEqual(['Elena Marsh']);
    expect((await gw.call('searchPhysicians', { query: { firstName: 'Sa', lastName: 'Marsh', state: 'NY' } })).body.physicians).toHaveLength(1);
    expect((await gw.call('searchPhysicians', { query: { firstName: 'Elena', lastName: 'Marsh', state: 'CA' } })).status).toBe(204);
    expect((await gw.call('searchPhysicians', { query: { firstName: 'Elena', state: 'AZ' } })).status).toBe(400);
  });

  it('suggests drugs, prefix matches first, at most 30', async () => {
    const r = await gw.call('lookupDrugs', { params: { drugName: 'ator' } });
    expect(r.body.items.length).toBeGreaterThan(0);
    expect(r.body.items.length).toBeLessThanOrEqual(30);
    expect(r.body.items[0].labelName).toMatch(/^ATORVASTATIN/);
    expect((await gw.call('lookupDrugs', { params: { drugName: 'qqzz' } })).status).toBe(204);
    expect((await gw.call('lookupDrugs', { params: { drugName: 'at' } })).status).toBe(400);
  });

  it('tells whether a looked-up drug can be requested', async () => {
    const pick = (where: string) => sql<{ ndc: string; gpi: string }>`select ndc, gpi from drugs where ${sql.raw(where)} order by ndc limit 1`.execute(gw.db).then((r) => r.rows[0]!);
    const listed = await sql<{ ndc: string }>`select ndc from transfer_candidates where member_number = 'MMA100001'`.execute(gw.db);
    const plain = 'maintenance and not specialty and controlled_class = 0';
    const onList = `ndc in (${listed.rows.map((r) => `'${r.ndc}'`).join(',')})`;
    const cases: [string, number][] = [
      ['specialty', 1], ['controlled_class = 2 and not specialty', 3], ['controlled_class >= 3 and not specialty', 4],
      ['not maintenance and not specialty and controlled_class = 0', 2], [`${plain} and ${onList}`, 11], [`${plain} and not ${onList}`, 12],
    ];
    for (const [where, code] of cases) {
      const drug = await pick(where);
      const r = await as('maria', 'checkNewRxEligibility', { params: { ndc: drug.ndc }, query: { gpi: drug.gpi }, body: { index: code } });
      expect([r.body.index, r.body.transferRxStatusInfo.code]).toEqual([code, code]);
      if (code === 12) expect(r.body).toMatchObject({ transferRxStatusInfo: { description: 'NonMaintenanceDrug' }, eligibleStatusMessage: 'OK to request new prescription.' });
      if (code === 1) expect(r.body.eligibleStatusMessage).toContain('1-800-555-0101');
      if (code === 11) expect(r.body.eligibleStatusMessage).toBe('The patient already has a prescription for this medication.');
    }
    const drug = await pick('true');
    expect((await as('maria', 'checkNewRxEligibility', { params: { ndc: drug.ndc }, query: { gpi: '00000000000000' }, body: { index: 0 } })).status).toBe(400);
    expect((await as('maria', 'checkNewRxEligibility', { params: { ndc: '00000000000' }, query: { gpi: drug.gpi }, body: { index: 0 } })).status).toBe(404);
  });
});

describe('submitTransferRequest', () => {
  const doctor = { npi: '1457396812', firstName: 'Elena', lastName: 'Marsh', addresses: [{ streetAddress1: '2250 E Southern Ave', city: 'Tempe', state: 'AZ', zipCode: '85282', phoneNumber: '4805550110' }] };
  const listed = async (label: string) => (await sql<{ ndc: string; labelName: string }>`select d.ndc, d.label_name from transfer_candidates c join drugs d on d.ndc = c.ndc where c.member_number = 'MMA100001' and d.label_name like ${label + '%'}`.execute(gw.db)).rows[0]!;
  const submission = (transfers: unknown[], newRxRequests: unknown[] = []) => ({
    siteIdentifier: 'MMAR', newRx: { isNvx: false, physicianInformation: newRxRequests.length ? doctor : null, newRxRequests }, transferRx: { transfers },
  });

  it('stores the request and estimates each refill 5 days out', async () => {
    const ator = await listed('ATORVASTATIN');
    const transfer = { drugNDC: ator.ndc, selectedDrugName: ator.labelName, transferRxNumber: null, autoRefill: true, pharmacyInformation: null, physicianInformation: null };
    const newRx = { rxInformation: { autoRefill: false, fillProfile: true, requestDrugName: ator.labelName, requestDrugNDC: ator.ndc } };
    const r = await as('maria', 'submitTransferRequest', { body: submission([transfer], [newRx]) });
    expect(r.body.messageStatus).toBe(true);
    expect(r.body.transferRxResponse.transferInformation).toEqual([
      { prescriptionName: ator.labelName, estimatedRefillDate: '2026-11-27' }, { prescriptionName: ator.labelName, estimatedRefillDate: '2026-11-27' },
    ]);
    const lines = await gw.db.selectFrom('transferRequestLines').selectAll().where('requestId', '=', r.body.requestId).execute();
    expect(lines.map((l) => [l.kind, l.pharmacyName, l.physicianName])).toEqual([['newRx', null, 'Elena Marsh'], ['transfer', 'Mill Avenue Drug', null]]);
  });

  it('refuses an empty request, an unknown drug and a prescription that cannot be transferred (422)', async () => {
    const empty = await as('james', 'submitTransferRequest', { body: submission([]) });
    expect([empty.status, empty.body.messageErrorText]).toEqual([422, 'No prescriptions selected.']);
    const line = (drugNDC: string) => ({ drugNDC, selectedDrugName: 'X', autoRefill: false, pharmacyInformation: { pharmacyName: 'Corner Drug' }, physicianInformation: null });
    const unknown = await as('maria', 'submitTransferRequest', { body: submission([line('00000000000')]) });
    expect([unknown.status, unknown.body.messageErrorText]).toEqual([422, 'Unknown drug (NDC 00000000000).']);
    const c2 = await as('maria', 'submitTransferRequest', { body: submission([line((await listed('OXYCODONE')).ndc)]) });
    expect([c2.status, c2.body.messageErrorText]).toEqual([422, 'X cannot be transferred.']);
    const offList = await sql<{ ndc: string }>`select ndc from drugs where ndc not in (select ndc from transfer_candidates where member_number = 'MMA100001') limit 1`.execute(gw.db);
    const manual = { ...line(offList.rows[0]!.ndc), pharmacyInformation: null };
    expect((await as('maria', 'submitTransferRequest', { body: submission([manual]) })).body.messageErrorText).toBe('Enter Pharmacy Name for X.');
  });

  it("refuses auto refill where auto refill's rule does (422): a controlled substance, a Part D member; stores nothing", async () => {
    const tramadol = (await sql<{ ndc: string; labelName: string }>`select ndc, label_name from drugs where label_name like 'TRAMADOL%' and controlled_class >= 3`.execute(gw.db)).rows[0]!;
    const plain = (await sql<{ ndc: string; labelName: string }>`select ndc, label_name from drugs where maintenance and controlled_class = 0 and not specialty order by ndc limit 1`.execute(gw.db)).rows[0]!;
    const newRx = (drug: { ndc: string; labelName: string }, autoRefill: boolean) => ({ rxInformation: { autoRefill, fillProfile: true, requestDrugName: drug.labelName, requestDrugNDC: drug.ndc } });
    const manual = (drug: { ndc: string; labelName: string }) => ({ drugNDC: drug.ndc, selectedDrugName: drug.labelName, autoRefill: true, pharmacyInformation: { pharmacyName: 'Corner Drug' }, physicianInformation: null });
    const lines = async () => (await gw.db.selectFrom('transferRequestLines').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const before = Number(await lines());

    for (const body of [submission([], [newRx(tramadol, true)]), submission([manual(tramadol)])]) {
      const refused = await as('maria', 'submitTransferRequest', { body });
      expect([refused.status, refused.body.messageErrorText]).toEqual([422, `${tramadol.labelName}: ${AUTO_REFILL_REFUSED.controlled}`]);
    }
    const partD = await as('carlos', 'submitTransferRequest', { body: submission([], [newRx(plain, true)]) });
    expect([partD.status, partD.body.messageErrorText]).toEqual([422, `${plain.labelName}: ${AUTO_REFILL_REFUSED.governmentFunded}`]);
    expect(Number(await lines())).toBe(before);

    // Not Auto Refill goes through, for both.
    expect((await as('maria', 'submitTransferRequest', { body: submission([], [newRx(tramadol, false)]) })).status).toBe(200);
    expect((await as('carlos', 'submitTransferRequest', { body: submission([], [newRx(plain, false)]) })).status).toBe(200);
  });
});

describe('alerts and address reference', () => {
  it('answers the flags for the token’s patient only', async () => {
    expect((await as('linda', 'getPatientAlerts', { body: { patientId: pid.linda } })).body).toMatchObject({ missingPaymentInfo: true, missingShippingAddress: false });
    expect((await as('maria', 'getPatientAlerts', { body: { patientId: pid.linda } })).status).toBe(403);
    expect((await as('james', 'getPatientAlerts', { body: { patientId: pid.maria } })).status).toBe(403);
  });

  it('looks up zip codes and validates addresses', async () => {
    expect((await gw.call('lookupZipCode', { params: { zipCode: '85281' } })).body[0]).toMatchObject({ city: 'Tempe', state: 'AZ' });
    const none = await gw.call('lookupZipCode', { params: { zipCode: '00000' } });
    expect([none.status, none.body.messageErrorText]).toEqual([404, 'No records found!']);
    const address = { address1: '700 S Mill Ave', zipCode: '85281', city: 'Tempe', state: 'AZ' };
    expect((await as('maria', 'validateAddress', { body: address })).body.addressIsValid).toBe(true);
    expect((await as('maria', 'validateAddress', { body: { ...address, city: 'Mesa' } })).body.message).toContain('Zip code OFF');
  });
});

describe('profile', () => {
  const address = { isDefaultShipping: false, isDefaultBilling: false, addressType: 2, addressLine1: '200 W Washington St', addressLine2: null, city: 'Phoenix', state: 'AZ', zip: '85004' };

  it('lists, adds and updates addresses, never another patient’s', async () => {
    const added = await as('linda', 'addAddress', { body: address });
    const list = (await as('linda', 'listAddresses')).body;
    expect(list.map((a: S['Address']) => a.addressId)).toContain(added.body.id);
    expect((await as('linda', 'updateAddress', { body: { ...address, addressId: added.body.id, addressLine2: 'Suite 5' } })).body.id).toBe(added.body.id);
    expect((await as('linda', 'addAddress', { body: { ...address, addressLine1: '88 N 1st St' } })).status).toBe(409);
    const mariaAddress = (await as('maria', 'listAddresses')).body[0].addressId;
    expect((await as('linda', 'updateAddress', { body: { ...address, addressLine1: '1 N 1st St', addressId: mariaAddress } })).status).toBe(403);
  });

  it('adds a phone and makes it primary; refuses another patient’s phone (403)', async () => {
    const added = await as('maria', 'addPhone', { body: { phoneType: 1, number: '4805550100', extension: null, isPrimary: false } });
    expect(added.body.messageStatus).toBe(true);
    await as('maria', 'updatePhone', { body: { phoneId: added.body.phoneId, phoneType: 1, number: '4805550100', isPrimary: true } });
    const phones = (await as('maria', 'listPhones')).body;
    expect(phones.filter((p: S['PhoneRecord']) => p.isPrimary).map((p: S['PhoneRecord']) => [p.phoneId, p.areaCode, p.phoneNumber])).toEqual([[added.body.phoneId, '480', '5550100']]);
    expect((await as('linda', 'updatePhone', { body: { phoneId: added.body.phoneId, phoneType: 1, number: '6025550000', isPrimary: true } })).status).toBe(403);
  });

  it('reads and changes the email; the same address again is refused (422)', async () => {
    expect((await as('aisha', 'getEmail')).body).toEqual({ emailAddress: 'aisha.khan@example.com' });
    expect((await as('aisha', 'updateEmail', { body: { newEmailAddress: 'aisha.k@example.com' } })).body.messageStatus).toBe(true);
    expect((await as('aisha', 'getEmail')).body.emailAddress).toBe('aisha.k@example.com');
    const same = await as('aisha', 'updateEmail', { body: { newEmailAddress: 'AISHA.K@example.com' } });
    expect([same.status, same.body.messageErrorText]).toEqual([422, 'The new email address is the same as the current one.']);
  });

  it('creates and changes notification settings under the modality rules', async () => {
    const save = (modalityTypeId: number, timeZone: string | null, extra: object = {}) => ({ patientId: pid.linda, modalityTypeId, modalityValueId: null, includePHI: false, optIn: true, timeZone, ...extra });
    expect((await as('linda', 'getNotificationSettings')).status).toBe(204);
    expect((await as('linda', 'updateNotificationSettings', { body: { ...save(3, null), id: 999 } })).status).toBe(404);
    const text = await as('linda', 'createNotificationSettings', { body: save(2, 'M') });
    expect([text.status, text.body.messageErrorText]).toEqual([422, 'SMS Text needs a mobile phone number.']);
    expect((await as('linda', 'createNotificationSettings', { body: save(1, null) })).status).toBe(422);
    const call = (await as('linda', 'createNotificationSettings', { body: save(1, 'M') })).body;
    expect(call).toMatchObject({ modalityType: { id: 1, description: 'Call' }, modalityValue: { value: '6025550123' }, timeZone: 'M', includePHI: false });
    expect((await as('linda', 'createNotificationSettings', { body: save(3, null) })).status).toBe(409);
    const email = (await as('linda', 'updateNotificationSettings', { body: { ...save(3, 'M'), id: call.id } })).body;
    expect(email).toMatchObject({ id: call.id, modalityType: { id: 3 }, modalityValue: { value: 'linda.nguyen@example.com' }, timeZone: null });
    expect((await as('linda', 'getNotificationSettings')).body).toEqual([email]);
    const none = { modalityTypeId: 0, optIn: false, timeZone: null };
    expect((await as('linda', 'updateNotificationSettings', { body: { ...save(0, null), ...none, optIn: true, id: call.id } })).status).toBe(422);
    expect((await as('linda', 'updateNotificationSettings', { body: { ...save(0, null), ...none, id: call.id } })).body.modalityValue).toBeNull();
    const carlos = (await as('carlos', 'getNotificationSettings')).body[0];
    const partD = await as('carlos', 'updateNotificationSettings', { body: { ...save(0, null), ...none, patientId: pid.carlos, id: carlos.id } });
    expect([partD.status, partD.body.messageErrorText]).toEqual([422, 'Notifications are required for your plan.']);
    expect((await as('linda', 'updateNotificationSettings', { body: { ...save(3, null), id: carlos.id } })).status).toBe(403);
  });

  it('saves tokenized cards, never another patient’s (403)', async () => {
    expect((await as('linda', 'listPaymentMethods')).status).toBe(204);
    const card = { defaultCard: true, cardFirstName: 'Linda', cardLastName: 'Nguyen', cardTypeNum: 2, cardMonthNum: 5, cardYear: 2029, pciToken: await tokenize('linda', '5555555555554444') };
    const id = (await as('linda', 'addPaymentMethod', { body: card })).body.id;
    expect((await as('linda', 'listPaymentMethods')).body).toMatchObject([{ id, cardNumber: '4444', defaultCard: true }]);
    expect((await as('linda', 'updatePaymentMethod', { params: { paymentMethodId: id }, body: { ...card, cardYear: 2030 } })).body.id).toBe(id);
    expect((await as('linda', 'updatePaymentMethod', { params: { paymentMethodId: id }, body: { ...card, cardYear: 2025 } })).status).toBe(422);
    const mariaCard = (await as('maria', 'listPaymentMethods')).body[0];
    expect((await as('linda', 'updatePaymentMethod', { params: { paymentMethodId: mariaCard.id }, body: { ...card, pciToken: mariaCard.pciToken } })).status).toBe(403);
  });
});

describe('health information', () => {
  it.each([['lookupAllergies', 'allergyRefNum', '00153'], ['lookupConditions', 'diseaseRefNum', 0]] as const)('%s: common list and search, never the none entry', async (op, ref, none) => {
    const common = (await gw.call(op, { query: { cat: 'common' } })).body;
    expect(common.length).toBeGreaterThan(0);
    expect(common.map((x: Record<string, unknown>) => x[ref])).not.toContain(none);
    expect((await gw.call(op, { query: { searchText: 'no known', noOfRecords: 30 } })).body.map((x: Record<string, unknown>) => x[ref])).not.toContain(none);
    expect((await gw.call(op, { query: { searchText: 'no reported' } })).body.map((x: Record<string, unknown>) => x[ref])).not.toContain(none);
    expect((await gw.call(op, { query: { searchText: 'ine', noOfRecords: 2 } })).body.length).toBeLessThanOrEqual(2);
    expect((await gw.call(op, {})).status).toBe(400);
  });

  it('lists the patient’s entries (204 when none)', async () => {
    expect((await as('maria', 'listPatientAllergies')).body).toHaveLength(1);
    expect((await as('maria', 'listPatientConditions')).body).toHaveLength(2);
    expect((await as('carlos', 'listPatientAllergies')).status).toBe(204);
    expect((await as('carlos', 'listPatientConditions')).status).toBe(204);
  });

  it('adds entries; the none entry and real entries replace each other', async () => {
    const allergy = (allergyRefNum: string, allergyDesc = 'X') => ({ allergyRefNum, allergyDesc, allergySeqNum: -1, statusCode: 'A' });
    const [aspirin, unknown] = (await as('carlos', 'addPatientAllergies', { body: [allergy('00122'), allergy('99999')] })).body;
    expect(aspirin).toMatchObject({ allergyDesc: 'ASPIRIN', statusCode: 'A', messageStatus: true });
    expect(unknown.messageStatus).toBe(false);
    expect((await as('carlos', 'addPatientAllergies', { body: [allergy('00122')] })).body[0].allergySeqNum).toBe(aspirin.allergySeqNum);
    await as('carlos', 'addPatientAllergies', { body: [allergy('00153')] });
    expect((await as('carlos', 'listPatientAllergies')).body.map((a: S['Allergy']) => a.allergyRefNum)).toEqual(['00153']);
    await as('carlos', 'addPatientAllergies', { body: [allergy('00136')] });
    expect((await as('carlos', 'listPatientAllergies')).body.map((a: S['Allergy']) => a.allergyRefNum)).toEqual(['00136']);
    const added = (await as('carlos', 'addPatientConditions', { body: [{ diseaseRefNum: 0, diseaseDesc: 'NONE', diseaseSeqNum: -1, statusCode: 'A' }] })).body;
    expect(added[0]).toMatchObject({ diseaseDesc: 'NO REPORTED MEDICAL CONDITIONS', patientId: pid.carlos, messageStatus: true });
    expect((await as('carlos', 'getPatientAlerts', { body: { patientId: pid.carlos } })).body.missingHealthInfo).toBe(false);
  });
});

describe('registerMailOrder', () => {
  const registration = (pciToken: string | null, extra: object = {}) => jamesRegistration('MMA100002', pciToken, extra);
  const register = (body: unknown) => as('james', 'registerMailOrder', { body });

  it('refuses a missing card, another member and a bad address, leaving nothing behind', async () => {
    const noCard = await register(registration(null));
    expect([noCard.status, noCard.body.messageErrorText]).toEqual([422, 'Payment method required.']);
    const pciToken = await tokenize('james', '4111111111111111');
    expect((await register(registration(pciToken, { memberInfo: { hqCode: 'MMA01', memberNumber: 'MMA100001', personCode: '001', relationshipCode: '1' } }))).status).toBe(403);
    const badZip = registration(pciToken);
    badZip.addresses[0]!.city = 'Mesa';
    expect((await register(badZip)).body.messageErrorText).toContain('Zip code OFF');
    const california = registration(pciToken, { notification: { modalityTypeId: 0, includePHI: false, optIn: false, timeZone: null } });
    california.addresses[0] = { ...california.addresses[0]!, address1: '350 S Grand Ave', city: 'Los Angeles', state: 'CA', zipCode: '90012' };
    expect((await register(california)).body.messageErrorText).toBe('Notifications are required for your plan.');
    const member = await gw.db.selectFrom('members').select('patientId').where('memberNumber', '=', 'MMA100002').executeTakeFirstOrThrow();
    expect(member.patientId).toBeNull();
    expect(await gw.db.selectFrom('patients').select('patientId').where('memberNumber', '=', 'MMA100002').execute()).toEqual([]);
  });

  it('registers James with a tokenized card and gives a token for the new patient', async () => {
    const r = await register(registration(await tokenize('james', '4111111111111111')));
    expect(r.status).toBe(200);
    const patientToken = r.body.accessToken as string;
    const addresses = await gw.call('listAddresses', { patientToken });
    expect(addresses.body).toMatchObject([{ address1: '700 S Mill Ave', defaultShipping: true }]);
    expect((await gw.call('listPaymentMethods', { patientToken })).body).toMatchObject([{ cardNumber: '1111', patientNum: r.body.patientNum }]);
    const status = (await gw.call('checkEligibility', { patientToken, body: personas.james })).body;
    expect(status.patient.patientId).toBe(r.body.patientNum);
    expect(Object.values(status.missingAlerts).every((missing) => !missing)).toBe(true);
    expect((await gw.call('registerMailOrder', { patientToken, body: registration(null) })).status).toBe(409);
  });

  it('keeps no card number in the database', async () => {
    for (const table of ['payment_cards', 'tokenizer_sessions']) {
      const rows = (await sql<{ row: string }>`select t::text as row from ${sql.table(table)} t`.execute(gw.db)).rows.map((r) => r.row);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row).not.toContain('4111111111111111');
        // A run of 13-16 digits not inside a hex token (random hex may hold long digit runs by chance).
        expect(row).not.toMatch(/(^|[^0-9a-f])[0-9]{13,16}([^0-9a-f]|$)/i);
      }
    }
  });
});

it('exercised every member-flow operation', () => {
  const mine = ['verifyMember', 'checkEligibility', 'getAutoTransferRx', 'getPatientPhysicians', 'searchPhysicians', 'lookupDrugs', 'checkNewRxEligibility',
    'submitTransferRequest', 'getPatientAlerts', 'lookupZipCode', 'validateAddress', 'listAddresses', 'addAddress', 'updateAddress', 'listPhones', 'addPhone',
    'updatePhone', 'getEmail', 'updateEmail', 'getNotificationSettings', 'createNotificationSettings', 'updateNotificationSettings', 'listPaymentMethods',
    'addPaymentMethod', 'updatePaymentMethod', 'lookupAllergies', 'lookupConditions', 'listPatientAllergies', 'listPatientConditions', 'addPatientAllergies',
    'addPatientConditions', 'registerMailOrder'];
  expect(mine.filter((op) => !gw.exercised.has(op))).toEqual([]);
});
