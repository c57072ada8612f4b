/**
 * 'Please Review Your Request' (member-transfer-flow.md sections 2 and 4):
 * the member's profile as the gateway holds it, the requested prescriptions
 * (transfers, and new prescriptions asked of the doctor), removing one after
 * a confirmation (by ndc; 'You have removed all Rx's' once none is left), and
 * Finish, which sends the transfer submission and ends the machine with the
 * gateway's answer for the success page.
 *
 * Two regions: `summary` loads the profile (and offers Try again when it
 * cannot); `request` holds the prescriptions and Finish. Finish does not wait
 * for the summary: the gateway already has the profile, and a summary that
 * cannot be shown must not stop the request (the page says so).
 * Back and Cancel belong to the member flow.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { TransferSubmission } from '../contract.ts';
import type { PrescriptionChoice } from './prescriptionsMachine.ts';
import { transferSubmission, type RequestedDrug, type ReviewSummary, type TransferSubmissionResult } from './rules/review.ts';

export interface ReviewInput {
  choice: PrescriptionChoice;
  patientId: number;
}

export interface ReviewOutput {
  result: TransferSubmissionResult;
  drugs: RequestedDrug[];
  summary: ReviewSummary | null;
}

interface CallFailure {
  status: number;
  displayText: string;
}

interface Context {
  choice: PrescriptionChoice;
  patientId: number;
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
  | { type: 'remove.pressed'; ndc: string }
  | { type: 'remove.confirmed' }
  | { type: 'remove.dismissed' }
  | { type: 'finish.pressed' };

export const reviewMachine = setup({
  types: { context: {} as Context, events: {} as ReviewEvent, input: {} as ReviewInput, output: {} as ReviewOutput },
  actors: {
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
  },
  guards: {
    hasDrugs: ({ context }) => context.drugs.length > 0,
  },
}).createMachine({
  id: 'review',
  context: ({ input }) => ({
    choice: input.choice,
    patientId: input.patientId,
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
                onDone: { target: 'shown', actions: assign({ summary: ({ event }) => event.output, summaryError: null }) },
                onError: { target: 'failed', actions: assign({ summaryError: ({ event }) => (event.error as CallFailure).displayText }) },
              },
            },
            shown: {},
            failed: { on: { 'summary.retried': 'loading' } },
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
  output: ({ context }) => ({ result: context.result!, drugs: context.drugs, summary: context.summary }),
});

/** The drug whose removal waits for the confirmation. */
export const removingDrug = (c: Pick<Context, 'drugs' | 'removing'>) => c.drugs.find((d) => d.ndc === c.removing) ?? null;
