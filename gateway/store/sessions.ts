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
const mirrors = new WeakMap<Db, Promise<Map<string, number>>>();

function mirrorOf(db: Db): Promise<Map<string, number>> | null {
  if (!isOwnedByThisProcess(db)) return null;
  let mirror = mirrors.get(db);
  if (!mirror) {
    mirror = db.selectFrom('revokedSessions').select(['sessionId', 'expiresAt']).execute()
      .then((rows) => new Map(rows.map((r) => [r.sessionId, new Date(r.expiresAt).getTime()])));
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

export async function isRevoked(db: Db, sessionId: string): Promise<boolean> {
  const mirror = mirrorOf(db);
  if (mirror) return (await mirror).has(sessionId);
  const row = await db.selectFrom('revokedSessions').select('sessionId').where('sessionId', '=', sessionId).executeTakeFirst();
  return row !== undefined;
}

/** Ends a session (twice is once); now and then forgets the sessions that have ended by themselves. */
export async function revokeSession(db: Db, session: PatientSession, now: Date, purge = Math.random() < PURGE_SHARE): Promise<void> {
  const expiresAt = new Date(sessionEnd(session) * 1000);
  await db.insertInto('revokedSessions').values({ sessionId: session.sid, expiresAt })
    .onConflict((oc) => oc.column('sessionId').doNothing()).execute();
  const mirror = mirrorOf(db);
  if (mirror) (await mirror).set(session.sid, expiresAt.getTime());
  if (purge) await purgeRevokedSessions(db, now);
}

/** Deletes the rows of sessions past their end: their tokens are refused without them. */
export async function purgeRevokedSessions(db: Db, now: Date): Promise<void> {
  await db.deleteFrom('revokedSessions').where('expiresAt', '<=', now).execute();
  const mirror = await mirrorOf(db);
  for (const [sessionId, end] of mirror ?? []) if (end <= now.getTime()) mirror!.delete(sessionId);
}
