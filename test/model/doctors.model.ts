/**
 * The doctor chooser's model: the doctors on the profile (or none, or a failed
 * load), choosing and clearing, Find Your Doctor (an invalid then a valid
 * search, results or none, Select), Add Your Doctor (the better-match search:
 * none adds the doctor as entered, matches offered with Select or Continue).
 */
import { expect } from './check.ts';
import { doctorsMachine, selectedPhysician } from '../../machines/member/doctorsMachine.ts';
import { addErrors, canContinueAdd, DOCTOR_MESSAGES, findErrors, noErrors } from '../../machines/member/rules/doctorForms.ts';
import type { Physician } from '../../machines/contract.ts';
import { actorDone as done, actorError, type MachineModel } from './harness.ts';

const GENERAL = 'Unable to process the request at this time. Please try after some time.';

const doctor = (addressId: number, firstName: string, lastName: string): Physician => ({
  npi: String(1457396810 + addressId),
  deaNo: null,
  ePostDoctoNum: 20000 + addressId,
  firstName,
  middleName: null,
  lastName,
  addresses: [{ ePostAddressId: addressId, physicianServiceAddressId: addressId, streetAddress1: '2250 E Southern Ave', streetAddress2: null, city: 'Tempe', state: 'AZ', zipCode: '85282', phoneNumber: '4805550110', faxNumber: null }],
  addressId,
  selected: false,
  selectAddressId: null,
});

export const MARSH = doctor(1, 'Elena', 'Marsh');
export const OKAFOR = doctor(2, 'David', 'Okafor');
export const WHITFIELD = doctor(4, 'Thomas', 'Whitfield');

type Snapshot = Parameters<(typeof doctorsModel)['serialize']>[0];
const idle = (s: Snapshot) => s.matches({ ready: 'idle' });
const finding = (s: Snapshot) => s.matches({ ready: { finding: 'editing' } });
const adding = (s: Snapshot) => s.matches({ ready: { adding: 'editing' } });
const findState = (s: Snapshot) => (s.context.find.state === '' ? 0 : s.context.find.state.length === 1 ? 1 : 2);

