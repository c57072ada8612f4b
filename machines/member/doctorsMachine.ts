/**
 * The doctor chooser of the member flow (member-transfer-flow.md sections 2
 * "Doctor selection", 4, 5 "Doctor forms", 7, 8):
 * - the doctors on the profile (POST /mmar/getphysicians; none to load for a
 *   member not registered yet), one doctor-address chosen at a time (choosing
 *   the chosen one again clears it), never one listed twice; an empty or
 *   failed load shows 'No doctors found.';
 * - Find Your Doctor: first name, last name, state; Search (GET
 *   /mmar/physicians); Select on a result adds it to the list, chooses it and
 *   closes; none found, a 204 or a failure shows 'No doctors found.';
 * - Add Your Doctor: the doctor's names and practice address; Continue first
 *   searches for a better match with the names and state entered: none adds
 *   the doctor as entered, matches are offered ('We may have found a better
 *   match! …') with Select on each, or Continue for the doctor as entered;
 * - 'Your doctor has been added.' after an addition.
 *
 * Errors show for a field once it is left (a Find field once it is left with
 * something typed: tabbing through is not an error), and for all after a refused Search
 * or Continue; from then on they follow the typing. Whenever the chosen doctor
 * changes, the machine tells its parent (the prescriptions step, when `tellsParent`) with
 * 'doctor.changed'. Side effects are named: the actors `loadDoctors` and
 * `searchDoctors`, and the action `focusField` (the first field to fix after
 * a refused Search or Continue), provided by src/ (src/flows/member/doctorsActors.ts).
 */
import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { Physician, PhysicianInformation } from '../contract.ts';
import {
  ADD_FIELDS,
  addErrors,
  canContinueAdd,
  cleanDoctorField,
  doctorAddresses,
  EMPTY_ADD,
  EMPTY_FIND,
  enteredDoctor,
  FIND_FIELDS,
  findErrors,
  noErrors,
  physicianInformation,
  searchOf,
  withDoctor,
  type AddField,
  type AddForm,
  type FieldErrors,
  type FindField,
  type FindForm,
} from './rules/doctorForms.ts';

export { DOCTOR_MESSAGES } from './rules/doctorForms.ts';
export type { AddField, FindField };

/** A field of either dialog, for the focus after a refused Search or Continue. */
export type DoctorFieldKey = `find-${FindField}` | `add-${AddField}`;

export interface DoctorsInput {
  /** null for a member not registered yet: no profile, no doctors to load. */
  patientId: number | null;
  /** The parent (the prescriptions step) is told 'doctor.changed' whenever the chosen doctor changes; false: the machine runs on its own. */
  tellsParent?: boolean;
}

/** What a search sends (GET /mmar/physicians' query). */
export interface DoctorSearch {
  firstName: string;
  lastName: string;
  state: string;
}

/** What the parent is told. */
export interface DoctorChangedEvent {
  type: 'doctor.changed';
  physician: PhysicianInformation | null;
}

