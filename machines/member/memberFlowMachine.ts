/**
 * The member flow of /memberInfo and /transfer (member-transfer-flow.md
 * sections 2 and 4): which page shows, the member stepper's jumps, and the
 * Cancel Request confirmation.
 *
 * - page: Member Information (the `memberInfo` child) until the member
 *   information arrives; then the prescriptions step (the `prescriptions`
 *   child, alive while the member is in the flow so that Back loses nothing)
 *   and, once it reports a choice, the registration / missing-information page
 *   (the `registration` child, which finishes at once for a registered patient
 *   with nothing missing); once that is done, the review page (the `review`
 *   child), whose Finish leads to the success page.
 * - dialog: Cancel (on any page) or a footer link (once the member is
 *   identified) asks to confirm; confirming runs `endSession` (the gateway
 *   revokes the patient's session) and `leaveFlow` with where to go
 *   (/transfer for Cancel), which resets every member data and navigates.
 *   Finish does not: the success page's "Track this order" opens the
 *   request's status with the member's token, so the page ends the session
 *   when it is left for anywhere else, or with the tab.
 * The stepper child (`memberStepperMachine`) numbers the pages; this machine
 * tells it each jump, so the numbering lives in one place.
 */
import { assign, enqueueActions, fromPromise, sendTo, setup } from 'xstate';
import type { EligibilityResult } from '../contract.ts';
import { memberStepperMachine } from '../shared/memberStepperMachine.ts';
import type { PrescriptionChoice, PrescriptionsChosenEvent } from './prescriptionsMachine.ts';
import type { RegistrationInput, RegistrationOutput } from './registrationContext.ts';
import type { ReviewInput, ReviewOutput } from './reviewMachine.ts';
import { completedMember } from './rules/missingInfo.ts';

export interface MemberFlowInput {
  thisYear: number;
  /** Today, YYYY-MM-DD (the registration page's dates and card expiry). */
  today: string;
}

/** Where Cancel goes (the documents: "redirects to /transfer"). */
export const CANCEL_TARGET = '/transfer';

export const CANCEL_MESSAGES = {
  title: 'Cancel Request',
  body: 'Are you sure you want to cancel your request? What you have entered will not be kept.',
  confirm: 'Yes, Cancel Request',
  dismiss: 'No, Go Back',
} as const;

interface Context {
  thisYear: number;
  today: string;
  member: EligibilityResult | null;
  choice: PrescriptionChoice | null;
  /** The registration page's machine has started (it then lives while the member is in the flow). */
  registrationStarted: boolean;
  /** The registration page's outcome: the patient number (new when the member registered). */
  registration: RegistrationOutput | null;
  /** Finish's outcome: the gateway's answer, what was requested and the profile shown (the success page). */
  finished: ReviewOutput | null;
  /** Where the person asked to go (Cancel: /transfer; a footer link: its path). */
  exitTo: string | null;
}

export type MemberFlowEvent =
  | PrescriptionsChosenEvent
  | { type: 'back.pressed' }
  /** The browser's Forward, onto a later step the member had reached (src/shell/stepHistory.ts): the page's own Next. */
  | { type: 'forward.pressed' }
  | { type: 'exit.requested'; to: string }
  | { type: 'exit.confirmed' }
  | { type: 'exit.dismissed' };

