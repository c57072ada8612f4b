/**
 * The stepper's model: every jump of both variants (next, register,
 * unregister, previous, reset) and the page each state shows.
 */
import { expect } from './check.ts';
import { memberStepperMachine } from '../../machines/shared/memberStepperMachine.ts';
import { refillStepperMachine } from '../../machines/shared/refillStepperMachine.ts';
import { pageOf, showsRegisterStep } from '../../machines/shared/rules/stepper.ts';
import type { MachineModel } from './harness.ts';

const PAGES: Record<string, number> = {
  'memberStepper.memberInfo': 1,
  'memberStepper.prescriptions': 2,
  'memberStepper.verification': 3,
  'memberStepper.review': 4,
  'memberStepper.finishedLinked': 6,
  'memberStepper.finishedNotLinked': 7,
};

const pageIs = (id: string) => (s: Parameters<typeof pageOf>[0]) => expect(pageOf(s)).toBe(PAGES[id]!);

export const memberStepperModel: MachineModel<typeof memberStepperMachine> = {
  name: 'memberStepper',
  machine: memberStepperMachine,
  input: undefined,
  events: [
    { label: 'the member has a linked profile', event: { type: 'profile.known', linked: true }, when: (s) => !s.context.profileLinked && s.matches('memberInfo') },
    { label: 'next (+1)', event: { type: 'step.next' } },
    { label: "'register' (+2)", event: { type: 'step.register' } },
    { label: "'unregister' (+3)", event: { type: 'step.unregister' } },
    { label: 'previous (-1)', event: { type: 'step.previous' } },
    { label: 'reset', event: { type: 'step.reset' } },
  ],
  serialize: (s) => JSON.stringify([s.value, s.context.profileLinked]),
  invariants: {
    ...Object.fromEntries(Object.keys(PAGES).map((id) => [id, pageIs(id)])),
    'memberStepper.finishedLinked': (s) => {
      expect(pageOf(s)).toBe(6);
      expect(showsRegisterStep(pageOf(s), s.context.profileLinked)).toBe(!s.context.profileLinked);
    },
    'memberStepper.finishedNotLinked': (s) => {
      expect(pageOf(s)).toBe(7);
      expect(showsRegisterStep(pageOf(s), s.context.profileLinked)).toBe(!s.context.profileLinked);
    },
  },
};

/** The refill variant (the link flows): Verify, Prescriptions, success. */
export const refillStepperModel: MachineModel<typeof refillStepperMachine> = {
  name: 'refillStepper',
  machine: refillStepperMachine,
  input: undefined,
  events: [
    { label: 'next (+1)', event: { type: 'step.next' } },
    { label: 'reset', event: { type: 'step.reset' } },
  ],
  serialize: (s) => JSON.stringify(s.value),
  invariants: {
    'refillStepper.verify': (s) => expect(pageOf(s)).toBe(1),
    'refillStepper.prescriptions': (s) => expect(pageOf(s)).toBe(2),
    'refillStepper.success': (s) => expect(pageOf(s)).toBe(3),
  },
};
