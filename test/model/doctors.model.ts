/**
 * The doctor chooser's model: the doctors on the profile (two, a duplicate
 * listed once, none, a failed load), choosing, switching and clearing; Find
 * Your Doctor (a blank first name and a one-letter state left, an empty
 * Search, the fields filled, results, none or a failure, Select of a new
 * doctor or of one already listed); Add Your Doctor (a field left empty, the
 * fields filled in screen order with a short phone first, Continue, the
 * better-match search: none adds the doctor as entered, a match is offered
 * with Select or Continue, a failure adds the doctor as entered); Cancel.
 *
 * Free text stays out of the graph: every field takes one or two fixed
 * values, and the serialisation keeps only whether a field is empty, valid or
 * invalid and which errors show. The rules themselves (every message) are
 * unit-tested in machines/member/rules/doctorForms.test.ts.
 */
import { expect } from './check.ts';
import { doctorsMachine, selectedPhysician, shownAddErrors, shownFindErrors, type DoctorsContext } from '../../machines/member/doctorsMachine.ts';
import { addErrors, canContinueAdd, DOCTOR_MESSAGES, findErrors, noErrors, type AddField, type FindField } from '../../machines/member/rules/doctorForms.ts';
import type { Physician } from '../../machines/contract.ts';
import { actorDone as done, actorError, type MachineModel } from './harness.ts';

const GENERAL = 'Unable to process the request at this time. Please try after some time.';

/** The seeded doctors (gateway/db/seed.ts), as the gateway lists them: one entry per doctor-address. */
const doctor = (addressId: number, npi: string, firstName: string, lastName: string, street: string, city: string, zipCode: string, phone: string): Physician => ({
  npi,
  deaNo: null,
  ePostDoctoNum: 20000 + addressId - 1,
  firstName,
  middleName: null,
  lastName,
  addresses: [{ ePostAddressId: addressId, physicianServiceAddressId: addressId, streetAddress1: street, streetAddress2: null, city, state: 'AZ', zipCode, phoneNumber: phone, faxNumber: null }],
  addressId,
  selected: false,
  selectAddressId: null,
});

export const MARSH = doctor(1, '1457396812', 'Elena', 'Marsh', '2250 E Southern Ave', 'Tempe', '85282', '4805550110');
export const OKAFOR = doctor(2, '1386750243', 'David', 'Okafor', '1300 N 12th St', 'Phoenix', '85006', '6025550111');
export const WHITFIELD = doctor(4, '1730284956', 'Thomas', 'Whitfield', '1111 E McDowell Rd', 'Phoenix', '85006', '6025550113');
/** The id the first doctor entered by hand gets. */
export const ENTERED_ID = -1;

type Snapshot = Parameters<(typeof doctorsModel)['serialize']>[0];
type Status = 'empty' | 'valid' | 'invalid';

const status = (text: string, error: string | null): Status => (text === '' ? 'empty' : error === null ? 'valid' : 'invalid');
const findStatus = (c: DoctorsContext, f: FindField): Status => status(c.find[f], findErrors(c.find)[f]);
const addStatus = (c: DoctorsContext, f: AddField): Status => status(c.add[f], addErrors(c.add)[f]);
const shownFields = (errors: Record<string, string | null>) =>
  Object.entries(errors)
    .filter(([, e]) => e !== null)
    .map(([f]) => f)
    .join(',');

const idle = (s: Snapshot) => s.matches({ ready: 'idle' });
const findEditing = (s: Snapshot) => s.matches({ ready: { finding: 'editing' } });
const addEditing = (s: Snapshot) => s.matches({ ready: { adding: 'editing' } });
/**
 * Where the dialogs open (one addition a path): Find from the profile's two
 * doctors (so that one of them can be found again), Add from an empty list
 * (a member with no doctor on file); nothing chosen or added yet.
 */
