/**
 * The member flow: verification and member information, the auto-transfer
 * list, doctors, drug lookups, the Finish submission, the missing-information
 * flags and the address reference calls.
 */
import type { components } from '../../src/api/gateway.gen.ts';
import type { Db } from '../db/database.ts';
import type { Context, Handlers } from './types.ts';
import { empty, ok } from './types.ts';
import { GatewayError, badRequest, forbidden, notFound } from '../errors.ts';
import { memberOf, samePatient } from './scope.ts';
import { missingAlerts } from '../store/alerts.ts';
import { ADDRESS_TYPE_DESC } from '../store/addresses.ts';
import { newRxStatus, submitTransfer, transferList } from '../store/transfers.ts';
import { checkAddress, lookupZip } from '../reference/zip.ts';
import { contains, startsWith } from '../store/like.ts';
import { idempotencyKeyOf, idempotent, memberCaller } from '../store/idempotency.ts';
import { MEMBER_NOT_ELIGIBLE, MEMBER_VERIFY_LOCKED, verifyIdentity } from '../store/memberVerification.ts';

type Physician = components['schemas']['Physician'];
type MemberInfo = components['schemas']['MemberInfo'];

const MAX_DRUG_SUGGESTIONS = 30;

/** The member the four identifying fields name: number and names ignore case and surrounding spaces. */
async function findMember(db: Db, info: MemberInfo) {
  return db.selectFrom('members').selectAll()
    .where((eb) => eb.and([
      eb(eb.fn('upper', ['memberNumber']), '=', info.memberNumber.trim().toUpperCase()),
      eb(eb.fn('lower', ['firstName']), '=', info.firstName.trim().toLowerCase()),
      eb(eb.fn('lower', ['lastName']), '=', info.lastName.trim().toLowerCase()),
      eb('birthDate', '=', info.birthDate),
    ]))
    .executeTakeFirst();
}

const sameMember = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/** Doctors with their addresses; one list entry per doctor address. */
async function physicians(db: Db, filter: { patientId?: number; firstName?: string; lastName?: string; state?: string }): Promise<Physician[]> {
  let q = db.selectFrom('physicianAddresses as a').innerJoin('physicians as p', 'p.physicianId', 'a.physicianId')
    .select(['p.npi', 'p.deaNo', 'p.ePostDoctorNum', 'p.firstName', 'p.middleName', 'p.lastName',
      'a.addressId', 'a.streetAddress1', 'a.streetAddress2', 'a.city', 'a.state', 'a.zipCode', 'a.phoneNumber', 'a.faxNumber']);
  if (filter.patientId !== undefined) {
    q = q.innerJoin('patientPhysicians as pp', 'pp.physicianAddressId', 'a.addressId').where('pp.patientId', '=', filter.patientId);
  }
  if (filter.firstName) q = q.where('p.firstName', 'ilike', startsWith(filter.firstName));
  if (filter.lastName) q = q.where('p.lastName', 'ilike', startsWith(filter.lastName));
  if (filter.state) q = q.where('a.state', '=', filter.state);
  const rows = await q.orderBy('p.lastName').orderBy('p.firstName').orderBy('a.addressId').execute();
  return rows.map((r) => ({
    npi: r.npi,
    deaNo: r.deaNo,
    ePostDoctoNum: r.ePostDoctorNum,
    firstName: r.firstName,
    middleName: r.middleName,
    lastName: r.lastName,
    addresses: [{
      ePostAddressId: r.addressId,
      physicianServiceAddressId: r.addressId,
      streetAddress1: r.streetAddress1,
      streetAddress2: r.streetAddress2,
      city: r.city,
      state: r.state,
      zipCode: r.zipCode,
      phoneNumber: r.phoneNumber,
      faxNumber: r.faxNumber,
    }],
    addressId: r.addressId,
    selected: false,
    selectAddressId: null,
  }));
}

