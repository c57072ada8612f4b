/**
 * The member's session on the page (member-transfer-flow.md sections 2 and 4,
 * "Session"). The documents name 720000 ms and 120000 ms without saying what
 * they are; read as 12 minutes without activity before a warning, and a
 * 2-minute countdown in it:
 *
 *   active --12 min without activity--> warning (2:00 counting down)
 *   warning --Continue Session--> active (the timer starts again)
 *   warning --0:00--> expired ('Session Expired', Start New Session; the gateway revokes the session: endSession)
 *   expired --Start New Session--> restarting (src/ clears every member data and reloads)
 *   active, warning --the gateway refuses the session (401)--> expired (another tab of
 *     the same session pressed Finish or Cancel, or the session ran out: the next call says so)
 *
 * Activity (a key, a click, a tap) restarts the 12 minutes while active; in
 * the warning only Continue Session does, so a stray key does not dismiss
 * it.
 *
 * Beside it, the patient token: the gateway's lives 30 minutes from when it
 * was issued. Once it is 10 minutes old, the next activity (or Continue
 * Session) renews it (`renewSession`, POST /mmar/session/renew), so a session
 * kept alive is never refused halfway: at most 10 + 14 minutes pass between
 * renewals. A failed renewal waits for the next activity to try again.
 *
 * Timing is XState's delayed transitions (the tests run them on a simulated
 * clock; the browser tests fast-forward Playwright's clock), so nothing here
 * reads the time.
 */
import { assign, fromPromise, not, setup, stateIn } from 'xstate';

/** The documents' two numbers, and when the patient token is renewed, in milliseconds. */
export const SESSION_TIMING = { idleMs: 720_000, warningMs: 120_000, renewMs: 600_000 } as const;

export const SESSION_MESSAGES = {
  warningTitle: 'Are you still there?',
  warning: (left: string) => `For your security, your session will end in ${left} because there has been no recent activity. Do you want to continue?`,
  continue: 'Continue Session',
  expiredTitle: 'Session Expired',
  expired: 'For your security, your session has ended and what you entered has been cleared. Please start again.',
  restart: 'Start New Session',
} as const;

/** 95 seconds as the countdown shows it: '1:35'. */
export const countdownText = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

export type SessionEvent =
  | { type: 'activity' }
  | { type: 'continue.pressed' }
  | { type: 'restart.pressed' }
  /** A call was refused because the patient's session has ended at the gateway (src/ tells it: the gateway client's 401). */
  | { type: 'session.ended' };

/** The two times (SESSION_TIMING in the app; a model may shorten the countdown to walk it). */
export interface SessionInput {
  idleMs: number;
  warningMs: number;
  renewMs: number;
}

interface SessionContext extends SessionInput {
  secondsLeft: number;
}

export const sessionMachine = setup({
  types: { context: {} as SessionContext, events: {} as SessionEvent, input: {} as SessionInput },
  delays: {
    idle: ({ context }) => context.idleMs,
    second: 1000,
    renew: ({ context }) => context.renewMs,
  },
  actors: {
    /** POST /mmar/session/renew; the new patient token replaces the old one. */
    renewSession: fromPromise<void>(async () => {
      throw new Error('renewSession is provided by src/');
    }),
  },
  actions: {
    startNewSession: () => {
      /* provided by src/: clear every member data and reload the page */
    },
    endSession: () => {
      /* provided by src/: the gateway revokes the patient's session (fire-and-forget) */
    },
  },
  guards: {
    timeLeft: ({ context }) => context.secondsLeft > 1,
    notExpired: not(stateIn('#session.timer.expired')),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ ...input, secondsLeft: input.warningMs / 1000 }),
  type: 'parallel',
  states: {
    timer: {
      initial: 'active',
      states: {
        // Ended elsewhere (another tab's Finish or Cancel, or at the gateway): the page says so at once, not call by call.
        active: {
          after: { idle: 'warning' },
          on: { activity: { target: 'active', reenter: true }, 'session.ended': { target: 'expired', actions: assign({ secondsLeft: 0 }) } },
        },
        warning: {
          entry: assign({ secondsLeft: ({ context }) => context.warningMs / 1000 }),
          on: { 'continue.pressed': 'active', 'session.ended': { target: 'expired', actions: assign({ secondsLeft: 0 }) } },
          initial: 'counting',
          states: {
            counting: {
              after: {
                second: [
                  { guard: 'timeLeft', target: 'counting', reenter: true, actions: assign({ secondsLeft: ({ context }) => context.secondsLeft - 1 }) },
                  { target: '#session.timer.expired', actions: assign({ secondsLeft: 0 }) },
                ],
              },
            },
          },
        },
        // The session is over for the gateway too: revoked on arrival, before Start New Session (which may never be pressed).
        expired: {
          entry: 'endSession',
          on: { 'restart.pressed': { target: 'restarting', actions: 'startNewSession' } },
        },
        restarting: { type: 'final' },
      },
    },
    token: {
      initial: 'fresh',
      states: {
        fresh: { after: { renew: 'due' } },
        due: {
          on: {
            activity: { guard: 'notExpired', target: 'renewing' },
            'continue.pressed': 'renewing',
          },
        },
        renewing: {
          invoke: { id: 'renewSession', src: 'renewSession', onDone: 'fresh', onError: 'due' },
        },
      },
    },
  },
});
