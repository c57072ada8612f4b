/**
 * What the identity check's alert shows (src/flows/shared/IdentityCheck.tsx), checked alike for a link's
 * verification and the public order check: the failure's text, and for a wrong date of birth or zip the
 * attempts left and the warning; no alert when there is no failure.
 */
import { ATTEMPT_MESSAGES, failureText, type VerifyFailure } from '../../../machines/shared/rules/verifyAttempts.ts';
import { expect, type Page } from './test.ts';

const alertWith = (page: Page, text: string) => expect(page.getByRole('alert').filter({ hasText: text })).toBeVisible();

export async function expectFailureAlert(page: Page, failure: VerifyFailure | null): Promise<void> {
  if (!failure) return expect(page.getByRole('alert')).toHaveCount(0);
  await alertWith(page, failureText(failure));
  if (failure.kind !== 'identity') return;
  await alertWith(page, `Attempts Remaining: ${failure.remainingAttempts}`);
  await alertWith(page, ATTEMPT_MESSAGES.warning);
}
