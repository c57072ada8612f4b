/**
 * The review page's model: Maria Lopez asks for atorvastatin (code 0: a
 * transfer from her pharmacy) and alprazolam (code 4: a new prescription from
 * her doctor). The profile loads or fails and is tried again; a prescription
 * is removed after its confirmation, or kept; with none left Finish cannot be
 * pressed; Finish sends the request, which is refused or accepted. Each change
 * modal opens once the profile is shown, and is closed or saved (a save
 * records the change and loads the profile again).
 */
import assert from 'node:assert/strict';
import { reviewMachine } from '../../machines/member/reviewMachine.ts';
import { UPDATED } from '../../machines/member/rules/profileChanges.ts';
import { requestsOf, transferSubmission, type ReviewSummary } from '../../machines/member/rules/review.ts';
import { actorDone as done, actorError, type MachineModel } from './harness.ts';
import { ADDRESS } from './easyFill.model.ts';
import { DOCTOR, MARIA_DRUGS } from './prescriptions.model.ts';

const GENERAL = 'Unable to process the request at this time. Please try after some time.';
const ATORVASTATIN = MARIA_DRUGS[0]!;
const ALPRAZOLAM = MARIA_DRUGS[4]!;
export const REVIEW_CHOICE = { drugs: [ATORVASTATIN, ALPRAZOLAM], physician: DOCTOR, pharmacy: null };

/** Maria's profile as the model gives it (the browser answers the review's calls with it). */
export const MARIA_SUMMARY: ReviewSummary = {
  address: ADDRESS,
  phone: { phoneId: 1, areaCode: '480', phoneNumber: '5550101', phoneType: 8, isPrimary: true },
  card: { cardSeqNum: 1, cardTypeNum: 1, cardType: 'VISA', cardNumber: '1111', defaultCard: true, cardMonthNum: 8, cardYear: 2030 },
  notification: { id: 1, patientId: 1001, modalityType: { id: 3 }, modalityValue: { id: 1, value: 'maria.lopez@example.com' }, includePHI: false, optIn: true, timeZone: null },
  email: 'maria.lopez@example.com',
  allergies: ['PENICILLIN'],
  conditions: ['HYPERTENSION'],
};
export const REVIEW_RESULT = {
  requestId: 501,
  orderNumber: '880501',
  transferRxResponse: { transferInformation: [ATORVASTATIN, ALPRAZOLAM].map((d) => ({ prescriptionName: d.labelName!, estimatedRefillDate: '2026-11-29' })) },
  messageStatus: true,
};

type Snapshot = Parameters<(typeof reviewModel)['serialize']>[0];
const has = (s: Snapshot, ndc: string) => s.context.drugs.some((d) => d.ndc === ndc);

