/**
 * Per-client (IP) limits on the calls anyone can make without a patient token:
 * the app token, member verify, the refill links' Validate and Verify, and the
 * tokenizer's card post
 * (@fastify/rate-limit, registered with `global: false`; each limited operation
 * gets its own counter through its route's `config.rateLimit`, see app.ts).
 * Over the limit the answer is 429 with the contract's ErrorResponse and
 * Retry-After (seconds). Counters live in the process's memory: they are a
 * brake on floods, not the guard against guessing, which is the member
 * lockout counted in the database (store/memberVerification.ts) and the
 * links' attempts (store/links.ts).
 */
import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { GatewayError } from './errors.ts';

/** Calls per minute and client IP. */
export interface RateLimits {
  /** getAppToken. */
  appToken: number;
  /** verifyMember, each of the link calls validate/verify, and the tokenizer's card post (every operation counted on its own). */
  verify: number;
}

/**
 * Generous for the test suites (README, "The reference gateway"): the contract
 * tests fetch a fresh app token before every call, the browser suite one per page.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = { appToken: 300, verify: 60 };

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
  // The tokenizer's card post (its own origin): its check digit must not become a card-testing oracle.
  tokenizeCard: 'verify',
};

export const RATE_LIMITED_OPERATIONS = Object.keys(LIMITED);

/** Registers the plugin; routes opt in with `rateLimitConfig`. Call before the routes are added. */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    timeWindow: RATE_WINDOW_MS,
    // Thrown, then answered by the app's error handler as an ErrorResponse; the plugin has set Retry-After.
    errorResponseBuilder: () => new GatewayError(429, TOO_MANY_REQUESTS),
  });
}

/** The route config of an operation: its limit, or nothing for operations that are not limited. */
export function rateLimitConfig(operationId: string, limits: RateLimits): { config: { rateLimit: { max: number; timeWindow: number } } } | Record<string, never> {
  const family = LIMITED[operationId];
  return family ? { config: { rateLimit: { max: limits[family], timeWindow: RATE_WINDOW_MS } } } : {};
}
