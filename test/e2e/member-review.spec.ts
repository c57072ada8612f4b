/**
 * The review page, Finish and the success page on the real app and the real
 * gateway, on a copy of Maria Lopez (registered, nothing missing, profile
 * linked): her profile as stored, her request in two groups, Remove after a
 * confirmation, a reload that keeps it, a Finish the gateway refuses once and
 * then accepts, the request the gateway stored matching what the page showed,
 * the success page on screen and on paper, and axe at 1280 and 375 px.
 */
import { watchPatientToken } from './support/sessionProbe.ts';
import { expect, test, type Locator, type Page } from './support/test.ts';
import { REVIEW_MESSAGES, SUCCESS_MESSAGES } from '../../machines/member/rules/review.ts';
import { GENERAL_ERROR_TEXT } from '../../src/api/gateway.ts';
import { expectHeadingOutline, expectNoHorizontalScroll } from './support/a11y.ts';
import { pick } from './support/drivers.ts';
import { identify, MARIA, memberCopy, stepIs, summaryValue } from './support/memberDrivers.ts';
import { expectNoAxeViolationsNorSidewaysScroll, focusedHeading, focusInDialog, main, pageDoctors, press, startMemberFlow } from './support/memberSteps.ts';

test.describe.configure({ timeout: 240_000 });

const drug = (page: Page, name: string) => main(page).getByRole('checkbox', { name: new RegExp(`^Select ${name}`) });
const group = (page: Page, title: string) => main(page).getByRole('list', { name: title });
/** Ticks a radio or checkbox from the keyboard (Space on it), as everywhere in these tests, and checks that it took. */
async function tick(box: Locator) {
  if (!(await box.isChecked())) await box.press('Space');
  await expect(box).toBeChecked();
}
const removeDialog = (page: Page) => page.getByRole('alertdialog', { name: REVIEW_MESSAGES.removeTitle });

