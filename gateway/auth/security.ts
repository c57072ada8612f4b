/**
 * Authentication of every operation by the contract's security requirements
 * (appToken, patientToken). It runs as the route's onRequest hook, before the
 * body is parsed or validated, so a caller without a valid token learns nothing
 * about the operation. A failure is a 401, also for a patient token whose
 * session was revoked (store/sessions.ts: one primary-key lookup). A read-only
 * operation may fold that lookup into its own query instead (`RevocationCheck`):
 * one round trip to PostgreSQL instead of two.
 */
import type { FastifyRequest } from 'fastify';
import { TokenError, type PatientClaims, type Tokens } from './tokens.ts';
import { GatewayError } from '../errors.ts';
import type { Db } from '../db/database.ts';
import { isRevoked, SESSION_ENDED, sessionState, type RevocationFold } from '../store/sessions.ts';
import { isOwnedByThisProcess } from '../db/database.ts';
import { refuseExpiredLink } from '../store/links.ts';

declare module 'fastify' {
  interface FastifyRequest {
    patient?: PatientClaims;
    /** The patient token's revocation lookup, when it was left to the operation's query (`RevocationCheck`). */
    revocation?: RevocationCheck;
  }
}

/** One operation's `security`: any one of the lists, all schemes of a list. */
export type SecurityRequirement = Record<string, string[]>[];

/**
 * Whose patient token an operation takes: a member's (/gwapi/mmar), a refill link's (/gwapi/easyfill,
 * /gwapi/AutoRefill), any of a member's, a link's or an order check's (/gwapi/orders: each sees its own
 * orders), or any (the tokenizer's calls, the session's end).
 */
export type TokenAudience = 'member' | 'link' | 'orders' | 'any';

/** The audience of a contract path (the contract's patientToken scheme says the same). */
export function audienceOf(path: string): TokenAudience {
  if (path.startsWith('/gwapi/mmar/')) return 'member';
  if (/^\/gwapi\/(easyfill|autorefill)(\/|$)/i.test(path)) return 'link';
  if (/^\/gwapi\/orders(\/|$)/.test(path)) return 'orders';
  return 'any';
}

export const LINK_TOKEN_REFUSED = 'This access token was issued for a refill link: it opens only that link.';
export const MEMBER_TOKEN_REFUSED = 'This access token was not issued for a refill link.';
export const ORDER_TOKEN_REFUSED = 'This access token was issued by an order check: it opens only that order.';

const header = (req: FastifyRequest, name: string) => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

const reason = (e: unknown) => (e instanceof TokenError ? e.message : 'invalid');

export const SESSION_REVOKED = SESSION_ENDED;

/**
 * A patient token's revocation lookup left to the operation: its query asks
 * for the session's row too (store/addresses.ts `listAddresses`) and hands the
 * answer to `settle`, which refuses a revoked session (401). `ensure` makes the
 * lookup on its own if no query settled it (the handler refused or failed
 * before its query, or took a path without it); handlers/types.ts calls it
 * before any answer is sent, success or error, so no answer leaves unchecked
 * and a revoked session is told 401 first, as when the lookup comes before the
 * handler. Only read-only operations defer it (app.ts: GET only): a revoked
 * session's call may run the query, never change anything.
 */
export class RevocationCheck implements RevocationFold {
  #settled = false;
  constructor(
    private readonly db: Db,
    readonly sessionId: string,
  ) {}

  settle(revoked: boolean): void {
    this.#settled = true;
    if (revoked) throw new GatewayError(401, SESSION_REVOKED);
  }

  async ensure(): Promise<void> {
    if (!this.#settled) this.settle(await isRevoked(this.db, this.sessionId));
  }
}

/** Options of one operation's authentication. */
export interface AuthenticationOptions {
  /** The operation folds the revocation lookup into its own query (a read-only operation; `RevocationCheck`). */
  foldsRevocation?: boolean;
  /** The operation still answers a link's session that its order ended (store/sessions.ts `OPEN_AFTER_LINK_ORDER`). */
  openAfterLinkOrder?: boolean;
}
export function createAuthenticator(tokens: Tokens, db: Db, now: () => Date = () => new Date()) {
  // On a database this process alone opens, the lookup makes no query (store/sessions.ts): nothing to fold.
  const canDefer = !isOwnedByThisProcess(db);
  const schemes: Record<string, (req: FastifyRequest, audience: TokenAudience, options: AuthenticationOptions) => void | Promise<void>> = {
    appToken(req) {
      try {
        tokens.verifyAppToken(header(req, 'x-app-token'));
      } catch (e) {
        throw new GatewayError(401, `App token ${reason(e)}.`);
      }
    },
    async patientToken(req, audience, options) {
      let claims: PatientClaims;
      try {
        claims = tokens.verifyPatientToken(header(req, 'x-access-token'));
      } catch (e) {
        // A signed but expired token still says whose it was (the security log hashes it).
        if (e instanceof TokenError && e.claims) req.auditMember = e.claims.mbr;
        throw new GatewayError(401, `Access token ${reason(e)}.`);
      }
      // Refused from here on, the claims are ours (signed) and name the member.
      req.auditMember = claims.mbr;
      // An order check's token opens its order's calls (/gwapi/orders), the tokenizer's and its session's end: no member or link call.
      if (claims.ord != null && audience !== 'any' && audience !== 'orders') throw new GatewayError(403, ORDER_TOKEN_REFUSED);
      if (audience === 'member' && claims.lnk !== null) throw new GatewayError(403, LINK_TOKEN_REFUSED);
      if (audience === 'link' && claims.lnk === null) throw new GatewayError(403, MEMBER_TOKEN_REFUSED);
      if (options.foldsRevocation && canDefer) req.revocation = new RevocationCheck(db, claims.sid);
      else {
        const state = await sessionState(db, claims.sid);
        if (state === 'revoked' || (state === 'ended-by-order' && !options.openAfterLinkOrder)) throw new GatewayError(401, SESSION_REVOKED);
      }
      // A link's calls end with the link, whenever its token was verified (410); so do its orders' calls (/gwapi/orders).
      if ((audience === 'link' || audience === 'orders') && claims.lnk !== null) await refuseExpiredLink(db, claims.lnk, now());
      req.patient = claims;
    },
  };

  return (requirement: SecurityRequirement, audience: TokenAudience = 'any', options: AuthenticationOptions = {}) => {
    for (const list of requirement) {
      for (const name of Object.keys(list)) {
        if (!schemes[name]) throw new Error(`No handler for security scheme ${name}`);
      }
    }
    return async (req: FastifyRequest) => {
      if (requirement.length === 0 || requirement.some((list) => Object.keys(list).length === 0)) return;
      let failure: unknown;
      for (const list of requirement) {
        try {
          for (const name of Object.keys(list)) await schemes[name]!(req, audience, options);
          return;
        } catch (e) {
          failure = e;
        }
      }
      throw failure;
    };
  };
}
