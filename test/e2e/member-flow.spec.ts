/**
 * The member personas of the README through the real app and the real
 * gateway (no canned answers): what each member reaches, the list's groups
 * and messages, paging, the doctor, Add Prescription, the missing
 * information, Cancel Request, the lockout of repeated wrong dates of birth,
 * focus on each new step's heading, and axe on every step and modal.
 */
import { expect, test, type Page } from './support/test.ts';
import { MEMBER_INFO_MESSAGES, withPhone } from '../../machines/member/memberInfoMachine.ts';
import { CANCEL_MESSAGES } from '../../machines/member/memberFlowMachine.ts';
import { expectHeadingOutline, expectNoAxeViolationsNorSidewaysScroll } from './support/a11y.ts';
import { dialog } from './support/drivers.ts';
import { identify, MARIA, stepIs, type MemberPersona } from './support/memberDrivers.ts';

test.describe.configure({ timeout: 240_000 });

const PHONE = '1-800-555-0100';
const ROBERT: MemberPersona = { memberNumber: 'MMA100004', firstName: 'Robert', lastName: 'Smith', month: 'June', day: '15', year: '1980' };
const JAMES: MemberPersona = { memberNumber: 'MMA100002', firstName: 'James', lastName: 'Carter', month: 'September', day: '30', year: '1971' };

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });
const focused = (page: Page, name: string) => expect(heading(page, name)).toBeFocused();
const cards = (page: Page) => page.locator('main li[aria-labelledby^="drug-"]');
const search = (page: Page, text: string) => {
  const form = page.getByRole('search', { name: 'Search your prescriptions' });
  return form.getByRole('textbox').fill(text).then(() => form.getByRole('button', { name: 'Search', exact: true }).click());
};

