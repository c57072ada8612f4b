/**
 * The doctor chooser of the member flow (member-transfer-flow.md sections 2
 * "Doctor selection", 4, 5 "Doctor forms", 8): the doctors on the profile,
 * one chosen at a time by address (choosing the chosen one again clears it);
 * Find Your Doctor (first name, last name, state; Select adds and chooses);
 * Add Your Doctor (the better-match search first: no match adds the doctor as
 * entered, matches are offered with 'We may have found a better match! …');
 * 'Your doctor has been added.' after an addition.
 *
 * Whenever the chosen doctor changes it tells `parentRef` (the prescriptions
 * step) with 'doctor.changed'. Side effects are named: the actors
 * `loadDoctors` and `searchDoctors`, provided by src/.
 */
import { assign, enqueueActions, fromPromise, setup, type AnyActorRef } from 'xstate';
import type { Physician, PhysicianInformation } from '../contract.ts';
import {
  addErrors,
  canContinueAdd,
  cleanDoctorField,
  EMPTY_ADD,
  EMPTY_FIND,
  enteredDoctor,
  findErrors,
  noErrors,
  physicianInformation,
  type AddField,
  type AddForm,
  type FindField,
  type FindForm,
} from './rules/doctorForms.ts';

export interface DoctorsInput {
  patientId: number | null;
  parentRef?: AnyActorRef | null;
}

export interface DoctorSearch {
  firstName: string;
  lastName: string;
  state: string;
}

export interface DoctorChangedEvent {
  type: 'doctor.changed';
  physician: PhysicianInformation | null;
}

interface Context {
  patientId: number | null;
  parentRef: AnyActorRef | null;
  doctors: Physician[];
  chosen: number | null;
  /** The banner 'Your doctor has been added.' */
  added: boolean;
  find: FindForm;
  /** Find's errors show once Search was pressed. */
  findTried: boolean;
  /** Find's results (null before a search). */
  found: Physician[] | null;
  add: AddForm;
  addTried: boolean;
  /** The better matches of an addition (null before the search). */
  matches: Physician[] | null;
  /** The id the next doctor entered by hand gets (negative: never the gateway's). */
  nextOwnId: number;
}

export type DoctorsEvent =
  | { type: 'doctor.toggled'; addressId: number }
  | { type: 'find.opened' }
  | { type: 'find.changed'; field: FindField; text: string }
  | { type: 'find.submitted' }
  | { type: 'found.selected'; addressId: number }
  | { type: 'add.opened' }
  | { type: 'add.changed'; field: AddField; text: string }
  | { type: 'add.submitted' }
  | { type: 'match.selected'; addressId: number }
  | { type: 'dialog.closed' };

/** The doctor chosen, as a request sends it. */
export function selectedPhysician(context: Pick<Context, 'doctors' | 'chosen'>): PhysicianInformation | null {
  const doctor = context.doctors.find((d) => d.addressId === context.chosen);
  return doctor ? physicianInformation(doctor) : null;
}

/** Adds a doctor-address to the list (never twice) and chooses it. */
const withDoctor = (context: Context, doctor: Physician) => ({
  doctors: context.doctors.some((d) => d.addressId === doctor.addressId) ? context.doctors : [...context.doctors, doctor],
  chosen: doctor.addressId ?? null,
  added: true,
});

