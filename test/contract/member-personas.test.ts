/**
 * The member operations answer as the README's "Demo personas" say: who
 * verifies, the auto-transfer list of each (pages of 6, 204 when empty, the
 * token's member when not registered), the Add Prescription check per drug,
 * the doctors on file and the doctor search (also as Add Your Doctor's
 * "better match" search with the names and state a person typed).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { components } from '../../src/api/gateway.gen.ts';
import { startGateway, type TestGateway } from './harness.ts';

type S = components['schemas'];

const personas = {
  maria: { memberNumber: 'MMA100001', firstName: 'Maria', lastName: 'Lopez', birthDate: '1958-04-12' },
  james: { memberNumber: 'MMA100002', firstName: 'James', lastName: 'Carter', birthDate: '1971-09-30' },
  linda: { memberNumber: 'MMA100003', firstName: 'Linda', lastName: 'Nguyen', birthDate: '1949-01-05' },
  aisha: { memberNumber: 'MMA100005', firstName: 'Aisha', lastName: 'Khan', birthDate: '1990-11-20' },
  carlos: { memberNumber: 'MMA100006', firstName: 'Carlos', lastName: 'Rivera', birthDate: '1965-03-08' },
};
const robert = { memberNumber: 'MMA100004', firstName: 'Robert', lastName: 'Smith', birthDate: '1980-06-15' };
type Who = keyof typeof personas;

/** The seeded doctors, as the README lists them. */
const DOCTORS = [
  ['Elena', 'Marsh', 'AZ'], ['David', 'Okafor', 'AZ'], ['Priya', 'Raman', 'AZ'], ['Thomas', 'Whitfield', 'AZ'], ['Grace', 'Liu', 'AZ'],
  ['Miguel', 'Santos', 'CA'], ['Hannah', 'Berg', 'CA'], ['Samuel', 'Marsh', 'NY'], ['Olivia', 'Grant', 'NH'], ['Daniel', 'Cho', 'FL'],
] as const;

let gw: TestGateway;
const token: Partial<Record<Who, string>> = {};
const patientId: Partial<Record<Who, number | null>> = {};

beforeAll(async () => {
  gw = await startGateway();
  for (const who of Object.keys(personas) as Who[]) {
    const r = await gw.call('verifyMember', { body: { memberInfo: personas[who] } });
    expect(r.status, who).toBe(200);
    token[who] = r.body.accessToken;
    patientId[who] = (await gw.call('checkEligibility', { patientToken: token[who]!, body: personas[who] })).body.patient.patientId;
  }
});
afterAll(async () => gw?.close());

const as = (who: Who, operationId: string, options: Parameters<TestGateway['call']>[1] = {}) => gw.call(operationId, { ...options, patientToken: token[who]! });
const codes = (drugs: S['TransferPrescription'][]) => drugs.map((d) => d.transferRxStatusInfo.code);

describe('verification', () => {
  it('verifies the five eligible personas and refuses Robert Smith with the answer any refusal gets', async () => {
    expect(Object.values(token).every(Boolean)).toBe(true);
    expect(patientId.james).toBeNull();
    const r = await gw.call('verifyMember', { body: { memberInfo: robert } });
    expect([r.status, r.body]).toEqual([404, { messageStatus: false, messageErrorText: 'Member not eligible.', statusCode: 404 }]);
  });
});

describe('getAutoTransferRx', () => {
  const page = (who: Who, n: number, body: object = {}) => as(who, 'getAutoTransferRx', { body: { page: n, limit: 6, ...body } });

  it('gives Maria her 14 prescriptions in pages of 6, every transfer code 0 to 11', async () => {
    const pages = [];
    for (let n = 1; n <= 3; n++) pages.push((await page('maria', n, { patientId: patientId.maria })).body.data);
    expect(pages.map((p) => p.allDrugs.length)).toEqual([6, 6, 2]);
    expect(pages.map((p) => p.displayCount)).toEqual([6, 12, 14]);
    for (const p of pages) expect([p.count.totalCount, p.pagination.totalPages]).toEqual([14, 3]);
    expect(new Set(pages.flatMap((p) => codes(p.allDrugs)))).toEqual(new Set([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]));
    expect((await page('maria', 4)).status).toBe(204);
  });

  it('answers 204 for Aisha Khan, who has no prescriptions on file', async () => {
    expect((await page('aisha', 1, { patientId: patientId.aisha })).status).toBe(204);
  });

  it('works from the token for James Carter, not registered (patientId null or left out)', async () => {
    for (const body of [{ patientId: null }, {}]) {
      const first = (await page('james', 1, body)).body.data;
      expect([first.count.totalCount, first.allDrugs.length]).toEqual([6, 6]);
      expect(first.allDrugs.map((d: S['TransferPrescription']) => d.labelName)).toEqual(expect.arrayContaining([expect.stringMatching(/^ATORVASTATIN/)]));
    }
    expect((await page('james', 2, { patientId: null })).status).toBe(204);
  });

  it('gives Linda 3 and Carlos 3', async () => {
    expect((await page('linda', 1, { patientId: patientId.linda })).body.data.count.totalCount).toBe(3);
    expect((await page('carlos', 1, { patientId: patientId.carlos })).body.data.count.totalCount).toBe(3);
  });
});

