/**
 * The member flow, rule by rule against member-transfer-flow.md: what a walk
 * through the flow found to differ from the document, one test each, on
 * copies of the personas (POST /__test/members), so what a test saves stays
 * its own.
 */
import { expect, test, type Locator, type Page } from './support/test.ts';
import { dialog } from './support/drivers.ts';
import { CARLOS, identify, LINDA, MARIA, memberCopy, pickSuggestion, summaryValue, type MemberPersona } from './support/memberDrivers.ts';
import { chooseAndNext, focusedHeading, main, pageDoctors, press, startMemberFlow } from './support/memberSteps.ts';
import { REVIEW_MESSAGES, SUCCESS_MESSAGES } from '../../machines/member/rules/review.ts';
import { NOTIFICATION_MESSAGES } from '../../machines/member/rules/notifications.ts';
import { GENERAL_ERROR_TEXT } from '../../machines/shared/rules/calls.ts';

test.describe.configure({ timeout: 180_000 });

/** The date section 9 gives the terms (src/content/TermsOfUseText.tsx's TERMS_UPDATED; a .tsx with styles cannot be imported here). */
const TERMS_UPDATED = 'Last updated February 8, 2018';

/** Identifies a copy of the member, chooses the first prescription and their doctor, Next: the registration page. */
async function reachRegistration(page: Page, m: MemberPersona) {
  const copy = await memberCopy(page, m);
  await startMemberFlow(page);
  await identify(page, copy);
  await focusedHeading(page, 'Select Your Prescriptions');
  if (!(await pageDoctors(page).first().isChecked())) await pageDoctors(page).first().press('Space');
  await chooseAndNext(page);
  return copy;
}

test('the Terms of Use modal carries the date of the terms (section 9), as /TermsOfUse does', async ({ page }) => {
  await reachRegistration(page, LINDA);
  await main(page).getByRole('button', { name: 'Read the Terms of Use' }).click();
  const terms = dialog(page, 'Terms of Use');
  await expect(terms).toBeVisible();
  await expect(terms.getByText(TERMS_UPDATED, { exact: true })).toBeVisible();
  await page.goto('/TermsOfUse');
  await expect(main(page).getByText(TERMS_UPDATED, { exact: true })).toBeVisible();
});

/** Identifies a copy of the member: Select Your Prescriptions, with their doctor chosen. */
async function reachPrescriptions(page: Page, m: MemberPersona) {
  const copy = await memberCopy(page, m);
  await startMemberFlow(page);
  await identify(page, copy);
  await focusedHeading(page, 'Select Your Prescriptions');
  if (!(await pageDoctors(page).first().isChecked())) await pageDoctors(page).first().press('Space');
  return copy;
}

/** Add a Prescription, the kind chosen, Continue: the form with its first row. */
async function openAddPrescription(page: Page, kind: 'This an active prescription being filled at another pharmacy' | 'This is a new prescription'): Promise<Locator> {
  await main(page).getByRole('button', { name: 'Add Prescription', exact: true }).click();
  const modal = dialog(page, 'Add a Prescription');
  await modal.getByRole('radio', { name: kind }).check({ force: true });
  await modal.getByRole('button', { name: 'Continue' }).click();
  await expect(modal.getByRole('combobox', { name: 'Drug Name' })).toBeFocused();
  return modal;
}

async function pickDrug(page: Page, modal: Locator, typed: string, option: string) {
  const drug = modal.getByRole('combobox', { name: 'Drug Name' });
  await drug.fill(typed);
  await pickSuggestion(page, drug, option);
}

test('an active prescription at another pharmacy reads "OK to transfer prescription." in Add a Prescription and on its card (section 8, code 0)', async ({ page }) => {
  await reachPrescriptions(page, MARIA);
  const modal = await openAddPrescription(page, 'This an active prescription being filled at another pharmacy');
  await pickDrug(page, modal, 'prav', 'PRAVASTATIN SODIUM 40 MG TABLET');
  const drug = modal.getByRole('combobox', { name: 'Drug Name' });
  await expect(drug).toHaveAccessibleDescription(/OK to transfer prescription\./);
  await expect(modal.getByText('OK to request new prescription.')).toHaveCount(0);
  await modal.getByRole('radio', { name: 'Not Auto Refill' }).check({ force: true });
  const pharmacy = modal.getByRole('group', { name: 'Pharmacy', exact: true });
  await pharmacy.getByRole('textbox', { name: 'Pharmacy Name', exact: true }).fill('Walgreens 123');
  await pharmacy.getByRole('textbox', { name: 'Zip Code', exact: true }).fill('85281');
  await pharmacy.getByRole('textbox', { name: 'Address', exact: true }).fill('1 Mill Ave');
  await pharmacy.getByRole('textbox', { name: 'City', exact: true }).fill('Tempe');
  const state = pharmacy.getByRole('combobox', { name: 'State' });
  await state.fill('AZ');
  await state.press('Tab');
  await pharmacy.getByRole('textbox', { name: 'Phone Number', exact: true }).fill('4805550199');
  await modal.getByRole('button', { name: 'Add Prescription' }).click();
  await expect(modal).toHaveCount(0);
  const card = main(page).getByRole('listitem').filter({ hasText: 'PRAVASTATIN SODIUM 40 MG TABLET' });
  await expect(card).toContainText('OK to transfer prescription.');
  await expect(card).not.toContainText('OK to request new prescription.');
});

