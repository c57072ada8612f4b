/**
 * The public order check's model: the form filled in a person's order (the number may come from the
 * address bar), Check with the form empty or complete, a wrong date of birth (an unknown number answers
 * the same), the last attempt, the lock (423), a failure, and success.
 */
import { expect } from './check.ts';
import { MAX_ATTEMPTS, orderCheckMachine } from '../../machines/orders/orderCheckMachine.ts';
import { canCheck } from '../../machines/orders/rules/orderCheck.ts';
import { actorDone as done, actorError, type MachineModel } from './harness.ts';

const GENERAL = 'Unable to process the request at this time. Please try after some time.';
const WRONG = 'Your identity cannot be verified. Check your info and try again.';

export const orderCheckModel: MachineModel<typeof orderCheckMachine> = {
  name: 'orderCheck',
  machine: orderCheckMachine,
  input: { today: '2026-11-27', orderNumber: '' },
  events: [
    { label: 'types the order number "880001"', event: { type: 'orderNumber.changed', text: '880001' }, when: (s) => s.context.form.orderNumber === '' },
    { label: 'types the month "apr"', event: { type: 'field.changed', field: 'month', text: 'apr' }, when: (s) => s.context.form.orderNumber !== '' && s.context.form.month === null },
    { label: 'types the day "12"', event: { type: 'field.changed', field: 'day', text: '12' }, when: (s) => s.context.form.month !== null && s.context.form.day === null },
    { label: 'types the year "1958"', event: { type: 'field.changed', field: 'year', text: '1958' }, when: (s) => s.context.form.day !== null && s.context.form.year === null },
    { label: 'types the zip "85281"', event: { type: 'field.changed', field: 'zip', text: '85281' }, when: (s) => s.context.form.year !== null && s.context.form.zip === '' },
    { label: 'presses Check', event: { type: 'check.submitted' }, when: (s) => s.context.form.orderNumber === '' || canCheck(s.context.form, s.context.today) },
    { label: 'the order is opened', event: done('checkOrder', { messageStatus: true, accessToken: 'order-token', remainingAttempts: MAX_ATTEMPTS }) },
    { label: 'the date of birth, zip or number is wrong (2 left)', event: done('checkOrder', { messageStatus: false, getCallAgain: true, remainingAttempts: 2, messageErrorText: WRONG }) },
    { label: 'the third wrong attempt (none left)', event: done('checkOrder', { messageStatus: false, getCallAgain: true, remainingAttempts: 0, messageErrorText: WRONG }) },
    { label: 'the number is locked (423)', event: actorError('checkOrder', { status: 423, displayText: GENERAL }) },
    // A refused call has no text that may be shown (failureText): the page asks to check the information, as for any failed check.
    { label: 'too many checks from here (429)', event: actorError('checkOrder', { status: 429, displayText: '' }) },
    { label: 'the check call fails', event: actorError('checkOrder', { status: 500, displayText: '' }) },
    { label: 'presses Check another order', event: { type: 'another.pressed' } },
  ],
  serialize: (s) => {
    const f = s.context.form;
    const filled = [f.orderNumber !== '', f.month !== null, f.day !== null, f.year !== null, f.zip.length === 5].map(Number).join('');
    const failure = s.context.failure;
    return JSON.stringify([s.value, filled, failure?.kind ?? null, failure?.kind === 'identity' ? failure.remainingAttempts : null]);
  },
  invariants: {
    'orderCheck.checking': (s) => {
      expect(s.hasTag('pending')).toBe(true);
      expect(canCheck(s.context.form, s.context.today)).toBe(true);
    },
    // Nothing typed is lost by a failed attempt.
    'orderCheck.editing': (s) => expect(s.context.failure?.kind === 'identity' ? canCheck(s.context.form, s.context.today) : true).toBe(true),
    'orderCheck.locked': (s) => expect(s.context.failure).toBe(null),
  },
};
