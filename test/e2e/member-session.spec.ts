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
import { identify, MARIA, memberCopy } from './support/memberDrivers.ts';
import { expectNoAxeViolationsNorSidewaysScroll, focusedHeading, focusInDialog, main } from './support/memberSteps.ts';
import { watchPatientToken } from './support/sessionProbe.ts';

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
  await expectNoAxeViolationsNorSidewaysScroll(page);
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
  await expectNoAxeViolationsNorSidewaysScroll(page);
  await expired.getByRole('button', { name: SESSION_MESSAGES.restart }).click();
  await expect(page.getByRole('heading', { name: 'Member Information' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Member Number' })).toHaveValue('');
});

test('two tabs: a new tab starts its own flow; a copy of the tab whose session another Cancel ended says so at its next call', async ({ page, context }) => {
  const maria = await memberCopy(page, MARIA);
  await page.goto('/memberInfo');
  await identify(page, maria);
  await focusedHeading(page, 'Select Your Prescriptions');

  // A new tab starts its own flow, and the first one is not disturbed.
  const other = await context.newPage();
  await other.goto('/memberInfo');
  await expect(other.getByRole('heading', { name: 'Member Information' })).toBeVisible();
  await expect(other.getByRole('textbox', { name: 'Member Number' })).toHaveValue('');
  await expect(main(page).getByRole('heading', { name: 'Select Your Prescriptions' })).toBeVisible();
  await other.close();

  // A duplicated tab (the browser copies the tab's sessionStorage): the same flow and the same session.
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('mop.memberFlow'))).not.toBeNull();
  const stored = await page.evaluate(() => sessionStorage.getItem('mop.memberFlow')!);
  const copy = await context.newPage();
  // Copied once, as the browser does when it duplicates the tab (not again on the copy's later reloads).
  await copy.addInitScript((flow) => {
    if (sessionStorage.getItem('e2e.duplicated')) return;
    sessionStorage.setItem('e2e.duplicated', '1');
    sessionStorage.setItem('mop.memberFlow', flow);
  }, stored);
  await copy.goto('/memberInfo');
  await focusedHeading(copy, 'Select Your Prescriptions');

  // The first tab cancels: the gateway revokes the session.
  await main(page).getByRole('button', { name: 'Cancel', exact: true }).click();
  await dialog(page, 'Cancel Request').getByRole('button', { name: 'Yes, Cancel Request' }).click();
  await expect(page).toHaveURL(/\/transfer$/);

  // The copy's next call is refused: it says the session has ended, with Start New Session, not a silent failure.
  await main(copy).getByRole('checkbox', { name: /^Select (?!All)/ }).first().press('Space');
  const doctors = main(copy).getByRole('radiogroup', { name: 'Your doctors' }).getByRole('radio');
  if (!(await doctors.first().isChecked())) await doctors.first().press('Space');
  await main(copy).getByRole('button', { name: 'Next', exact: true }).click();
  const expired = dialog(copy, SESSION_MESSAGES.expiredTitle);
  await expect(expired).toBeVisible();
  await expect(expired).toContainText(SESSION_MESSAGES.expired);
  await expectNoAxeViolationsNorSidewaysScroll(copy);
  await expired.getByRole('button', { name: SESSION_MESSAGES.restart }).click();
  await expect(copy.getByRole('heading', { name: 'Member Information' })).toBeVisible();
  await expect(copy.getByRole('textbox', { name: 'Member Number' })).toHaveValue('');
});

test('Home entered by its address or a reload drops the stored flow and ends its session: /memberInfo then starts anew', async ({ page, request }) => {
  // Asked of the gateway, not of Playwright's requests: with a reload, the first Home may send the
  // revoke as its document goes, and a keepalive request of a document on its way out is not reported.
  const session = watchPatientToken(page);
  for (const enterHome of [() => page.goto('/'), () => page.goto('/').then(() => page.reload())]) {
    await page.goto('/memberInfo');
    await identify(page, MARIA);
    await focusedHeading(page, 'Select Your Prescriptions');
    // The flow is in the tab: a reload of /memberInfo would resume it here.
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('mop.memberFlow') !== null)).toBe(true);
    await enterHome();
    await session.endedAtGateway(request);
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('mop.memberFlow'))).toBeNull();
    await page.goto('/memberInfo');
    await expect(main(page).getByRole('heading', { name: 'Member Information', exact: true })).toBeVisible();
    await expect(main(page).getByRole('heading', { name: 'Select Your Prescriptions', exact: true })).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Member Number' })).toHaveValue('');
  }
});
