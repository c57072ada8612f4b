/**
 * The allergy and condition lookup with an actor that answers: a failed lookup is
 * tried again with the text as typed (Search again). The models drive the graph; here the calls are looked at.
 */
import { expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { healthChangeMachine } from './healthChangeMachine.ts';
import { lookupRetryable, type HealthItem, type HealthKind } from './rules/healthInfo.ts';
import type { CallFailure } from '../shared/rules/calls.ts';

const SULFA: HealthItem = { ref: '00210', desc: 'SULFA' };

test('a failed allergy lookup is tried again with the same text: Search again, no retyping', async () => {
  const asked: string[] = [];
  const machine = healthChangeMachine.provide({
    actors: {
      loadCommon: fromPromise<HealthItem[], { kind: HealthKind }>(async () => []),
      lookupHealth: fromPromise<HealthItem[], { kind: HealthKind; text: string }>(async ({ input }) => {
        asked.push(input.text);
        if (asked.length === 1) throw { status: 500, displayText: 'Unable to process the request at this time. Please try after some time.' } satisfies CallFailure;
        return [SULFA];
      }),
    },
  });
  const actor = createActor(machine, { input: { kind: 'allergies', patientId: 1001, onFile: [] } }).start();
  actor.send({ type: 'health.rowAdded', kind: 'allergies' });
  const id = actor.getSnapshot().context.list.rows[0]!.id;
  actor.send({ type: 'health.rowTyped', kind: 'allergies', id, text: 'sul' });
  let s = await waitFor(actor, (snap) => snap.matches({ open: { lookup: 'idle' } }) && snap.context.suggestions !== null);
  expect(lookupRetryable(s.context.suggestions, 'allergies', id)).toBe(true);

  actor.send({ type: 'health.lookupRetried', kind: 'allergies', id });
  expect(actor.getSnapshot().matches({ open: { lookup: 'looking' } })).toBe(true);
  expect(actor.getSnapshot().context.suggestions).toBeNull();
  s = await waitFor(actor, (snap) => snap.matches({ open: { lookup: 'idle' } }));
  expect(asked).toEqual(['sul', 'sul']);
  expect(s.context.list.rows[0]!.text).toBe('sul');
  expect(s.context.suggestions).toMatchObject({ items: [SULFA], failure: null });
  actor.stop();
});
