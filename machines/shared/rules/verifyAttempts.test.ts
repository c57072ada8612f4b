import { describe, expect, it } from 'vitest';
import { ATTEMPT_MESSAGES, CHECK_MESSAGE, failureText } from './verifyAttempts.ts';

describe('failureText (section 8): what a failed attempt says first, on a link or the order check', () => {
  it("says the server's text where it gave one that may be shown", () => {
    expect(failureText({ kind: 'message', text: 'This link is no longer valid.' })).toBe('This link is no longer valid.');
  });
  it('says the identity could not be verified after a wrong date of birth or zip, whatever is left', () => {
    expect(failureText({ kind: 'identity', remainingAttempts: 2 })).toBe(ATTEMPT_MESSAGES.identity);
    expect(failureText({ kind: 'identity', remainingAttempts: 0 })).toBe(ATTEMPT_MESSAGES.identity);
  });
  it('asks to check the information when the failure carries no message', () => {
    expect(failureText({ kind: 'check' })).toBe(CHECK_MESSAGE);
    expect(CHECK_MESSAGE).toBe('Please check your information and try again');
  });
});
