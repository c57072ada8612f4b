/**
 * The refill link's identity check, as both link flows and the public order check apply it
 * (link-flows-and-public-pages.md section 8): how many wrong answers a link (or a typed order
 * number) takes before it is blocked, and the texts that say so. The machines, the views, the
 * gateway's stores and its seed read these; the copies that must stay written out (the contract's
 * `maximum` and text, the migrations' `check`) are held to them by test/unit/verifyAttempts.test.ts.
 */

/** Wrong answers allowed before the page is blocked (section 8: 'After 3 failed attempts'). */
export const MAX_ATTEMPTS = 3;

/** The texts of section 8, with the number of attempts written in from the one constant. */
export const ATTEMPT_MESSAGES = {
  identity: 'Your identity cannot be verified. Check your info and try again.',
  warning: `Warning: After ${MAX_ATTEMPTS} failed attempts, this screen will be locked.`,
  blocked: `This page has been temporarily blocked. There have been more than ${MAX_ATTEMPTS} failed attempts to verify your identity.`,
} as const;

/** Section 8: a failure that carries no message (or an incomplete form) says this. */
export const CHECK_MESSAGE = 'Please check your information and try again';

/** What the person is told after a failed attempt, on a link's verification or the public order check (section 8). */
export type VerifyFailure =
  | { kind: 'check' } // form incomplete, or a failure without a message
  | { kind: 'identity'; remainingAttempts: number }
  | { kind: 'message'; text: string };

/** The first line a failure says: the server's text where it gave one that may be shown, otherwise section 8's. */
export function failureText(failure: VerifyFailure): string {
  if (failure.kind === 'message') return failure.text;
  if (failure.kind === 'identity') return ATTEMPT_MESSAGES.identity;
  return CHECK_MESSAGE;
}
