/**
 * Personalised refill links (Easy Fill and Auto Refill): link info, the
 * server-side count of verification attempts (3, then blocked), and the link's
 * prescriptions.
 */
import { sql, type Selectable } from 'kysely';
import type { components } from '../../src/api/gateway.gen.ts';
import type { Db } from '../db/database.ts';
import type { LinksTable } from '../db/schema.ts';
import type { Tokens } from '../auth/tokens.ts';
import { GatewayError, notFound } from '../errors.ts';

type LinkInfo = components['schemas']['LinkInfo'];
type LinkVerifyResult = components['schemas']['LinkVerifyResult'];
export type LinkKind = LinksTable['kind'];

export const MAX_ATTEMPTS = 3;
export const IDENTITY_NOT_VERIFIED = 'Your identity cannot be verified. Check your info and try again.';
export const LINK_BLOCKED =
  'This page has been temporarily blocked. There have been more than 3 failed attempts to verify your identity.';

async function findLink(db: Db, kind: LinkKind, linkId: string): Promise<Selectable<LinksTable>> {
  const link = await db.selectFrom('links').selectAll().where('kind', '=', kind).where('linkId', '=', linkId).executeTakeFirst();
  if (!link) throw notFound('This link is not valid.');
  return link;
}

const isExpired = (link: Selectable<LinksTable>, now: Date) => link.status === 'EXPIRED' || link.expiresAt.getTime() <= now.getTime();

/** Link info; counts a click when asked (the first load), not on a refetch. */
export async function linkInfo(db: Db, kind: LinkKind, linkId: string, updateClicks: boolean, now: Date): Promise<LinkInfo> {
  let link = await findLink(db, kind, linkId);
  if (updateClicks) {
    link = await db.updateTable('links').set({ clickCount: sql`click_count + 1` }).where('linkKey', '=', link.linkKey).returningAll().executeTakeFirstOrThrow();
  }
  const pending = await db.selectFrom('linkPrescriptions').select(sql<number>`count(*)`.as('n'))
    .where('linkKey', '=', link.linkKey).where('orderedAt', 'is', null).executeTakeFirstOrThrow();
  const who = await db.selectFrom('patients').innerJoin('members', 'members.memberNumber', 'patients.memberNumber')
    .select(['patients.firstName', 'members.allowBillMeLater']).where('patients.patientId', '=', link.patientId).executeTakeFirstOrThrow();
  const expired = isExpired(link, now);
  return {
    patientId: link.patientId,
    remainingAttempts: link.remainingAttempts,
    linkType: link.linkType,
    isLinkExpired: expired,
    isLinkValid: link.isValid,
    status: expired ? 'EXPIRED' : link.status,
    isScriptsAvailable: Number(pending.n) > 0,
    allowBillMeLater: who.allowBillMeLater,
    firstName: who.firstName,
  };
}

export interface LinkVerification {
  patientId: number;
  dateOfBirth: string;
  code: string;
  zipCode: string;
}

/**
 * Checks date of birth and zip (any active address of the patient). A wrong
 * answer costs one attempt, counted here, so a reload or a second tab cannot
 * reset it; at 0 the link is blocked. A right answer restores the attempts and
 * issues a patient token scoped to this link.
 */
export async function verifyLink(db: Db, tokens: Tokens, kind: LinkKind, v: LinkVerification, now: Date): Promise<LinkVerifyResult> {
  const link = await findLink(db, kind, v.code);
  if (link.remainingAttempts <= 0) throw new GatewayError(423, LINK_BLOCKED);
  if (isExpired(link, now)) throw new GatewayError(410, "Expired link. We're sorry but this link has expired.");
  const patient = await db.selectFrom('patients').select(['birthDate', 'memberNumber']).where('patientId', '=', link.patientId).executeTakeFirstOrThrow();
  const zips = await db.selectFrom('addresses').select('zipCode').where('patientId', '=', link.patientId).where('active', '=', true).execute();
  const matches = v.patientId === link.patientId && patient.birthDate === v.dateOfBirth && zips.some((z) => z.zipCode === v.zipCode);
  if (!matches) {
    const after = await db.updateTable('links').set({ remainingAttempts: sql`greatest(remaining_attempts - 1, 0)` })
      .where('linkKey', '=', link.linkKey).returning('remainingAttempts').executeTakeFirstOrThrow();
    return { messageStatus: false, getCallAgain: true, remainingAttempts: after.remainingAttempts, messageErrorText: IDENTITY_NOT_VERIFIED };
  }
  await db.updateTable('links').set({ remainingAttempts: MAX_ATTEMPTS }).where('linkKey', '=', link.linkKey).execute();
  return {
    messageStatus: true,
    remainingAttempts: MAX_ATTEMPTS,
    accessToken: tokens.issuePatientToken({ mbr: patient.memberNumber, pid: link.patientId, lnk: link.linkKey }),
  };
}

/** The link's prescriptions not yet ordered, by name. */
export async function pendingLinkPrescriptions(db: Db, linkKey: number) {
  return db.selectFrom('linkPrescriptions').innerJoin('prescriptions', 'prescriptions.rxId', 'linkPrescriptions.rxId')
    .selectAll('prescriptions').select(['linkPrescriptions.requested', 'linkPrescriptions.orderedAt'])
    .where('linkPrescriptions.linkKey', '=', linkKey).where('linkPrescriptions.orderedAt', 'is', null)
    .orderBy('prescriptions.dispensedMedName').execute();
}

/** All of the link's prescriptions, ordered or not. */
export async function linkPrescriptions(db: Db, linkKey: number) {
  return db.selectFrom('linkPrescriptions').innerJoin('prescriptions', 'prescriptions.rxId', 'linkPrescriptions.rxId')
    .selectAll('prescriptions').select(['linkPrescriptions.requested', 'linkPrescriptions.orderedAt'])
    .where('linkPrescriptions.linkKey', '=', linkKey).orderBy('prescriptions.dispensedMedName').execute();
}