export interface DoctorsContext {
  patientId: number | null;
  tellsParent: boolean;
  /** The doctor-addresses listed: the profile's, then those added on this page. */
  doctors: Physician[];
  /** The addressId chosen. */
  chosen: number | null;
  /** 'Your doctor has been added.' shows. */
  added: boolean;
  find: FindForm;
  /** Find's fields left at least once (their errors show). */
  findTouched: FindField[];
  /** Search was pressed (every error shows). */
  findTried: boolean;
  /** The last search's doctors (null before one). */
  found: Physician[] | null;
  add: AddForm;
  addTouched: AddField[];
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
  | { type: 'find.blurred'; field: FindField }
  | { type: 'find.submitted' }
  | { type: 'found.selected'; addressId: number }
  | { type: 'add.opened' }
  | { type: 'add.changed'; field: AddField; text: string }
  | { type: 'add.blurred'; field: AddField }
  | { type: 'add.submitted' }
  | { type: 'match.selected'; addressId: number }
  | { type: 'dialog.closed' };

/** The doctor chosen, as a request sends it; null when none is. */
export function selectedPhysician(context: Pick<DoctorsContext, 'doctors' | 'chosen'>): PhysicianInformation | null {
  const doctor = context.chosen === null ? undefined : context.doctors.find((d) => d.addressId === context.chosen);
  return doctor ? physicianInformation(doctor) : null;
}

const only = <F extends string>(errors: FieldErrors<F>, shown: (field: F) => boolean): FieldErrors<F> =>
  Object.fromEntries(Object.entries(errors).map(([f, e]) => [f, shown(f as F) ? e : null])) as FieldErrors<F>;

/** The Find errors the person sees: those of the fields left, every one after Search. */
export function shownFindErrors(c: Pick<DoctorsContext, 'find' | 'findTouched' | 'findTried'>): FieldErrors<FindField> {
  return only(findErrors(c.find), (f) => c.findTried || c.findTouched.includes(f));
}

/** The Add errors the person sees: those of the fields left, every one after Continue. */
export function shownAddErrors(c: Pick<DoctorsContext, 'add' | 'addTouched' | 'addTried'>): FieldErrors<AddField> {
  return only(addErrors(c.add), (f) => c.addTried || c.addTouched.includes(f));
}

/** What choosing changes: the list, the doctor chosen, the banner (and the next own id after an entry). */
type Choice = Pick<DoctorsContext, 'doctors' | 'chosen' | 'added'> & Partial<Pick<DoctorsContext, 'nextOwnId'>>;

/** Ticking a doctor chooses it, ticking the chosen one clears the choice; the banner goes. */
const toggled = (c: DoctorsContext, addressId: number): Choice => ({ doctors: c.doctors, chosen: c.chosen === addressId ? null : addressId, added: false });

/** A doctor-address joins the list (unless listed) and is chosen; the banner shows for an addition. */
const adding = (c: DoctorsContext, doctor: Physician): Choice => ({
  doctors: withDoctor(c.doctors, doctor),
  chosen: doctor.addressId ?? null,
  added: !c.doctors.some((d) => d.addressId === doctor.addressId),
});

/** The doctor as entered joins the list with an id of this page, chosen. */
const addingEntered = (c: DoctorsContext): Choice => ({ ...adding(c, enteredDoctor(c.add, c.nextOwnId)), nextOwnId: c.nextOwnId - 1 });

const inList = (list: Physician[] | null, addressId: number) => list?.find((d) => d.addressId === addressId);

const touching = <F extends string>(touched: F[], field: F) => (touched.includes(field) ? touched : [...touched, field]);

export const doctorsMachine = setup({
  types: { context: {} as DoctorsContext, events: {} as DoctorsEvent, input: {} as DoctorsInput },
  actors: {
    loadDoctors: fromPromise<Physician[], { patientId: number }>(async () => {
      throw new Error('loadDoctors is provided by src/');
    }),
    searchDoctors: fromPromise<Physician[], DoctorSearch>(async () => {
      throw new Error('searchDoctors is provided by src/');
    }),
  },
  actions: {
    /** Applies a new list and choice, telling the parent when the chosen doctor changes. */
    choose: enqueueActions(({ context, enqueue }, next: Choice) => {
      enqueue.assign(next);
      if (next.chosen !== context.chosen && context.tellsParent) {
        enqueue.sendParent({ type: 'doctor.changed', physician: selectedPhysician(next) } satisfies DoctorChangedEvent);
      }
    }),
    focusField: (_, _params: { field: DoctorFieldKey }) => {
      /* provided by src/: moves the focus to the first field to fix */
    },
  },
  guards: {
    hasPatient: ({ context }) => context.patientId !== null,
    listed: ({ context }, addressId: number) => context.doctors.some((d) => d.addressId === addressId),
    found: ({ context }, addressId: number) => inList(context.found, addressId) !== undefined,
    matched: ({ context }, addressId: number) => inList(context.matches, addressId) !== undefined,
    findValid: ({ context }) => noErrors(findErrors(context.find)),
    findFieldTyped: ({ context }, field: FindField) => context.find[field] !== '',
    addComplete: ({ context }) => canContinueAdd(context.add),
    addValid: ({ context }) => noErrors(addErrors(context.add)),
    someMatch: (_, found: Physician[]) => found.length > 0,
  },
}).createMachine({
  id: 'doctors',
  context: ({ input }) => ({
    patientId: input.patientId,
    tellsParent: input.tellsParent ?? false,
    doctors: [],
    chosen: null,
    added: false,
    find: EMPTY_FIND,
    findTouched: [],
    findTried: false,
    found: null,
    add: EMPTY_ADD,
    addTouched: [],
    addTried: false,
    matches: null,
    nextOwnId: -1,
  }),
  initial: 'starting',
  states: {
    /** A member not registered yet has no profile: nothing to load, the list is empty. */
    starting: { always: [{ guard: 'hasPatient', target: 'loading' }, { target: 'ready' }] },
    loading: {
      tags: ['pending'],
      invoke: {
        id: 'loadDoctors',
        src: 'loadDoctors',
        input: ({ context }) => ({ patientId: context.patientId! }),
        onDone: { target: 'ready', actions: assign({ doctors: ({ event }) => doctorAddresses(event.output) }) },
        // Section 8: a failed load shows 'No doctors found.' as an empty one does; Find and Add still work.
        onError: { target: 'ready' },
      },
    },
    ready: {
      initial: 'idle',
      states: {
        /** The list and the two buttons (a dialog open hides the page from the person). */
        idle: {
          on: {
            'doctor.toggled': {
              guard: { type: 'listed', params: ({ event }) => event.addressId },
              actions: { type: 'choose', params: ({ context, event }) => toggled(context, event.addressId) },
            },
            'find.opened': { target: 'finding', actions: assign({ find: EMPTY_FIND, findTouched: [], findTried: false, found: null, added: false }) },
            'add.opened': { target: 'adding', actions: assign({ add: EMPTY_ADD, addTouched: [], addTried: false, matches: null, added: false }) },
          },
        },
        finding: {
          on: {
            // Cancel, the close button or Escape: nothing changes (a search under way is dropped).
            'dialog.closed': 'idle',
            // Typing goes on while a search runs (a key pressed then must not be lost); the answer is the search pressed.
            'find.changed': { actions: assign({ find: ({ context, event }) => ({ ...context.find, [event.field]: cleanDoctorField(event.field, event.text) }) }) },
          },
          initial: 'editing',
          states: {
            editing: {
              on: {
                // Tabbing through an empty field is not an error yet: a field shows its error once
                // it is left with something typed, every field after Search.
                'find.blurred': {
                  guard: { type: 'findFieldTyped', params: ({ event }) => event.field },
                  actions: assign({ findTouched: ({ context, event }) => touching(context.findTouched, event.field) }),
                },
                'find.submitted': [
                  { guard: 'findValid', target: 'searching', actions: assign({ findTried: true }) },
                  {
                    actions: [
                      assign({ findTried: true }),
                      { type: 'focusField', params: ({ context }) => ({ field: `find-${FIND_FIELDS.find((f) => findErrors(context.find)[f] !== null)!}` as const }) },
                    ],
                  },
                ],
                'found.selected': {
                  guard: { type: 'found', params: ({ event }) => event.addressId },
                  target: '#doctors.ready.idle',
                  actions: { type: 'choose', params: ({ context, event }) => adding(context, inList(context.found, event.addressId)!) },
                },
              },
            },
            searching: {
              tags: ['pending'],
              invoke: {
                id: 'findDoctors',
                src: 'searchDoctors',
                input: ({ context }) => searchOf(context.find),
                onDone: { target: 'editing', actions: assign({ found: ({ event }) => doctorAddresses(event.output) }) },
                // Section 8: a failed search shows 'No doctors found.'.
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
                'add.blurred': { actions: assign({ addTouched: ({ context, event }) => touching(context.addTouched, event.field) }) },
                // Continue is enabled once every required field is filled (section 5); a wrong one shows every error.
                'add.submitted': [
                  { guard: 'addValid', target: 'matching', actions: assign({ addTried: true }) },
                  {
                    guard: 'addComplete',
                    actions: [
                      assign({ addTried: true }),
                      { type: 'focusField', params: ({ context }) => ({ field: `add-${ADD_FIELDS.find((f) => addErrors(context.add)[f] !== null)!}` as const }) },
                    ],
                  },
                ],
              },
            },
            /** The better-match search, with the names and state entered. */
            matching: {
              tags: ['pending'],
              invoke: {
                id: 'betterMatch',
                src: 'searchDoctors',
                input: ({ context }) => searchOf(context.add),
                onDone: [
                  {
                    guard: { type: 'someMatch', params: ({ event }) => doctorAddresses(event.output) },
                    target: 'matches',
                    actions: assign({ matches: ({ event }) => doctorAddresses(event.output) }),
                  },
                  { target: '#doctors.ready.idle', actions: { type: 'choose', params: ({ context }) => addingEntered(context) } },
                ],
                // Our decision: a failed better-match search does not stop the member; the doctor is added as entered.
                onError: { target: '#doctors.ready.idle', actions: { type: 'choose', params: ({ context }) => addingEntered(context) } },
              },
            },
            /** 'We may have found a better match! …': Select one, or Continue with the doctor as entered. */
            matches: {
              on: {
                'match.selected': {
                  guard: { type: 'matched', params: ({ event }) => event.addressId },
                  target: '#doctors.ready.idle',
                  actions: { type: 'choose', params: ({ context, event }) => adding(context, inList(context.matches, event.addressId)!) },
                },
                'add.submitted': { target: '#doctors.ready.idle', actions: { type: 'choose', params: ({ context }) => addingEntered(context) } },
              },
            },
          },
        },
      },
    },
  },
});
