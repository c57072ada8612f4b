/**
 * Step 1 of the member flow, Member Information (member-transfer-flow.md
 * sections 2, 3, 5, 7, 8): member number, first and last name, date of birth
 * as month, day and year typeaheads; the six error fields; Continue disabled
 * while any is set; verify, then the member information (the loader shows
 * meanwhile); 'Member not eligible. …' when either fails; the step ends by
 * itself when the member information arrives.
 *
 * Side effects are named: the actors `verifyMember` and `loadMemberInfo`, the
 * action `storePatientToken`. src/ provides them with `.provide()`.
 * Today's year comes in as input (the years offered go back 120 from it).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { EligibilityResult } from '../contract.ts';
import {
  allErrors,
  cleanField,
  EMPTY_MEMBER_FORM,
  fieldError,
  hasErrors,
  memberIdentity,
  NO_MEMBER_ERRORS,
  type MemberErrors,
  type MemberField,
  type MemberForm,
} from './rules/memberForm.ts';
import type { CallFailure } from '../shared/rules/calls.ts';

export type { EligibilityResult };

export interface MemberInfoInput {
  /** Today in the member's calendar (YYYY-MM-DD): the years offered and a date of birth not after it. */
  today: string;
}

export type MemberIdentity = ReturnType<typeof memberIdentity>;

/** Why verification stopped: the member is not eligible (either call failed), or the member number is locked. */
export type MemberFailure = { kind: 'notEligible' } | { kind: 'locked' } | { kind: 'message'; text: string };

export type { CallFailure };

export const MEMBER_INFO_MESSAGES = {
  summary: 'Please address the following errors:',
  /** {phone} is the member service number (src/content/contact.ts). */
  notEligible: 'Member not eligible. This member is not eligible for mail order. If you have questions, call toll-free {phone} (TTY dial 711)',
  /** This portal's wording (the gateway sends the same words with its 423). */
  locked: 'For your security, verification of this member number is locked for 15 minutes after too many attempts. If you need help, call toll-free {phone} (TTY dial 711).',
  help: 'If you are still having a problem, call toll-free {phone} (TTY dial 711)',
} as const;

/** A message with the member service number put in. */
export const withPhone = (text: string, phone: string) => text.replace('{phone}', phone);

interface Context {
  today: string;
  form: MemberForm;
  errors: MemberErrors;
  failure: MemberFailure | null;
  /** The identity sent, kept for the member-info call after verify. */
  identity: MemberIdentity | null;
  member: EligibilityResult | null;
}

export type MemberInfoEvent =
  | { type: 'field.changed'; field: MemberField; text: string }
  | { type: 'field.left'; field: MemberField }
  | { type: 'continue.pressed' };

export const memberInfoMachine = setup({
  types: {
    context: {} as Context,
    events: {} as MemberInfoEvent,
    input: {} as MemberInfoInput,
    output: {} as EligibilityResult,
  },
  actors: {
    verifyMember: fromPromise<{ accessToken: string }, MemberIdentity>(async () => {
      throw new Error('verifyMember is provided by src/');
    }),
    loadMemberInfo: fromPromise<EligibilityResult, MemberIdentity>(async () => {
      throw new Error('loadMemberInfo is provided by src/');
    }),
  },
  actions: {
    storePatientToken: (_, _params: { accessToken: string }) => {
      /* provided by src/: the token lives in the gateway client's memory only */
    },
  },
  guards: {
    noErrorShown: ({ context }) => !hasErrors(context.errors),
    formValid: ({ context }) => !hasErrors(allErrors(context.form, context.today)),
    isLocked: (_, failure: CallFailure) => failure.status === 423,
    isRateLimited: (_, failure: CallFailure) => failure.status === 429,
  },
}).createMachine({
  id: 'memberInfo',
  context: ({ input }) => ({ today: input.today, form: EMPTY_MEMBER_FORM, errors: NO_MEMBER_ERRORS, failure: null, identity: null, member: null }),
  initial: 'editing',
  output: ({ context }) => context.member!,
  states: {
    editing: {
      on: {
        'field.changed': {
          actions: assign(({ context, event }) => {
            const form = { ...context.form, [event.field]: cleanField(event.field, event.text) };
            // A shown error follows the typing (so fixing it clears it); a new one waits until the field is left.
            const errors = { ...context.errors };
            for (const f of Object.keys(errors) as MemberField[]) if (errors[f] !== null) errors[f] = fieldError(f, form, context.today);
            return { form, errors };
          }),
        },
        'field.left': {
          actions: assign({
            errors: ({ context, event }) =>
              context.form[event.field] ? { ...context.errors, [event.field]: fieldError(event.field, context.form, context.today) } : context.errors,
          }),
        },
        'continue.pressed': [
          { guard: 'formValid', target: 'verifying', actions: assign({ failure: null, identity: ({ context }) => memberIdentity(context.form) }) },
          { guard: 'noErrorShown', actions: assign({ errors: ({ context }) => allErrors(context.form, context.today) }) },
        ],
      },
    },
    verifying: {
      tags: ['pending'],
      invoke: {
        id: 'verifyMember',
        src: 'verifyMember',
        input: ({ context }) => context.identity!,
        onDone: {
          target: 'loadingMember',
          actions: { type: 'storePatientToken', params: ({ event }) => ({ accessToken: event.output.accessToken }) },
        },
        onError: [
          { guard: { type: 'isLocked', params: ({ event }) => event.error as CallFailure }, target: 'editing', actions: assign({ failure: { kind: 'locked' } }) },
          {
            guard: { type: 'isRateLimited', params: ({ event }) => event.error as CallFailure },
            target: 'editing',
            actions: assign({ failure: ({ event }) => ({ kind: 'message', text: (event.error as CallFailure).displayText }) }),
          },
          { target: 'editing', actions: assign({ failure: { kind: 'notEligible' } }) },
        ],
      },
    },
    loadingMember: {
      tags: ['pending'],
      invoke: {
        id: 'loadMemberInfo',
        src: 'loadMemberInfo',
        input: ({ context }) => context.identity!,
        onDone: { target: 'identified', actions: assign({ member: ({ event }) => event.output }) },
        onError: { target: 'editing', actions: assign({ failure: { kind: 'notEligible' } }) },
      },
    },
    identified: { type: 'final' },
  },
});
