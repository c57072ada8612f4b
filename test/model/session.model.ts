/**
 * The member session's model: activity keeps it alive, 12 minutes without
 * any bring the warning, Continue Session starts again, the countdown's end
 * expires it, Start New Session restarts. The countdown is shortened to 2
 * seconds here so that the graph walks it to the end (the app counts 120).
 */
import { expect } from './check.ts';
import { countdownText, sessionMachine, SESSION_TIMING } from '../../machines/member/sessionMachine.ts';
import type { MachineModel } from './harness.ts';

/** A delayed transition's event, as the graph sends it (xstate.after.<delay>.<state id>). */
const delayed = (type: string) => ({ type }) as never;

export const sessionModel: MachineModel<typeof sessionMachine> = {
  name: 'session',
  machine: sessionMachine,
  input: { idleMs: SESSION_TIMING.idleMs, warningMs: 2000 },
  events: [
    { label: 'keeps working on the page', event: { type: 'activity' } },
    { label: '12 minutes pass without activity', event: delayed('xstate.after.idle.session.active') },
    { label: 'a second of the countdown passes', event: delayed('xstate.after.second.session.warning.counting') },
    { label: 'presses Continue Session', event: { type: 'continue.pressed' } },
    { label: 'presses Start New Session', event: { type: 'restart.pressed' } },
  ],
  serialize: (s) => JSON.stringify([s.value, s.context.secondsLeft]),
  invariants: {
    'session.warning': (s) => {
      expect(s.context.secondsLeft > 0).toBe(true);
      expect(['0:01', '0:02'].includes(countdownText(s.context.secondsLeft))).toBe(true);
    },
    'session.expired': (s) => expect(s.context.secondsLeft).toBe(0),
    // Activity does not dismiss the warning: only Continue Session does.
    'session.active': (s) => expect(s.can({ type: 'continue.pressed' })).toBe(false),
  },
};
