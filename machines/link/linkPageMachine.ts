/**
 * The personalised-link page of Easy Fill and Auto Refill, up to a verified
 * identity (link-flows-and-public-pages.md sections 2.15-2.16, 4, 5, 8, 9).
 * One machine serves both flows; the flow kind comes in as input and decides
 * the verify payload's code field (easyFillCode / autoRefillCode), which the
 * provided actor sends.
 *
 * Side effects are named: the actors `validateLink` and `verifyIdentity`, the
 * actions `resetSession` and `storePatientToken`. src/ provides them with `.provide()`.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { LinkInfo, LinkVerifyResult } from '../contract.ts';
import { canVerify, dateOfBirth, EMPTY_FORM, formWith, type VerificationForm } from '../shared/rules/verification.ts';
import type { CallFailure } from '../shared/rules/calls.ts';
import { ATTEMPT_MESSAGES, CHECK_MESSAGE, MAX_ATTEMPTS, type VerifyFailure } from '../shared/rules/verifyAttempts.ts';

export type { LinkInfo, LinkVerifyResult };
export type LinkFlow = 'easyFill' | 'autoRefill';

export interface LinkPageInput {
  linkId: string;
  flow: LinkFlow;
  /** Today in the person's calendar (YYYY-MM-DD): a date of birth after it is refused before any attempt is spent. */
  today: string;
}

export interface ValidateLinkInput {
  flow: LinkFlow;
  linkId: string;
  /** The first read on opening the link counts a click; the re-read after a failed attempt does not. */
  countClick: boolean;
}

export interface VerifyIdentityInput {
  flow: LinkFlow;
  linkId: string;
  patientId: number;
  dateOfBirth: string;
  zipCode: string;
}

export type { CallFailure };

/**
 * A failed verification says the server's text where it gave one that may be shown (src/ filters it:
 * '' when missing or internal), otherwise 'Please check your information and try again' (section 8:
 * 'the failure carries no message'), whatever the status, an unreachable gateway's too.
 */
const failureOf = (text: string | null | undefined): VerifyFailure => (text ? { kind: 'message', text } : { kind: 'check' });

export const MESSAGES = {
  check: CHECK_MESSAGE,
  ...ATTEMPT_MESSAGES,
  expired: "Expired link. We're sorry but this link has expired.",
  alreadyOrdered: 'Prescriptions have already been ordered.',
} as const;

export { MAX_ATTEMPTS };

interface Context {
  linkId: string;
  today: string;
  flow: LinkFlow;
  link: LinkInfo | null;
  form: VerificationForm;
  failure: VerifyFailure | null;
  /** The general error text of a failed link read (the page offers to try again). */
  loadError: string | null;
  /**
   * The person of an Easy Fill link found already ordered asked to see that order's status: they verify as
   * for an order (the same attempts), and the steps after verification show the order below the message.
   */
  seeingOrder: boolean;
}

export type LinkPageEvent =
  | { type: 'month.changed'; text: string }
  | { type: 'day.changed'; text: string }
  | { type: 'year.changed'; text: string }
  | { type: 'zip.changed'; text: string }
  | { type: 'verify.submitted' }
  | { type: 'retry.pressed' }
  | { type: 'orderStatus.requested' };

/** Section 4's expiry: isLinkExpired and isLinkValid both true and status EXPIRED. */
export function isExpired(link: LinkInfo): boolean {
  return link.isLinkExpired && link.isLinkValid && link.status.toUpperCase() === 'EXPIRED';
}

