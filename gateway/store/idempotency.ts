/**
 * Idempotency keys of the submitting calls (the contract's IdempotencyKey
 * parameter): Finish's transfer submission, registration, Easy Fill's order,
 * Auto Refill's order and enrolment. A repeat of a request with the same key
 * (a second press, a retry after the network dropped) is answered with the
 * first answer instead of being placed again, on every instance.
 *
 * How it holds under parallel requests (PostgreSQL runs them on several
 * connections): the key's row is inserted first, in the transaction of the
 * work it guards, with `on conflict do nothing`. A second request with the same
 * key waits on that insert until the first transaction ends; when the first
 * committed, its row (with the answer) is read and answered again; when it
 * rolled back (an error answer), the second inserts the key and does the work
 * itself. So only successful answers are kept: an error changed nothing, and a
 * repeat runs again. PGlite runs one transaction at a time, which is the same
 * order.
 *
 * A key answers only its caller (`who`: the member, or the refill link) and
 * its operation; it is kept 24 hours (longer than any session: a member's
 * lasts 12 hours), then it is a new key. What is stored: a SHA-256 fingerprint
 * of the body (never the body), the status and the answer's body (order ids,
 * drug names, per-drug results: the bodies of these calls carry no card
 * number, and registration's token is left out, see `Keep`).
 */
import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { GatewayError, conflict } from '../errors.ts';

/** The database or a transaction of it. */
type Executor = Kysely<Database>;

/** How long a key and its answer are kept (ours: a day covers any retry of a session, which ends after 12 hours). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** The answer to a key used again with another body (the IETF draft's choice, 422). */
export const KEY_REUSED = 'This Idempotency-Key was already used with a different request.';
/** The share of new keys that also delete the expired rows. */
const PURGE_SHARE = 0.02;

/** Runs work in one transaction: the caller's, when it is already in one (Kysely does not nest them). */
export function inTransaction<T>(db: Executor, work: (tx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);
}

const canonical = (value: unknown): unknown =>
  Array.isArray(value) ? value.map(canonical)
    : value !== null && typeof value === 'object'
      ? Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical((value as Record<string, unknown>)[k])]))
      : value;

/** SHA-256 (hex) of the body as JSON with its keys sorted: the same request in another key order is the same request. */
export const fingerprintOf = (body: unknown): string =>
  createHash('sha256').update(JSON.stringify(canonical(body ?? null))).digest('hex');

/** The Idempotency-Key header, when sent (the contract has validated its form). */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const key = headers['idempotency-key'];
  return typeof key === 'string' && key !== '' ? key : undefined;
}

export interface IdempotentCall {
  /** The Idempotency-Key; without one, the work simply runs (every call is a new attempt). */
  key: string | undefined;
  /** Whose key it is: `member:<number>` or `link:<key>`. */
  who: string;
  /** The operationId. */
  operation: string;
  body: unknown;
  now: Date;
}

/** What is kept of an answer's body, and how a repeat gets its body back (registration keeps no token). */
export interface Keep<B> {
  store(body: B): unknown;
  replay(stored: unknown): B;
}

interface Answer {
  status: number;
  body?: unknown;
}

/**
 * Runs `work` once per key: in a transaction that first takes the key, keeps
 * the answer with it, or answers a repeat with the kept answer (`replayed`).
 */
export async function idempotent<A extends Answer>(
  db: Executor, call: IdempotentCall, work: (tx: Transaction<Database>) => Promise<A>, keep?: Keep<A['body']>,
): Promise<A & { replayed?: true }> {
  if (call.key === undefined) return inTransaction(db, work);
  const { key, who, operation, now } = call;
  const fingerprint = fingerprintOf(call.body);
  const expiresAt = new Date(now.getTime() + IDEMPOTENCY_KEY_TTL_MS);
  let fresh = false;
  const answer = await db.transaction().execute(async (tx): Promise<A & { replayed?: true }> => {
    // Waits here while another transaction holds the same key; an expired key is taken over as new.
    const taken = await tx.insertInto('idempotencyKeys')
      .values({ idempotencyKey: key, who, operation, fingerprint, status: null, body: null, createdAt: now, expiresAt })
      .onConflict((oc) => oc.columns(['idempotencyKey', 'who', 'operation']).doUpdateSet({
        fingerprint, status: null, body: null, createdAt: now, expiresAt,
      }).where('idempotencyKeys.expiresAt', '<=', now))
      .returning('idempotencyKey').executeTakeFirst();
    if (!taken) {
      const first = await tx.selectFrom('idempotencyKeys').select(['fingerprint', 'status', 'body'])
        .where('idempotencyKey', '=', key).where('who', '=', who).where('operation', '=', operation).executeTakeFirstOrThrow();
      if (first.fingerprint !== fingerprint) throw new GatewayError(422, KEY_REUSED);
      // Never committed without its answer (written below in the same transaction); kept as a guard.
      if (first.status === null) throw conflict('The first request with this Idempotency-Key has not been answered yet.');
      const stored: unknown = first.body === null ? undefined : JSON.parse(first.body);
      const body = keep && stored !== undefined ? keep.replay(stored) : stored;
      return { status: first.status, ...(body === undefined ? {} : { body }), replayed: true } as A & { replayed: true };
    }
    fresh = true;
    const done = await work(tx);
    const kept = done.body === undefined ? null : JSON.stringify(keep ? keep.store(done.body) : done.body);
    await tx.updateTable('idempotencyKeys').set({ status: done.status, body: kept })
      .where('idempotencyKey', '=', key).where('who', '=', who).where('operation', '=', operation).execute();
    return done;
  });
  if (fresh && Math.random() < PURGE_SHARE) await purgeIdempotencyKeys(db, now);
  return answer;
}

/** Deletes the keys past their 24 hours (a repeat of one is a new attempt anyway). */
export async function purgeIdempotencyKeys(db: Executor, now: Date): Promise<void> {
  await db.deleteFrom('idempotencyKeys').where('expiresAt', '<=', now).execute();
}

/** A refill link's keys: its own (each link token names the link). */
export const linkCaller = (link: { linkKey: number }) => `link:${link.linkKey}`;
/** A member's keys (member number upper case): registration's token and the one before it are the same caller. */
export const memberCaller = (memberNumber: string) => `member:${memberNumber.trim().toUpperCase()}`;
/** The registered patient, for the calls that change a patient's own records (a card added). */
export const patientCaller = (patientId: number) => `patient:${patientId}`;