export const doctorsMachine = setup({
  types: { context: {} as Context, events: {} as DoctorsEvent, input: {} as DoctorsInput },
  actors: {
    loadDoctors: fromPromise<Physician[], { patientId: number }>(async () => {
      throw new Error('loadDoctors is provided by src/');
    }),
    searchDoctors: fromPromise<Physician[], DoctorSearch>(async () => {
      throw new Error('searchDoctors is provided by src/');
    }),
  },
  actions: {
    /** Tells the prescriptions step which doctor is chosen now. */
    tell: enqueueActions(({ context, enqueue }) => {
      if (context.parentRef) enqueue.sendTo(context.parentRef, { type: 'doctor.changed', physician: selectedPhysician(context) } satisfies DoctorChangedEvent);
    }),
    /** The doctor as entered joins the list, chosen, with an id of this page. */
    addEntered: assign(({ context }) => ({ ...withDoctor(context, enteredDoctor(context.add, context.nextOwnId)), nextOwnId: context.nextOwnId - 1 })),
  },
  guards: {
    hasPatient: ({ context }) => context.patientId !== null,
    listed: ({ context }, addressId: number) => context.doctors.some((d) => d.addressId === addressId),
    findValid: ({ context }) => noErrors(findErrors(context.find)),
    addComplete: ({ context }) => canContinueAdd(context.add),
    addValid: ({ context }) => noErrors(addErrors(context.add)),
    someMatch: (_, found: Physician[]) => found.length > 0,
  },
}).createMachine({
  id: 'doctors',
  context: ({ input }) => ({
    patientId: input.patientId,
    parentRef: input.parentRef ?? null,
    doctors: [],
    chosen: null,
    added: false,
    find: EMPTY_FIND,
    findTried: false,
    found: null,
    add: EMPTY_ADD,
    addTried: false,
    matches: null,
    nextOwnId: -1,
  }),
  initial: 'starting',
  states: {
    /** A member not registered yet has no doctors on a profile: nothing to load. */
    starting: { always: [{ guard: 'hasPatient', target: 'loading' }, { target: 'ready' }] },
    loading: {
      tags: ['pending'],
      invoke: {
        id: 'loadDoctors',
        src: 'loadDoctors',
        input: ({ context }) => ({ patientId: context.patientId! }),
        onDone: { target: 'ready', actions: assign({ doctors: ({ event }) => event.output }) },
        // A failed load shows 'No doctors found.' like an empty one (section 8); Find and Add still work.
        onError: { target: 'ready' },
      },
    },
    ready: {
      on: {
        'doctor.toggled': {
          guard: { type: 'listed', params: ({ event }) => event.addressId },
          actions: [assign({ chosen: ({ context, event }) => (context.chosen === event.addressId ? null : event.addressId), added: false }), 'tell'],
        },
      },
      initial: 'idle',
      states: {
        idle: {
          on: {
            'find.opened': { target: 'finding', actions: assign({ find: EMPTY_FIND, findTried: false, found: null, added: false }) },
            'add.opened': { target: 'adding', actions: assign({ add: EMPTY_ADD, addTried: false, matches: null, added: false }) },
          },
        },
        finding: {
          on: {
            'dialog.closed': 'idle',
            'find.changed': { actions: assign({ find: ({ context, event }) => ({ ...context.find, [event.field]: cleanDoctorField(event.field, event.text) }) }) },
            'find.submitted': [
              { guard: 'findValid', target: '.searching', actions: assign({ findTried: true }) },
              { actions: assign({ findTried: true }) },
            ],
          },
          initial: 'editing',
          states: {
            editing: {},
            searching: {
              tags: ['pending'],
              invoke: {
                id: 'findDoctors',
                src: 'searchDoctors',
                input: ({ context }) => ({ firstName: context.find.firstName.trim(), lastName: context.find.lastName.trim(), state: context.find.state }),
                onDone: { target: 'editing', actions: assign({ found: ({ event }) => event.output }) },
                // A failed search shows 'No doctors found.' (section 8).
                onError: { target: 'editing', actions: assign({ found: [] }) },
              },
            },
          },
        },
        adding: {
          on: {
            'dialog.closed': 'idle',
          },
          initial: 'editing',
          states: {
            editing: {
              on: {
                'add.changed': { actions: assign({ add: ({ context, event }) => ({ ...context.add, [event.field]: cleanDoctorField(event.field, event.text) }) }) },
                'add.submitted': [
                  { guard: 'addValid', target: 'matching', actions: assign({ addTried: true }) },
                  { guard: 'addComplete', actions: assign({ addTried: true }) },
                ],
              },
            },
            /** The better-match search, with the names and state entered. */
            matching: {
              tags: ['pending'],
              invoke: {
                id: 'betterMatch',
                src: 'searchDoctors',
                input: ({ context }) => ({ firstName: context.add.firstName.trim(), lastName: context.add.lastName.trim(), state: context.add.state }),
                onDone: [
                  { guard: { type: 'someMatch', params: ({ event }) => event.output }, target: 'matches', actions: assign({ matches: ({ event }) => event.output }) },
                  { target: '#doctors.ready.idle', actions: ['addEntered', 'tell'] },
                ],
                // Decision: a failed better-match search does not stop the member; the doctor is added as entered.
                onError: { target: '#doctors.ready.idle', actions: ['addEntered', 'tell'] },
              },
            },
            matches: {
              on: {
                'match.selected': {
                  target: '#doctors.ready.idle',
                  actions: [assign(({ context, event }) => withDoctor(context, context.matches!.find((m) => m.addressId === event.addressId)!)), 'tell'],
                },
                // Continue: the doctor as entered.
                'add.submitted': { target: '#doctors.ready.idle', actions: ['addEntered', 'tell'] },
              },
            },
          },
        },
      },
    },
  },
});