describe('checkNewRxEligibility', () => {
  /** What Add Prescription should say for a drug: specialty 1, C2 3, C3-C5 4, not maintenance 2, on the list 11, else 12. */
  const expected = (d: { specialty: boolean; controlledClass: number; maintenance: boolean }, listed: boolean) =>
    d.specialty ? 1 : d.controlledClass === 2 ? 3 : d.controlledClass >= 3 ? 4 : !d.maintenance ? 2 : listed ? 11 : 12;

  it('tells Maria, per drug of her list, what the drug is', async () => {
    const drugs = await gw.db.selectFrom('transferCandidates as c').innerJoin('drugs as d', 'd.ndc', 'c.ndc')
      .select(['d.ndc', 'd.gpi', 'd.specialty', 'd.controlledClass', 'd.maintenance']).where('c.memberNumber', '=', 'MMA100001').execute();
    expect(drugs).toHaveLength(14);
    const seen = new Set<number>();
    for (const [index, d] of drugs.entries()) {
      const r = await as('maria', 'checkNewRxEligibility', { params: { ndc: d.ndc }, query: { gpi: d.gpi }, body: { index } });
      expect([r.body.index, r.body.transferRxStatusInfo.code]).toEqual([index, expected(d, true)]);
      seen.add(r.body.transferRxStatusInfo.code);
    }
    // Her specialty, C2 and C3-C5 drugs say so; the others are already on her list (the catalogue counts them all maintenance drugs).
    expect([...seen].sort((a, b) => a - b)).toEqual([1, 3, 4, 11]);
  });

  it('offers a plain maintenance drug as a new prescription to Aisha (nothing on file) and to James (not registered)', async () => {
    const { rows: [plain] } = await sql<{ ndc: string; gpi: string }>`select ndc, gpi from drugs where maintenance and not specialty and controlled_class = 0 order by ndc limit 1`.execute(gw.db);
    for (const who of ['aisha', 'james'] as const) {
      const r = await as(who, 'checkNewRxEligibility', { params: { ndc: plain!.ndc }, query: { gpi: plain!.gpi }, body: { index: 0 } });
      expect([r.body.transferRxStatusInfo.code, r.body.eligibleStatusMessage], who).toEqual([12, 'OK to request new prescription.']);
    }
  });
});

describe('doctors', () => {
  const names = (list: S['Physician'][]) => list.map((p) => `${p.firstName} ${p.lastName} ${p.addresses[0]!.state}`);

  it('gives Maria her 3 doctors, Linda and Carlos 1 each, and Aisha none (204)', async () => {
    expect(names((await as('maria', 'getPatientPhysicians', { body: { patientId: patientId.maria } })).body.items))
      .toEqual(['Elena Marsh AZ', 'David Okafor AZ', 'Priya Raman AZ']);
    expect(names((await as('linda', 'getPatientPhysicians', { body: { patientId: patientId.linda } })).body.items)).toEqual(['Thomas Whitfield AZ']);
    expect(names((await as('carlos', 'getPatientPhysicians', { body: { patientId: patientId.carlos } })).body.items)).toEqual(['Miguel Santos CA']);
    expect((await as('aisha', 'getPatientPhysicians', { body: { patientId: patientId.aisha } })).status).toBe(204);
  });

  it('finds every seeded doctor by first name, last name and state', async () => {
    for (const [firstName, lastName, state] of DOCTORS) {
      const r = await gw.call('searchPhysicians', { query: { firstName, lastName, state } });
      expect(names(r.body.physicians)).toEqual([`${firstName} ${lastName} ${state}`]);
    }
  });

  it('works as the better-match search of Add Your Doctor: the typed names in any case, with spaces around, or their start', async () => {
    const typed = await gw.call('searchPhysicians', { query: { firstName: 'elena ', lastName: 'MARSH', state: 'AZ' } });
    expect(names(typed.body.physicians)).toEqual(['Elena Marsh AZ']);
    const start = await gw.call('searchPhysicians', { query: { firstName: 'Tho', lastName: 'Whit', state: 'AZ' } });
    expect(names(start.body.physicians)).toEqual(['Thomas Whitfield AZ']);
    // Same last name, another state: the other doctor only.
    expect(names((await gw.call('searchPhysicians', { query: { firstName: 'Samuel', lastName: 'Marsh', state: 'NY' } })).body.physicians)).toEqual(['Samuel Marsh NY']);
  });

  it('answers 204 when no doctor matches (the entered doctor is then added as typed)', async () => {
    expect((await gw.call('searchPhysicians', { query: { firstName: 'Jordan', lastName: 'Avery', state: 'AZ' } })).status).toBe(204);
    expect((await gw.call('searchPhysicians', { query: { firstName: 'Elena', lastName: 'Marsh', state: 'NY' } })).status).toBe(204);
  });
});