export const doctorsModel: MachineModel<typeof doctorsMachine> = {
  name: 'doctors',
  machine: doctorsMachine,
  input: { patientId: 1001 },
  events: [
    { label: "Maria's two doctors load", event: done('loadDoctors', [MARSH, OKAFOR]) },
    { label: 'no doctor is on the profile (204)', event: done('loadDoctors', []) },
    { label: 'loading the doctors fails', event: actorError('loadDoctors', { status: 500, displayText: GENERAL }) },
    { label: 'chooses Dr. Marsh', event: { type: 'doctor.toggled', addressId: 1 }, when: (s) => idle(s) && !s.context.added },
    { label: 'chooses Dr. Okafor', event: { type: 'doctor.toggled', addressId: 2 }, when: (s) => idle(s) && s.context.chosen === 1 },
    { label: 'opens Find Your Doctor', event: { type: 'find.opened' }, when: (s) => s.context.chosen === null },
    { label: 'presses Search', event: { type: 'find.submitted' }, when: (s) => finding(s) && (!s.context.findTried || noErrors(findErrors(s.context.find))) },
    { label: 'types the first name "Thomas"', event: { type: 'find.changed', field: 'firstName', text: 'Thomas' }, when: (s) => finding(s) && s.context.find.firstName === '' },
    { label: 'types the last name "Whitfield"', event: { type: 'find.changed', field: 'lastName', text: 'Whitfield' }, when: (s) => finding(s) && s.context.find.firstName !== '' && s.context.find.lastName === '' },
    { label: 'types the state "A"', event: { type: 'find.changed', field: 'state', text: 'A' }, when: (s) => finding(s) && s.context.find.lastName !== '' && findState(s) === 0 },
    { label: 'completes the state "AZ"', event: { type: 'find.changed', field: 'state', text: 'AZ' }, when: (s) => finding(s) && findState(s) === 1 },
    { label: 'Dr. Whitfield is found', event: done('findDoctors', [WHITFIELD]) },
    { label: 'no doctor is found (204)', event: done('findDoctors', []) },
    { label: 'the search fails', event: actorError('findDoctors', { status: 500, displayText: GENERAL }) },
    { label: 'selects Dr. Whitfield', event: { type: 'found.selected', addressId: 4 }, when: (s) => s.context.found?.length === 1 },
    { label: 'closes the dialog', event: { type: 'dialog.closed' } },
    { label: 'opens Add Your Doctor', event: { type: 'add.opened' }, when: (s) => s.context.chosen === null && !s.context.added },
    {
      label: 'fills in Dr. Ann Lee of Tempe, AZ with a phone "480555"',
      event: { type: 'add.changed', field: 'firstName', text: 'Ann' },
      when: (s) => adding(s) && s.context.add.firstName === '',
    },
    { label: 'types the last name "Lee"', event: { type: 'add.changed', field: 'lastName', text: 'Lee' }, when: (s) => adding(s) && s.context.add.firstName !== '' && s.context.add.lastName === '' },
    { label: 'types the street "100 Mill Ave"', event: { type: 'add.changed', field: 'street', text: '100 Mill Ave' }, when: (s) => adding(s) && s.context.add.lastName !== '' && s.context.add.street === '' },
    { label: 'types the city "Tempe"', event: { type: 'add.changed', field: 'city', text: 'Tempe' }, when: (s) => adding(s) && s.context.add.street !== '' && s.context.add.city === '' },
    { label: 'types the state "AZ"', event: { type: 'add.changed', field: 'state', text: 'AZ' }, when: (s) => adding(s) && s.context.add.city !== '' && s.context.add.state === '' },
    { label: 'types the zip "85281"', event: { type: 'add.changed', field: 'zip', text: '85281' }, when: (s) => adding(s) && s.context.add.state !== '' && s.context.add.zip === '' },
    { label: 'types the phone "480555"', event: { type: 'add.changed', field: 'phone', text: '480555' }, when: (s) => adding(s) && s.context.add.zip !== '' && s.context.add.phone === '' },
    { label: 'completes the phone "4805550199"', event: { type: 'add.changed', field: 'phone', text: '4805550199' }, when: (s) => adding(s) && s.context.add.phone === '480555' },
    { label: 'presses Continue', event: { type: 'add.submitted' }, when: (s) => !adding(s) || !s.context.addTried || noErrors(addErrors(s.context.add)) },
    { label: 'no better match is found', event: done('betterMatch', []) },
    { label: 'a better match is found', event: done('betterMatch', [WHITFIELD]) },
    { label: 'the better-match search fails', event: actorError('betterMatch', { status: 500, displayText: GENERAL }) },
    { label: 'selects the better match Dr. Whitfield', event: { type: 'match.selected', addressId: 4 } },
  ],
  serialize: (s) =>
    JSON.stringify([
      s.value,
      s.context.doctors.map((d) => d.addressId).join(','),
      s.context.chosen,
      s.context.added,
      // A dialog's fields matter only while it is open (opening it again starts empty).
      s.matches({ ready: 'finding' }) ? [s.context.find.firstName !== '', s.context.find.lastName !== '', findState(s), s.context.findTried, s.context.found?.length ?? null] : null,
      s.matches({ ready: 'adding' }) ? [Object.values(s.context.add).filter((v) => v !== '').length, s.context.add.phone.length, s.context.addTried, s.context.matches?.length ?? null] : null,
    ]),
  invariants: {
    'doctors.loading': (s) => expect(s.hasTag('pending')).toBe(true),
    'doctors.ready': (s) => {
      // One doctor-address chosen at most, and it is on the list; the request gets that one.
      const chosen = selectedPhysician(s.context);
      expect(chosen === null).toBe(s.context.chosen === null);
      expect(new Set(s.context.doctors.map((d) => d.addressId)).size).toBe(s.context.doctors.length);
      if (s.context.added) expect(s.context.chosen).not.toBeNull();
    },
    'doctors.ready.finding.editing': (s) => {
      if (s.context.findTried && findState(s) === 1) expect(findErrors(s.context.find).state).toBe(DOCTOR_MESSAGES.stateWrong);
    },
    'doctors.ready.adding.editing': (s) => expect(s.can({ type: 'add.submitted' })).toBe(canContinueAdd(s.context.add)),
    'doctors.ready.adding.matches': (s) => expect(s.context.matches?.length).toBe(1),
  },
};
