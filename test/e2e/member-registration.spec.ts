/**
 * The registration / missing-information page on the real app and the real
 * gateway (no canned answers), each persona on a copy of its own
 * (POST /__test/members), so what it saves stays its own:
 * - James Carter, not registered, registers everything in one form: the zip
 *   fills the city and state, the card number goes into the tokenizer's
 *   field, the Terms of Use modal's I'm Done ticks its box;
 * - Linda Nguyen adds a card and an email notification (the notification
 *   call fails once: its line in the banner, and the retry sends only it);
 * - Carlos Rivera adds an allergy through the lookup and No Reported Health
 *   Conditions.
 * Each reaches the review (James finishes his request, and the success page
 * offers registration), and coming back as the same member later goes
 * straight past the page: the gateway stored it all. axe runs on every state
 * of the page and its modal, at 1280 and 375 px.
 */
import { expect, test, type Page } from './support/test.ts';
import { CONTACT_MESSAGES } from '../../machines/member/rules/contactInfo.ts';
import { REGISTRATION_MESSAGES } from '../../machines/member/rules/registration.ts';
import { SUCCESS_MESSAGES } from '../../machines/member/rules/review.ts';
import { REGISTER_STEP } from '../../machines/shared/rules/stepper.ts';
import { GENERAL_ERROR_TEXT } from '../../machines/shared/rules/calls.ts';
import { expectHeadingOutline, expectNoHorizontalScroll } from './support/a11y.ts';
import { dialog } from './support/drivers.ts';
import { CARLOS, identify, JAMES, LINDA, memberCopy, pickSuggestion, stepIs, summaryValue, type MemberPersona } from './support/memberDrivers.ts';
import { addNewDoctor, chooseAndNext, expectNoAxeViolationsNorSidewaysScroll, focusedHeading, focusInDialog, main, NEW_DOCTOR, press, startMemberFlow } from './support/memberSteps.ts';

test.describe.configure({ timeout: 300_000 });

const problems = (page: Page) => page.locator('#registration-problems');
const radio = (page: Page, name: string, group?: string) => (group ? main(page).getByRole('radiogroup', { name: group }) : main(page)).getByRole('radio', { name, exact: true });
const checkbox = (page: Page, name: string | RegExp) => main(page).getByRole('checkbox', { name });
const cardNumber = (page: Page) => page.frameLocator('iframe[title="Card number"]').getByRole('textbox', { name: 'Card number' });

/** Identifies the member, chooses a doctor (adding one when asked), the first prescription, and presses Next. */
async function reachRegistration(page: Page, m: MemberPersona, opts: { addDoctor?: boolean } = {}) {
  await reachChoice(page, m, opts);
  await chooseAndNext(page);
}

/** Identifies the member and chooses a doctor (adding one when the member has none). */
async function reachChoice(page: Page, m: MemberPersona, opts: { addDoctor?: boolean }) {
  await startMemberFlow(page);
  await identify(page, m);
  await focusedHeading(page, 'Select Your Prescriptions');
  if (opts.addDoctor) await addNewDoctor(page, NEW_DOCTOR);
  else if (!(await main(page).getByRole('radiogroup', { name: 'Your doctors' }).getByRole('radio').first().isChecked())) {
    await main(page).getByRole('radiogroup', { name: 'Your doctors' }).getByRole('radio').first().press('Space');
  }
}

/** Next on the registration page, then the review with its heading focused. */
async function nextToReview(page: Page) {
  await press(page, 'Next');
  await focusedHeading(page, 'Please Review Your Request');
  await stepIs(page, 'Review');
}

/** The three agreements (the Terms of Use through its modal, whose I'm Done ticks the box). */
async function agree(page: Page, check?: () => Promise<void>) {
  await main(page).getByRole('button', { name: 'Read the Terms of Use' }).click();
  const terms = dialog(page, 'Terms of Use');
  await expect(terms).toBeVisible();
  await focusInDialog(page);
  await expect(terms.getByRole('heading', { name: 'About These Terms' })).toBeVisible();
  await check?.();
  await terms.getByRole('button', { name: "I'm Done" }).click();
  await expect(terms).toHaveCount(0);
  await expect(checkbox(page, /agree to the Terms of Use/)).toBeChecked();
  await checkbox(page, /agree to the Privacy Notice/).check({ force: true });
  await checkbox(page, /true and complete/).check({ force: true });
}

