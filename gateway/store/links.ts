/**
 * Personalised refill links (Easy Fill and Auto Refill): link info, the
 * server-side count of verification attempts (MAX_ATTEMPTS, then blocked), and the link's
 * prescriptions.
 */
import { sql, type Selectable } from 'kysely';
import type { components } from '../../src/api/gateway.gen.ts';
import type { Db } from '../db/database.ts';
import type { LinksTable } from '../db/schema.ts';
import type { Tokens } from '../auth/tokens.ts';
import type { Audit } from '../securityLog.ts';
import { GatewayError, notFound } from '../errors.ts';
import { autoRefillRefusal } from '../../machines/shared/rules/autoRefillRule.ts';
// The attempts and their texts are the machines' one rule, which the link page shows.
import { ATTEMPT_MESSAGES, MAX_ATTEMPTS } from '../../machines/shared/rules/verifyAttempts.ts';

type LinkInfo = components['schemas']['LinkInfo'];
type LinkVerifyResult = components['schemas']['LinkVerifyResult'];
export type LinkKind = LinksTable['kind'];


async function findLink(db: Db, kind: LinkKind, linkId: string): Promise<Selectable<LinksTable>> {
  const link = await db.selectFrom('links').selectAll().where('kind', '=', kind).where('linkId', '=', linkId).executeTakeFirst();
  if (!link) throw notFound('This link is not valid.');
  return link;
}

const isExpired = (link: Pick<Selectable<LinksTable>, 'status' | 'expiresAt'>, now: Date) => link.status === 'EXPIRED' || link.expiresAt.getTime() <= now.getTime();

export const LINK_EXPIRED = "Expired link. We're sorry but this link has expired.";

/**
 * A link token's calls end with its link: a token verified before the link
 * expired is refused (410, as verification answers) once it has, so nothing
 * is read or ordered through an expired link (auth/security.ts).
 */
export async function refuseExpiredLink(db: Db, linkKey: number, now: Date): Promise<void> {
  const link = await db.selectFrom('links').select(['status', 'expiresAt']).where('linkKey', '=', linkKey).executeTakeFirst();
  if (!link || isExpired(link, now)) throw new GatewayError(410, LINK_EXPIRED);
}

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
 * Checks date of birth and zip (any active address of the patient). Each
 * answer costs one attempt, taken before it is judged by one statement
 * (`remaining_attempts - 1 ... where remaining_attempts > 0`) inside the
 * transaction that judges it: parallel guesses queue on the link's row, and
 * once the attempts are spent none is judged (423), however many arrive
 * together. The count is in the database, so a reload, a second tab or a
 * second gateway cannot reset it. A right answer restores the attempts and
 * issues a patient token scoped to this link; an expired link gives its
 * attempt back (the transaction is rolled back).
 */
export async function verifyLink(db: Db, tokens: Tokens, kind: LinkKind, v: LinkVerification, now: Date, audit: Audit): Promise<LinkVerifyResult> {
  const link = await findLink(db, kind, v.code);
  // Whose link it is: its refusals (a wrong answer, 423) are security events about the link's member.
  const patient = await db.selectFrom('patients').select(['birthDate', 'memberNumber']).where('patientId', '=', link.patientId).executeTakeFirstOrThrow();
  audit.member(patient.memberNumber);
  const result = await db.transaction().execute(async (tx): Promise<LinkVerifyResult> => {
    const taken = await tx.updateTable('links').set({ remainingAttempts: sql`remaining_attempts - 1` })
      .where('linkKey', '=', link.linkKey).where('remainingAttempts', '>', 0)
      .returning(['remainingAttempts', 'status', 'expiresAt']).executeTakeFirst();
    if (!taken) throw new GatewayError(423, ATTEMPT_MESSAGES.blocked);
    if (isExpired({ ...link, ...taken }, now)) throw new GatewayError(410, LINK_EXPIRED);
    const zips = await tx.selectFrom('addresses').select('zipCode').where('patientId', '=', link.patientId).where('active', '=', true).execute();
    const matches = v.patientId === link.patientId && patient.birthDate === v.dateOfBirth && zips.some((z) => z.zipCode === v.zipCode);
    if (!matches) {
      return { messageStatus: false, getCallAgain: true, remainingAttempts: taken.remainingAttempts, messageErrorText: ATTEMPT_MESSAGES.identity };
    }
    await tx.updateTable('links').set({ remainingAttempts: MAX_ATTEMPTS }).where('linkKey', '=', link.linkKey).execute();
    return {
      messageStatus: true,
      remainingAttempts: MAX_ATTEMPTS,
      accessToken: tokens.issuePatientToken({ mbr: patient.memberNumber, pid: link.patientId, lnk: link.linkKey }),
    };
  });
  if (!result.messageStatus) audit.event('verification-failed');
  return result;
}

/** A stored prescription with its drug's schedule (null without a catalogue drug), as auto refill's rule reads it. */
export interface StoredAutoRefillFacts {
  autoFillEligible: boolean;
  daysSupply: number;
  mustPlaceOrder: boolean;
  controlledClass: number | null;
}

/** Auto refill's one rule (machines/shared/rules/autoRefillRule.ts) over a stored prescription: both link flows refuse with it. */
export const autoRefillRefusalOf = (rx: StoredAutoRefillFacts) => autoRefillRefusal({ ...rx, controlled: (rx.controlledClass ?? 0) > 0 });

/** The link's prescriptions not yet ordered, by name. */
export async function pendingLinkPrescriptions(db: Db, linkKey: number) {
  return db.selectFrom('linkPrescriptions').innerJoin('prescriptions', 'prescriptions.rxId', 'linkPrescriptions.rxId')
    .selectAll('prescriptions').select(['linkPrescriptions.requested', 'linkPrescriptions.orderedAt'])
    .where('linkPrescriptions.linkKey', '=', linkKey).where('linkPrescriptions.orderedAt', 'is', null)
    .orderBy('prescriptions.dispensedMedName').execute();
}

/** The link's prescriptions (all of them, or those with these ids), ordered or not, by name, with their drug's schedule. */
export async function linkPrescriptions(db: Db, linkKey: number, rxIds?: number[]) {
  let q = db.selectFrom('linkPrescriptions').innerJoin('prescriptions', 'prescriptions.rxId', 'linkPrescriptions.rxId')
    .leftJoin('drugs', 'drugs.ndc', 'prescriptions.ndc')
    .selectAll('prescriptions').select(['linkPrescriptions.requested', 'linkPrescriptions.orderedAt', 'drugs.controlledClass'])
    .where('linkPrescriptions.linkKey', '=', linkKey);
  if (rxIds) q = q.where('prescriptions.rxId', 'in', rxIds);
  return q.orderBy('prescriptions.dispensedMedName').execute();
}
