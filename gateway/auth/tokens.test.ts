import { describe, expect, it } from 'vitest';
import { createTokens, CHECKED_TOKENS_KEPT, PATIENT_TOKEN_TTL_SECONDS } from './tokens.ts';

/** Tokens on a clock the test moves. */
function tokensAt(start = new Date('2026-11-26T12:00:00Z')) {
  const clock = { now: start };
  return { clock, tokens: createTokens('a-secret-for-the-token-tests', () => clock.now) };
}

const forge = (token: string) => token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');

describe('token checks remembered for a token sent again', () => {
  it('still refuse a forged signature of a token whose genuine one was accepted', () => {
    const { tokens } = tokensAt();
    const app = tokens.issueAppToken().token;
    const patient = tokens.issuePatientToken({ mbr: 'MMA100001', pid: 5000001, lnk: null });
    for (let i = 0; i < 2; i++) {
      expect(() => tokens.verifyAppToken(app)).not.toThrow();
      expect(tokens.verifyPatientToken(patient).pid).toBe(5000001);
    }
    expect(() => tokens.verifyAppToken(forge(app))).toThrow('signature does not match');
    expect(() => tokens.verifyPatientToken(forge(patient))).toThrow('signature does not match');
    // One scheme's token is never taken for the other's.
    expect(() => tokens.verifyAppToken(patient)).toThrow('malformed');
    expect(() => tokens.verifyPatientToken(app)).toThrow('malformed');
  });

  it('still check the times on every call', () => {
    const { clock, tokens } = tokensAt();
    const app = tokens.issueAppToken().token;
    const patient = tokens.issuePatientToken({ mbr: 'MMA100001', pid: 5000001, lnk: null });
    tokens.verifyAppToken(app);
    tokens.verifyPatientToken(patient);
    clock.now = new Date(clock.now.getTime() + (PATIENT_TOKEN_TTL_SECONDS + 1) * 1000);
    expect(() => tokens.verifyAppToken(app)).toThrow('expired');
    expect(() => tokens.verifyPatientToken(patient)).toThrow('expired');
  });

  it('give each call its own claims, and forget the oldest token past their bound', () => {
    const { tokens } = tokensAt();
    const patient = tokens.issuePatientToken({ mbr: 'MMA100001', pid: 5000001, lnk: null });
    const first = tokens.verifyPatientToken(patient);
    first.pid = 1;
    expect(tokens.verifyPatientToken(patient).pid).toBe(5000001);
    for (let i = 0; i < CHECKED_TOKENS_KEPT + 1; i++) tokens.verifyAppToken(tokens.issueAppToken().token);
    expect(tokens.verifyPatientToken(patient).pid).toBe(5000001);
  });
});
