/**
 * Per-client (IP) limits on the calls anyone can make without a patient token:
 * the app token, member verify, the refill links' Validate and Verify, and the
 * tokenizer's card post
 * (@fastify/rate-limit, registered with `global: false`; each limited operation
 * gets its own counter through its route's `config.rateLimit`, see app.ts).
 * Over the limit the answer is 429 with the contract's ErrorResponse and
 * Retry-After (seconds). Counters live in the database (table rate_limits,
 * `databaseStore`), so N instances behind a load balancer count every call
 * once, not N times the limit. They are a brake on floods, not the guard
 * against guessing, which is the member lockout (store/memberVerification.ts)
 * and the links' attempts (store/links.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isIP } from 'node:net';
import rateLimit from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { Db } from './db/database.ts';
import { GatewayError } from './errors.ts';

/** Calls per minute and client IP. */
export interface RateLimits {
  /** getAppToken. */
  appToken: number;
  /** verifyMember, each of the link calls validate/verify, and the tokenizer's card post (every operation counted on its own). */
  verify: number;
  /** A member's writes (every call with a patient token that changes something), per minute and member, whatever the IP (memberWrites.ts). */
  memberWrites: number;
}

/**
 * Generous for the test suites (docs/security.md, rate limits): the contract
 * tests fetch a fresh app token before every call, the browser suite one per page.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = { appToken: 300, verify: 60, memberWrites: 60 };

export const RATE_WINDOW_MS = 60_000;

export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a minute and try again.';

/** The limit family of each limited operation. */
const LIMITED: Record<string, keyof RateLimits> = {
  getAppToken: 'appToken',
  verifyMember: 'verify',
  validateEasyFillLink: 'verify',
  verifyEasyFill: 'verify',
  validateAutoRefillLink: 'verify',
  verifyAutoRefill: 'verify',
  // The public order check: as a link's verification (its attempts per number are the guard, this the brake).
  checkOrderStatus: 'verify',
  // The tokenizer's card post (its own origin): its check digit must not become a card-testing oracle.
  tokenizeCard: 'verify',
};

export const RATE_LIMITED_OPERATIONS = Object.keys(LIMITED);

type Incr = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Rows whose window ended this long ago are deleted now and then. */
const FORGET_AFTER_MS = 10 * RATE_WINDOW_MS;

/**
 * A @fastify/rate-limit store over the gateway's database: one statement
 * counts the call and starts a new window when the last one has ended (fixed
 * windows, as the plugin's own memory store). The key is the client's (IP)
 * and the operation's (the route config's groupId), so one table serves every route.
 */
export function databaseStore(db: Db, now: () => Date = () => new Date()) {
  return class DatabaseStore {
    incr(key: string, done: Incr, timeWindow: number) {
      countCall(db, key, timeWindow, now()).then((count) => done(null, count), (e: Error) => done(e));
    }
    child() {
      return new DatabaseStore();
    }
  };
}

/**
 * Counts one call of `key` in its fixed window (started anew when the last one
 * has ended): the calls so far in the window, and the ms until it ends. One
 * statement, so calls on every instance count once each.
 */
export async function countCall(db: Db, key: string, timeWindow: number, at: Date): Promise<{ current: number; ttl: number }> {
  const ended = sql`rate_limits.window_start + ${timeWindow} * interval '1 millisecond' <= ${at}`;
  const { rows: [row] } = await sql<{ hits: number; windowStart: Date }>`
    insert into rate_limits (key, hits, window_start) values (${key}, 1, ${at})
    on conflict (key) do update set
      hits = case when ${ended} then 1 else rate_limits.hits + 1 end,
      window_start = case when ${ended} then ${at} else rate_limits.window_start end
    returning hits, window_start`.execute(db);
  if (Math.random() < 0.01) await sql`delete from rate_limits where window_start < ${new Date(at.getTime() - FORGET_AFTER_MS)}`.execute(db);
  return { current: row!.hits, ttl: new Date(row!.windowStart).getTime() + timeWindow - at.getTime() };
}

/**
 * The client a limit counts: the address that GATEWAY_TRUST_PROXY lets
 * X-Forwarded-For name, only when it is an IP address; anything else there (a
 * name, a long string, a new string each call to get a new bucket) counts as
 * the connection's own address. So no header can lift a limit, nor make a key
 * too long to store.
 */
export function clientAddress(req: FastifyRequest): string {
  return isIP(req.ip) ? req.ip : (req.socket.remoteAddress ?? 'unknown');
}

/** Registers the plugin; routes opt in with `rateLimitConfig`. Call before the routes are added. */
export async function registerRateLimit(app: FastifyInstance, db: Db): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    keyGenerator: clientAddress,
    store: databaseStore(db),
    timeWindow: RATE_WINDOW_MS,
    // Thrown, then answered by the app's error handler as an ErrorResponse; the plugin has set Retry-After.
    errorResponseBuilder: () => new GatewayError(429, TOO_MANY_REQUESTS),
  });
}

/** The route config of an operation: its limit, or nothing for operations that are not limited. */
export function rateLimitConfig(operationId: string, limits: RateLimits): { config: { rateLimit: { max: number; timeWindow: number; groupId: string } } } | Record<string, never> {
  const family = LIMITED[operationId];
  return family ? { config: { rateLimit: { max: limits[family], timeWindow: RATE_WINDOW_MS, groupId: ` ${operationId}` } } } : {};
}
