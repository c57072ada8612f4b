/**
 * A decision the browser tours do not walk (review.model.ts says why): Finish
 * does not wait for the profile summary, which may still be loading.
 */
import { expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { REVIEW_CHOICE, REVIEW_RESULT } from '../../test/model/review.model.ts';
import { reviewMachine } from './reviewMachine.ts';
import type { ReviewSummary } from './rules/review.ts';

test('Finish sends the request while the profile is still loading, and the review ends with the answer', async () => {
  let sent: unknown = null;
  const machine = reviewMachine.provide({
    actors: {
      loadSummary: fromPromise<ReviewSummary, { patientId: number }>(() => new Promise(() => undefined)),
      submitTransfer: fromPromise(async ({ input }) => {
        sent = input;
        return REVIEW_RESULT;
      }),
    },
  });
  const actor = createActor(machine, { input: { choice: REVIEW_CHOICE, patientId: 1001, isPartD: false, today: '2026-11-22' } }).start();
  expect(actor.getSnapshot().matches({ reviewing: { summary: 'loading' } })).toBe(true);
  // No Change while the profile loads.
  expect(actor.getSnapshot().can({ type: 'change.opened', part: 'phone' })).toBe(false);
  actor.send({ type: 'finish.pressed' });
  const done = await waitFor(actor, (s) => s.status === 'done');
  expect(sent).toMatchObject({ siteIdentifier: 'MMAR' });
  expect(done.output).toEqual({ result: REVIEW_RESULT, drugs: REVIEW_CHOICE.drugs, summary: null, sentOn: '2026-11-22' });
});