export const memberFlowMachine = setup({
  types: { context: {} as Context, events: {} as MemberFlowEvent, input: {} as MemberFlowInput },
  actors: {
    stepper: memberStepperMachine,
    // The page machines (memberInfoMachine, prescriptionsMachine, provided with their own actors) come from src/.
    memberInfo: fromPromise<EligibilityResult, { today: string }>(async () => {
      throw new Error('memberInfo is provided by src/ (memberInfoMachine)');
    }),
    prescriptions: fromPromise<never, { patientId: number | null; tellsParent: boolean; governmentFunded: boolean }>(async () => {
      throw new Error('prescriptions is provided by src/ (prescriptionsMachine)');
    }),
    registration: fromPromise<RegistrationOutput, RegistrationInput>(async () => {
      throw new Error('registration is provided by src/ (registrationMachine)');
    }),
    review: fromPromise<ReviewOutput, ReviewInput>(async () => {
      throw new Error('review is provided by src/ (reviewMachine)');
    }),
  },
  guards: {
    /** The registration page is done: nothing is missing any more. */
    registered: ({ context }) => context.registration !== null,
  },
  actions: {
    leaveFlow: (_, _params: { to: string }) => {
      /* provided by src/: reset every member data (tokens, flows, stepper) and go to `to` */
    },
    endSession: () => {
      /* provided by src/: the gateway revokes the patient's session (fire-and-forget) */
    },
  },
}).createMachine({
  id: 'memberFlow',
  context: ({ input }) => ({ thisYear: input.thisYear, today: input.today, member: null, choice: null, registrationStarted: false, registration: null, finished: null, exitTo: null }),
  invoke: { id: 'stepper', src: 'stepper' },
  initial: 'active',
  states: {
    active: {
      type: 'parallel',
      states: {
        page: {
          initial: 'memberInfo',
          states: {
            memberInfo: {
              invoke: {
                id: 'memberInfo',
                src: 'memberInfo',
                input: ({ context }) => ({ today: context.today }),
                onDone: {
                  target: 'choosing',
                  actions: [
                    assign({ member: ({ event }) => event.output }),
                    sendTo('stepper', ({ event }) => ({ type: 'profile.known' as const, linked: event.output.registrationStatus.isProfileLinked })),
                    sendTo('stepper', { type: 'step.next' }),
                  ],
                },
              },
            },
            choosing: {
              invoke: {
                id: 'prescriptions',
                src: 'prescriptions',
                input: ({ context }) => ({ patientId: context.member!.patient.patientId, tellsParent: true, governmentFunded: context.member!.isPartD }),
              },
              initial: 'prescriptions',
              states: {
                prescriptions: {
                  on: {
                    // Forward is Next: the prescriptions page checks the choice as it would on Next, and says what is missing.
                    'forward.pressed': { actions: sendTo('prescriptions', { type: 'next.pressed' }) },
                    'prescriptions.chosen': {
                      target: 'registration',
                      actions: [assign({ choice: ({ event }) => event.choice }), sendTo('stepper', { type: 'step.next' })],
                    },
                  },
                },
                /**
                 * The registration / missing-information page (page 3). Its machine starts the first time the
                 * member comes here and lives while the member is in the flow, so that Back to the prescriptions
                 * and Next (or the browser's Forward) back here find what was typed. Once it is done nothing is
                 * missing any more: coming back moves on by itself.
                 */
                registration: {
                  entry: enqueueActions(({ context, enqueue }) => {
                    if (context.registrationStarted) return;
                    enqueue.spawnChild('registration', { id: 'registration', input: { member: context.member!, today: context.today } });
                    enqueue.assign({ registrationStarted: true });
                  }),
                  always: { guard: 'registered', target: 'review', actions: sendTo('stepper', { type: 'step.next' }) },
                  on: {
                    'xstate.done.actor.registration': {
                      target: 'review',
                      actions: [
                        assign({
                          registration: ({ event }) => event.output,
                          member: ({ context, event }) => completedMember(context.member!, event.output.patientId),
                        }),
                        sendTo('stepper', { type: 'step.next' }),
                      ],
                    },
                    'back.pressed': {
                      target: 'prescriptions',
                      actions: [sendTo('prescriptions', { type: 'back.pressed' }), sendTo('stepper', { type: 'step.previous' })],
                    },
                  },
                },
                /**
                 * Please Review Your Request (page 4). Back goes to the prescriptions (the
                 * registration page has nothing left to ask, and would move on by itself).
                 */
                review: {
                  invoke: {
                    id: 'review',
                    src: 'review',
                    input: ({ context }) => ({ choice: context.choice!, patientId: context.member!.patient.patientId!, isPartD: context.member!.isPartD, today: context.today }),
                    onDone: {
                      target: '#memberFlow.active.page.finished',
                      actions: [
                        assign({ finished: ({ event }) => event.output }),
                        // Finish: the request is sent. The session stays for "Track this order" (the success page ends it when left).
                        // The success page is page 6 for a linked profile, 7 (with the optional Register step) for one not linked.
                        sendTo('stepper', ({ context }) => ({ type: context.member!.registrationStatus.isProfileLinked ? ('step.register' as const) : ('step.unregister' as const) })),
                      ],
                    },
                  },
                  on: {
                    'back.pressed': {
                      target: 'prescriptions',
                      actions: [sendTo('prescriptions', { type: 'back.pressed' }), sendTo('stepper', { type: 'step.previous' }), sendTo('stepper', { type: 'step.previous' })],
                    },
                  },
                },
              },
            },
            /** The success page: the request is sent; nothing is left to lose, so nothing asks before leaving. */
            finished: {},
          },
        },
        dialog: {
          initial: 'closed',
          states: {
            closed: {
              on: { 'exit.requested': { target: 'confirmingExit', actions: assign({ exitTo: ({ event }) => event.to }) } },
            },
            confirmingExit: {
              on: {
                'exit.confirmed': {
                  target: '#memberFlow.left',
                  actions: ['endSession', { type: 'leaveFlow', params: ({ context }) => ({ to: context.exitTo ?? CANCEL_TARGET }) }],
                },
                'exit.dismissed': { target: 'closed', actions: assign({ exitTo: null }) },
              },
            },
          },
        },
      },
    },
    /** The flow is left: src/ resets and navigates; a new flow starts at Member Information. */
    left: { type: 'final' },
  },
});

/** Footer links ask before leaving only once the member is identified (a member is then in the flow). */
export const claimsExits = (snapshot: { matches: (v: 'left' | { active: { page: 'memberInfo' | 'finished' } }) => boolean }) =>
  !snapshot.matches('left') && !snapshot.matches({ active: { page: 'memberInfo' } }) && !snapshot.matches({ active: { page: 'finished' } });

/** The member flow's pages, as the browser's history knows them (src/shell/stepHistory.ts). */
export type MemberPage = 'memberInfo' | 'prescriptions' | 'registration' | 'review' | 'finished' | 'left';

type PageSnapshot = Parameters<typeof claimsExits>[0] & {
  matches: (v: { active: { page: { choosing: 'prescriptions' | 'registration' | 'review' } } }) => boolean;
};

export function memberPage(snapshot: PageSnapshot): MemberPage {
  if (snapshot.matches('left')) return 'left';
  if (snapshot.matches({ active: { page: 'memberInfo' } })) return 'memberInfo';
  if (snapshot.matches({ active: { page: 'finished' } })) return 'finished';
  if (snapshot.matches({ active: { page: { choosing: 'registration' } } })) return 'registration';
  if (snapshot.matches({ active: { page: { choosing: 'review' } } })) return 'review';
  return 'prescriptions';
}