/** The card in the tokenizer's field and the rest of the card section. */
async function fillCard(page: Page, first: string, last: string) {
  await main(page).getByRole('textbox', { name: 'First name on card' }).fill(first);
  await main(page).getByRole('textbox', { name: 'Last name on card' }).fill(last);
  await cardNumber(page).fill('4111111111111111');
  await cardNumber(page).press('Tab');
  // The type follows the number.
  await expect(radio(page, 'Visa')).toBeChecked();
  for (const [label, typed] of [
    ['Expiration month', '8'],
    ['Expiration year', '2030'],
  ] as const) {
    const box = main(page).getByRole('combobox', { name: label });
    await box.fill(typed);
    await box.press('Tab');
  }
  await expect(main(page).getByRole('combobox', { name: 'Expiration month' })).toHaveValue('08 - August');
  await expect(main(page).getByRole('combobox', { name: 'Expiration year' })).toHaveValue('2030');
}

/**
 * The same member again, later: the page has nothing to ask, so Next goes straight to the review.
 * (A doctor James added before he registered is not on his new profile: the transfer request carries it.)
 */
async function comesBackComplete(page: Page, m: MemberPersona, opts: { addDoctor?: boolean } = {}) {
  await reachChoice(page, m, opts);
  await main(page).getByRole('checkbox', { name: /^Select (?!All)/ }).first().press('Space');
  await nextToReview(page);
}

test('James Carter, not registered, registers for mail order in one form and is not asked again', async ({ page }) => {
  const james = await memberCopy(page, JAMES);
  await reachRegistration(page, james, { addDoctor: true });
  await expect(main(page).getByText('Looks like you are not registered yet for mail order.')).toBeVisible();
  for (const title of ['Shipping and Contact Info', 'Payment Info', 'Notification Preferences', 'Health Info', 'Agree to Privacy and Terms of Use']) {
    await expect(main(page).getByRole('heading', { name: title, level: 3 })).toBeVisible();
  }
  // No Skip Payment for James (bill me later not allowed).
  await expect(checkbox(page, 'Skip Payment')).toHaveCount(0);
  await expect(main(page).getByRole('checkbox', { name: 'Penicillins' })).toBeVisible();
  await expectNoAxeViolationsNorSidewaysScroll(page);

  // Next with nothing: every problem in the banner, which takes the focus.
  await press(page, 'Next');
  await expect(problems(page)).toBeFocused();
  await expect(problems(page)).toContainText(REGISTRATION_MESSAGES.summary);
  for (const text of ['Select address type', 'Enter Shipping Address', 'Enter Phone Number', REGISTRATION_MESSAGES.cardMissing, 'Please select at least one allergy or select None']) {
    await expect(problems(page)).toContainText(text);
  }
  await expectNoAxeViolationsNorSidewaysScroll(page);

  // Shipping and contact: the zip fills the city and state.
  await radio(page, 'Home', 'Address type').check({ force: true });
  await main(page).getByRole('textbox', { name: 'Street address' }).fill('100 E Main St');
  // A zip the lookup does not know: the field says so (the gateway answers 404, which is not a failed lookup).
  await main(page).getByRole('textbox', { name: 'Zip code' }).fill('99999');
  await main(page).getByRole('textbox', { name: 'Zip code' }).blur();
  await expect(main(page).getByText(CONTACT_MESSAGES.zipNotFound).first()).toBeVisible();
  await main(page).getByRole('textbox', { name: 'Zip code' }).fill('85281');
  await expect(main(page).getByText(/^tempe$/i)).toBeVisible();
  await expect(main(page).getByText(/^AZ$/)).toBeVisible();
  await main(page).getByRole('textbox', { name: 'Primary phone' }).fill('6025550123');
  await radio(page, 'Mobile', 'Phone type').check({ force: true });
  await main(page).getByRole('textbox', { name: 'Email' }).fill('james.carter@example.com');

  await fillCard(page, 'James', 'Carter');

  // SMS Text is offered for a Mobile phone, and needs a time zone.
  await radio(page, 'SMS Text').check({ force: true });
  const zone = main(page).getByRole('combobox', { name: 'Time zone' });
  await zone.fill('Mount');
  await pickSuggestion(page, zone, 'Mountain');

  await checkbox(page, 'No Known Allergies').check({ force: true });
  await checkbox(page, 'Asthma').check({ force: true });
  await agree(page, () => expectNoAxeViolationsNorSidewaysScroll(page));
  await expect(problems(page)).toHaveCount(0);

  await nextToReview(page);
  // The review shows what he registered, and Finish sends his request.
  const value = (term: string) => summaryValue(page, term);
  await expect(value('Shipping Address')).toHaveText('100 E Main St, Tempe, AZ 85281');
  await expect(value('Primary Phone')).toHaveText('602-555-0123 (Mobile)');
  await expect(value('Notification Preference')).toHaveText('SMS Text: 602-555-0123 (Mountain time)');
  await press(page, 'Finish');
  await focusedHeading(page, SUCCESS_MESSAGES.heading);
  // His profile is not linked: the optional sixth step, Register, and its promo on the page.
  await expect(page.getByRole('list', { name: 'Progress' })).toContainText(REGISTER_STEP.name);
  await expect(main(page).getByText(REGISTER_STEP.note).first()).toBeVisible();
  await expect(main(page).getByRole('link', { name: /Register Now/ }).first()).toHaveAttribute('href', /^https:/);
  // Section 2: the sign-in link too, for a member who has registered at the portal already.
  await expect(main(page).getByRole('link', { name: 'Sign In (opens in a new tab)', exact: true })).toHaveAttribute('href', /^https:/);
  await comesBackComplete(page, james, { addDoctor: true });
});

