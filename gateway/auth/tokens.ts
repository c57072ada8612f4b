/**
 * The gateway's two credentials, both HMAC-SHA256 signed with the gateway secret:
 * - the app token: time-stamped, short-lived, sent by the SPA on every call;
 * - the patient access token: names the member, the patient and (for refill
 *   links) the link it was issued for; every patient call is scoped by it. It
 *   also names its session (an id, and when the session began): a renewal
 *   keeps both, so no token of a session lives past SESSION_MAX_SECONDS after
 *   its verification, and revoking the session (store/sessions.ts) ends every
 *   token of it.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const APP_TOKEN_TTL_SECONDS = 15 * 60;
export const PATIENT_TOKEN_TTL_SECONDS = 30 * 60;
/** A session's absolute lifetime from its verification, renewals included (docs/security.md, "Tokens and sessions"). */
export const SESSION_MAX_SECONDS = 12 * 60 * 60;
/** Tokens stamped a little in the future are accepted (clock skew between hosts). */
const ALLOWED_SKEW_SECONDS = 30;

export interface PatientClaims {
  /** Member number, for tokens issued by member verification. */
  mbr: string | null;
  /** Patient id; null until an eligible member registers. */
  pid: number | null;
  /** Refill link (its database key) the token was issued for, if any. */
  lnk: number | null;
  /**
   * The one order a public order check opened (its database key), for order-check tokens only: such a token
   * opens that order's status, its payment and the tokenizer's calls, nothing else. Absent on other tokens.
   */
  ord?: number | null;
  /** The session: one random id for the token a verification issued and every token that follows from it. */
  sid: string;
  /** When the session began (seconds since the epoch): its tokens end SESSION_MAX_SECONDS later at the latest. */
  sst: number;
  exp: number;
}

/** What a token carries over to the tokens issued from it (a renewal, a registration). */
export type PatientSession = Pick<PatientClaims, 'sid' | 'sst'>;

/** The instant (seconds) after which no token of the session is accepted. */
export const sessionEnd = (session: PatientSession) => session.sst + SESSION_MAX_SECONDS;

export class TokenError extends Error {
  constructor(
    message: string,
    /** The claims, when the signature held (an expired token): whose token it was, for the security log. */
    readonly claims?: PatientClaims,
  ) {
    super(message);
  }
}

export interface Tokens {
  issueAppToken(): { token: string; expiresAt: Date; expiresIn: number };
  verifyAppToken(token: string | undefined): void;
  /** A token of a new session, or of `session` (a renewal, a registration): never past the session's end. */
  issuePatientToken(claims: Omit<PatientClaims, 'exp' | 'sid' | 'sst'>, session?: PatientSession): string;
  verifyPatientToken(token: string | undefined): PatientClaims;
}

const b64 = (buf: Buffer | string) => Buffer.from(buf).toString('base64url');

/** How many tokens whose signature held are remembered (`createTokens`); the oldest is forgotten first. */
export const CHECKED_TOKENS_KEPT = 10_000;

export function createTokens(secret: string, now: () => Date): Tokens {
  const sign = (payload: string) => b64(createHmac('sha256', secret).update(payload).digest());
  const seconds = () => Math.floor(now().getTime() / 1000);
  /**
   * Tokens, exactly as sent, whose signature held, with the patient token's
   * claims: the SPA sends the same two tokens on every call, and their two
   * HMACs were a tenth of a patient call's time (`npm run load`). Only a string
   * that was signed by this secret is here, so a hit proves what the HMAC
   * would; the times (expiry, the session's end) are checked on every call.
   */
  const checked = new Map<string, PatientClaims | null>();
  const remember = (token: string, claims: PatientClaims | null) => {
    if (checked.size >= CHECKED_TOKENS_KEPT) checked.delete(checked.keys().next().value!);
    checked.set(token, claims);
  };
  const checkSignature = (payload: string, signature: string) => {
    const expected = Buffer.from(sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw new TokenError('signature does not match');
    }
  };

  return {
    issueAppToken() {
      const iat = seconds();
      const exp = iat + APP_TOKEN_TTL_SECONDS;
      const payload = `app1.${iat}.${exp}.${randomBytes(9).toString('base64url')}`;
      return {
        token: `${payload}.${sign(payload)}`,
        expiresAt: new Date(exp * 1000),
        expiresIn: APP_TOKEN_TTL_SECONDS,
      };
    },

    verifyAppToken(token) {
      if (!token) throw new TokenError('missing');
      const parts = token.split('.');
      if (parts.length !== 5 || parts[0] !== 'app1') throw new TokenError('malformed');
      if (!checked.has(token)) {
        checkSignature(parts.slice(0, 4).join('.'), parts[4]!);
        remember(token, null);
      }
      const iat = Number(parts[1]);
      const exp = Number(parts[2]);
      const t = seconds();
      if (!(iat <= t + ALLOWED_SKEW_SECONDS)) throw new TokenError('stamped in the future');
      if (!(exp > t)) throw new TokenError('expired');
    },

    issuePatientToken(claims, session) {
      const t = seconds();
      const { sid, sst } = session ?? { sid: randomBytes(16).toString('base64url'), sst: t };
      const full: PatientClaims = { ...claims, sid, sst, exp: Math.min(t + PATIENT_TOKEN_TTL_SECONDS, sessionEnd({ sid, sst })) };
      const payload = `pt1.${b64(JSON.stringify(full))}`;
      return `${payload}.${sign(payload)}`;
    },

    verifyPatientToken(token) {
      if (!token) throw new TokenError('missing');
      let claims = checked.get(token);
      if (claims) {
        claims = { ...claims };
      } else {
        const parts = token.split('.');
        if (parts.length !== 3 || parts[0] !== 'pt1') throw new TokenError('malformed');
        checkSignature(`${parts[0]}.${parts[1]}`, parts[2]!);
        claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as PatientClaims;
        // Signed by us, so only a token of an older format lacks these: its session cannot be told, so it is refused.
        if (typeof claims.sid !== 'string' || !Number.isInteger(claims.sst) || !Number.isInteger(claims.exp)) throw new TokenError('malformed');
        remember(token, { ...claims });
      }
      const t = seconds();
      if (!(claims.sst <= t + ALLOWED_SKEW_SECONDS)) throw new TokenError('stamped in the future');
      if (!(sessionEnd(claims) > t)) throw new TokenError('expired: the session has reached its 12 hours', claims);
      if (!(claims.exp > t)) throw new TokenError('expired', claims);
      return claims;
    },
  };
}
