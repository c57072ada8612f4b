/**
 * 'Please Review Your Request' (member-transfer-flow.md sections 2 and 4):
 * the member's profile as the gateway holds it, the requested prescriptions
 * (transfers, and new prescriptions asked of the doctor), removing one after
 * a confirmation (by ndc; 'You have removed all Rx's' once none is left), and
 * Finish, which sends the transfer submission and ends the machine with the
 * gateway's answer for the success page.
 *
 * Three regions: `summary` loads the profile (and offers Try again when it
 * cannot); `change` runs one change modal at a time (the shipping address,
 * the payment card, notifications with the email, the primary phone,
 * allergies, health conditions: each its own
 * machine, invoked as `change`), whose save records what was updated and
 * loads the profile again; `request` holds the prescriptions and Finish. Finish does not wait
 * for the summary: the gateway already has the profile, and a summary that
 * cannot be shown must not stop the request (the page says so).
 * Back and Cancel belong to the member flow.
 */
import { and, assign, enqueueActions, fromPromise, not, raise, setup, stateIn } from 'xstate';
import type { TransferSubmission } from '../contract.ts';
import { addressChangeMachine } from './addressChangeMachine.ts';
import { healthChangeMachine } from './healthChangeMachine.ts';
import { notificationChangeMachine } from './notificationChangeMachine.ts';
import { paymentChangeMachine } from './paymentChangeMachine.ts';
import { phoneChangeMachine } from './phoneChangeMachine.ts';
import { UPDATED, type ProfilePart } from './rules/profileChanges.ts';
import type { PrescriptionChoice } from './prescriptionsMachine.ts';
import { transferSubmission, type RequestedDrug, type ReviewSummary, type TransferSubmissionResult } from './rules/review.ts';
import type { CallFailure } from '../shared/rules/calls.ts';

export interface ReviewInput {
  choice: PrescriptionChoice;
  patientId: number;
  /** Part D members may not turn notifications off (section 6). */
  isPartD: boolean;
  /** Today, YYYY-MM-DD (a saved card past its expiry cannot be chosen). */
  today: string;
}

/** The parts of the profile the review page changes through its modals: every one it shows. */
export type ChangeablePart = ProfilePart;

export interface ReviewOutput {
  result: TransferSubmissionResult;
  drugs: RequestedDrug[];
  summary: ReviewSummary | null;
  /** The day the request was sent (the flow's today, YYYY-MM-DD): the success page's order date. */
  sentOn: string;
}


interface Context {
  choice: PrescriptionChoice;
  patientId: number;
  isPartD: boolean;
  today: string;
  /** The modal open (or last open). */
  changing: ChangeablePart | null;
  /** The part whose Change button takes the focus back once the profile is shown again. */
  refocus: ChangeablePart | null;
  /** The record of the last change saved ('Phone Number Updated'), said once on the page. */
  updated: string | null;
  /** What is still requested (the choice, less what the member removed). */
  drugs: RequestedDrug[];
  summary: ReviewSummary | null;
  summaryError: string | null;
  /** The ndc whose removal waits for the confirmation. */
  removing: string | null;
  /** Finish failed: the gateway's text (section 8, in the 'Please address the following errors:' banner). */
  failure: string | null;
  result: TransferSubmissionResult | null;
}

export type ReviewEvent =
  | { type: 'summary.retried' }
  | { type: 'change.opened'; part: ChangeablePart }
  | { type: 'change.closed' }
  /** Raised by the machine once a change is saved: the profile is loaded again. */
  | { type: 'summary.stale' }
  | { type: 'remove.pressed'; ndc: string }
  | { type: 'remove.confirmed' }
  | { type: 'remove.dismissed' }
  | { type: 'finish.pressed' };

/** A saved change: its record is said and the profile is loaded again; once it is shown, the focus goes back to the part's Change button. */
const recorded = (part: ChangeablePart) => [{ type: 'recordChange' as const, params: { part } }, { type: 'reloadSummary' as const }];

