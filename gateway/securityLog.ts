/**
 * Security events: one structured warning (Fastify's logger, pino JSON lines,
 * msg 'security event') for each failed or locked verification (member or
 * link), refused token, refused access to a record, refused Origin at the
 * tokenizer, and rate-limit hit, with the outcome, the operation (its
 * operationId and matched route), the status and the request id (reqId).
 * Never a token, a name, a date of birth, a zip, a link id or a member number
 * in clear: the member number, where one is known (the one asked about, the
 * token's, the link's patient's), is an HMAC-SHA256 of it keyed with the
 * origin's secret, truncated to 16 hex characters, so one member's events can
 * be put together without the log naming the member.
 */
import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normalizeMemberNumber } from './store/memberVerification.ts';
import { LINK_TOKEN_REFUSED, MEMBER_TOKEN_REFUSED, ORDER_TOKEN_REFUSED } from './auth/security.ts';

export type SecurityOutcome = 'verification-failed' | 'verification-locked' | 'token-refused' | 'access-refused' | 'rate-limited' | 'origin-refused';

declare module 'fastify' {
  interface FastifyInstance {
    /** The member number as the security log names it (registerSecurityLog). */
    memberHash: (memberNumber: string) => string;
  }
  interface FastifyRequest {
    /** The member a refusal of this request concerns, when no accepted token names one (a verification, a refused token). */
    auditMember: string | null;
  }
}

/** What a handler tells the security log (handlers/types.ts `Call.audit`). */
export interface Audit {
  /** The member the request concerns (a verification's), named in its security events, hashed. */
  member(memberNumber: string | null): void;
  /** A refusal answered 200 (a link's wrong answer): its event is logged now. */
  event(outcome: SecurityOutcome): void;
}

/** The audit of one request. */
export const auditOf = (req: FastifyRequest): Audit => ({
  member: (memberNumber) => {
    req.auditMember = memberNumber;
  },
  event: (outcome) => securityEvent(req, outcome, 200),
});

/** Hex characters of the HMAC kept: 64 bits, enough to tell members apart, short enough to read. */
export const MEMBER_HASH_LENGTH = 16;

/** HMAC-SHA256 of the normalised member number, keyed with the secret and labelled, so it is no token signature. */
export const memberHash = (secret: string) => (memberNumber: string) =>
  createHmac('sha256', secret).update(`member-number:${normalizeMemberNumber(memberNumber)}`).digest('hex').slice(0, MEMBER_HASH_LENGTH);

/** The operation a request reached: its operationId, else the matched route (the error log's too). */
export const operationOf = (req: FastifyRequest): string | null =>
  (req.routeOptions.schema as { operationId?: string } | undefined)?.operationId ?? req.routeOptions.url ?? null;

/** Call once per origin, before its routes. */
export function registerSecurityLog(app: FastifyInstance, secret: string): void {
  app.decorate('memberHash', memberHash(secret));
  app.decorateRequest('auditMember', null);
}

/** Logs one security event of this request; `reason` only for the gateway's own fixed texts (a refused token's). */
export function securityEvent(req: FastifyRequest, outcome: SecurityOutcome, status: number, reason?: string): void {
  const member = req.auditMember ?? req.patient?.mbr ?? null;
  req.log.warn({
    event: 'security',
    outcome,
    operation: operationOf(req),
    route: req.routeOptions.url ?? null,
    status,
    member: member ? req.server.memberHash(member) : null,
    ...(reason ? { reason } : {}),
  }, 'security event');
}

/** The security event an error answer is, if any (the error handler logs it). */
export function outcomeOfError(req: FastifyRequest, status: number, message: string): SecurityOutcome | null {
  if (status === 401) return 'token-refused';
  if (status === 403) return message === LINK_TOKEN_REFUSED || message === MEMBER_TOKEN_REFUSED || message === ORDER_TOKEN_REFUSED ? 'token-refused' : 'access-refused';
  if (status === 423) return 'verification-locked';
  if (status === 429) return 'rate-limited';
  // Member verification answers every refusal with one 404 (store/memberVerification.ts).
  if (status === 404 && operationOf(req) === 'verifyMember') return 'verification-failed';
  return null;
}
