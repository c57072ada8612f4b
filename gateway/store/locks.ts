/**
 * Row locks that make a check and the write it guards one step on PostgreSQL,
 * where parallel requests run on several connections (PGlite runs one query
 * at a time, so these cost nothing there). A lock is held until the
 * transaction ends; whoever comes second waits, then reads what the first wrote.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

type Tx = Transaction<Database>;

/**
 * The patient's row: every change to one patient's addresses, phones, cards and
 * notification settings queues behind it, so a duplicate check sees the other
 * request's row and a default (shipping, billing, primary phone, default card) stays one.
 */
export async function lockPatient(tx: Tx, patientId: number): Promise<void> {
  await tx.selectFrom('patients').select('patientId').where('patientId', '=', patientId).forUpdate().execute();
}

/** The member's row: one registration at a time per member. */
export async function lockMember(tx: Tx, memberNumber: string) {
  return tx.selectFrom('members').selectAll().where('memberNumber', '=', memberNumber).forUpdate().executeTakeFirst();
}

/** The link's row: one order or enrolment at a time per link. */
export async function lockLink(tx: Tx, linkKey: number): Promise<void> {
  await tx.selectFrom('links').select('linkKey').where('linkKey', '=', linkKey).forUpdate().execute();
}