/** Axe at 1280 and 375 px, and on the phone the heading outline and no sideways scroll. */
async function checkBothWidths(page: Page) {
  await expectNoAxeViolationsNorSidewaysScroll(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoAxeViolationsNorSidewaysScroll(page);
  await expectHeadingOutline(page);
  await expectNoHorizontalScroll(page);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Maria's copy chooses the drugs and her first doctor; with nothing missing, Next goes past the registration page to the review. */
async function reachReview(page: Page, drugs: string[]) {
  const maria = await memberCopy(page, MARIA);
  await startMemberFlow(page);
  await identify(page, maria);
  await focusedHeading(page, 'Select Your Prescriptions');
  for (const name of drugs) await drug(page, name).press('Space');
  if (!(await pageDoctors(page).first().isChecked())) await pageDoctors(page).first().press('Space');
  await press(page, 'Next');
  await focusedHeading(page, REVIEW_MESSAGES.heading);
  await stepIs(page, 'Review');
  return maria;
}

test('Maria reviews her request, removes one prescription, finishes after a refused try, and the gateway stored what the page showed', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const session = watchPatientToken(page);
  const maria = await reachReview(page, ['ATORVASTATIN', 'LISINOPRIL', 'ALPRAZOLAM']);

  // Her profile as the gateway holds it.
  await expect(summaryValue(page, 'Shipping Address')).toHaveText('1420 E Apache Blvd, Tempe, AZ 85281');
  await expect(summaryValue(page, 'Primary Phone')).toHaveText('480-555-0142 (Mobile)');
  await expect(summaryValue(page, 'Payment')).toHaveText('Visa ending 1111, expires 08/2029');
  await expect(summaryValue(page, 'Notification Preference')).toHaveText('Email: maria.lopez@example.com');
  // Codes 0 go to her pharmacy; code 4 (a controlled substance) is asked of her doctor.
  await expect(group(page, REVIEW_MESSAGES.transfers).getByRole('listitem')).toHaveText([/^ATORVASTATIN CALCIUM 20 MG TABLET/, /^LISINOPRIL 10 MG TABLET/]);
  await expect(group(page, REVIEW_MESSAGES.newRx).getByRole('listitem')).toHaveText([/^ALPRAZOLAM 0.5 MG TABLET/]);
  await checkBothWidths(page);

  // Remove asks first; No keeps it, Yes removes it and the focus goes to the list's heading.
  await main(page).getByRole('button', { name: /^Remove LISINOPRIL/ }).click();
  await expect(removeDialog(page)).toContainText('Remove LISINOPRIL 10 MG TABLET from your request?');
  await focusInDialog(page);
  await expectNoAxeViolationsNorSidewaysScroll(page);
  await removeDialog(page).getByRole('button', { name: REVIEW_MESSAGES.removeDismiss }).click();
  await expect(removeDialog(page)).toHaveCount(0);
  await expect(group(page, REVIEW_MESSAGES.transfers).getByRole('listitem')).toHaveCount(2);
  await main(page).getByRole('button', { name: /^Remove LISINOPRIL/ }).click();
  await removeDialog(page).getByRole('button', { name: REVIEW_MESSAGES.removeConfirm }).click();
  await expect(main(page).getByRole('heading', { name: 'Your Prescriptions', exact: true })).toBeFocused();
  await expect(group(page, REVIEW_MESSAGES.transfers).getByRole('listitem')).toHaveText([/^ATORVASTATIN CALCIUM 20 MG TABLET/]);

  // A reload on the review page keeps the request as it stands.
  await page.reload();
  await expect(main(page).getByRole('heading', { name: REVIEW_MESSAGES.heading })).toBeVisible();
  await expect(group(page, REVIEW_MESSAGES.transfers).getByRole('listitem')).toHaveText([/^ATORVASTATIN CALCIUM 20 MG TABLET/]);
  await expect(group(page, REVIEW_MESSAGES.newRx).getByRole('listitem')).toHaveText([/^ALPRAZOLAM 0.5 MG TABLET/]);
  const shown = await main(page).locator('li p:first-child').allTextContents();

  // The gateway refuses Finish once: the banner with its text takes the focus, and Finish again goes through.
  const scope = `review-${test.info().testId}`;
  await page.setExtraHTTPHeaders({ 'x-test-scope': scope });
  const armed = await page.request.post('/__test/faults', { data: { operationId: 'submitTransferRequest', mode: 'error', status: 500, count: 1, scope } });
  expect(armed.status()).toBe(201);
  await press(page, 'Finish');
  await expect(page.locator('#review-problems')).toBeFocused();
  await expect(page.locator('#review-problems')).toContainText('Please address the following errors:');
  await expect(page.locator('#review-problems')).toContainText(GENERAL_ERROR_TEXT);
  await expectNoAxeViolationsNorSidewaysScroll(page);
  await press(page, 'Finish');

  // The success page: her prescriptions with their estimated refill dates; her profile is linked, so the app promo.
  await focusedHeading(page, SUCCESS_MESSAGES.heading);
  await stepIs(page, 'Finish');
  const rows = main(page).getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('ALPRAZOLAM 0.5 MG TABLET');
  await expect(rows.nth(2)).toContainText('ATORVASTATIN CALCIUM 20 MG TABLET');
  await expect(rows.nth(1)).toContainText(/\d\d\/\d\d\/\d{4}/);
  await expect(main(page).getByText('We will send your updates to: Email: maria.lopez@example.com')).toBeVisible();
  await expect(main(page).getByText(SUCCESS_MESSAGES.appPromo)).toBeVisible();
  await expect(page.getByRole('link', { name: /Register Now/ })).toHaveCount(0);
  // Nothing asks before leaving now.
  await expect(main(page).getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await checkBothWidths(page);

  // What the gateway stored is what the review page showed.
  const stored = (await (await page.request.get(`/__test/members/${maria.memberNumber}/requests`)).json()) as {
    siteIdentifier: string;
    lines: { kind: string; drugName: string; pharmacyName: string | null; physicianName: string | null; estimatedRefillDate: string }[];
  }[];
  expect(stored).toHaveLength(1);
  expect(stored[0]!.siteIdentifier).toBe('MMAR');
  expect(stored[0]!.lines.map((l) => l.drugName).sort()).toEqual(shown.map((s) => s.trim()).sort());
  const byName = Object.fromEntries(stored[0]!.lines.map((l) => [l.drugName, l]));
  expect(byName['ATORVASTATIN CALCIUM 20 MG TABLET']!.kind).toBe('transfer');
  expect(byName['ATORVASTATIN CALCIUM 20 MG TABLET']!.pharmacyName).toBeTruthy();
  expect(byName['ALPRAZOLAM 0.5 MG TABLET']!.kind).toBe('newRx');
  expect(byName['ALPRAZOLAM 0.5 MG TABLET']!.physicianName).toBeTruthy();
  await expect(rows.nth(1)).toContainText(byName['ALPRAZOLAM 0.5 MG TABLET']!.estimatedRefillDate.replace(/^(\d{4})-(\d\d)-(\d\d)$/, '$2/$3/$1'));

  // On paper: the confirmation without the header, footer, stepper or buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('header').first()).toBeHidden();
  await expect(page.locator('footer').first()).toBeHidden();
  await expect(page.getByRole('list', { name: 'Progress' })).toBeHidden();
  await expect(main(page).getByRole('button', { name: SUCCESS_MESSAGES.print })).toBeHidden();
  await expect(main(page).getByRole('table')).toBeVisible();
  await expect(main(page).getByRole('heading', { name: SUCCESS_MESSAGES.heading })).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // The session stayed for "Track this order" (the success page needs no other call): leaving the page ends it.
  await page.goto('/');
  await session.endedAtGateway(request);
  // The request is sent: the flow starts anew.
  await page.goto('/memberInfo');
  await expect(main(page).getByRole('heading', { name: 'Member Information' })).toBeVisible();
});

test("removing every prescription: 'You have removed all Rx's' and no Finish", async ({ page }) => {
  await reachReview(page, ['ATORVASTATIN']);
  await main(page).getByRole('button', { name: /^Remove ATORVASTATIN/ }).click();
  await removeDialog(page).getByRole('button', { name: REVIEW_MESSAGES.removeConfirm }).click();
  await expect(main(page).getByRole('status').filter({ hasText: REVIEW_MESSAGES.allRemoved })).toBeVisible();
  await expect(main(page).getByRole('button', { name: 'Finish' })).toBeDisabled();
  await expectNoAxeViolationsNorSidewaysScroll(page);
  // Back to the prescriptions to choose again.
  await press(page, 'Back');
  await focusedHeading(page, 'Select Your Prescriptions');
});

test('Maria changes her notifications with a new email, adds a primary phone after a refused try, and adds an allergy, from the review', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await reachReview(page, ['ATORVASTATIN']);
  const status = main(page).getByRole('status').filter({ hasText: /Updated|updated/ });

  // Notifications: SMS Text needs a time zone; the new email is saved after the setting, once confirmed.
  await main(page).getByRole('button', { name: 'Change Notification Preference' }).click();
  let modal = page.getByRole('dialog', { name: 'Change Notification Preference' });
  await focusInDialog(page);
  await expect(modal.getByRole('button', { name: 'Update' })).toBeDisabled();
  await tick(modal.getByRole('radio', { name: 'SMS Text' }));
  // Update is gated until the choice is complete (section 5): focusable and aria-disabled, a press says why.
  await modal.getByRole('button', { name: 'Update' }).press('Enter');
  await expect(modal).toContainText('Select your time zone for calls and text messages.');
  await modal.getByRole('combobox', { name: /Time zone/ }).fill('Mount');
  await page.getByRole('option', { name: 'Mountain' }).click();
  await modal.getByRole('button', { name: 'Edit email' }).click();
  const emailModal = page.getByRole('dialog', { name: 'Edit Email' });
  await expect(emailModal.getByRole('textbox', { name: 'Email' })).toBeFocused();
  await expect(emailModal.getByRole('button', { name: 'Save' })).toBeDisabled();
  await emailModal.getByRole('textbox', { name: 'Email' }).fill('maria.new@example.com');
  await emailModal.getByRole('button', { name: 'Save' }).click();
  modal = page.getByRole('dialog', { name: 'Change Notification Preference' });
  await expect(modal).toContainText('maria.new@example.com (saved when you update)');
  await expectNoAxeViolationsNorSidewaysScroll(page);
  await modal.getByRole('button', { name: 'Update' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Update Notification Preference' });
  await confirm.getByRole('button', { name: 'Yes, Update' }).click();
  await expect(status).toHaveText('Notification Settings Updated');
  await expect(main(page).getByRole('button', { name: 'Change Notification Preference' })).toBeFocused();
  await expect(summaryValue(page, 'Notification Preference')).toContainText('SMS Text');
  await expect(summaryValue(page, 'Email')).toHaveText('maria.new@example.com');

  // The phone: a short number gets the modal's message; the gateway refuses the first Add, the second goes through.
  await main(page).getByRole('button', { name: 'Change Primary Phone' }).click();
  modal = page.getByRole('dialog', { name: 'Change Primary Phone' });
  await modal.getByRole('button', { name: 'Add Number' }).click();
  modal = page.getByRole('dialog', { name: 'Add Phone Number' });
  const number = modal.getByRole('textbox', { name: /Phone number/ });
  await expect(number).toBeFocused();
  await number.fill('602555');
  await number.press('Tab');
  await expect(modal).toContainText('Phone number must be at least 10 characters');
  await number.fill('6025550188');
  await tick(modal.getByRole('radio', { name: 'Home' }));
  const scope = `review-changes-${test.info().testId}`;
  await page.setExtraHTTPHeaders({ 'x-test-scope': scope });
  expect((await page.request.post('/__test/faults', { data: { operationId: 'addPhone', mode: 'error', status: 500, count: 1, scope } })).status()).toBe(201);
  await modal.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(modal.getByRole('alert')).toContainText(`Your phone number could not be added. ${GENERAL_ERROR_TEXT}`);
  await expect(number).toHaveValue('(602) 555-0188');
  await expectNoAxeViolationsNorSidewaysScroll(page);
  await modal.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(status).toHaveText('Phone Number Updated');
  await expect(summaryValue(page, 'Primary Phone')).toHaveText('602-555-0188 (Home)');
  await expect(main(page).getByRole('button', { name: 'Change Primary Phone' })).toBeFocused();
  // Her old number is still on file: Select makes it primary again.
  await main(page).getByRole('button', { name: 'Change Primary Phone' }).click();
  modal = page.getByRole('dialog', { name: 'Change Primary Phone' });
  await modal.getByRole('button', { name: /^Select Mobile 480-555-0142/ }).click();
  await expect(status).toHaveText('Phone Number Updated');
  await expect(summaryValue(page, 'Primary Phone')).toHaveText('480-555-0142 (Mobile)');

  // The shipping address: a duplicate of one on file is refused with the modal's messages; a new one is saved; Select makes the old one the default again.
  await main(page).getByRole('button', { name: 'Change Shipping Address' }).click();
  modal = page.getByRole('dialog', { name: 'Change Shipping Address' });
  await expect(modal.getByRole('listitem').first()).toContainText('(default)');
  await modal.getByRole('button', { name: 'Add a new address' }).click();
  modal = page.getByRole('dialog', { name: 'New Shipping Address' });
  await expect(modal.getByRole('textbox', { name: /Address line 1/ })).toBeFocused();
  await modal.getByRole('textbox', { name: /Address line 1/ }).fill('1420 East Apache');
  await modal.getByRole('textbox', { name: /Zip code/ }).fill('85281');
  // The zip lookup fills the city before anything else is chosen (its answer re-renders the form).
  await expect(modal.getByText(/^tempe$/i)).toBeVisible();
  await tick(modal.getByRole('radio', { name: 'Temporary' }));
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal.getByRole('alert').first()).toContainText('Please review the page for errors.');
  await expect(modal).toContainText('Address already exists.');
  await expect(modal).toContainText('Start Date and End date are required.');
  await expectNoAxeViolationsNorSidewaysScroll(page);
  await modal.getByRole('textbox', { name: /Address line 1/ }).fill('2 N Central Ave');
  await modal.getByRole('textbox', { name: /Zip code/ }).fill('85004');
  await expect(modal.getByText(/^phoenix$/i)).toBeVisible();
  await tick(modal.getByRole('radio', { name: 'Home' }));
  await tick(modal.getByRole('checkbox', { name: /default shipping address/ }));
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(status).toHaveText('Address Updated');
  await expect(summaryValue(page, 'Shipping Address')).toHaveText(/^2 N CENTRAL AVE, PHOENIX, AZ 85004$/i);
  await expect(main(page).getByRole('button', { name: 'Change Shipping Address' })).toBeFocused();
  await main(page).getByRole('button', { name: 'Change Shipping Address' }).click();
  modal = page.getByRole('dialog', { name: 'Change Shipping Address' });
  await modal.getByRole('button', { name: /^Select 1420 E APACHE BLVD/i }).click();
  await expect(status).toHaveText('Address Updated');
  await expect(summaryValue(page, 'Shipping Address')).toHaveText(/^1420 E Apache Blvd, Tempe, AZ 85281$/i);

  // Allergies: what is on file stays ticked and cannot be removed; a common one is added.
  const before = (await summaryValue(page, 'Allergies').textContent())!;
  await main(page).getByRole('button', { name: 'Change Allergies' }).click();
  modal = page.getByRole('dialog', { name: 'Change Allergies' });
  await expect(modal.getByRole('button', { name: 'Update' })).toBeDisabled();
  const offered = modal.getByRole('checkbox', { disabled: false }).first();
  // The checkbox is react-aria's hidden input: its name is its label's text.
  const name = (await offered.evaluate((el) => el.closest('label')?.textContent ?? ''))
    .replace('(on file)', '')
    .trim();
  expect(name).not.toBe('');
  await tick(offered);
  await expectNoAxeViolationsNorSidewaysScroll(page);
  await modal.getByRole('button', { name: 'Update' }).click();
  await expect(status).toHaveText('Allergies updated');
  await expect(summaryValue(page, 'Allergies')).toContainText(name);
  await expect(summaryValue(page, 'Allergies')).toContainText(before);
});

test("Maria changes her payment card from the review: Select, Edit, and a new card after a refused tokenizing ('Card Tokenization.')", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await reachReview(page, ['ATORVASTATIN']);
  const status = main(page).getByRole('status').filter({ hasText: 'Payment Card Updated' });
  const change = main(page).getByRole('button', { name: 'Change Payment Card' });
  await expect(summaryValue(page, 'Payment')).toHaveText('Visa ending 1111, expires 08/2029');

  // The list: her default Visa (no Select) and her Mastercard; Select makes it the default.
  await change.click();
  let modal = page.getByRole('dialog', { name: 'Change Payment Card' });
  await focusInDialog(page);
  await expect(modal.getByRole('listitem')).toHaveText(['Visa ending 1111, expires 08/2029 (default)Edit', 'Mastercard ending 4444, expires 03/2028EditSelect']);
  await expectNoAxeViolationsNorSidewaysScroll(page);
  await modal.getByRole('button', { name: 'Select Mastercard ending 4444, expires 03/2028' }).click();
  await expect(status).toHaveText('Payment Card Updated');
  await expect(summaryValue(page, 'Payment')).toHaveText('Mastercard ending 4444, expires 03/2028');
  await expect(change).toBeFocused();

  // Edit: the number stays (no card field); the names and the expiry change.
  await change.click();
  modal = page.getByRole('dialog', { name: 'Change Payment Card' });
  await modal.getByRole('button', { name: 'Edit Mastercard ending 4444, expires 03/2028' }).click();
  modal = page.getByRole('dialog', { name: 'Edit Payment Card' });
  await expect(modal.getByRole('textbox', { name: /First name on card/ })).toBeFocused();
  await expect(modal.getByRole('textbox', { name: /First name on card/ })).toHaveValue('Maria');
  // The card is named as on the button that opened the form.
  await expect(modal).toContainText('Mastercard ending 4444');
  await expect(modal.locator('iframe')).toHaveCount(0);
  await pick(page, 'Expiration year', '2031');
  await expectNoAxeViolationsNorSidewaysScroll(page);
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(status).toHaveText('Payment Card Updated');
  await expect(summaryValue(page, 'Payment')).toHaveText('Mastercard ending 4444, expires 03/2031');

  // Add: the number goes to the hosted field; the tokenizer refuses once (the review's text), the second Save goes through.
  await change.click();
  await page.getByRole('dialog', { name: 'Change Payment Card' }).getByRole('button', { name: 'Add a new card' }).click();
  modal = page.getByRole('dialog', { name: 'New Payment Card' });
  const number = page.frameLocator('iframe[title="Card number"]').getByRole('textbox', { name: 'Card number' });
  await expect(number).toBeVisible();
  await modal.getByRole('textbox', { name: /First name on card/ }).fill('Maria');
  await modal.getByRole('textbox', { name: /Last name on card/ }).fill('Lopez');
  await number.fill('6011 1111 1111 1117');
  await pick(page, 'Expiration month', 'December');
  await pick(page, 'Expiration year', '2030');
  const scope = `review-payment-${test.info().testId}`;
  await page.setExtraHTTPHeaders({ 'x-test-scope': scope });
  expect((await page.request.post('/__test/faults', { data: { operationId: 'tokenizeCard', mode: 'error', status: 503, count: 1, scope } })).status()).toBe(201);
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal.getByRole('alert')).toContainText('Unable to process the request at this time. Please try after some time. Card Tokenization.');
  await expect(modal.getByRole('textbox', { name: /First name on card/ })).toHaveValue('Maria');
  await expectNoAxeViolationsNorSidewaysScroll(page);
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(status).toHaveText('Payment Card Updated');
  await expect(summaryValue(page, 'Payment')).toHaveText('Discover ending 1117, expires 12/2030');
  await expect(change).toBeFocused();
});
