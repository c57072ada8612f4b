/**
 * The member flow's model: the pages in order, Back from the missing
 * information, and the Cancel Request confirmation from Cancel or a footer link.
 */
import { expect } from './check.ts';
import { CANCEL_TARGET, claimsExits, memberFlowMachine } from '../../machines/member/memberFlowMachine.ts';
import { actorDone as done, type MachineModel } from './harness.ts';
import { MARIA_INFO, MEMBER_MODEL_YEAR } from './memberInfo.model.ts';
import { DOCTOR, MARIA_DRUGS } from './prescriptions.model.ts';

const CHOICE = { drugs: [MARIA_DRUGS[0]!], physician: DOCTOR, pharmacy: null };

export const memberFlowModel: MachineModel<typeof memberFlowMachine> = {
  name: 'memberFlow',
  machine: memberFlowMachine,
  input: { thisYear: MEMBER_MODEL_YEAR },
  events: [
    // The page takes the person's moves only while no dialog covers it.
    { label: 'the member information arrives', event: done('memberInfo', MARIA_INFO), when: (s) => s.matches({ active: { dialog: 'closed' } }) },
    { label: 'chooses prescriptions and a doctor', event: { type: 'prescriptions.chosen', choice: CHOICE }, when: (s) => s.matches({ active: { dialog: 'closed' } }) },
    { label: 'presses Back', event: { type: 'back.pressed' }, when: (s) => s.matches({ active: { dialog: 'closed' } }) },
    { label: 'presses Cancel', event: { type: 'exit.requested', to: CANCEL_TARGET } },
    { label: 'follows the footer link Contact Us', event: { type: 'exit.requested', to: '/ContactUs' }, when: claimsExits },
    { label: 'confirms the cancellation', event: { type: 'exit.confirmed' } },
    { label: 'keeps going', event: { type: 'exit.dismissed' } },
  ],
  serialize: (s) => JSON.stringify([s.value, s.context.exitTo]),
  invariants: {
    'memberFlow.active.page.choosing': (s) => expect(s.context.member).toEqual(MARIA_INFO),
    'memberFlow.active.page.choosing.missingInfo': (s) => expect(s.context.choice).toEqual(CHOICE),
    'memberFlow.active.dialog.confirmingExit': (s) => expect(s.context.exitTo === CANCEL_TARGET || s.context.exitTo === '/ContactUs').toBe(true),
    'memberFlow.active.dialog.closed': (s) => expect(s.context.exitTo).toBeNull(),
  },
};