export function memberHandlers({ db, tokens, now, dueAt }: Context): Pick<Handlers,
  'verifyMember' | 'renewMemberSession' | 'checkEligibility' | 'getAutoTransferRx' | 'getPatientPhysicians' | 'searchPhysicians' | 'lookupDrugs'
  | 'checkNewRxEligibility' | 'submitTransferRequest' | 'getPatientAlerts' | 'lookupZipCode' | 'validateAddress'> {
  return {
    async verifyMember({ body, audit }) {
      // Unknown number, wrong name or date of birth, not eligible: one answer (store/memberVerification.ts).
      // Its refusals (404, 423) are security events about the number asked about.
      audit.member(body.memberInfo.memberNumber);
      const outcome = await verifyIdentity(db, body.memberInfo, now());
      if (outcome.kind === 'locked') throw new GatewayError(423, MEMBER_VERIFY_LOCKED);
      if (outcome.kind === 'refused') throw notFound(MEMBER_NOT_ELIGIBLE);
      const { member } = outcome;
      const accessToken = tokens.issuePatientToken({ mbr: member.memberNumber, pid: member.patientId, lnk: null });
      return ok({ accessToken, messageStatus: true as const });
    },

    // The same member, patient and session (a registration since is in the token the registration issued), a fresh
    // expiry, never past the session's 12 hours (the authenticator has refused a revoked or ended session).
    async renewMemberSession({ patient }) {
      const mbr = memberOf(patient);
      const accessToken = tokens.issuePatientToken({ mbr, pid: patient!.pid, lnk: null }, patient);
      return ok({ accessToken, messageStatus: true as const });
    },

    async checkEligibility({ body, patient }) {
      if (!sameMember(memberOf(patient), body.memberNumber)) throw forbidden();
      const member = await findMember(db, body);
      if (!member) throw notFound('Member not found.');
      const pid = member.patientId;
      const [record, address, phone] = pid === null ? [undefined, undefined, undefined] : await Promise.all([
        db.selectFrom('patients').selectAll().where('patientId', '=', pid).executeTakeFirst(),
        db.selectFrom('addresses').selectAll().where('patientId', '=', pid).where('active', '=', true).where('defaultShipping', '=', true).executeTakeFirst(),
        db.selectFrom('phones').selectAll().where('patientId', '=', pid).where('isPrimary', '=', true).executeTakeFirst(),
      ]);
      const person = record ?? member;
      return ok({
        patient: {
          patientId: pid,
          firstName: person.firstName,
          middleName: person.middleName,
          lastName: person.lastName,
          gender: person.gender,
          dateOfBirth: person.birthDate,
          allowBillMeLater: member.allowBillMeLater,
          coverage: { hqCode: member.hqCode, memberNumber: member.memberNumber, personCode: member.personCode, relationshipCode: member.relationshipCode },
          address: address ? {
            addressTypeDesc: ADDRESS_TYPE_DESC[address.addressTypeId] ?? 'HOME',
            address1: address.address1, address2: address.address2, postalCode: address.zipCode,
            city: address.city, state: address.state, startDate: address.startDate, endDate: address.endDate,
          } : null,
          phone: phone ? { areaCode: phone.areaCode, phoneNumber: phone.phoneNumber, phoneType: phone.phoneType, isPrimary: phone.isPrimary } : null,
          email: record?.email ?? null,
        },
        registrationStatus: { isRegistered: pid !== null, isProfileLinked: record?.profileLinked ?? false },
        isPartD: member.isPartD,
        missingAlerts: await missingAlerts(db, pid),
      });
    },

    async getAutoTransferRx({ body, patient }) {
      const memberNumber = memberOf(patient);
      if (body.patientId !== null && body.patientId !== undefined && body.patientId !== patient?.pid) throw forbidden();
      const all = await transferList(db, memberNumber);
      const start = (body.page - 1) * body.limit;
      if (start >= all.length) return empty();
      const page = all.slice(start, start + body.limit);
      const of = (group: string) => page.filter((d) => d.group === group).map(({ group: _, ...d }) => d);
      return ok({
        status: 'SUCCESS',
        message: 'Success',
        data: {
          count: { totalCount: all.length, selectedCount: 0 },
          displayCount: start + page.length,
          pagination: { page: body.page, limit: body.limit, totalPages: Math.ceil(all.length / body.limit) },
          pharmacyRequestDrugs: of('pharmacy'),
          physicianRequestDrugs: of('physician'),
          nonActionableDrugs: of('nonActionable'),
          newRxDrugs: of('newRx'),
          allDrugs: page.map(({ group: _, ...d }) => d),
          selectAll: 'deSelectAll' as const,
          isSelectAll: false,
        },
      });
    },

    async getPatientPhysicians({ body, patient }) {
      const items = await physicians(db, { patientId: samePatient(patient, body.patientId) });
      return items.length ? ok({ items }) : empty();
    },

    async searchPhysicians({ query }) {
      // The contract requires both names and the state (a missing one is a 400 before this runs).
      const found = await physicians(db, { firstName: query.firstName, lastName: query.lastName, state: query.state });
      return found.length ? ok({ physicians: found }) : empty();
    },

    async lookupDrugs({ params }) {
      const anywhere = contains(params.drugName);
      const prefix = startsWith(params.drugName);
      const rows = await db.selectFrom('drugs')
        .select(['ndc', 'gpi', 'labelName', 'brandName', 'genericName', 'strength', 'dosageForm'])
        .where((eb) => eb.or([eb('labelName', 'ilike', anywhere), eb('brandName', 'ilike', anywhere), eb('genericName', 'ilike', anywhere)]))
        .orderBy((eb) => eb.case()
          .when(eb.or([eb('labelName', 'ilike', prefix), eb('brandName', 'ilike', prefix), eb('genericName', 'ilike', prefix)])).then(0)
          .else(1).end())
        .orderBy('labelName')
        .limit(MAX_DRUG_SUGGESTIONS)
        .execute();
      return rows.length ? ok({ items: rows }) : empty();
    },

    async checkNewRxEligibility({ params, query, body, patient }) {
      const memberNumber = memberOf(patient);
      const drug = await db.selectFrom('drugs').selectAll().where('ndc', '=', params.ndc).executeTakeFirst();
      if (!drug) throw notFound('Drug not found.');
      if (drug.gpi !== query.gpi) throw badRequest('The gpi does not belong to this drug.');
      const listed = await db.selectFrom('transferCandidates').select('candidateId')
        .where('memberNumber', '=', memberNumber).where('ndc', '=', drug.ndc).executeTakeFirst();
      return ok({ index: body.index, ...newRxStatus(drug, listed !== undefined) });
    },

    // One stored request per Idempotency-Key: a repeat gets the first answer (store/idempotency.ts).
    async submitTransferRequest({ body, patient, headers }) {
      const memberNumber = memberOf(patient);
      const at = now();
      return idempotent(db, { key: idempotencyKeyOf(headers), who: memberCaller(memberNumber), operation: 'submitTransferRequest', body, now: at },
        async (tx) => ok(await submitTransfer(tx, memberNumber, body, at, dueAt)));
    },

    async getPatientAlerts({ body, patient }) {
      return ok(await missingAlerts(db, samePatient(patient, body.patientId)));
    },

    async lookupZipCode({ params }) {
      const places = lookupZip(params.zipCode);
      if (!places.length) throw notFound('No records found!');
      return ok(places);
    },

    async validateAddress({ body }) {
      return ok(checkAddress(body));
    },
  };
}
