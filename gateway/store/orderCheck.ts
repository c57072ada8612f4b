/**
 * The public order check (order number, date of birth, zip): the same protections as a refill link's
 * verification (store/links.ts). Each typed number has the link's attempts (MAX_ATTEMPTS) kept in the database (order_checks, a
 * row per number typed, whether an order has it or not), taken before the answer is judged and by one
 * statement, so parallel guesses queue on the row and none is judged once they are spent (423). An unknown
 * number does the same work as a known one (the same statements, a comparison against nothing) and gets
 * the same answer as a wrong date of birth: nothing tells whether a number exists.
 */
import { sql } from 'kysely';
import type { components } from '../../src/api/gateway.gen.ts';
import type { Db } from '../db/database.ts';
import type { Tokens } from '../auth/tokens.ts';
import type { Audit } from '../securityLog.ts';
import { GatewayError } from '../errors.ts';
import { ATTEMPT_MESSAGES, MAX_ATTEMPTS } from '../../machines/shared/rules/verifyAttempts.ts';

type LinkVerifyResult = components['schemas']['LinkVerifyResult'];
type OrderCheckRequest = components['schemas']['OrderCheckRequest'];

/** The check's locked text: the spec gives none of its own, so the link's (docs/decisions.md). */
export const ORDER_CHECK_BLOCKED = ATTEMPT_MESSAGES.blocked;

/** A patient key no row has: an unknown number's lookups run against it, so they cost what a known number's do. */
const NO_PATIENT = -1;

export async function checkOrder(db: Db, tokens: Tokens, v: OrderCheckRequest, audit: Audit): Promise<LinkVerifyResult> {
  const result = await db.transaction().execute(async (tx): Promise<LinkVerifyResult> => {
    // One attempt taken before anything is judged: a new number starts at MAX_ATTEMPTS and spends one.
    const taken = await sql<{ remainingAttempts: number }>`
      insert into order_checks as c (order_number, remaining_attempts) values (${v.orderNumber}, ${MAX_ATTEMPTS - 1})
      on conflict (order_number) do update set remaining_attempts = c.remaining_attempts - 1 where c.remaining_attempts > 0
      returning c.remaining_attempts`.execute(tx);
    const remaining = taken.rows[0]?.remainingAttempts;
    if (remaining === undefined) throw new GatewayError(423, ORDER_CHECK_BLOCKED);
    const order = await tx.selectFrom('orders').select(['orderId', 'patientId', 'memberNumber', 'shippingAddressId'])
      .where('orderNumber', '=', v.orderNumber).executeTakeFirst();
    const patientId = order?.patientId ?? NO_PATIENT;
    const who = await tx.selectFrom('members').leftJoin('patients', 'patients.memberNumber', 'members.memberNumber')
      .select(['members.memberNumber', 'members.birthDate as memberBirthDate', 'patients.birthDate as patientBirthDate'])
      .where((eb) => eb.or([eb('patients.patientId', '=', patientId), eb('members.memberNumber', '=', order?.memberNumber ?? '')]))
      .executeTakeFirst();
    const zips = await tx.selectFrom('addresses').select('zipCode')
      .where((eb) => eb.or([eb.and([eb('patientId', '=', patientId), eb('active', '=', true)]), eb('addressId', '=', order?.shippingAddressId ?? NO_PATIENT)]))
      .execute();
    const birthDate = who?.patientBirthDate ?? who?.memberBirthDate;
    const matches = order !== undefined && birthDate === v.dateOfBirth && zips.some((z) => z.zipCode === v.zipCode);
    if (order && who) audit.member(who.memberNumber);
    if (!matches) {
      return { messageStatus: false, getCallAgain: true, remainingAttempts: remaining, messageErrorText: ATTEMPT_MESSAGES.identity };
    }
    await tx.updateTable('orderChecks').set({ remainingAttempts: MAX_ATTEMPTS }).where('orderNumber', '=', v.orderNumber).execute();
    return {
      messageStatus: true,
      remainingAttempts: MAX_ATTEMPTS,
      accessToken: tokens.issuePatientToken({ mbr: who?.memberNumber ?? null, pid: order.patientId, lnk: null, ord: order.orderId }),
    };
  });
  if (!result.messageStatus) audit.event('verification-failed');
  return result;
}
