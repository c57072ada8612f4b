import { describe, expect, test } from 'vitest';
import { currentStep, MEMBER_STEPS, showsRegisterStep } from './stepper.ts';

describe('the member stepper', () => {
  test('the Register step shows only when the profile is not linked and the page is 6 or more', () => {
    expect(showsRegisterStep(7, false)).toBe(true);
    expect(showsRegisterStep(6, false)).toBe(true);
    expect(showsRegisterStep(5, false)).toBe(false);
    expect(showsRegisterStep(7, true)).toBe(false);
  });
  test('pages past the last step show the last step (Finish)', () => {
    expect(currentStep(1, MEMBER_STEPS.length)).toBe(0);
    expect(currentStep(4, MEMBER_STEPS.length)).toBe(3);
    expect(currentStep(6, MEMBER_STEPS.length)).toBe(4);
    expect(currentStep(7, MEMBER_STEPS.length)).toBe(4);
  });
});