test('the success page has a sign-in link to the member portal (section 2), for a linked profile too', async ({ page }) => {
  await reachPrescriptions(page, MARIA);
  await main(page).getByRole('checkbox', { name: /^Select ATORVASTATIN/ }).press('Space');
  await press(page, 'Next');
  await focusedHeading(page, REVIEW_MESSAGES.heading);
  await press(page, 'Finish');
  await focusedHeading(page, SUCCESS_MESSAGES.heading);
  const signIn = main(page).getByRole('link', { name: `${SUCCESS_MESSAGES.signIn} (opens in a new tab)`, exact: true });
  await expect(signIn).toHaveAttribute('href', /^https:\/\/members\.example\.com/);
  await expect(signIn).toHaveAttribute('target', '_blank');
});

/** Maria's copy on the review page, ATORVASTATIN chosen. */
async function reachReview(page: Page) {
  const maria = await reachPrescriptions(page, MARIA);
  await main(page).getByRole('checkbox', { name: /^Select ATORVASTATIN/ }).press('Space');
  await press(page, 'Next');
  await focusedHeading(page, REVIEW_MESSAGES.heading);
  await expect(main(page).getByRole('button', { name: 'Change Shipping Address' })).toBeEnabled();
  return maria;
}

test("the review's new-address form offers section 3's six types, as the registration page does, and sends the one chosen", async ({ page }) => {
  await reachReview(page);
  await main(page).getByRole('button', { name: 'Change Shipping Address' }).click();
  await dialog(page, 'Change Shipping Address').getByRole('button', { name: 'Add a new address' }).click();
  const modal = dialog(page, 'New Shipping Address');
  const types = modal.getByRole('radiogroup', { name: 'Address type' }).getByRole('radio');
  await expect(types).toHaveCount(6);
  expect(await types.evaluateAll((radios) => radios.map((r) => r.closest('label')?.textContent?.trim()))).toEqual(['Home', 'Primary Office', 'School', 'Vacation', 'Temporary', 'Alternate']);
  await modal.getByRole('textbox', { name: /Address line 1/ }).fill('2 N Central Ave');
  await modal.getByRole('textbox', { name: /Zip code/ }).fill('85004');
  await expect(modal.getByText(/^phoenix$/i)).toBeVisible();
  await modal.getByRole('radio', { name: 'School' }).check({ force: true });
  const saved = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/gwapi/mmar/Addresses'));
  await modal.getByRole('button', { name: 'Save' }).click();
  expect((await saved).postDataJSON()).toMatchObject({ addressType: 3, addressLine1: '2 N Central Ave' });
  await expect(main(page).getByRole('status').filter({ hasText: 'Address Updated' })).toBeVisible();
});

test('the condition lookup does not offer conditions already on the page (section 4): Carlos types "hyp"', async ({ page }) => {
  await reachRegistration(page, CARLOS);
  await expect(main(page).getByRole('heading', { name: 'Health Info' })).toBeVisible();
  // Hypertension, Hyperlipidemia and Hypothyroidism are checkboxes of the common list.
  for (const name of ['Hypertension', 'Hyperlipidemia', 'Hypothyroidism']) await expect(main(page).getByRole('checkbox', { name, exact: true })).toBeVisible();
  await main(page).getByRole('button', { name: 'Add a health condition' }).click();
  const row = main(page).getByRole('combobox', { name: 'Other health condition 1' });
  await row.fill('hyp');
  await pickSuggestion(page, row, 'Hyperthyroidism');
  await main(page).getByRole('button', { name: 'Add another health condition' }).click();
  const second = main(page).getByRole('combobox', { name: 'Other health condition 2' });
  await second.fill('hyp');
  const options = page.getByRole('option');
  await expect(async () => {
    if (!(await options.first().isVisible())) await second.press('ArrowDown');
    await expect(options.first()).toBeVisible({ timeout: 1000 });
  }).toPass();
  // Neither the common ones nor the one the first row added; the others still are.
  await expect(options.filter({ hasText: 'Hypogonadism' })).toHaveCount(1);
  const offered = await options.allTextContents();
  for (const shown of ['Hypertension', 'Hyperlipidemia', 'Hypothyroidism', 'Hyperthyroidism']) expect(offered).not.toContain(shown);
  expect(offered).toContain('Pulmonary Hypertension');
});

