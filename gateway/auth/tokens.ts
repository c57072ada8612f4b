/**
 * The gateway's two credentials, both HMAC-SHA256 signed with the gateway secret:
 * - the app token: time-stamped, short-lived, sent by the SPA on every call;
 * - the patient access token: names the member, the patient and (for refill
 *   links) the link it was issued for; every patient call is scoped by it.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const APP_TOKEN_TTL_SECONDS = 15 * 60;
export const PATIENT_TOKEN_TTL_SECONDS = 30 * 60;
/** Tokens stamped a little in the future are accepted (clock skew between hosts). */
const ALLOWED_SKEW_SECONDS = 30;

export interface PatientClaims {
  /** Member number, for tokens issued by member verification. */
  mbr: string | null;
  /** Patient id; null until an eligible member registers. */
  pid: number | null;
  /** Refill link (its database key) the token was issued for, if any. */
  lnk: number | null;
  exp: number;
}

export class TokenError extends Error {}

export interface Tokens {
  issueAppToken(): { token: string; expiresAt: Date; expiresIn: number };
  verifyAppToken(token: string | undefined): void;
  issuePatientToken(claims: Omit<PatientClaims, 'exp'>): string;
  verifyPatientToken(token: string | undefined): PatientClaims;
}

const b64 = (buf: Buffer | string) => Buffer.from(buf).toString('base64url');

export function createTokens(secret: string, now: () => Date): Tokens {
  const sign = (payload: string) => b64(createHmac('sha256', secret).update(payload).digest());
  const seconds = () => Math.floor(now().getTime() / 1000);
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
      checkSignature(parts.slice(0, 4).join('.'), parts[4]!);
      const iat = Number(parts[1]);
      const exp = Number(parts[2]);
      const t = seconds();
      if (!(iat <= t + ALLOWED_SKEW_SECONDS)) throw new TokenError('stamped in the future');
      if (!(exp > t)) throw new TokenError('expired');
    },

    issuePatientToken(claims) {
      const full: PatientClaims = { ...claims, exp: seconds() + PATIENT_TOKEN_TTL_SECONDS };
      const payload = `pt1.${b64(JSON.stringify(full))}`;
      return `${payload}.${sign(payload)}`;
    },

    verifyPatientToken(token) {
      if (!token) throw new TokenError('missing');
      const parts = token.split('.');
      if (parts.length !== 3 || parts[0] !== 'pt1') throw new TokenError('malformed');
      checkSignature(`${parts[0]}.${parts[1]}`, parts[2]!);
      const claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as PatientClaims;
      if (!(claims.exp > seconds())) throw new TokenError('expired');
      return claims;
    },
  };
}
