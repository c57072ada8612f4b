/**
 * The public order check (no sign-in): order number, date of birth and zip, then the status. The same
 * protections and texts as the link verification (link-flows-and-public-pages.md sections 5 and 8):
 * the link's attempts (MAX_ATTEMPTS) per order number, kept by the gateway whether the number exists or not (an unknown number
 * reads exactly like a wrong date of birth), then locked; the form's reading and messages are
 * machines/shared/rules/verification.ts's.
 *
 * Pure: today comes in as input. Side effects are the named actor `checkOrder` and the action
 * `storePatientToken` (the token lives in the gateway client's memory only), provided by src/.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { LinkVerifyResult } from '../contract.ts';
import type { CallFailure } from '../shared/rules/calls.ts';
import { dateOfBirth, EMPTY_FORM, formWith, type VerificationField } from '../shared/rules/verification.ts';
import { MESSAGES } from '../link/linkPageMachine.ts';
import { MAX_ATTEMPTS, type VerifyFailure } from '../shared/rules/verifyAttempts.ts';
import { canCheck, type OrderCheckForm } from './rules/orderCheck.ts';
import { cleanOrderNumber } from './rules/orderNumber.ts';

export { MAX_ATTEMPTS, MESSAGES };

export interface OrderCheckInput {
  /** Today in the person's calendar (YYYY-MM-DD): a date of birth after it is refused before an attempt is spent. */
  today: string;
  /** The number from the address bar (already checked to be one), or ''. */
  orderNumber: string;
}

export interface CheckOrderInput {
  orderNumber: string;
  dateOfBirth: string;
  zipCode: string;
}

export type OrderCheckEvent =
  | { type: 'orderNumber.changed'; text: string }
  | { type: 'field.changed'; field: VerificationField; text: string }
  | { type: 'check.submitted' }
  | { type: 'another.pressed' };

interface Context {
  today: string;
  form: OrderCheckForm;
  /** What the person is told after a failed attempt: the link verification's kinds. */
  failure: VerifyFailure | null;
  /** Whether the person pressed Check with fields missing (the fields then say what they need). */
  submitted: boolean;
}

const emptyForm = (orderNumber: string): OrderCheckForm => ({ ...EMPTY_FORM, orderNumber });

export const orderCheckMachine = setup({
  types: {
    context: {} as Context,
    events: {} as OrderCheckEvent,
    input: {} as OrderCheckInput,
    output: {} as { orderNumber: string },
  },
  actors: {
    checkOrder: fromPromise<LinkVerifyResult, CheckOrderInput>(async () => {
      throw new Error('checkOrder is provided by src/');
    }),
  },
  actions: {
    storePatientToken: (_, _params: { accessToken: string }) => {
      /* provided by src/: the token lives in the gateway client's memory only */
    },
  },
  guards: {
    formComplete: ({ context }) => canCheck(context.form, context.today),
    verified: (_, result: LinkVerifyResult) => result.messageStatus === true && Boolean(result.accessToken),
    noAttemptsLeft: (_, result: LinkVerifyResult) => result.remainingAttempts === 0,
    isLocked: (_, failure: CallFailure) => failure.status === 423,
  },
}).createMachine({
  id: 'orderCheck',
  context: ({ input }) => ({ today: input.today, form: emptyForm(cleanOrderNumber(input.orderNumber)), failure: null, submitted: false }),
  initial: 'editing',
  output: ({ context }) => ({ orderNumber: context.form.orderNumber }),
  states: {
    editing: {
      on: {
        'orderNumber.changed': { actions: assign({ form: ({ context, event }) => ({ ...context.form, orderNumber: cleanOrderNumber(event.text) }) }) },
        'field.changed': { actions: assign({ form: ({ context, event }) => ({ ...context.form, ...formWith(context.form, event.field, event.text) }) }) },
        'check.submitted': [
          { guard: 'formComplete', target: 'checking', actions: assign({ failure: null, submitted: false }) },
          { actions: assign({ failure: { kind: 'check' }, submitted: true }) },
        ],
      },
    },
    checking: {
      tags: ['pending'],
      invoke: {
        id: 'checkOrder',
        src: 'checkOrder',
        input: ({ context }) => ({ orderNumber: context.form.orderNumber, dateOfBirth: dateOfBirth(context.form), zipCode: context.form.zip }),
        onDone: [
          {
            guard: { type: 'verified', params: ({ event }) => event.output },
            target: 'verified',
            actions: [{ type: 'storePatientToken', params: ({ event }) => ({ accessToken: event.output.accessToken! }) }, assign({ failure: null })],
          },
          { guard: { type: 'noAttemptsLeft', params: ({ event }) => event.output }, target: 'locked' },
          // The typed fields stay (nothing typed is lost): the person corrects one and tries again.
          { target: 'editing', actions: assign({ failure: ({ event }) => ({ kind: 'identity', remainingAttempts: event.output.remainingAttempts }) }) },
        ],
        onError: [
          { guard: { type: 'isLocked', params: ({ event }) => event.error as CallFailure }, target: 'locked' },
          // Section 8: a failed verify call has no text of its own: 'Please check your information and try again'
          // unless src/ passed a text that may be shown (the rate limit's).
          { target: 'editing', actions: assign({ failure: ({ event }) => ((event.error as CallFailure).displayText ? { kind: 'message', text: (event.error as CallFailure).displayText } : { kind: 'check' }) }) },
        ],
      },
    },
    /** MAX_ATTEMPTS failed attempts for this number: the link's blocked text. The lock is the number's, so another number may be checked. */
    locked: {
      on: { 'another.pressed': { target: 'editing', actions: assign({ form: emptyForm(''), failure: null, submitted: false }) } },
    },
    verified: { type: 'final' },
  },
});
