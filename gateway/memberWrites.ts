/**
 * One member cannot take the database from the others: a member's writes (every
 * call with a patient token that changes something, sign-out aside) go through
 * two limits, keyed by the member the token names (a refill link's member too),
 * whatever the client IP.
 *
 * - In flight, per instance: at most `inFlight` of a member's writes hold a pool
 *   connection at a time; the others wait here, in memory, without one (at most
 *   QUEUE_LIMIT of them, each at most QUEUE_WAIT_MS), else 429. So a burst of
 *   parallel writes uses two of the pool's connections, not all of them, and the
 *   other members' calls keep theirs. Per instance because each instance has its
 *   own pool: that is what it protects.
 * - Per minute, across instances: the member's writes are counted in the
 *   database (rate_limits, as the per-IP limits: rateLimit.ts), so N instances
 *   allow the limit once, not N times; over it, 429 with Retry-After.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from './db/database.ts';
import { GatewayError } from './errors.ts';
import { RATE_WINDOW_MS, TOO_MANY_REQUESTS, countCall } from './rateLimit.ts';

/**
 * Calls with a patient token that are not a member's writes: the POSTs that
 * only read (a lookup, a check, details by ids), the session's renewal, and
 * sign-out, which must always work. Every other POST or PUT with a patient
 * token is limited (the contract gives those its 429 TooManyMemberWrites).
 */
export const NOT_MEMBER_WRITES: ReadonlySet<string> = new Set([
  'checkEligibility', 'checkNewRxEligibility', 'getAutoTransferRx', 'getPatientAlerts', 'getPatientPhysicians',
  'getPrescriptionDetailsByIds', 'validateAddress', 'renewMemberSession', 'revokeSession',
]);

/** A member's writes waiting for their turn on one instance, beyond which more are refused at once. */
export const QUEUE_LIMIT = 16;
/** The longest a member's write waits for its turn (ms). */
export const QUEUE_WAIT_MS = 2000;
/** Writes in flight per member and instance unless configured (GATEWAY_MEMBER_WRITES_IN_FLIGHT). */
export const DEFAULT_IN_FLIGHT = 2;

interface Turns {
  running: number;
  waiting: Array<(granted: boolean) => void>;
}

/** The in-flight gate of one instance: `enter` resolves with the release once the member's turn comes. */
export function memberGate(inFlight: number) {
  const members = new Map<string, Turns>();
  const release = (key: string, turns: Turns) => {
    const next = turns.waiting.shift();
    if (next) return next(true);
    turns.running -= 1;
    if (turns.running === 0) members.delete(key);
  };
  return {
    async enter(key: string): Promise<() => void> {
      let turns = members.get(key);
      if (!turns) members.set(key, (turns = { running: 0, waiting: [] }));
      const own = turns;
      let released = false;
      const done = () => {
        if (!released) {
          released = true;
          release(key, own);
        }
      };
      if (own.running < inFlight) {
        own.running += 1;
        return done;
      }
      if (own.waiting.length >= QUEUE_LIMIT) throw new GatewayError(429, TOO_MANY_REQUESTS);
      const granted = await new Promise<boolean>((resolve) => {
        const wake = (ok: boolean) => {
          clearTimeout(timer);
          resolve(ok);
        };
        const timer = setTimeout(() => {
          own.waiting.splice(own.waiting.indexOf(wake), 1);
          wake(false);
        }, QUEUE_WAIT_MS);
        own.waiting.push(wake);
      });
      if (!granted) throw new GatewayError(429, TOO_MANY_REQUESTS);
      return done;
    },
    /** Members with a write in flight or waiting (tests: nothing is left behind). */
    size: () => members.size,
  };
}

export type MemberGate = ReturnType<typeof memberGate>;

/** The member a patient token names: its member number (member and link tokens carry it), else its patient. */
export const memberKeyOf = (req: FastifyRequest): string | undefined =>
  req.patient ? (req.patient.mbr ?? `patient ${req.patient.pid}`) : undefined;

type RouteHandler = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** A write operation's handler behind both limits (the route's authentication has named the member by then). */
export function limitMemberWrites(handler: RouteHandler, { db, gate, perMinute, now = () => new Date() }: { db: Db; gate: MemberGate; perMinute: number; now?: () => Date }): RouteHandler {
  return async (req, reply) => {
    const key = memberKeyOf(req);
    if (key === undefined) return handler(req, reply);
    const leave = await gate.enter(key).catch((error: unknown) => {
      reply.header('retry-after', '1');
      throw error;
    });
    try {
      const { current, ttl } = await countCall(db, `member-writes ${key}`, RATE_WINDOW_MS, now());
      if (current > perMinute) {
        reply.header('retry-after', String(Math.max(1, Math.ceil(ttl / 1000))));
        throw new GatewayError(429, TOO_MANY_REQUESTS);
      }
      return await handler(req, reply);
    } finally {
      leave();
    }
  };
}
