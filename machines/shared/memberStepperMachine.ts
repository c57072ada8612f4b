/**
 * The member flow's stepper (member-transfer-flow.md section 2 "Member stepper"),
 * on /memberInfo and /transfer. It counts pages: next moves +1,
 * 'register' +2, 'unregister' +3, previous -1, reset back to page 1. The
 * documents do not say which page shows which screen; this portal's table
 * (also in docs/member-flow.md):
 *
 * | page | screen                                               | step shown          |
 * | 1    | Member information                                    | 1 Member Info       |
 * | 2    | Select Your Prescriptions, with the doctor below it   | 2 Select Prescriptions |
 * | 3    | Registration / missing information                   | 3 Verification      |
 * | 4    | Review ('Please Review Your Request')                 | 4 Review            |
 * | 6    | Success, profile linked ('register': 4 + 2)           | 5 Finish            |
 * | 7    | Success, profile not linked ('unregister': 4 + 3)     | 5 Finish, 6 Register (Optional) |
 *
 * Page 5 is never shown: Finish on the review page jumps to 6 or 7, so
 * "two step values show" the success page, and the optional sixth step
 * Register appears only on page 6 or more when the profile is not linked.
 *
 * The link flows' three-step stepper is refillStepperMachine.ts; both give their page by
 * `meta.page`, read with rules/stepper.ts's pageOf.
 */
import { assign, setup } from 'xstate';

export type StepperEvent =
  | { type: 'step.next' }
  | { type: 'step.register' }
  | { type: 'step.unregister' }
  | { type: 'step.previous' }
  | { type: 'step.reset' }
  /** What the member information told about the online profile (the optional Register step depends on it). */
  | { type: 'profile.known'; linked: boolean };

export const memberStepperMachine = setup({
  types: { context: {} as { profileLinked: boolean }, events: {} as StepperEvent },
}).createMachine({
  id: 'memberStepper',
  context: { profileLinked: false },
  initial: 'memberInfo',
  on: {
    'profile.known': { actions: assign({ profileLinked: ({ event }) => event.linked }) },
    'step.reset': { target: '.memberInfo', actions: assign({ profileLinked: false }) },
  },
  states: {
    memberInfo: { meta: { page: 1 }, on: { 'step.next': 'prescriptions' } },
    prescriptions: { meta: { page: 2 }, on: { 'step.next': 'verification', 'step.previous': 'memberInfo' } },
    verification: { meta: { page: 3 }, on: { 'step.next': 'review', 'step.previous': 'prescriptions' } },
    review: { meta: { page: 4 }, on: { 'step.register': 'finishedLinked', 'step.unregister': 'finishedNotLinked', 'step.previous': 'verification' } },
    finishedLinked: { meta: { page: 6 } },
    finishedNotLinked: { meta: { page: 7 } },
  },
});