test('Linda Nguyen adds a card and email notifications; Carlos Rivera adds his allergies and conditions', async ({ page }) => {
  const linda = await memberCopy(page, LINDA);
  await reachRegistration(page, linda);
  await expect(main(page).getByText('Looks like we are missing some information.')).toBeVisible();
  await expect(main(page).getByRole('heading', { name: 'Shipping and Contact Info' })).toHaveCount(0);
  // Her phone on file is a Home phone: no text messages.
  await expect(radio(page, 'SMS Text')).toBeDisabled();
  await expect(radio(page, 'SMS Text')).toHaveAccessibleDescription('Needs a valid Mobile phone number.');
  await fillCard(page, 'Linda', 'Nguyen');
  await radio(page, 'Email').check({ force: true });
  await agree(page);
  // The notification call fails once: its line in the banner, nothing typed is lost, and Next again sends only it.
  const scope = `registration-${test.info().testId}`;
  await page.setExtraHTTPHeaders({ 'x-test-scope': scope });
  const armed = await page.request.post('/__test/faults', { data: { operationId: 'createNotificationSettings', mode: 'error', status: 500, message: 'Settings are down.', count: 1, scope } });
  expect(armed.status()).toBe(201);
  const saves: string[] = [];
  page.on('request', (r) => r.method() !== 'GET' && /PaymentMethods|Notification/.test(r.url()) && saves.push(new URL(r.url()).pathname));
  await press(page, 'Next');
  await expect(problems(page)).toBeFocused();
  // Section 8: a call that is not 2xx shows the general text, never the server's own words.
  await expect(problems(page)).toContainText(`Notification preferences: ${GENERAL_ERROR_TEXT}`);
  await expect(problems(page)).not.toContainText('Settings are down.');
  await expect(radio(page, 'Email')).toBeChecked();
  await expect(main(page).getByRole('textbox', { name: 'First name on card' })).toHaveValue('Linda');
  // The field emptied itself once the tokenizer had the number; the card stays held for the retry.
  await expect(cardNumber(page)).toHaveValue('');
  await expect(page.frameLocator('iframe[title="Card number"]').getByText('Visa ending in 1111 is ready to save. To use another card, type its number.')).toBeVisible();
  // The held card keeps its type.
  await expect(radio(page, 'Visa')).toBeChecked();
  await nextToReview(page);
  expect(saves).toEqual(['/gwapi/mmar/PaymentMethods', '/gwapi/mmar/Patients/Notification', '/gwapi/mmar/Patients/Notification']);
  await comesBackComplete(page, linda);

  const carlos = await memberCopy(page, CARLOS);
  await reachRegistration(page, carlos);
  await expect(main(page).getByRole('heading', { name: 'Health Info' })).toBeVisible();
  await expect(main(page).getByRole('heading', { name: 'Payment Info' })).toHaveCount(0);
  // Peanuts is not on the common list: one row, from the lookup (3 letters or more).
  await main(page).getByRole('button', { name: 'Add an allergy' }).click();
  const row = main(page).getByRole('combobox', { name: 'Other allergy 1' });
  await row.fill('pe');
  await expect(main(page).getByText('Type 3 or more letters, then choose from the list.')).toBeVisible();
  await row.fill('pean');
  await pickSuggestion(page, row, 'Peanuts');
  await expect(row).toHaveValue('Peanuts');
  await checkbox(page, 'No Reported Health Conditions').check({ force: true });
  await agree(page);
  await nextToReview(page);
  await comesBackComplete(page, carlos);
});

test('the registration page at 1280 and 375 px: axe in every state and in the Terms of Use, and on a phone the outline and no sideways scroll', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const james = await memberCopy(page, JAMES);
  await reachRegistration(page, james, { addDoctor: true });
  /** Each state at both widths (the page keeps its state as the window changes). */
  const check = async (modal = false) => {
    for (const width of [1280, 375]) {
      const phone = width < 768;
      await page.setViewportSize({ width, height: phone ? 812 : 900 });
      await expectNoAxeViolationsNorSidewaysScroll(page);
      if (phone) await expectNoHorizontalScroll(page);
      if (phone && !modal) await expectHeadingOutline(page);
    }
  };
  await check();
  await press(page, 'Next');
  await expect(problems(page)).toBeFocused();
  await check();
  await radio(page, 'Temporary').check({ force: true });
  await expect(main(page).getByRole('textbox', { name: 'Start date' })).toBeVisible();
  await check();
  await main(page).getByRole('button', { name: 'Read the Terms of Use' }).click();
  await focusInDialog(page);
  await check(true);
  await dialog(page, 'Terms of Use').getByRole('button', { name: 'Close' }).click();
  await expect(main(page).getByRole('button', { name: 'Read the Terms of Use' })).toBeFocused();
  await expect(checkbox(page, /agree to the Terms of Use/)).not.toBeChecked();
});

