/**
 * The member flow's model: the pages in order (to the success page after
 * Finish), Back from the registration / missing-information page and from the
 * review, and the Cancel Request confirmation from Cancel or a footer link. The member is Linda Nguyen (registered, missing payment and
 * notifications), so the registration page shows and has a Back.
 */
import { expect } from './check.ts';
import { CANCEL_TARGET, claimsExits, memberFlowMachine } from '../../machines/member/memberFlowMachine.ts';
import { actorDone as done, type MachineModel } from './harness.ts';
import { MEMBER_MODEL_YEAR } from './memberInfo.model.ts';
import { DOCTOR, MARIA_DRUGS } from './prescriptions.model.ts';
import { LINDA_INFO } from './registration.model.ts';

const CHOICE = { drugs: [MARIA_DRUGS[0]!], physician: DOCTOR, pharmacy: null };
const REGISTERED = { patientId: LINDA_INFO.patient.patientId!, registered: false };
/** Finish's outcome as the review page hands it on (the review machine has its own model). */
const FINISHED = {
  result: { requestId: 501, orderNumber: '880501', transferRxResponse: { transferInformation: [{ prescriptionName: MARIA_DRUGS[0]!.labelName!, estimatedRefillDate: `${MEMBER_MODEL_YEAR}-11-29` }] }, messageStatus: true },
  drugs: CHOICE.drugs,
  summary: null,
  sentOn: `${MEMBER_MODEL_YEAR}-11-22`,
};
const onPage = (s: Parameters<typeof claimsExits>[0]) => !s.matches({ active: { page: 'finished' } });

export const memberFlowModel: MachineModel<typeof memberFlowMachine> = {
  name: 'memberFlow',
  machine: memberFlowMachine,
  input: { thisYear: MEMBER_MODEL_YEAR, today: `${MEMBER_MODEL_YEAR}-11-24` },
  events: [
    // The page takes the person's moves only while no dialog covers it.
    { label: 'the member information arrives', event: done('memberInfo', LINDA_INFO), when: (s) => s.matches({ active: { dialog: 'closed' } }) },
    { label: 'chooses prescriptions and a doctor', event: { type: 'prescriptions.chosen', choice: CHOICE }, when: (s) => s.matches({ active: { dialog: 'closed' } }) },
    { label: 'fills in what is missing and presses Next', event: done('registration', REGISTERED), when: (s) => s.matches({ active: { dialog: 'closed' } }) },
    { label: 'presses Back', event: { type: 'back.pressed' }, when: (s) => s.matches({ active: { dialog: 'closed' } }) },
    { label: 'presses Finish', event: done('review', FINISHED), when: (s) => s.matches({ active: { dialog: 'closed' } }) },
    // The success page has no Cancel.
    { label: 'presses Cancel', event: { type: 'exit.requested', to: CANCEL_TARGET }, when: onPage },
    { label: 'follows the footer link Contact Us', event: { type: 'exit.requested', to: '/ContactUs' }, when: claimsExits },
    { label: 'confirms the cancellation', event: { type: 'exit.confirmed' } },
    { label: 'keeps going', event: { type: 'exit.dismissed' } },
  ],
  serialize: (s) => JSON.stringify([s.value, s.context.exitTo]),
  invariants: {
    'memberFlow.active.page.choosing': (s) => expect(s.context.member!.patient.coverage.memberNumber).toBe(LINDA_INFO.patient.coverage.memberNumber),
    // Once the page is done nothing is missing: Back from review, then Next, moves on by itself.
    'memberFlow.active.page.choosing.prescriptions': (s) => expect(s.context.member!.missingAlerts.missingPaymentInfo).toBe(s.context.registration === null),
    'memberFlow.active.page.choosing.registration': (s) => expect(s.context.choice).toEqual(CHOICE),
    'memberFlow.active.page.choosing.review': (s) => expect(s.context.registration).toEqual(REGISTERED),
    'memberFlow.active.dialog.confirmingExit': (s) => expect(s.context.exitTo === CANCEL_TARGET || s.context.exitTo === '/ContactUs').toBe(true),
    'memberFlow.active.dialog.closed': (s) => expect(s.context.exitTo).toBeNull(),
    // The request is sent: nothing asks before leaving, and the success page has what to show.
    'memberFlow.active.page.finished': (s) => {
      expect(claimsExits(s)).toBe(false);
      expect(s.context.finished).toEqual(FINISHED);
    },
  },
};
