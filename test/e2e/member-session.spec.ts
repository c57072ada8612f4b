/**
 * The member's session, on the real app with Playwright's clock: 12 minutes
 * without activity bring 'Are you still there?' with its 2-minute countdown,
 * Continue Session starts the 12 minutes again, and at the end of the
 * countdown 'Session Expired' offers Start New Session, which clears the
 * member's data and reloads an empty Member Information; the first activity
 * once the patient token is 10 minutes old renews it. axe on both modals.
 */
import { expect, test } from './support/test.ts';
import { SESSION_MESSAGES } from '../../machines/member/sessionMachine.ts';
import { dialog } from './support/drivers.ts';
import { identify, MARIA } from './support/memberDrivers.ts';
import { expectNoAxeViolations, focusedHeading, focusInDialog, main } from './support/memberSteps.ts';

test('12 minutes without activity warn with a countdown; Continue Session starts again; the end of the countdown clears everything', async ({ page }) => {
  await page.clock.install();
  await page.goto('/memberInfo');
  // Before the member is identified there is nothing of theirs to protect: no timer.
  await page.clock.runFor('13:00');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  await identify(page, MARIA);
  await focusedHeading(page, 'Select Your Prescriptions');
  const warning = dialog(page, SESSION_MESSAGES.warningTitle);
  // Activity keeps the session: 11 minutes, a click, 11 more.
  // The click is also the first activity once the patient token is 10 minutes old: it is renewed.
  await page.clock.runFor('11:00');
  const renewed = page.waitForResponse((r) => r.url().endsWith('/gwapi/mmar/session/renew'));
  await main(page).getByRole('heading', { name: 'Select Your Prescriptions' }).click();
  expect((await renewed).status()).toBe(200);
  await page.clock.runFor('11:00');
  await expect(warning).toHaveCount(0);
  await page.clock.runFor('01:01');
  await expect(warning).toBeVisible();
  await focusInDialog(page);
  // The clock also runs on its own (Playwright's installed clock): the countdown is read, not assumed.
  const left = async () => {
    const text = (await warning.textContent()) ?? '';
    const m = /session will end in (\d):(\d\d) because/.exec(text);
    expect(m, text).not.toBeNull();
    return Number(m![1]) * 60 + Number(m![2]);
  };
  const first = await left();
  expect(first).toBeGreaterThan(60);
  expect(first).toBeLessThanOrEqual(120);
  await expectNoAxeViolations(page);
  await page.clock.runFor('01:00');
  expect(first - (await left())).toBeGreaterThanOrEqual(60);

  // Continue Session: the warning goes and the page is as it was.
  await warning.getByRole('button', { name: SESSION_MESSAGES.continue }).click();
  await expect(warning).toHaveCount(0);
  await expect(main(page).getByRole('heading', { name: 'Select Your Prescriptions' })).toBeVisible();

  // 12 minutes more, then the whole countdown: expired.
  await page.clock.runFor('12:01');
  await expect(warning).toBeVisible();
  // Expired, the session ends at the gateway too, before Start New Session is pressed.
  const revoked = page.waitForResponse((r) => r.url().endsWith('/gwapi/session/revoke'));
  await page.clock.runFor('02:00');
  const expired = dialog(page, SESSION_MESSAGES.expiredTitle);
  await expect(expired).toBeVisible();
  expect((await revoked).status()).toBe(204);
  await expect(warning).toHaveCount(0);
  await focusInDialog(page);
  await expect(expired).toContainText(SESSION_MESSAGES.expired);
  await expectNoAxeViolations(page);
  await expired.getByRole('button', { name: SESSION_MESSAGES.restart }).click();
  await expect(page.getByRole('heading', { name: 'Member Information' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Member Number' })).toHaveValue('');
});