export const reviewMachine = setup({
  types: { context: {} as Context, events: {} as ReviewEvent, input: {} as ReviewInput, output: {} as ReviewOutput },
  actors: {
    addressChange: addressChangeMachine,
    paymentChange: paymentChangeMachine,
    notificationChange: notificationChangeMachine,
    phoneChange: phoneChangeMachine,
    healthChange: healthChangeMachine,
    loadSummary: fromPromise<ReviewSummary, { patientId: number }>(async () => {
      throw new Error('loadSummary is provided by src/');
    }),
    submitTransfer: fromPromise<TransferSubmissionResult, TransferSubmission>(async () => {
      throw new Error('submitTransfer is provided by src/');
    }),
  },
  actions: {
    /** src/: the prescriptions' heading takes the focus once a removal is done (its button is gone). */
    focusRequests: () => {},
    /** src/: the error banner takes the focus when Finish fails. */
    focusFailure: () => {},
    recordChange: assign({ updated: (_, params: { part: ChangeablePart }) => UPDATED[params.part], refocus: (_, params: { part: ChangeablePart }) => params.part }),
    reloadSummary: raise({ type: 'summary.stale' as const }),
    /** src/: the Change button of the part just saved takes the focus back (the modal is gone). */
    focusChanged: (_, _params: { part: ChangeablePart }) => {},
  },
  guards: {
    hasDrugs: ({ context }) => context.drugs.length > 0,
    isChanging: ({ context }, params: { part: ChangeablePart }) => context.changing === params.part,
  },
}).createMachine({
  id: 'review',
  context: ({ input }) => ({
    choice: input.choice,
    patientId: input.patientId,
    isPartD: input.isPartD,
    today: input.today,
    changing: null,
    refocus: null,
    updated: null,
    drugs: input.choice.drugs,
    summary: null,
    summaryError: null,
    removing: null,
    failure: null,
    result: null,
  }),
  initial: 'reviewing',
  states: {
    reviewing: {
      type: 'parallel',
      states: {
        summary: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'loadSummary',
                src: 'loadSummary',
                input: ({ context }) => ({ patientId: context.patientId }),
                onDone: {
                  target: 'shown',
                  actions: [
                    assign({ summary: ({ event }) => event.output, summaryError: null }),
                    // The Change buttons are usable again: the one of the part just saved takes the focus back.
                    enqueueActions(({ context, enqueue }) => {
                      if (context.refocus) enqueue({ type: 'focusChanged', params: { part: context.refocus } });
                    }),
                    assign({ refocus: null }),
                  ],
                },
                onError: { target: 'failed', actions: assign({ summaryError: ({ event }) => (event.error as CallFailure).displayText, refocus: null }) },
              },
            },
            // A saved change reloads the profile; a change opens only while the profile is shown, so a failed one is only tried again.
            shown: { on: { 'summary.stale': 'loading' } },
            failed: { on: { 'summary.retried': 'loading' } },
          },
        },
        change: {
          initial: 'closed',
          states: {
            closed: {
              on: {
                // Once the profile is shown (not while it loads again after a change), and not while Finish is sending the request.
                'change.opened': {
                  guard: and([stateIn({ reviewing: { summary: 'shown' } }), not(stateIn({ reviewing: { request: 'submitting' } }))]),
                  target: 'open',
                  actions: assign({ updated: null, changing: ({ event }) => event.part }),
                },
              },
            },
            open: {
              initial: 'choosing',
              on: { 'change.closed': 'closed' },
              states: {
                choosing: {
                  always: [
                    { guard: { type: 'isChanging', params: { part: 'address' } }, target: 'address' },
                    { guard: { type: 'isChanging', params: { part: 'notifications' } }, target: 'notifications' },
                    { guard: { type: 'isChanging', params: { part: 'phone' } }, target: 'phone' },
                    { guard: { type: 'isChanging', params: { part: 'payment' } }, target: 'payment' },
                    { guard: { type: 'isChanging', params: { part: 'allergies' } }, target: 'allergies' },
                    { target: 'conditions' },
                  ],
                },
                address: {
                  invoke: {
                    id: 'change',
                    src: 'addressChange',
                    input: ({ context }) => ({ today: context.today }),
                    onDone: { target: '#review.reviewing.change.closed', actions: recorded('address') },
                  },
                },
                payment: {
                  invoke: {
                    id: 'change',
                    src: 'paymentChange',
                    input: ({ context }) => ({ today: context.today }),
                    onDone: { target: '#review.reviewing.change.closed', actions: recorded('payment') },
                  },
                },
                notifications: {
                  invoke: {
                    id: 'change',
                    src: 'notificationChange',
                    input: ({ context }) => ({
                      patientId: context.patientId,
                      phone: context.summary!.phone,
                      email: context.summary!.email,
                      isPartD: context.isPartD,
                      state: context.summary!.address?.state ?? null,
                    }),
                    onDone: { target: '#review.reviewing.change.closed', actions: recorded('notifications') },
                  },
                },
                phone: {
                  invoke: { id: 'change', src: 'phoneChange', onDone: { target: '#review.reviewing.change.closed', actions: recorded('phone') } },
                },
                allergies: {
                  invoke: {
                    id: 'change',
                    src: 'healthChange',
                    input: ({ context }) => ({ kind: 'allergies' as const, patientId: context.patientId, onFile: context.summary!.allergies }),
                    onDone: { target: '#review.reviewing.change.closed', actions: recorded('allergies') },
                  },
                },
                conditions: {
                  invoke: {
                    id: 'change',
                    src: 'healthChange',
                    input: ({ context }) => ({ kind: 'conditions' as const, patientId: context.patientId, onFile: context.summary!.conditions }),
                    onDone: { target: '#review.reviewing.change.closed', actions: recorded('conditions') },
                  },
                },
              },
            },
          },
        },
        request: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'remove.pressed': { target: 'confirmingRemoval', actions: assign({ removing: ({ event }) => event.ndc }) },
                'finish.pressed': { guard: 'hasDrugs', target: 'submitting' },
              },
            },
            confirmingRemoval: {
              on: {
                'remove.confirmed': {
                  target: 'idle',
                  actions: [assign({ drugs: ({ context }) => context.drugs.filter((d) => d.ndc !== context.removing), removing: null }), 'focusRequests'],
                },
                'remove.dismissed': { target: 'idle', actions: assign({ removing: null }) },
              },
            },
            submitting: {
              entry: assign({ failure: null }),
              invoke: {
                id: 'submitTransfer',
                src: 'submitTransfer',
                input: ({ context }) => transferSubmission(context.choice, context.drugs),
                onDone: { target: '#review.finished', actions: assign({ result: ({ event }) => event.output }) },
                onError: { target: 'idle', actions: [assign({ failure: ({ event }) => (event.error as CallFailure).displayText }), 'focusFailure'] },
              },
            },
          },
        },
      },
    },
    finished: { type: 'final' },
  },
  output: ({ context }) => ({ result: context.result!, drugs: context.drugs, summary: context.summary, sentOn: context.today }),
});

/** The drug whose removal waits for the confirmation. */
export const removingDrug = (c: Pick<Context, 'drugs' | 'removing'>) => c.drugs.find((d) => d.ndc === c.removing) ?? null;