/** Presses Tab until `target` has the focus (at most `max` times): the way a keyboard user gets there. */
async function tabTo(page: Page, target: ReturnType<Page['locator']>, max = 60) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('Linda fills in her page by keyboard alone: Skip Payment, Email, the Terms of Use modal, the agreements, Next', async ({ page }) => {
  const linda = await memberCopy(page, LINDA);
  await reachRegistration(page, linda);
  await focusedHeading(page, 'Verification');
  await tabTo(page, checkbox(page, 'Skip Payment'));
  await page.keyboard.press('Space');
  await expect(checkbox(page, 'Skip Payment')).toBeChecked();
  // Skipping payment turns the card fields off.
  await expect(main(page).getByRole('textbox', { name: 'First name on card' })).toBeDisabled();
  // The notification choices are one Tab stop; the arrow keys move past the greyed-out SMS Text.
  await tabTo(page, radio(page, 'Automated Call'));
  await page.keyboard.press('ArrowDown');
  await expect(radio(page, 'Email')).toBeChecked();
  await expect(radio(page, 'Email')).toBeFocused();
  // The Terms of Use: Enter opens the modal, I'm Done ticks the box and gives the focus back.
  const read = main(page).getByRole('button', { name: 'Read the Terms of Use' });
  await tabTo(page, read);
  await page.keyboard.press('Enter');
  const terms = dialog(page, 'Terms of Use');
  await expect(terms).toBeVisible();
  await focusInDialog(page);
  await tabTo(page, terms.getByRole('button', { name: "I'm Done" }));
  await page.keyboard.press('Enter');
  await expect(terms).toHaveCount(0);
  await expect(read).toBeFocused();
  await expect(checkbox(page, /agree to the Terms of Use/)).toBeChecked();
  for (const name of [/agree to the Privacy Notice/, /true and complete/]) {
    await tabTo(page, checkbox(page, name));
    await page.keyboard.press('Space');
    await expect(checkbox(page, name)).toBeChecked();
  }
  await tabTo(page, main(page).getByRole('button', { name: 'Next', exact: true }));
  await page.keyboard.press('Enter');
  await focusedHeading(page, 'Please Review Your Request');
});

test('a reload in the middle of the page loses nothing but the card number; the tab keeps no card data; Cancel forgets it all', async ({ page }) => {
  const linda = await memberCopy(page, LINDA);
  await reachRegistration(page, linda);
  await main(page).getByRole('textbox', { name: 'First name on card' }).fill('Linda');
  await cardNumber(page).fill('4111111111111111');
  await radio(page, 'Email').check({ force: true });
  await checkbox(page, /agree to the Privacy Notice/).check({ force: true });
  // What the tab keeps (written once the typing pauses): the flow, never a card number.
  const stored = () => page.evaluate(() => sessionStorage.getItem('mop.memberFlow') ?? '');
  await expect.poll(stored).toContain('"choice":"email"');
  expect(await stored()).not.toContain('4111');
  expect(await page.evaluate(() => JSON.stringify(localStorage) + document.cookie)).not.toMatch(/Linda|Nguyen|email/i);

  await page.reload();
  await expect(main(page).getByRole('heading', { name: 'Verification', exact: true })).toBeVisible();
  await stepIs(page, 'Verification');
  await expect(main(page).getByRole('textbox', { name: 'First name on card' })).toHaveValue('Linda');
  await expect(radio(page, 'Email')).toBeChecked();
  await expect(checkbox(page, /agree to the Privacy Notice/)).toBeChecked();
  // The card number is typed again (the hosted field never gave it to the page).
  await expect(cardNumber(page)).toHaveValue('');
  // The flow goes on from there: the gateway still knows the member.
  await fillCard(page, 'Linda', 'Nguyen');
  await press(page, 'Back');
  await focusedHeading(page, 'Select Your Prescriptions');

  // Cancel forgets it: a reload now starts at Member Information.
  await press(page, 'Cancel');
  await dialog(page, 'Cancel Request').getByRole('button', { name: 'Yes, Cancel Request' }).click();
  await expect(page.getByRole('heading', { name: 'Member Information' })).toBeVisible();
  expect(await stored()).toBe('');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Member Information' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Member Number' })).toHaveValue('');
});