const profileOnly = (s: Snapshot) => s.context.doctors.map((d) => d.addressId).join(',') === '1,2' && s.context.chosen === null;
const emptyList = (s: Snapshot) => s.context.doctors.length === 0;
const findUntouched = (c: DoctorsContext) => c.find.firstName === '' && c.find.lastName === '' && c.find.state === '' && !c.findTried && c.findTouched.length === 0;
const addUntouched = (c: DoctorsContext) => Object.values(c.add).every((v) => v === '') && !c.addTried && c.addTouched.length === 0;
const findFilled = (c: DoctorsContext) => c.find.firstName === 'Thomas';
/** Cancel is modelled where it means something: before typing, while a search runs, with results or matches shown. */
const cancellable = (s: Snapshot) =>
  s.hasTag('pending') ||
  s.matches({ ready: { adding: 'matches' } }) ||
  (findEditing(s) && (findUntouched(s.context) || s.context.found !== null)) ||
  (addEditing(s) && addUntouched(s.context));

export const doctorsModel: MachineModel<typeof doctorsMachine> = {
  name: 'doctors',
  machine: doctorsMachine,
  input: { patientId: 1001 },
  events: [
    // The profile's doctors.
    { label: 'Dr. Marsh and Dr. Okafor load', event: done('loadDoctors', [MARSH, OKAFOR]) },
    { label: 'Dr. Marsh, Dr. Okafor and Dr. Marsh again load', event: done('loadDoctors', [MARSH, OKAFOR, MARSH]) },
    { label: 'no doctor is on the profile (204)', event: done('loadDoctors', []) },
    { label: 'loading the doctors fails', event: actorError('loadDoctors', { status: 500, displayText: GENERAL }) },
    // Choosing: tick, tick another (the first is unticked), tick the chosen one (cleared).
    { label: 'toggles Dr. Marsh', event: { type: 'doctor.toggled', addressId: 1 }, when: (s) => idle(s) && (s.context.chosen === null || s.context.chosen === 1) },
    { label: 'toggles Dr. Okafor', event: { type: 'doctor.toggled', addressId: 2 }, when: (s) => idle(s) && s.context.chosen === 1 },
    { label: 'toggles Dr. Whitfield', event: { type: 'doctor.toggled', addressId: 4 }, when: (s) => idle(s) && s.context.chosen === 4 },
    { label: 'toggles Dr. Ann Lee', event: { type: 'doctor.toggled', addressId: ENTERED_ID }, when: (s) => idle(s) && s.context.chosen === ENTERED_ID },

    // Find Your Doctor.
    { label: 'opens Find Your Doctor', event: { type: 'find.opened' }, when: profileOnly },
    { label: 'types First Name "   "', event: { type: 'find.changed', field: 'firstName', text: '   ' }, when: (s) => findEditing(s) && findUntouched(s.context) },
    { label: 'leaves First Name', event: { type: 'find.blurred', field: 'firstName' }, when: (s) => findEditing(s) && s.context.find.firstName === '   ' && !s.context.findTouched.includes('firstName') },
    { label: 'types First Name "Thomas"', event: { type: 'find.changed', field: 'firstName', text: 'Thomas' }, when: (s) => findEditing(s) && !findFilled(s.context) && (s.context.find.firstName !== '' || s.context.findTried) },
    { label: 'types Last Name "W"', event: { type: 'find.changed', field: 'lastName', text: 'W' }, when: (s) => findEditing(s) && findFilled(s.context) && s.context.find.lastName === '' },
    { label: 'types Last Name "Whitfield"', event: { type: 'find.changed', field: 'lastName', text: 'Whitfield' }, when: (s) => findEditing(s) && findFilled(s.context) && s.context.find.lastName === 'W' },
    { label: 'types State "A"', event: { type: 'find.changed', field: 'state', text: 'A' }, when: (s) => findEditing(s) && s.context.find.lastName === 'Whitfield' && s.context.find.state === '' },
    { label: 'leaves State', event: { type: 'find.blurred', field: 'state' }, when: (s) => findEditing(s) && s.context.find.state === 'A' && !s.context.findTouched.includes('state') },
    { label: 'picks State "AZ"', event: { type: 'find.changed', field: 'state', text: 'AZ' }, when: (s) => findEditing(s) && s.context.find.state === 'A' },
    // Search on the empty form (every error shows), or on the complete one.
    {
      label: 'presses Search',
      event: { type: 'find.submitted' },
      when: (s) => (findUntouched(s.context) && !s.context.findTried) || (noErrors(findErrors(s.context.find)) && s.context.found === null),
    },
    { label: 'Dr. Whitfield and Dr. Marsh are found', event: done('findDoctors', [WHITFIELD, MARSH]) },
    { label: 'no doctor is found (204)', event: done('findDoctors', []) },
    { label: 'the search fails', event: actorError('findDoctors', { status: 500, displayText: GENERAL }) },
    { label: 'selects Dr. Whitfield', event: { type: 'found.selected', addressId: 4 } },
    { label: 'selects Dr. Marsh', event: { type: 'found.selected', addressId: 1 } },

    // Add Your Doctor.
    { label: 'opens Add Your Doctor', event: { type: 'add.opened' }, when: emptyList },
    { label: 'leaves First Name empty', event: { type: 'add.blurred', field: 'firstName' }, when: (s) => addEditing(s) && addUntouched(s.context) },
    { label: 'types First Name "Ann"', event: { type: 'add.changed', field: 'firstName', text: 'Ann' }, when: (s) => addEditing(s) && s.context.add.firstName === '' },
    { label: 'types Last Name "Lee"', event: { type: 'add.changed', field: 'lastName', text: 'Lee' }, when: (s) => addEditing(s) && s.context.add.firstName !== '' && s.context.add.lastName === '' },
    { label: 'types Street Address "100 Mill Ave"', event: { type: 'add.changed', field: 'street', text: '100 Mill Ave' }, when: (s) => addEditing(s) && s.context.add.lastName !== '' && s.context.add.street === '' },
    { label: 'types City "Tempe"', event: { type: 'add.changed', field: 'city', text: 'Tempe' }, when: (s) => addEditing(s) && s.context.add.street !== '' && s.context.add.city === '' },
    { label: 'picks State "AZ" in Add', event: { type: 'add.changed', field: 'state', text: 'AZ' }, when: (s) => addEditing(s) && s.context.add.city !== '' && s.context.add.state === '' },
    { label: 'types Zip Code "85281"', event: { type: 'add.changed', field: 'zip', text: '85281' }, when: (s) => addEditing(s) && s.context.add.state !== '' && s.context.add.zip === '' },
    { label: 'types Phone Number "(480) 555"', event: { type: 'add.changed', field: 'phone', text: '(480) 555' }, when: (s) => addEditing(s) && s.context.add.zip !== '' && s.context.add.phone === '' },
    { label: 'completes Phone Number "(480) 555-0199"', event: { type: 'add.changed', field: 'phone', text: '(480) 555-0199' }, when: (s) => addEditing(s) && s.context.add.phone === '480555' },
    // Continue with the short phone (its error shows), with the complete form, or on the better matches.
    { label: 'presses Continue', event: { type: 'add.submitted' }, when: (s) => !addEditing(s) || !s.context.addTried || noErrors(addErrors(s.context.add)) },
    { label: 'no better match is found', event: done('betterMatch', []) },
    { label: 'a better match is found: Dr. Whitfield', event: done('betterMatch', [WHITFIELD]) },
    { label: 'the better-match search fails', event: actorError('betterMatch', { status: 500, displayText: GENERAL }) },
    { label: 'selects the better match Dr. Whitfield', event: { type: 'match.selected', addressId: 4 } },

    // Either dialog.
    { label: 'presses Cancel', event: { type: 'dialog.closed' }, when: cancellable },
  ],
  // What makes two snapshots different screens: the list, the choice, the banner, and in a dialog each field's status and the errors shown.
  serialize: (s) => {
    const c = s.context;
    return JSON.stringify([
      s.value,
      c.doctors.map((d) => d.addressId).join(','),
      c.chosen,
      c.added,
      s.matches({ ready: 'finding' })
        ? [(['firstName', 'lastName', 'state'] as const).map((f) => findStatus(c, f)).join(','), shownFields(shownFindErrors(c)), c.findTried, c.found?.map((d) => d.addressId).join(',') ?? null]
        : null,
      s.matches({ ready: 'adding' })
        ? [(Object.keys(c.add) as AddField[]).map((f) => addStatus(c, f)).join(','), shownFields(shownAddErrors(c)), c.addTried, c.matches?.map((d) => d.addressId).join(',') ?? null]
        : null,
    ]);
  },
  invariants: {
    'doctors.loading': (s) => {
      expect(s.hasTag('pending')).toBe(true);
      expect(s.context.doctors.length).toBe(0);
    },
    'doctors.ready': (s) => {
      const c = s.context;
      // Each doctor-address listed once, with its one address; at most one chosen, and it is listed.
      expect(new Set(c.doctors.map((d) => d.addressId)).size).toBe(c.doctors.length);
      expect(c.doctors.every((d) => d.addresses.length === 1)).toBe(true);
      const chosen = selectedPhysician(c);
      expect(chosen === null).toBe(c.chosen === null);
      // A request gets the chosen address only; a doctor entered by hand has no gateway ids.
      if (chosen && c.chosen! < 0) expect([chosen.npi, chosen.addressId, chosen.selectAddressId]).toEqual([null, null, null]);
      if (chosen && c.chosen! > 0) expect(chosen.addressId).toBe(c.chosen);
      // The banner follows an addition, which chooses the doctor added.
      if (c.added) expect(c.chosen).not.toBeNull();
    },
    'doctors.ready.idle': (s) => {
      expect(s.hasTag('pending')).toBe(false);
      expect(s.can({ type: 'find.opened' }) && s.can({ type: 'add.opened' })).toBe(true);
      // 'No doctors found.' shows exactly when the list is empty.
      if (s.context.doctors.length === 0) expect(s.context.chosen).toBeNull();
    },
    'doctors.ready.finding': (s) => {
      expect(s.context.added).toBe(false);
      expect(s.can({ type: 'dialog.closed' })).toBe(true);
    },
    'doctors.ready.finding.editing': (s) => {
      const c = s.context;
      const shown = shownFindErrors(c);
      // After Search every error shows; a field left shows its own.
      if (c.findTried) expect(shown).toEqual(findErrors(c.find));
      if (c.findTried && findUntouched({ ...c, findTried: false })) expect(shown).toEqual({ firstName: 'Enter First Name', lastName: 'Enter Last Name', state: 'Enter State' });
      if (c.find.firstName === '   ' && c.findTouched.includes('firstName')) expect(shown.firstName).toBe(DOCTOR_MESSAGES.whitespace);
      if (c.find.state === 'A' && (c.findTouched.includes('state') || c.findTried)) expect(shown.state).toBe(DOCTOR_MESSAGES.stateWrong);
      if (!c.findTried) expect(shown.lastName).toBeNull();
      if (c.found) expect(new Set(c.found.map((d) => d.addressId)).size).toBe(c.found.length);
    },
    'doctors.ready.finding.searching': (s) => {
      expect(s.hasTag('pending')).toBe(true);
      expect(noErrors(findErrors(s.context.find))).toBe(true);
    },
    'doctors.ready.adding': (s) => {
      expect(s.context.added).toBe(false);
      expect(s.can({ type: 'dialog.closed' })).toBe(true);
    },
    'doctors.ready.adding.editing': (s) => {
      const c = s.context;
      // Continue is enabled only when every required field is filled and the state has 2 letters.
      expect(s.can({ type: 'add.submitted' })).toBe(canContinueAdd(c.add));
      const shown = shownAddErrors(c);
      if (c.addTried) expect(shown).toEqual(addErrors(c.add));
      if (c.addTried && c.add.phone === '480555') expect(shown.phone).toBe(DOCTOR_MESSAGES.phoneShort);
      if (c.addTouched.includes('firstName') && c.add.firstName === '') expect(shown.firstName).toBe(DOCTOR_MESSAGES.firstNameRequired);
      if (!c.addTried && !c.addTouched.length) expect(noErrors(shown)).toBe(true);
    },
    'doctors.ready.adding.matching': (s) => {
      expect(s.hasTag('pending')).toBe(true);
      expect(noErrors(addErrors(s.context.add))).toBe(true);
    },
    'doctors.ready.adding.matches': (s) => {
      expect(s.context.matches!.length).toBeGreaterThan(0);
      // Select a match, or Continue with the doctor as entered.
      expect(s.can({ type: 'add.submitted' }) && s.can({ type: 'match.selected', addressId: s.context.matches![0]!.addressId! })).toBe(true);
    },
  },
};

/**
 * A member who is not a patient yet (James Carter: no patient id): no doctors
 * are asked for, the chooser starts empty, and Add Your Doctor is the way on.
 */
export const doctorsNewMemberModel: MachineModel<typeof doctorsMachine> = {
  ...doctorsModel,
  name: 'doctorsNewMember',
  input: { patientId: null },
};