/** Linda's copy past her registration page (Skip Payment, Email, the agreements): the review. */
async function reachLindaReview(page: Page) {
  await reachRegistration(page, LINDA);
  await main(page).getByRole('checkbox', { name: 'Skip Payment' }).check({ force: true });
  await main(page).getByRole('radio', { name: 'Email', exact: true }).check({ force: true });
  await main(page).getByRole('button', { name: 'Read the Terms of Use' }).click();
  await dialog(page, 'Terms of Use').getByRole('button', { name: "I'm Done" }).click();
  // A forced click lands where the checkbox is: on the closing modal's underlay if that is still there.
  await expect(dialog(page, 'Terms of Use')).toHaveCount(0);
  await main(page).getByRole('checkbox', { name: /agree to the Privacy Notice/ }).check({ force: true });
  await main(page).getByRole('checkbox', { name: /true and complete/ }).check({ force: true });
  await press(page, 'Next');
  await focusedHeading(page, REVIEW_MESSAGES.heading);
  await expect(main(page).getByRole('button', { name: 'Change Allergies' })).toBeEnabled();
}

test("Linda's on-file No Known Drug Allergy: the allergies modal says an allergy added replaces it, before Update", async ({ page }) => {
  await reachLindaReview(page);
  await expect(summaryValue(page, 'Allergies')).toHaveText(/No Known Drug Allergy/i);
  await main(page).getByRole('button', { name: 'Change Allergies' }).click();
  const modal = dialog(page, 'Change Allergies');
  const note = modal.getByText('Your file says No Known Drug Allergy. An allergy you add replaces it.');
  await expect(note).toBeVisible();
  await modal.getByRole('checkbox', { name: 'Codeine', exact: true }).check({ force: true });
  await expect(note).toBeVisible();
  await modal.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(main(page).getByRole('status').filter({ hasText: 'Allergies updated' })).toBeVisible();
  // What the modal said happened: Codeine replaced it.
  await expect(summaryValue(page, 'Allergies')).toHaveText(/Codeine/i);
  await expect(summaryValue(page, 'Allergies')).not.toHaveText(/No Known Drug Allergy/i);
});

test('Change Notification Preference: Update is gated for Automated Call without a time zone (focusable, aria-disabled, the reason said)', async ({ page }) => {
  await reachReview(page);
  await main(page).getByRole('button', { name: 'Change Notification Preference' }).click();
  const modal = dialog(page, 'Change Notification Preference');
  const update = modal.getByRole('button', { name: 'Update', exact: true });
  await modal.getByRole('radio', { name: 'Automated Call', exact: true }).check({ force: true });
  await expect(update).toHaveAttribute('aria-disabled', 'true');
  await expect(update).toHaveAccessibleDescription(NOTIFICATION_MESSAGES.timeZoneRequired);
  await update.focus();
  await expect(update).toBeFocused();
  // A press asks nothing: the time zone takes the focus, with its error.
  await update.press('Enter');
  await expect(page.getByRole('alertdialog', { name: 'Update Notification Preference' })).toHaveCount(0);
  const zone = modal.getByRole('combobox', { name: 'Time zone' });
  await expect(zone).toBeFocused();
  await expect(zone).toHaveAccessibleDescription(NOTIFICATION_MESSAGES.timeZoneRequired);
  await zone.fill('Moun');
  await pickSuggestion(page, zone, 'Mountain');
  await expect(update).not.toHaveAttribute('aria-disabled', 'true');
  await update.click();
  await expect(page.getByRole('alertdialog', { name: 'Update Notification Preference' })).toBeVisible();
});

