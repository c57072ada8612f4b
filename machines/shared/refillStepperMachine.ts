/**
 * The link flows' stepper (Easy Fill and Auto Refill): three steps, Verify,
 * Prescriptions and the success page, moved by next; reset goes back to Verify.
 * The member flow's stepper is memberStepperMachine.ts.
 */
import { setup } from 'xstate';

export type RefillStepperEvent = { type: 'step.next' } | { type: 'step.reset' };

export const refillStepperMachine = setup({
  types: { events: {} as RefillStepperEvent },
}).createMachine({
  id: 'refillStepper',
  initial: 'verify',
  on: { 'step.reset': '.verify' },
  states: {
    verify: { meta: { page: 1 }, on: { 'step.next': 'prescriptions' } },
    prescriptions: { meta: { page: 2 }, on: { 'step.next': 'success' } },
    success: { meta: { page: 3 } },
  },
});
