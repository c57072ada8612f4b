/**
 * The drug-name lookup with an actor that answers: a failed lookup
 * is tried again with the name as typed (Search again), and the answer replaces
 * the failure. The models drive the graph; here the calls themselves are looked at.
 */
import { expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { addPrescriptionMachine } from './addPrescriptionMachine.ts';
import {
  lookupRetryable,
  notAddableReasons,
  rowErrorsOf,
  rowHintOf,
  ADD_PRESCRIPTION_MESSAGES as M,
  type DrugSuggestion,
  type FieldKey,
  type NewRxEligibilityResult,
  type CheckEligibilityInput,
} from './addPrescriptionContext.ts';
import { ATORVASTATIN_40 } from '../../test/model/addPrescription.model.ts';
import type { CallFailure } from '../shared/rules/calls.ts';

const GENERAL = 'Unable to process the request at this time. Please try after some time.';

test('a failed drug lookup is tried again with the same name: Search again, no retyping', async () => {
  const asked: string[] = [];
  const focused: FieldKey[] = [];
  const machine = addPrescriptionMachine.provide({
    actors: {
      lookupDrugs: fromPromise<DrugSuggestion[], { text: string }>(async ({ input }) => {
        asked.push(input.text);
        if (asked.length === 1) throw { status: 500, displayText: GENERAL } satisfies CallFailure;
        return [ATORVASTATIN_40];
      }),
    },
    actions: { focusField: (_, params) => void focused.push(params.field) },
  });
  const actor = createActor(machine, { input: { listedNdcs: [], physician: null, governmentFunded: false } }).start();
  actor.send({ type: 'kind.chosen', kind: 'new' });
  actor.send({ type: 'continue.pressed' });
  actor.send({ type: 'drug.typed', index: 0, text: 'atorv' });
  let s = await waitFor(actor, (snap) => snap.context.lookupRowId === null);
  expect(rowErrorsOf(s.context, 0).drug).toBe(GENERAL);
  expect(lookupRetryable(s.context, 0)).toBe(true);

  focused.length = 0;
  actor.send({ type: 'lookup.retried', index: 0 });
  // Searching… under the field, which has the focus again; the failure no longer shows; the button goes.
  expect(rowHintOf(actor.getSnapshot().context, 0)).toBe(M.rows.searching);
  expect(rowErrorsOf(actor.getSnapshot().context, 0).drug).toBeUndefined();
  expect(lookupRetryable(actor.getSnapshot().context, 0)).toBe(false);
  expect(focused).toEqual(['drug-0']);
  s = await waitFor(actor, (snap) => snap.context.lookupRowId === null);
  expect(asked).toEqual(['atorv', 'atorv']);
  expect(s.context.rows[0]!.drugName).toBe('atorv');
  expect(s.context.rows[0]!.suggestions).toEqual([ATORVASTATIN_40]);
  expect(s.context.rows[0]!.lookupFailure).toBeNull();
  expect(lookupRetryable(s.context, 0)).toBe(false);
  actor.stop();
});

test('Add Prescription with a C2 drug in a row: refused, and the reason names the drug and says why (section 8, code 3)', async () => {
  const C2_TEXT = 'This drug is a C2 controlled substance. Please ask your doctor to e-prescribe or fax a new prescription.';
  const machine = addPrescriptionMachine.provide({
    actors: {
      lookupDrugs: fromPromise<DrugSuggestion[], { text: string }>(async () => [ATORVASTATIN_40]),
      checkEligibility: fromPromise<NewRxEligibilityResult, CheckEligibilityInput>(async ({ input }) => ({
        index: input.index,
        transferRxStatusInfo: { code: 3, description: 'ControlledSubstanceC2', requestedDate: null },
        eligibleStatusMessage: C2_TEXT,
      })),
    },
    actions: { focusField: () => undefined },
  });
  const actor = createActor(machine, { input: { listedNdcs: [], physician: null, governmentFunded: false } }).start();
  actor.send({ type: 'kind.chosen', kind: 'new' });
  actor.send({ type: 'continue.pressed' });
  actor.send({ type: 'drug.typed', index: 0, text: 'atorv' });
  await waitFor(actor, (snap) => snap.context.rows[0]!.suggestions !== null);
  actor.send({ type: 'drug.picked', index: 0, drug: ATORVASTATIN_40 });
  await waitFor(actor, (snap) => snap.context.rows[0]!.eligibility.status === 'checked');
  // Nothing said before a press.
  expect(notAddableReasons(actor.getSnapshot().context)).toEqual([]);
  actor.send({ type: 'submit.pressed' });
  const s = actor.getSnapshot();
  expect(s.matches('form')).toBe(true);
  expect(notAddableReasons(s.context)).toEqual([`${ATORVASTATIN_40.labelName}: ${C2_TEXT}`]);
  actor.stop();
});
