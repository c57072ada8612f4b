/**
 * The address form's zip lookup with an actor that answers: a failed lookup is tried
 * again with the zip as typed (Search again), and the zip's status says what the lookup is doing.
 * The model drives the graph (test/model/addressForm.model.ts); here the calls are looked at.
 */
import { expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { addressFormMachine, shownErrors, zipStatus, type ZipPlace } from './addressFormMachine.ts';
import { ADDRESS_MESSAGES, ZIP_LOOKUP_MESSAGES } from './rules/addressForm.ts';
import type { CallFailure } from './rules/calls.ts';

const GENERAL = 'Unable to process the request at this time. Please try after some time.';
const TEMPE: ZipPlace = { city: 'Tempe', state: 'AZ', country: 'US', zipCode: '85281' };

/** The form with a zip lookup that answers each zip asked in turn from `answers` (a CallFailure is thrown). */
function withZipAnswers(answers: (ZipPlace[] | CallFailure)[]) {
  const asked: string[] = [];
  const focused: string[] = [];
  const machine = addressFormMachine.provide({
    actors: {
      lookupZipCode: fromPromise<ZipPlace[], { zip: string }>(async ({ input }) => {
        asked.push(input.zip);
        const answer = answers[asked.length - 1]!;
        if (!Array.isArray(answer)) throw answer;
        return answer;
      }),
    },
    actions: { focusField: (_, { field }) => void focused.push(field) },
  });
  const actor = createActor(machine, { input: { today: '2026-11-22' } }).start();
  return { actor, asked, focused };
}

test('a failed zip lookup (unreachable counts as 400) shows the general text in the zip status; Search again looks the same zip up, the focus back in the zip', async () => {
  const { actor, asked, focused } = withZipAnswers([{ status: 400, displayText: GENERAL }, [TEMPE]]);
  actor.send({ type: 'zip.changed', text: '85281' });
  expect(zipStatus(actor.getSnapshot())).toBe(ZIP_LOOKUP_MESSAGES.looking);
  let s = await waitFor(actor, (snap) => snap.matches({ editing: 'idle' }));
  expect(s.context.zipProblem).toEqual({ kind: 'failed', text: GENERAL });
  expect(zipStatus(s)).toBe(GENERAL);
  // Said once, in the status beside Search again: not the zip's error as well, even once the zip is left.
  actor.send({ type: 'field.blurred', field: 'zip' });
  s = actor.getSnapshot();
  expect(shownErrors(s.context).zip).toBeUndefined();
  expect(s.can({ type: 'zip.retried' })).toBe(true);

  actor.send({ type: 'zip.retried' });
  s = actor.getSnapshot();
  expect(s.hasTag('lookingUp')).toBe(true);
  expect(zipStatus(s)).toBe(ZIP_LOOKUP_MESSAGES.looking);
  expect(focused).toEqual(['zip']);
  s = await waitFor(actor, (snap) => snap.matches({ editing: 'idle' }));
  expect(asked).toEqual(['85281', '85281']);
  expect(s.context.values).toMatchObject({ zip: '85281', city: 'Tempe', state: 'AZ' });
  expect(zipStatus(s)).toBe('');
  expect(s.can({ type: 'zip.retried' })).toBe(false);
  actor.stop();
});

test('a zip the lookup does not know is the zip error at once, with nothing to try again', async () => {
  const { actor } = withZipAnswers([[]]);
  actor.send({ type: 'zip.changed', text: '99999' });
  const s = await waitFor(actor, (snap) => snap.matches({ editing: 'idle' }));
  expect(shownErrors(s.context).zip).toBe(ADDRESS_MESSAGES.zipNotFound);
  expect(zipStatus(s)).toBe('');
  expect(s.can({ type: 'zip.retried' })).toBe(false);
  actor.stop();
});

test('a Save pressed after a failed lookup asks for the city and state and puts the focus in the zip', async () => {
  const { actor, focused } = withZipAnswers([{ status: 500, displayText: GENERAL }]);
  actor.send({ type: 'line1.changed', text: '1 Main St' });
  actor.send({ type: 'addressType.changed', addressType: 'home' });
  actor.send({ type: 'zip.changed', text: '85281' });
  await waitFor(actor, (snap) => snap.matches({ editing: 'idle' }));
  actor.send({ type: 'save.submitted' });
  expect(shownErrors(actor.getSnapshot().context).zip).toBe(ADDRESS_MESSAGES.cityStateZip);
  expect(focused).toEqual(['zip']);
  actor.stop();
});