export const linkPageMachine = setup({
  types: {
    context: {} as Context,
    events: {} as LinkPageEvent,
    input: {} as LinkPageInput,
  },
  actors: {
    validateLink: fromPromise<LinkInfo, ValidateLinkInput>(async () => {
      throw new Error('validateLink is provided by src/');
    }),
    verifyIdentity: fromPromise<LinkVerifyResult, VerifyIdentityInput>(async () => {
      throw new Error('verifyIdentity is provided by src/');
    }),
  },
  actions: {
    resetSession: () => {
      /* provided by src/: forget any earlier patient token and member data when the page opens */
    },
    storePatientToken: (_, _params: { accessToken: string }) => {
      /* provided by src/: the token lives in the gateway client's memory only */
    },
  },
  guards: {
    isBlocked: ({ context }) => context.link?.remainingAttempts === 0,
    hasNoScripts: ({ context }) => context.link?.isScriptsAvailable === false && !context.seeingOrder,
    // Ours (the specification's "already ordered" is a dead end): an Easy Fill link's order has a status to show.
    showsOrderStatus: ({ context }) => context.flow === 'easyFill',
    isLinkExpired: ({ context }) => context.link !== null && isExpired(context.link),
    formComplete: ({ context }) => canVerify(context.form, context.today),
    verified: (_, result: LinkVerifyResult) => result.messageStatus === true && Boolean(result.accessToken),
    mustReadLinkAgain: (_, result: LinkVerifyResult) => result.getCallAgain === true,
    isLocked: (_, failure: CallFailure) => failure.status === 423,
    isGone: (_, failure: CallFailure) => failure.status === 410,
  },
}).createMachine({
  id: 'linkPage',
  context: ({ input }) => ({ linkId: input.linkId, flow: input.flow, today: input.today, link: null, form: EMPTY_FORM, failure: null, loadError: null, seeingOrder: false }),
  // On mount: reset, keep the link id (input), read the link counting the click.
  entry: 'resetSession',
  initial: 'loading',
  states: {
    loading: {
      tags: ['pending'],
      invoke: {
        id: 'validateLink',
        src: 'validateLink',
        input: ({ context }) => ({ flow: context.flow, linkId: context.linkId, countClick: true }),
        onDone: { target: 'routing', actions: assign({ link: ({ event }) => event.output, loadError: null }) },
        onError: { target: 'unavailable', actions: assign({ loadError: ({ event }) => (event.error as CallFailure).displayText }) },
      },
    },
    /** Re-reads the link after a failed attempt, without counting a click; the failure stays shown. */
    refreshing: {
      tags: ['pending'],
      invoke: {
        id: 'refreshLink',
        src: 'validateLink',
        input: ({ context }) => ({ flow: context.flow, linkId: context.linkId, countClick: false }),
        onDone: { target: 'routing', actions: assign({ link: ({ event }) => event.output }) },
        onError: { target: 'routing' },
      },
    },
    /** Section 4's order: blocked, then no scripts, then expired, else verification. */
    routing: {
      always: [
        { guard: 'isBlocked', target: 'blocked' },
        { guard: 'hasNoScripts', target: 'alreadyOrdered' },
        { guard: 'isLinkExpired', target: 'expired' },
        { target: 'verification' },
      ],
    },
    unavailable: {
      on: { 'retry.pressed': 'loading' },
    },
    verification: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'month.changed': { actions: assign({ form: ({ context, event }) => formWith(context.form, 'month', event.text) }) },
            'day.changed': { actions: assign({ form: ({ context, event }) => formWith(context.form, 'day', event.text) }) },
            'year.changed': { actions: assign({ form: ({ context, event }) => formWith(context.form, 'year', event.text) }) },
            'zip.changed': { actions: assign({ form: ({ context, event }) => formWith(context.form, 'zip', event.text) }) },
            'verify.submitted': [
              { guard: 'formComplete', target: 'verifying', actions: assign({ failure: null }) },
              { actions: assign({ failure: { kind: 'check' } }) },
            ],
          },
        },
        verifying: {
          tags: ['pending'],
          invoke: {
            id: 'verifyIdentity',
            src: 'verifyIdentity',
            input: ({ context }) => ({
              flow: context.flow,
              linkId: context.linkId,
              patientId: context.link!.patientId,
              dateOfBirth: dateOfBirth(context.form),
              zipCode: context.form.zip,
            }),
            onDone: [
              {
                guard: { type: 'verified', params: ({ event }) => event.output },
                target: '#linkPage.verified',
                actions: [
                  { type: 'storePatientToken', params: ({ event }) => ({ accessToken: event.output.accessToken! }) },
                  assign({ form: EMPTY_FORM, failure: null }),
                ],
              },
              {
                guard: { type: 'mustReadLinkAgain', params: ({ event }) => event.output },
                target: '#linkPage.refreshing',
                actions: assign({ failure: ({ event }) => ({ kind: 'identity', remainingAttempts: event.output.remainingAttempts }) }),
              },
              {
                target: 'editing',
                actions: assign({
                  failure: ({ event }) => failureOf(event.output.messageErrorText),
                }),
              },
            ],
            onError: [
              { guard: { type: 'isLocked', params: ({ event }) => event.error as CallFailure }, target: '#linkPage.refreshing' },
              { guard: { type: 'isGone', params: ({ event }) => event.error as CallFailure }, target: '#linkPage.refreshing' },
              { target: 'editing', actions: assign({ failure: ({ event }) => failureOf((event.error as CallFailure).displayText) }) },
            ],
          },
        },
      },
    },
    blocked: { type: 'final' },
    expired: { type: 'final' },
    /** The message; on an Easy Fill link, a way on to the order's status (verified first: it is personal). */
    alreadyOrdered: {
      on: { 'orderStatus.requested': { guard: 'showsOrderStatus', target: 'verification', actions: assign({ seeingOrder: true }) } },
    },
    verified: { type: 'final' },
  },
});
