/**
 * The member information step's model: the fields in the order a person
 * fills them (one wrong member number to show an error and fix it), Continue
 * on an empty or a complete form, and every answer of the two calls.
 */
import { expect } from './check.ts';
import { memberInfoMachine, type EligibilityResult } from '../../machines/member/memberInfoMachine.ts';
import { hasErrors, MEMBER_FIELDS, MEMBER_FORM_MESSAGES } from '../../machines/member/rules/memberForm.ts';
import { actorDone as done, actorError, type MachineModel } from './harness.ts';

const GENERAL = 'Unable to process the request at this time. Please try after some time.';
export const MEMBER_MODEL_YEAR = 2026;

/** Maria Lopez as checkEligibility answers (a registered member with a linked profile). */
export const MARIA_INFO: EligibilityResult = {
  patient: {
    patientId: 1001,
    firstName: 'MARIA',
    middleName: null,
    lastName: 'LOPEZ',
    gender: 'F',
    dateOfBirth: '1958-04-12',
    allowBillMeLater: false,
    coverage: { hqCode: 'HQ01', memberNumber: 'MMA100001', personCode: '01', relationshipCode: '1' },
    address: null,
    phone: null,
    email: 'maria.lopez@example.com',
  },
  registrationStatus: { isRegistered: true, isProfileLinked: true },
  isPartD: false,
  missingAlerts: { missingShippingAddress: false, missingContactPhoneNumber: false, missingPaymentInfo: false, missingNotificationPrefs: false, missingHealthInfo: false },
};

type Snapshot = Parameters<(typeof memberInfoModel)['serialize']>[0];
const filled = (s: Snapshot) => MEMBER_FIELDS.filter((f) => s.context.form[f] !== '').length;
const inOrder = (index: number) => (s: Snapshot) =>
  MEMBER_FIELDS.slice(0, index).every((f) => s.context.form[f] !== '' && s.context.errors[f] === null) && s.context.form[MEMBER_FIELDS[index]!] === '';

export const memberInfoModel: MachineModel<typeof memberInfoMachine> = {
  name: 'memberInfo',
  machine: memberInfoMachine,
  input: { today: `${MEMBER_MODEL_YEAR}-11-24` },
  events: [
    { label: 'types the member number "MMA-100001"', event: { type: 'field.changed', field: 'memberNumber', text: 'MMA-100001' }, when: inOrder(0) },
    { label: 'leaves the member number', event: { type: 'field.left', field: 'memberNumber' }, when: (s) => s.context.form.memberNumber === 'MMA-100001' && s.context.errors.memberNumber === null },
    {
      label: 'corrects the member number to "MMA100001"',
      event: { type: 'field.changed', field: 'memberNumber', text: 'MMA100001' },
      when: (s) => s.context.form.memberNumber !== 'MMA100001' && (s.context.errors.memberNumber !== null || s.context.form.memberNumber === ''),
    },
    { label: 'types the first name "Maria"', event: { type: 'field.changed', field: 'firstName', text: 'Maria' }, when: (s) => s.context.form.memberNumber === 'MMA100001' && s.context.form.firstName === '' },
    { label: 'types the last name "Lopez"', event: { type: 'field.changed', field: 'lastName', text: 'Lopez' }, when: inOrder(2) },
    { label: 'types the month "apr"', event: { type: 'field.changed', field: 'month', text: 'apr' }, when: inOrder(3) },
    { label: 'types the day "12"', event: { type: 'field.changed', field: 'day', text: '12' }, when: inOrder(4) },
    { label: 'types the year "1958"', event: { type: 'field.changed', field: 'year', text: '1958' }, when: inOrder(5) },
    // Continue on the empty form (every required message) or the complete one.
    { label: 'presses Continue', event: { type: 'continue.pressed' }, when: (s) => filled(s) === 0 || filled(s) === MEMBER_FIELDS.length },
    { label: 'the member is verified', event: done('verifyMember', { accessToken: 'patient-token', messageStatus: true }) },
    { label: 'verification fails (404)', event: actorError('verifyMember', { status: 404, displayText: 'Member not eligible.' }) },
    { label: 'verification is locked (423)', event: actorError('verifyMember', { status: 423, displayText: GENERAL }) },
    { label: 'verification is rate-limited (429)', event: actorError('verifyMember', { status: 429, displayText: GENERAL }) },
    { label: 'the member information arrives', event: done('loadMemberInfo', MARIA_INFO) },
    { label: 'the member information fails', event: actorError('loadMemberInfo', { status: 500, displayText: GENERAL }) },
  ],
  // Which fields are filled and which show errors, the failure shown: enough to tell the screens apart.
  serialize: (s) =>
    JSON.stringify([
      s.value,
      MEMBER_FIELDS.map((f) => (s.context.form[f] ? 1 : 0) + (s.context.errors[f] ? 2 : 0)).join(''),
      s.context.form.memberNumber === 'MMA100001',
      s.context.failure?.kind ?? null,
    ]),
  invariants: {
    'memberInfo.editing': (s) => {
      if (s.context.form.memberNumber === 'MMA-100001' && s.context.errors.memberNumber) expect(s.context.errors.memberNumber).toBe(MEMBER_FORM_MESSAGES.memberNumberInvalid);
      if (!s.context.form.firstName && s.context.errors.firstName) expect(s.context.errors.firstName).toBe(MEMBER_FORM_MESSAGES.firstNameRequired);
      // Continue is offered only while no error is shown.
      expect(s.can({ type: 'continue.pressed' })).toBe(!hasErrors(s.context.errors));
    },
    'memberInfo.verifying': (s) => {
      expect(s.hasTag('pending')).toBe(true);
      expect(s.context.identity).toEqual({ memberNumber: 'MMA100001', firstName: 'Maria', lastName: 'Lopez', birthDate: '1958-04-12' });
    },
    'memberInfo.loadingMember': (s) => expect(s.hasTag('pending')).toBe(true),
    'memberInfo.identified': (s) => {
      expect(s.status).toBe('done');
      expect(s.output).toEqual(MARIA_INFO);
    },
  },
};
