/**
 * The link page's model: its events once, with payloads and labels, and the
 * invariants of each state. Used by vitest (linkPage.test.ts), Playwright and
 * `npm run paths -- linkPage`.
 */
import { expect } from './check.ts';
import { linkPageMachine, MAX_ATTEMPTS, type LinkInfo } from '../../machines/link/linkPageMachine.ts';
import { canVerify } from '../../machines/shared/rules/verification.ts';
import { actorDone as done, actorError, type MachineModel } from './harness.ts';

const link = (over: Partial<LinkInfo>): LinkInfo => ({
  patientId: 1042,
  remainingAttempts: MAX_ATTEMPTS,
  linkType: 'refill',
  isLinkExpired: false,
  isLinkValid: true,
  status: 'ACTIVE',
  isScriptsAvailable: true,
  allowBillMeLater: false,
  firstName: 'MARIA',
  ...over,
});

const GENERAL = 'Unable to process the request at this time. Please try after some time.';

export const linkPageModel: MachineModel<typeof linkPageMachine> = {
  name: 'linkPage',
  machine: linkPageMachine,
  input: { linkId: 'demo-refill', flow: 'easyFill', today: '2026-11-27' },
  events: [
    { label: 'the link is active', event: done('validateLink', link({})) },
    { label: 'the link has no attempts left', event: done('validateLink', link({ remainingAttempts: 0 })) },
    { label: 'the link has expired', event: done('validateLink', link({ isLinkExpired: true, status: 'EXPIRED' })) },
    { label: 'the prescriptions were already ordered', event: done('validateLink', link({ isScriptsAvailable: false })) },
    { label: 'reading the link fails', event: actorError('validateLink', { status: 500, displayText: GENERAL }) },
    { label: 'the person presses try again', event: { type: 'retry.pressed' } },
    { label: "asks to see the order's status", event: { type: 'orderStatus.requested' } },
    // The fields in the order a person fills them, each once (the form's rules are unit-tested in machines/shared/rules).
    { label: 'types the month "apr"', event: { type: 'month.changed', text: 'apr' }, when: (s) => s.context.form.month === null },
    { label: 'types the day "12"', event: { type: 'day.changed', text: '12' }, when: (s) => s.context.form.month !== null && s.context.form.day === null },
    { label: 'types the year "1958"', event: { type: 'year.changed', text: '1958' }, when: (s) => s.context.form.day !== null && s.context.form.year === null },
    { label: 'types the zip "85281"', event: { type: 'zip.changed', text: '85281' }, when: (s) => s.context.form.year !== null && s.context.form.zip === '' },
    // Verify with the form empty, or complete: the half-filled forms behave like the empty one.
    { label: 'presses verify', event: { type: 'verify.submitted' }, when: (s) => s.context.form.month === null || canVerify(s.context.form, s.context.today) },
    { label: 'the identity is verified', event: done('verifyIdentity', { messageStatus: true, accessToken: 'patient-token', remainingAttempts: 3 }) },
    {
      label: 'the date of birth or zip is wrong',
      event: done('verifyIdentity', { messageStatus: false, getCallAgain: true, remainingAttempts: 2, messageErrorText: 'Your identity cannot be verified. Check your info and try again.' }),
    },
    { label: 'verification fails without a message', event: done('verifyIdentity', { messageStatus: false, remainingAttempts: 3 }) },
    { label: 'verification fails with a message', event: done('verifyIdentity', { messageStatus: false, remainingAttempts: 3, messageErrorText: 'Service is down' }) },
    { label: 'the link is locked (423)', event: actorError('verifyIdentity', { status: 423, displayText: GENERAL }) },
    { label: 'the link is gone (410)', event: actorError('verifyIdentity', { status: 410, displayText: GENERAL }) },
    // A failed call's text is never the server's (section 8's rule for a status that is not 2xx), and the verify call
    // has no text of its own: whatever failed (the gateway's 500, an internal text, the gateway unreachable), the
    // page says 'Please check your information and try again'.
    { label: 'the verify call fails', event: actorError('verifyIdentity', { status: 500, displayText: '' }) },
    { label: 'the re-read shows 2 attempts left', event: done('refreshLink', link({ remainingAttempts: 2 })) },
    { label: 'the re-read shows the link blocked', event: done('refreshLink', link({ remainingAttempts: 0 })) },
    { label: 'the re-read shows the link expired', event: done('refreshLink', link({ isLinkExpired: true, status: 'EXPIRED' })) },
    { label: 'the re-read fails', event: actorError('refreshLink', { status: 500, displayText: GENERAL }) },
    // An already-ordered link re-read after a wrong answer on the way to its order's status.
    { label: 'the re-read shows 2 attempts left, already ordered', event: done('refreshLink', link({ remainingAttempts: 2, isScriptsAvailable: false })), when: (s) => s.context.seeingOrder },
  ],
  // What makes two snapshots different screens: the state, which fields are filled, which failure shows, the attempts left.
  serialize: (s) => {
    const f = s.context.form;
    const filled = [f.month !== null, f.day !== null, f.year !== null, f.zip.length === 5].map(Number).join('');
    return JSON.stringify([s.value, filled, s.context.failure?.kind ?? null, s.context.link?.remainingAttempts ?? null, s.context.loadError !== null, s.context.seeingOrder]);
  },
  invariants: {
    'linkPage.loading': (s) => expect(s.hasTag('pending')).toBe(true),
    'linkPage.refreshing': (s) => expect(s.context.failure === null || s.context.failure.kind === 'identity' || s.context.failure.kind === 'message').toBe(true),
    'linkPage.unavailable': (s) => expect(s.context.loadError).toBe(GENERAL),
    'linkPage.blocked': (s) => expect(s.context.link?.remainingAttempts).toBe(0),
    'linkPage.expired': (s) => {
      expect(s.context.link?.isLinkExpired && s.context.link.isLinkValid && s.context.link.status).toBe('EXPIRED');
      expect(s.context.link?.remainingAttempts).toBeGreaterThan(0);
    },
    'linkPage.alreadyOrdered': (s) => expect(s.context.link?.isScriptsAvailable).toBe(false),
    'linkPage.verification': (s) => {
      expect(s.context.link?.remainingAttempts).toBeGreaterThan(0);
      // An already-ordered link reaches the form only on the way to its order's status.
      expect(s.context.link?.isScriptsAvailable || s.context.seeingOrder).toBe(true);
    },
    'linkPage.verification.verifying': (s) => {
      expect(canVerify(s.context.form, s.context.today)).toBe(true);
      expect(s.context.failure).toBeNull();
    },
    'linkPage.verified': (s) => {
      expect(s.context.failure).toBeNull();
      expect(s.status).toBe('done');
    },
  },
};
