/**
 * Member verification without a way to guess a date of birth.
 *
 * - Failed verifications are counted in the database per member number (trimmed,
 *   upper case; unknown numbers are counted like known ones), so a restart, a
 *   second tab or a second gateway instance does not reset them. After
 *   MAX_FAILURES failures within WINDOW_MS the number is locked for LOCK_MS:
 *   every verification of it answers 423 with MEMBER_VERIFY_LOCKED, even with
 *   the right answers. A successful verification clears the count.
 * - An unknown number, a wrong name, a wrong date of birth and a right identity
 *   that is not eligible all get the same answer (404, MEMBER_NOT_ELIGIBLE) after
 *   the same database work: the member is looked up by number only, the fields
 *   are compared in code (all of them, each in constant time), and the number's
 *   row is written by the same statement. Each of them counts as a failure: were
 *   a right identity that is not eligible left out of the count, the lockout
 *   would come one call later for it, and so tell it apart.
 * - Every time comes from the gateway's injected clock, never the database's.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Selectable, Transaction } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database, MembersTable, MemberVerificationsTable } from '../db/schema.ts';
import { MEMBER_SERVICES_PHONE } from '../reference/contact.ts';

export const MAX_FAILURES = 5;
export const WINDOW_MS = 15 * 60_000;
export const LOCK_MS = 15 * 60_000;

/** The 423 answer's text (the SPA shows the same words). */
export const MEMBER_VERIFY_LOCKED =
  `For your security, verification of this member number is locked for 15 minutes after too many attempts. If you need help, call toll-free ${MEMBER_SERVICES_PHONE} (TTY dial 711).`;

/** The one 404 text for an unknown number, a wrong name or date of birth, and a member not eligible. */
export const MEMBER_NOT_ELIGIBLE = 'Member not eligible.';

export interface MemberIdentity {
  memberNumber: string;
  firstName: string;
  lastName: string;
  birthDate: string;
}

export type VerificationOutcome =
  | { kind: 'verified'; member: Selectable<MembersTable> }
  | { kind: 'refused' }
  | { kind: 'locked' };

export const normalizeMemberNumber = (memberNumber: string) => memberNumber.trim().toUpperCase();
const normalizeName = (name: string) => name.trim().toLowerCase();

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
/** 1 when equal, 0 otherwise; the time does not depend on where (or whether) they differ. */
const same = (a: string, b: string) => (timingSafeEqual(digest(a), digest(b)) ? 1 : 0);

/** Compared against when the number names no member, so that path does the same work. */
const NOBODY: Pick<MembersTable, 'firstName' | 'lastName' | 'birthDate'> = { firstName: '\u0000', lastName: '\u0000', birthDate: '\u0000' };

/** Whether names (any case, surrounding spaces) and date of birth match: all three are always compared. */
function identityMatches(member: Pick<MembersTable, 'firstName' | 'lastName' | 'birthDate'> | undefined, who: MemberIdentity): boolean {
  const on = member ?? NOBODY;
  const score = same(normalizeName(on.firstName), normalizeName(who.firstName))
    & same(normalizeName(on.lastName), normalizeName(who.lastName))
    & same(on.birthDate, who.birthDate);
  return member !== undefined && score === 1;
}

type Row = Selectable<MemberVerificationsTable>;

/** The number's row, created when missing and locked until the transaction ends (concurrent attempts queue). */
async function claim(tx: Transaction<Database>, memberNumber: string, now: Date): Promise<Row> {
  return tx.insertInto('memberVerifications')
    .values({ memberNumber, failedAt: [], lockedUntil: null, forgetAfter: now })
    .onConflict((oc) => oc.column('memberNumber').doUpdateSet((eb) => ({ forgetAfter: eb.ref('memberVerifications.forgetAfter') })))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The row after this attempt: a failure is added (locking at MAX_FAILURES), a success clears it. */
function next(row: Row, result: 'verified' | 'failed', now: Date): Pick<Row, 'failedAt' | 'lockedUntil' | 'forgetAfter'> {
  const recent = row.failedAt.filter((at) => now.getTime() - at.getTime() < WINDOW_MS);
  const failedAt = result === 'verified' ? [] : [...recent, now];
  if (failedAt.length >= MAX_FAILURES) {
    const lockedUntil = new Date(now.getTime() + LOCK_MS);
    return { failedAt: [], lockedUntil, forgetAfter: lockedUntil };
  }
  const last = failedAt.at(-1);
  return { failedAt, lockedUntil: null, forgetAfter: last ? new Date(last.getTime() + WINDOW_MS) : now };
}

/**
 * One verification attempt: the lock, the member looked up by number only, the
 * fields compared, the row written, in one transaction.
 */
export async function verifyIdentity(db: Db, who: MemberIdentity, now: Date): Promise<VerificationOutcome> {
  const memberNumber = normalizeMemberNumber(who.memberNumber);
  const outcome = await db.transaction().execute(async (tx): Promise<VerificationOutcome> => {
    const row = await claim(tx, memberNumber, now);
    if (row.lockedUntil && row.lockedUntil.getTime() > now.getTime()) return { kind: 'locked' };
    const member = await tx.selectFrom('members').selectAll().where('memberNumber', '=', memberNumber).executeTakeFirst();
    const matches = identityMatches(member, who);
    const result = matches && member?.eligible ? 'verified' : 'failed';
    await tx.updateTable('memberVerifications').set(next(row, result, now)).where('memberNumber', '=', memberNumber).execute();
    return result === 'verified' ? { kind: 'verified', member: member! } : { kind: 'refused' };
  });
  await forgetStale(db, now);
  return outcome;
}

/** Deletes rows that no longer matter (no recent failure, no lock); rows in use elsewhere are skipped. */
async function forgetStale(db: Db, now: Date): Promise<void> {
  await db.deleteFrom('memberVerifications')
    .where('memberNumber', 'in', (eb) => eb.selectFrom('memberVerifications').select('memberNumber')
      .where('forgetAfter', '<', now).forUpdate().skipLocked())
    .execute();
}