test('Robert Smith stops with the not-eligible message and keeps what he typed', async ({ page }) => {
  await page.goto('/memberInfo');
  await expect(heading(page, 'Member Information')).toBeVisible();
  await stepIs(page, 'Member Info');
  await identify(page, ROBERT);
  await expect(page.getByRole('alert').filter({ hasText: withPhone(MEMBER_INFO_MESSAGES.notEligible, PHONE) })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Member Number' })).toHaveValue('MMA100004');
  await expect(page.getByRole('textbox', { name: 'First Name' })).toHaveValue('Robert');
  await expectNoAxeViolationsNorSidewaysScroll(page);
});

test('an empty form lists every error under the summary, with the help line, and Continue waits', async ({ page }) => {
  await page.goto('/memberInfo');
  await page.getByRole('button', { name: 'Continue' }).click();
  // An alert when it appears; then a plain summary that follows the typing silently.
  await expect(page.getByRole('alert').filter({ hasText: MEMBER_INFO_MESSAGES.summary })).toBeVisible();
  const summary = page.locator('#member-info-problems');
  await expect(summary).toContainText('Enter member number');
  await expect(summary).toContainText('Enter first name');
  await expect(summary).toContainText('Please enter the year in YYYY format.');
  await expect(summary).toContainText(withPhone(MEMBER_INFO_MESSAGES.help, PHONE));
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await expectNoAxeViolationsNorSidewaysScroll(page);
  // Typing a space in the member number is dropped as typed; a special character is flagged.
  await page.getByRole('textbox', { name: 'Member Number' }).fill('MMA 1000#01');
  await expect(page.getByRole('textbox', { name: 'Member Number' })).toHaveValue('MMA1000#01');
  await expect(summary).toContainText('Member number: special characters and spaces not allowed');
});

test('Maria Lopez sees her 14 prescriptions grouped and explained, 11 first, then Show More', async ({ page }) => {
  await page.goto('/memberInfo');
  await identify(page, MARIA);
  await focused(page, 'Select Your Prescriptions');
  await stepIs(page, 'Select Prescriptions');
  await expect(cards(page)).toHaveCount(11);
  await expect(page.getByText('0 (zero) prescriptions selected')).toBeVisible();
  await expect(page.getByText('Copays are estimates only')).toBeVisible();
  for (const group of ['Transfer from your pharmacy', 'Request from your doctor', 'Not available for transfer']) await expect(page.getByRole('heading', { name: new RegExp(group) })).toBeVisible();
  await expect(cards(page).filter({ hasText: 'ATORVASTATIN' })).toContainText('OK to transfer prescription.');
  await expect(cards(page).filter({ hasText: 'LISINOPRIL' })).toContainText('/ 30 Day');
  await expect(cards(page).filter({ hasText: 'LISINOPRIL' })).toContainText('/ 90 Day');
  await expect(cards(page).filter({ hasText: 'ADALIMUMAB' })).toContainText('specialty service center at 1-800-555-0101');
  await expect(cards(page).filter({ hasText: 'OXYCODONE' })).toContainText('C2 controlled substance');
  await expect(cards(page).filter({ hasText: 'OXYCODONE' }).getByRole('checkbox')).toHaveCount(0);
  await expectNoAxeViolationsNorSidewaysScroll(page);
  await expectHeadingOutline(page);

  await page.getByRole('button', { name: 'Show More' }).click();
  await expect(cards(page)).toHaveCount(14);
  await expect(page.getByRole('button', { name: 'Show More' })).toHaveCount(0);
  await expect(cards(page).filter({ hasText: 'LOSARTAN' })).toContainText('There has been a request to transfer this prescription');
  await expect(cards(page).filter({ hasText: 'AMLODIPINE' })).toContainText('Request sent to pharmacy and is waiting for a response.');
  await expect(cards(page).filter({ hasText: 'ROSUVASTATIN' })).toContainText('You already have a prescription for this medication.');

  // Select All picks the 8 that can be chosen; one card off turns Select All off.
  await page.getByText('Select All', { exact: true }).click();
  await expect(page.getByText('8 (eight) prescriptions selected')).toBeVisible();
  await page.getByRole('checkbox', { name: /^Select ATORVASTATIN/ }).press('Space');
  await expect(page.getByText('7 (seven) prescriptions selected')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Select All' })).not.toBeChecked();

  // The filters and the search.
  await page.getByRole('radio', { name: 'Not Available for Transfer' }).check({ force: true });
  await expect(cards(page)).toHaveCount(6);
  await page.getByRole('radio', { name: 'All' }).check({ force: true });
  await search(page, 's');
  await expect(page.getByText('Drug Name must be at least 2 characters')).toBeVisible();
  await search(page, 'statin');
  await expect(cards(page)).toHaveCount(2);
  await search(page, 'zzz');
  await expect(page.getByText('No results found…')).toBeVisible();
  await expect(page.getByText("Don't See Your Prescription?")).toBeVisible();
});

test('Cancel asks first and starts again at /transfer; a footer link asks too once the member is in', async ({ page }) => {
  await page.goto('/memberInfo');
  await page.getByRole('textbox', { name: 'Member Number' }).fill('MMA100001');
  await page.getByRole('button', { name: 'Cancel' }).click();
  const confirm = dialog(page, CANCEL_MESSAGES.title);
  await expect(confirm).toBeVisible();
  await expectNoAxeViolationsNorSidewaysScroll(page);
  await confirm.getByRole('button', { name: CANCEL_MESSAGES.dismiss }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Member Number' })).toHaveValue('MMA100001');

  await identify(page, MARIA);
  await expect(heading(page, 'Select Your Prescriptions')).toBeVisible();
  await page.locator('footer').getByRole('link', { name: 'Contact Us' }).click();
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: CANCEL_MESSAGES.dismiss }).click();
  await expect(page).toHaveURL(/\/memberInfo$/);
  await page.getByRole('button', { name: 'Cancel' }).last().click();
  // Confirmed, Cancel ends the session at the gateway too.
  const revoked = page.waitForResponse((r) => r.url().endsWith('/gwapi/session/revoke'));
  await confirm.getByRole('button', { name: CANCEL_MESSAGES.confirm }).click();
  expect((await revoked).status()).toBe(204);
  await expect(page).toHaveURL(/\/transfer$/);
  await expect(heading(page, 'Member Information')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Member Number' })).toHaveValue('');
});

test('James Carter, not registered, reaches the missing information after choosing and can go back', async ({ page }) => {
  await page.goto('/transfer');
  await identify(page, JAMES);
  await expect(heading(page, 'Select Your Prescriptions')).toBeVisible();
  await page.getByRole('checkbox', { name: /^Select / }).first().press('Space');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please select your doctor' })).toBeVisible();
  await expect(page.getByText('No doctors found.')).toBeVisible();
});
