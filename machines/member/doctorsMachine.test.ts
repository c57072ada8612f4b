/**
 * Find Your Doctor on a slow network: what is typed while a search runs is kept (a key
 * pressed then must not be lost), and the answer is the search that was pressed.
 */
import { expect, test } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { doctorsMachine, type DoctorSearch } from './doctorsMachine.ts';
import type { Physician } from '../contract.ts';

test('typing while Find Your Doctor searches is kept; the answer is the search pressed', async () => {
  const asked: DoctorSearch[] = [];
  let answer!: (doctors: Physician[]) => void;
  const machine = doctorsMachine.provide({
    actors: {
      loadDoctors: fromPromise<Physician[], { patientId: number }>(async () => []),
      searchDoctors: fromPromise<Physician[], DoctorSearch>(({ input }) => {
        asked.push(input);
        return new Promise((resolve) => (answer = resolve));
      }),
    },
  });
  const actor = createActor(machine, { input: { patientId: null } }).start();
  actor.send({ type: 'find.opened' });
  actor.send({ type: 'find.changed', field: 'firstName', text: 'Elena' });
  actor.send({ type: 'find.changed', field: 'lastName', text: 'Marsh' });
  actor.send({ type: 'find.changed', field: 'state', text: 'AZ' });
  actor.send({ type: 'find.submitted' });
  expect(actor.getSnapshot().hasTag('pending')).toBe(true);
  actor.send({ type: 'find.changed', field: 'lastName', text: 'Marshall' });
  expect(actor.getSnapshot().context.find.lastName).toBe('Marshall');
  answer([]);
  await new Promise((r) => setTimeout(r, 0));
  expect(actor.getSnapshot().hasTag('pending')).toBe(false);
  expect(actor.getSnapshot().context.find.lastName).toBe('Marshall');
  expect(actor.getSnapshot().context.found).toEqual([]);
  expect(asked).toEqual([{ firstName: 'Elena', lastName: 'Marsh', state: 'AZ' }]);
  actor.stop();
});
