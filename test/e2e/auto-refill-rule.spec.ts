/**
 * Auto refill's one rule in the member flow's Add a Prescription (member-transfer-flow.md sections 6
 * and 9: auto refill is unavailable for controlled substances, fills under 84 days and government-funded
 * plans), on the real app and the real gateway: the Auto Refill option is unavailable and says why, a
 * choice made before the drug's check answered is taken back, and the added card keeps the check's words.
 */
import { expect, holdAnswers, test, type Locator, type Page } from './support/test.ts';
import { CARLOS, identify, MARIA, pickSuggestion } from './support/memberDrivers.ts';
import { expectNoAxeViolationsNorSidewaysScroll, focusedHeading, main, openNewPrescriptionForm } from './support/memberSteps.ts';
import { AUTO_REFILL_REFUSED } from '../../machines/shared/rules/autoRefillRule.ts';

test.describe.configure({ timeout: 240_000 });

const TRAMADOL = 'TRAMADOL HCL 50 MG TABLET';
const CONTROLLED = 'This drug is a controlled substance and may not be eligible for mail order.';

const refillGroup = (modal: Locator) => modal.getByRole('radiogroup', { name: 'Refill option' });
const autoRefill = (modal: Locator) => refillGroup(modal).getByRole('radio', { name: 'Auto Refill', exact: true });
const notAutoRefill = (modal: Locator) => refillGroup(modal).getByRole('radio', { name: 'Not Auto Refill', exact: true });

async function pickDrug(page: Page, modal: Locator, typed: string, option: string) {
  const drug = modal.getByRole('combobox', { name: 'Drug Name' });
  await drug.fill(typed);
  await pickSuggestion(page, drug, option);
}

test('Maria cannot put tramadol (C3 to C5) on Auto Refill: the option says why, a choice made before the check is taken back, the card keeps the warning', async ({ page }) => {
  await page.goto('/memberInfo');
  await identify(page, MARIA);
  await focusedHeading(page, 'Select Your Prescriptions');
  const modal = await openNewPrescriptionForm(page);

  // Auto Refill chosen while the drug's check is on its way: the answer (code 4) takes it back.
  const check = await holdAnswers(page, '**/gwapi/mmar/prescriptions/patient/getautotransfernewrx/**', 'POST');
  await pickDrug(page, modal, 'tramad', TRAMADOL);
  await check.asked;
  await autoRefill(modal).check({ force: true });
  await expect(autoRefill(modal)).toBeChecked();
  check.release();

  await expect(modal.getByText(CONTROLLED)).toBeVisible();
  await expect(autoRefill(modal)).toBeDisabled();
  await expect(autoRefill(modal)).not.toBeChecked();
  // The focus, on the option taken away, is not lost: it is on the one left, where the reason is read.
  await expect(notAutoRefill(modal)).toBeFocused();
  // The reason is the group's description: read with either option.
  await expect(refillGroup(modal)).toHaveAccessibleDescription(AUTO_REFILL_REFUSED.controlled);
  await expectNoAxeViolationsNorSidewaysScroll(page);

  // Not Auto Refill is the one choice left; the card on the list keeps the check's words.
  await notAutoRefill(modal).check({ force: true });
  await modal.getByRole('radio', { name: /^Dr\. Elena Marsh,/ }).check({ force: true });
  await modal.getByRole('button', { name: 'Add Prescription', exact: true }).click();
  await expect(modal).toHaveCount(0);
  const added = main(page).getByRole('region', { name: /Prescriptions you added/ });
  await expect(added).toContainText(TRAMADOL);
  await expect(added).toContainText(CONTROLLED);
  await expect(added).not.toContainText('OK to request new prescription.');
});

test('Carlos, a Part D member, is told Auto Refill is not for government-funded plans before he picks a drug', async ({ page }) => {
  await page.goto('/memberInfo');
  await identify(page, CARLOS);
  await focusedHeading(page, 'Select Your Prescriptions');
  const modal = await openNewPrescriptionForm(page);
  await expect(autoRefill(modal)).toBeDisabled();
  await expect(refillGroup(modal)).toHaveAccessibleDescription(AUTO_REFILL_REFUSED.governmentFunded);
  await expect(notAutoRefill(modal)).toBeEnabled();
});
