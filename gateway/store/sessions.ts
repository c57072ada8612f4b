/**
 * Revoked sessions, in the database so that every gateway instance refuses
 * them: a patient token names its session (auth/tokens.ts), and the
 * authenticator looks that id up on every patient call (one primary-key
 * lookup, or none on PGlite: see `mirrors`). A row is kept until the session would have ended anyway (its 12
 * hours); rows past that are deleted now and then, on a revocation, as the
 * rate limiter forgets its old windows (rateLimit.ts).
 */
import { isOwnedByThisProcess, type Db } from '../db/database.ts';
import { sessionEnd, type PatientSession } from '../auth/tokens.ts';
import { GatewayError } from '../errors.ts';

/** The share of revocations that also delete the expired rows. */
export const PURGE_SHARE = 0.02;

/**
 * On a database only this process opens (embedded PGlite), the table is also
 * mirrored in memory (session id to its end, in ms), read once and then kept
 * by the writes below, so a patient call makes no query for it. PGlite runs
 * one query at a time on the HTTP server's thread, and this lookup was half of
 * the queries of a patient list call (`npm run load`, docs/performance.md). PostgreSQL,
 * which several instances share, is asked every time.
 */
interface Ended {
  /** The session's own end (ms). */
  end: number;
  endedByOrder: boolean;
}
const mirrors = new WeakMap<Db, Promise<Map<string, Ended>>>();

function mirrorOf(db: Db): Promise<Map<string, Ended>> | null {
  if (!isOwnedByThisProcess(db)) return null;
  let mirror = mirrors.get(db);
  if (!mirror) {
    mirror = db.selectFrom('revokedSessions').select(['sessionId', 'expiresAt', 'endedByOrder']).execute()
      .then((rows) => new Map(rows.map((r) => [r.sessionId, { end: new Date(r.expiresAt).getTime(), endedByOrder: r.endedByOrder }])));
    // A failed read is tried again on the next call, not remembered.
    mirror.catch(() => mirrors.delete(db));
    mirrors.set(db, mirror);
  }
  return mirror;
}

/**
 * A revocation lookup that a query folds in (auth/security.ts `RevocationCheck`):
 * the query asks whether `sessionId` has a row here and gives the answer to `settle`.
 */
export interface RevocationFold {
  readonly sessionId: string;
  /** Takes the query's answer; throws (401) when the session is revoked. */
  settle(revoked: boolean): void;
}

/** How a session stands: open, ended by its link's order (the order's own calls still answer), or revoked. */
export type SessionState = 'open' | 'ended-by-order' | 'revoked';

export async function sessionState(db: Db, sessionId: string): Promise<SessionState> {
  const mirror = mirrorOf(db);
  const row = mirror
    ? (await mirror).get(sessionId)
    : await db.selectFrom('revokedSessions').select('endedByOrder').where('sessionId', '=', sessionId).executeTakeFirst();
  return row === undefined ? 'open' : row.endedByOrder ? 'ended-by-order' : 'revoked';
}

/** Whether any call of the session is refused (revoked, or ended by an order: only its order's calls are not). */
export async function isRevoked(db: Db, sessionId: string): Promise<boolean> {
  return (await sessionState(db, sessionId)) !== 'open';
}

/** Ends a session (twice is once; a session ended by its order is then revoked); now and then forgets the sessions that have ended by themselves. */
export async function revokeSession(db: Db, session: PatientSession, now: Date, purge = Math.random() < PURGE_SHARE): Promise<void> {
  const expiresAt = new Date(sessionEnd(session) * 1000);
  await db.insertInto('revokedSessions').values({ sessionId: session.sid, expiresAt, endedByOrder: false })
    .onConflict((oc) => oc.column('sessionId').doUpdateSet({ endedByOrder: false })).execute();
  const mirror = mirrorOf(db);
  if (mirror) (await mirror).set(session.sid, { end: expiresAt.getTime(), endedByOrder: false });
  if (purge) await purgeRevokedSessions(db, now);
}

/**
 * Operations a link's session still answers once its order ended it: what the
 * confirmation shows (the ordered drugs' details, auto refill on them, Auto
 * Refill's enrolment that follows its order), the order's own repeat (the same
 * Idempotency-Key gets the first answer; a new order is refused 401), and sign-out.
 */
export const OPEN_AFTER_LINK_ORDER: ReadonlySet<string> = new Set([
  'getPrescriptionDetailsByIds', 'toggleEasyFillAutoRefill', 'manageAutoRefill', 'placeEasyFillOrder', 'placeAutoRefillOrder', 'revokeSession',
  // The link opened again after its order shows the order's status (read only).
  'listOrders', 'getOrderStatus',
]);

/**
 * Ends a link's session with its order, in the order's transaction (so both or
 * neither are stored); refuses (401) an order from a session an order already ended.
 * On PGlite the mirror learns it once the transaction has committed (`rememberEndedByOrder`).
 */
export async function endSessionByOrder(tx: Db, session: PatientSession): Promise<void> {
  const inserted = await tx.insertInto('revokedSessions').values({ sessionId: session.sid, expiresAt: new Date(sessionEnd(session) * 1000), endedByOrder: true })
    .onConflict((oc) => oc.column('sessionId').doNothing()).returning('sessionId').executeTakeFirst();
  if (!inserted) throw new GatewayError(401, SESSION_ENDED);
}

/** After the order's transaction committed: the PGlite mirror learns that its session ended. */
export async function rememberEndedByOrder(db: Db, session: PatientSession): Promise<void> {
  const mirror = mirrorOf(db);
  if (mirror) (await mirror).set(session.sid, { end: sessionEnd(session) * 1000, endedByOrder: true });
}

export const SESSION_ENDED = 'Access token revoked: its session has ended.';

/** Deletes the rows of sessions past their end: their tokens are refused without them. */
export async function purgeRevokedSessions(db: Db, now: Date): Promise<void> {
  await db.deleteFrom('revokedSessions').where('expiresAt', '<=', now).execute();
  const mirror = await mirrorOf(db);
  for (const [sessionId, { end }] of mirror ?? []) if (end <= now.getTime()) mirror!.delete(sessionId);
}
