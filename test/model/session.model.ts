/**
 * The member session's model: activity keeps it alive, 12 minutes without
 * any bring the warning, Continue Session starts again, the countdown's end
 * expires it, Start New Session restarts; beside it, the patient token is
 * renewed on the first activity once it is 10 minutes old (and retried on the
 * next after a failure). The countdown is shortened to 2 seconds here so that
 * the graph walks it to the end (the app counts 120).
 */
import { expect } from './check.ts';
import { countdownText, sessionMachine, SESSION_TIMING } from '../../machines/member/sessionMachine.ts';
import { actorDone, actorError, type MachineModel } from './harness.ts';

/** A delayed transition's event, as the graph sends it (xstate.after.<delay>.<state id>). */
const delayed = (type: string) => ({ type }) as never;

export const sessionModel: MachineModel<typeof sessionMachine> = {
  name: 'session',
  machine: sessionMachine,
  input: { ...SESSION_TIMING, warningMs: 2000 },
  events: [
    { label: 'keeps working on the page', event: { type: 'activity' } },
    { label: '12 minutes pass without activity', event: delayed('xstate.after.idle.session.timer.active') },
    { label: 'a second of the countdown passes', event: delayed('xstate.after.second.session.timer.warning.counting') },
    { label: 'the patient token is 10 minutes old', event: delayed('xstate.after.renew.session.token.fresh') },
    { label: 'the token is renewed', event: actorDone('renewSession', undefined) },
    { label: 'the renewal fails', event: actorError('renewSession', { status: 503, displayText: 'Unable to process the request at this time. Please try after some time.' }) },
    { label: 'presses Continue Session', event: { type: 'continue.pressed' } },
    { label: 'presses Start New Session', event: { type: 'restart.pressed' } },
    { label: 'another tab of the session presses Cancel (a call is refused: 401)', event: { type: 'session.ended' } },
  ],
  serialize: (s) => JSON.stringify([s.value, s.context.secondsLeft]),
  invariants: {
    'session.timer.warning': (s) => {
      expect(s.context.secondsLeft > 0).toBe(true);
      expect(['0:01', '0:02'].includes(countdownText(s.context.secondsLeft))).toBe(true);
    },
    'session.timer.expired': (s) => expect(s.context.secondsLeft).toBe(0),
    // Activity does not dismiss the warning: only Continue Session does.
    'session.timer.active': (s) => expect(s.matches({ timer: 'active' }) && s.matches({ token: 'due' }) ? s.can({ type: 'activity' }) : true).toBe(true),
    // An expired session renews nothing.
    'session.token.due': (s) => expect(s.matches({ timer: 'expired' }) ? !s.can({ type: 'activity' }) : true).toBe(true),
  },
};