test('Add a Prescription with a C2 drug: Add Prescription says why, in the modal, announced on every press (section 8, code 3)', async ({ page }) => {
  await reachPrescriptions(page, MARIA);
  const modal = await openAddPrescription(page, 'This is a new prescription');
  await pickDrug(page, modal, 'dextroamph', 'DEXTROAMPHETAMINE-AMPHETAMINE 10 MG TABLET');
  await expect(modal.getByRole('combobox', { name: 'Drug Name' })).toHaveAccessibleDescription(/C2 controlled substance/);
  await modal.getByRole('radio', { name: 'Not Auto Refill' }).check({ force: true });
  await modal.getByRole('button', { name: 'Add Prescription' }).click();
  const why = modal.getByRole('alert').filter({ hasText: 'These prescriptions cannot be added here:' });
  await expect(why).toContainText('DEXTROAMPHETAMINE-AMPHETAMINE 10 MG TABLET: This drug is a C2 controlled substance. Please ask your doctor to e-prescribe or fax a new prescription.');
  // A second press says it again: a new alert.
  const first = await why.elementHandle();
  await modal.getByRole('button', { name: 'Add Prescription' }).click();
  await expect.poll(async () => (await why.elementHandle())?.evaluate((el, old) => el !== old, first)).toBe(true);
  await expect(modal).toBeVisible();
});

/** Arms the gateway's test switch for this test's calls only. */
async function armFault(page: Page, fault: { operationId: string; status: number; message: string }) {
  const scope = `audit-${test.info().testId}`;
  await page.setExtraHTTPHeaders({ 'x-test-scope': scope });
  const armed = await page.request.post('/__test/faults', { data: { ...fault, mode: 'error', count: 1, scope } });
  expect(armed.status()).toBe(201);
}

test("a failed save shows the document's text, never the server's (section 8): the review's address form, then the list's banner", async ({ page }) => {
  await reachReview(page);
  await main(page).getByRole('button', { name: 'Change Shipping Address' }).click();
  await dialog(page, 'Change Shipping Address').getByRole('button', { name: 'Add a new address' }).click();
  const modal = dialog(page, 'New Shipping Address');
  await modal.getByRole('textbox', { name: /Address line 1/ }).fill('2 N Central Ave');
  await modal.getByRole('textbox', { name: /Zip code/ }).fill('85004');
  await expect(modal.getByText(/^phoenix$/i)).toBeVisible();
  await modal.getByRole('radio', { name: 'Home' }).check({ force: true });
  await armFault(page, { operationId: 'addAddress', status: 500, message: 'db down' });
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal.getByRole('alert').filter({ hasText: 'Something went wrong. Try again.' })).toBeVisible();
  await expect(modal).not.toContainText('db down');
  // Save again goes through: nothing typed was lost.
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(main(page).getByRole('status').filter({ hasText: 'Address Updated' })).toBeVisible();

  // The list's banner, where section 8 says the server's message: not for a 503 (the general rule).
  const copy = await memberCopy(page, MARIA);
  await startMemberFlow(page);
  await armFault(page, { operationId: 'getAutoTransferRx', status: 503, message: 'Drug list service unavailable.' });
  await identify(page, copy);
  await expect(main(page).getByText(GENERAL_ERROR_TEXT).first()).toBeVisible();
  await expect(main(page)).not.toContainText('Drug list service unavailable.');
});

test('the missing-information flags come from PUT /mmar/Patient/Alerts (section 7); when it fails, those of eligibility', async ({ page }) => {
  // Linda's eligibility says payment and notifications are missing; the alerts call answers: notifications only.
  const scope = `audit-${test.info().testId}`;
  await page.setExtraHTTPHeaders({ 'x-test-scope': scope });
  const flags = { missingShippingAddress: false, missingContactPhoneNumber: false, missingPaymentInfo: false, missingNotificationPrefs: true, missingHealthInfo: false };
  expect((await page.request.post('/__test/faults', { data: { operationId: 'getPatientAlerts', mode: 'reply', status: 200, body: flags, count: 1, scope } })).status()).toBe(201);
  const asked = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith('/gwapi/mmar/Patient/Alerts'));
  const linda = await reachRegistration(page, LINDA);
  expect((await asked).postDataJSON()).toEqual({ patientId: expect.any(Number) });
  await expect(main(page).getByRole('heading', { name: 'Notification Preferences' })).toBeVisible();
  await expect(main(page).getByRole('heading', { name: 'Payment Info' })).toHaveCount(0);

  // The call fails: the page goes by eligibility's flags (payment too), and says nothing of the failure.
  expect((await page.request.post('/__test/faults', { data: { operationId: 'getPatientAlerts', mode: 'error', status: 500, message: 'down', count: 1, scope } })).status()).toBe(201);
  await startMemberFlow(page);
  await identify(page, linda);
  await focusedHeading(page, 'Select Your Prescriptions');
  if (!(await pageDoctors(page).first().isChecked())) await pageDoctors(page).first().press('Space');
  await chooseAndNext(page);
  await expect(main(page).getByRole('heading', { name: 'Payment Info' })).toBeVisible();
  await expect(main(page).getByRole('heading', { name: 'Notification Preferences' })).toBeVisible();
});