export const reviewModel: MachineModel<typeof reviewMachine> = {
  name: 'review',
  machine: reviewMachine,
  input: { choice: REVIEW_CHOICE, patientId: 1001, isPartD: false, today: '2026-11-22' },
  events: [
    { label: 'the profile arrives', event: done('loadSummary', MARIA_SUMMARY) },
    { label: 'the profile cannot be loaded', event: actorError('loadSummary', { status: 500, displayText: GENERAL }) },
    { label: 'presses Try again', event: { type: 'summary.retried' } },
    { label: 'presses Remove on atorvastatin', event: { type: 'remove.pressed', ndc: ATORVASTATIN.ndc }, when: (s) => has(s, ATORVASTATIN.ndc) },
    // Alprazolam is removed only after atorvastatin: one order of the two is enough to empty the list.
    { label: 'presses Remove on alprazolam', event: { type: 'remove.pressed', ndc: ALPRAZOLAM.ndc }, when: (s) => has(s, ALPRAZOLAM.ndc) && !has(s, ATORVASTATIN.ndc) },
    { label: 'confirms the removal', event: { type: 'remove.confirmed' } },
    { label: 'keeps the prescription', event: { type: 'remove.dismissed' } },
    // Finish does not wait for the profile (review.test.ts: the machine sends it while the profile loads); the
    // browser replay holds the profile's seven calls until the path answers them, and a browser's six
    // connections per host would hold Finish's request behind them, so the model presses it on a profile shown or failed.
    { label: 'presses Finish', event: { type: 'finish.pressed' }, when: (s) => !s.matches({ reviewing: { summary: 'loading' } }) },
    { label: 'presses Change on the shipping address', event: { type: 'change.opened', part: 'address' } },
    { label: 'presses Change on the payment card', event: { type: 'change.opened', part: 'payment' } },
    { label: 'presses Change on the notification preference', event: { type: 'change.opened', part: 'notifications' } },
    { label: 'presses Change on the primary phone', event: { type: 'change.opened', part: 'phone' } },
    { label: 'presses Change on the allergies', event: { type: 'change.opened', part: 'allergies' } },
    { label: 'presses Change on the health conditions', event: { type: 'change.opened', part: 'conditions' } },
    { label: 'closes the modal', event: { type: 'change.closed' } },
    ...(['address', 'payment', 'notifications', 'phone', 'allergies', 'conditions'] as const).map((part) => ({
      label: `the ${part} change is saved`,
      event: done('change', { part }),
      when: (s: Snapshot) => s.matches({ reviewing: { change: { open: part } } }),
    })),
    { label: 'the request is accepted', event: done('submitTransfer', REVIEW_RESULT) },
    { label: 'the request is refused', event: actorError('submitTransfer', { status: 500, displayText: GENERAL }) },
  ],
  serialize: (s) => JSON.stringify([s.value, s.context.drugs.map((d) => d.ndc), s.context.removing, s.context.failure, s.context.summaryError, s.context.updated, s.context.refocus]),
  invariants: {
    // Finish only with something to request (section 4).
    'review.reviewing.request.idle': (s) => assert.equal(s.can({ type: 'finish.pressed' }), s.context.drugs.length > 0),
    'review.reviewing.request.confirmingRemoval': (s) => assert.ok(has(s, s.context.removing!)),
    // The payload of section 3: atorvastatin is a transfer, alprazolam a request to the doctor.
    'review.reviewing.request.submitting': (s) => {
      // Nothing of the profile changes while the request is being sent.
      assert.equal(s.can({ type: 'change.opened', part: 'phone' }), false);
      const body = transferSubmission(s.context.choice, s.context.drugs);
      assert.equal(body.siteIdentifier, 'MMAR');
      assert.deepEqual(body.transferRx.transfers.map((t) => t.drugNDC), requestsOf(s.context.drugs, 'transfer').map((d) => d.ndc));
      assert.deepEqual(body.newRx.newRxRequests.map((r) => r.rxInformation.requestDrugNDC), requestsOf(s.context.drugs, 'newRx').map((d) => d.ndc));
      assert.equal(body.newRx.physicianInformation, body.newRx.newRxRequests.length ? DOCTOR : null);
    },
    'review.reviewing.summary.shown': (s) => assert.deepEqual(s.context.summary, MARIA_SUMMARY),
    // A saved change is said, and the profile is loaded again.
    'review.reviewing.change.closed': (s) => {
      if (s.context.updated) assert.equal(s.context.updated, UPDATED[s.context.changing!]);
    },
    'review.reviewing.change.open': (s) => {
      assert.ok(s.context.summary);
      // A modal opens only on a profile shown (a reload after a change keeps the Change buttons off), and nothing reloads it meanwhile.
      assert.ok(s.matches({ reviewing: { summary: 'shown' } }));
      assert.equal(s.context.updated, null);
    },
    'review.finished': (s) => assert.deepEqual(s.output, { result: REVIEW_RESULT, drugs: s.context.drugs, summary: s.context.summary, sentOn: s.context.today }),
  },
};
