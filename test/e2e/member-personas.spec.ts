/**
 * The member personas of the README, as a new user meets them, on the real
 * app and the real gateway (no canned answers): Maria's doctors (Find, Add,
 * the better match) up to the review and back; Aisha's empty list and the
 * Add Prescription modal; what Linda, Carlos and James are missing; the
 * lockout of a copy of Maria (POST /__test/members, so MMA100001 itself is
 * never locked); and accessibility: axe on every step and modal at 1280 and
 * 320 px (WCAG's reflow width), the heading outline and no sideways scroll on a phone, focus on
 * each new step's heading and in each modal, and one journey by keyboard only.
 * Screenshots of every step and modal go to test-results/member-screens/.
 */
import { expect, test, type Locator, type Page } from './support/test.ts';
import { expectHeadingOutline, expectNoHorizontalScroll } from './support/a11y.ts';
import { CARLOS, identify, JAMES, LINDA, MARIA, pickSuggestion, stepIs, type MemberPersona } from './support/memberDrivers.ts';
import {
  ADDED,
  addNewDoctor,
  chooseAndNext,
  doctor,
  expectNoAxeViolationsNorSidewaysScroll,
  fillAddDoctor,
  focusedHeading,
  focusInDialog,
  heading,
  main,
  NEW_DOCTOR,
  pageDoctors,
  press,
  startMemberFlow,
  typeState,
  type NewDoctor,
} from './support/memberSteps.ts';
import { dialog } from './support/drivers.ts';

// Whole journeys with axe at every step on a shared 2-core machine: the longest takes 50 s alone and
// over 2 minutes beside another worker. The limit only catches a hang; nothing waits on time.
test.describe.configure({ timeout: 300_000 });

const AISHA: MemberPersona = { memberNumber: 'MMA100005', firstName: 'Aisha', lastName: 'Khan', month: 'November', day: '20', year: '1990' };

const NOT_ELIGIBLE = 'Member not eligible. This member is not eligible for mail order. If you have questions, call toll-free 1-800-555-0100 (TTY dial 711)';
const LOCKED =
  'For your security, verification of this member number is locked for 15 minutes after too many attempts. If you need help, call toll-free 1-800-555-0100 (TTY dial 711).';
const BETTER_MATCH = 'We may have found a better match! Select an option below or click Continue.';

// ---------------------------------------------------------------- helpers
/** After a failed Continue, focus is on the failure message (not lost to the page while the form was disabled). */
const focusOnMessage = (page: Page, text: string) =>
  expect.poll(() => page.evaluate(() => document.activeElement?.querySelector('[role="alert"]')?.textContent ?? document.activeElement?.tagName), { message: 'focus on the failure' }).toContain(text);
const cards = (page: Page) => main(page).locator('li[aria-labelledby^="drug-"]');
const count = (page: Page, text: string) => expect(main(page).getByText(text, { exact: true })).toBeVisible();

/** A screenshot of what the person sees now, named after the screen and the width. */
async function shot(page: Page, name: string, fullPage = true) {
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `test-results/member-screens/${name}-${width}.png`, fullPage });
}

/** Picks a drug in the Add Prescription row: typed, then the suggestion chosen from the list. */
async function pickDrug(page: Page, modal: Locator, typed: string, option: string) {
  const drug = modal.getByRole('combobox', { name: 'Drug Name' });
  await drug.fill(typed);
  await pickSuggestion(page, drug, option);
}

/** Grace Liu, a seeded doctor, at an address of her own: the better-match search finds the seeded one. */
const GRACE_ELSEWHERE: NewDoctor = { firstName: 'Grace', lastName: 'Liu', street: '99 S Rural Rd', city: 'Tempe', state: 'AZ', zip: '85281', phone: '4805550188' };

// ---------------------------------------------------------------- 1. Maria Lopez
const WHITFIELD = 'Dr. Thomas Whitfield, 1111 E McDowell Rd, Phoenix, AZ 85006';

/** Find Your Doctor: Thomas Whitfield, AZ; the one result is him. Returns the open dialog. */
async function findWhitfield(page: Page) {
  await press(page, 'Find Your Doctor');
  const find = dialog(page, 'Find Your Doctor');
  await expect(find).toBeVisible();
  await focusInDialog(page);
  await find.getByRole('textbox', { name: 'First Name' }).fill('Thomas');
  await find.getByRole('textbox', { name: 'Last Name' }).fill('Whitfield');
  await typeState(find, 'AZ');
  await find.getByRole('button', { name: 'Search' }).click();
  const found = find.getByRole('list', { name: 'Doctors found' }).getByRole('listitem');
  await expect(found).toHaveCount(1);
  await expect(found.getByRole('button', { name: `Select ${WHITFIELD}` })).toBeVisible();
  return find;
}

test('Maria Lopez chooses, finds Thomas Whitfield, adds two doctors (one a better match), reaches the review (nothing missing) and comes back with her choice', async ({ page }) => {
  await page.goto('/memberInfo');
  await identify(page, MARIA);
  await focusedHeading(page, 'Select Your Prescriptions');
  await stepIs(page, 'Select Prescriptions');
  await expect(cards(page)).toHaveCount(11);

  await main(page).getByRole('checkbox', { name: /^Select ATORVASTATIN/ }).press('Space');
  await main(page).getByRole('checkbox', { name: /^Select ALPRAZOLAM/ }).press('Space');
  await count(page, '2 (two) prescriptions selected');

  // Her three doctors; one chosen at a time.
  await expect(pageDoctors(page)).toHaveCount(3);
  await doctor(page, 'David Okafor').press('Space');
  await expect(doctor(page, 'David Okafor')).toBeChecked();
  await doctor(page, 'Elena Marsh').press('Space');
  await expect(doctor(page, 'Elena Marsh')).toBeChecked();
  await expect(doctor(page, 'David Okafor')).not.toBeChecked();

  // Find Your Doctor: Thomas Whitfield in Arizona; Select adds and chooses him.
  const find = await findWhitfield(page);
  await find.getByRole('button', { name: `Select ${WHITFIELD}` }).click();
  await expect(find).toHaveCount(0);
  await expect(main(page).getByRole('status').filter({ hasText: ADDED })).toBeVisible();
  await expect(pageDoctors(page)).toHaveCount(4);
  await expect(doctor(page, 'Thomas Whitfield')).toBeChecked();
  await expect(doctor(page, 'Elena Marsh')).not.toBeChecked();

  // Add Your Doctor, a doctor who does not exist: no better match, added as entered and chosen.
  await addNewDoctor(page, NEW_DOCTOR);
  await expect(pageDoctors(page)).toHaveCount(5);
  await expect(doctor(page, 'Thomas Whitfield')).not.toBeChecked();

  // Add Your Doctor, Grace Liu of Arizona at another address: the better match is offered; Select takes it.
  await press(page, 'Add Your Doctor');
  const add = dialog(page, 'Add Your Doctor');
  await expect(add).toBeVisible();
  await fillAddDoctor(add, GRACE_ELSEWHERE);
  await add.getByRole('button', { name: 'Continue' }).click();
  await expect(add.getByText(BETTER_MATCH)).toBeVisible();
  await add.getByRole('button', { name: 'Select Dr. Grace Liu, 1520 S Dobson Rd, Mesa, AZ 85202' }).click();
  await expect(add).toHaveCount(0);
  await expect(main(page).getByRole('status').filter({ hasText: ADDED })).toBeVisible();
  await expect(pageDoctors(page)).toHaveCount(6);
  await expect(doctor(page, 'Grace Liu')).toBeChecked();
  await expect(pageDoctors(page).and(page.locator(':checked'))).toHaveCount(1);

  // Next: nothing is missing, so the registration page moves on by itself to the review.
  await press(page, 'Next');
  await focusedHeading(page, 'Please Review Your Request');
  await stepIs(page, 'Review');
  await expect(main(page).getByRole('list', { name: 'Transfer from your pharmacy' }).getByRole('listitem')).toHaveText([/^ATORVASTATIN/]);
  await expect(main(page).getByRole('list', { name: 'Request a new prescription from your doctor' }).getByRole('listitem')).toHaveText([/^ALPRAZOLAM/]);
  await expect(main(page)).toContainText('Your doctor: Dr. Grace Liu');

  // Back: her choice is kept.
  await press(page, 'Back');
  await focusedHeading(page, 'Select Your Prescriptions');
  await stepIs(page, 'Select Prescriptions');
  await count(page, '2 (two) prescriptions selected');
  await expect(main(page).getByRole('checkbox', { name: /^Select ATORVASTATIN/ })).toBeChecked();
  await expect(main(page).getByRole('checkbox', { name: /^Select ALPRAZOLAM/ })).toBeChecked();
  await expect(pageDoctors(page)).toHaveCount(6);
  await expect(doctor(page, 'Grace Liu')).toBeChecked();
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeEnabled();
});

// ---------------------------------------------------------------- 2. Aisha Khan
test('Aisha Khan has nothing on file: she adds a doctor, then a new prescription, removes it, and sees the other options', async ({ page }) => {
  await page.goto('/memberInfo');
  await identify(page, AISHA);
  await focusedHeading(page, 'Select Your Prescriptions');
  await expect(main(page).getByText('No results found…')).toBeVisible();
  await expect(heading(page, "Don't See Your Prescription?")).toBeVisible();
  await expect(main(page).getByText('No doctors found.')).toBeVisible();
  await expect(pageDoctors(page)).toHaveCount(0);
  await count(page, '0 (zero) prescriptions selected');
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeDisabled();

  await addNewDoctor(page, NEW_DOCTOR);
  await expect(pageDoctors(page)).toHaveCount(1);

  // Add Prescription: a new prescription.
  await press(page, 'Add Prescription');
  const modal = dialog(page, 'Add a Prescription');
  await expect(modal).toBeVisible();
  await focusInDialog(page);
  await modal.getByRole('radio', { name: 'This is a new prescription' }).check({ force: true });
  await modal.getByRole('button', { name: 'Continue' }).click();
  const drug = modal.getByRole('combobox', { name: 'Drug Name' });
  await expect(drug).toBeFocused();
  // No Rx Number for a new prescription.
  await expect(modal.getByRole('textbox', { name: 'Rx Number (Optional)' })).toHaveCount(0);
  // The lookup starts at 3 letters.
  await drug.fill('pr');
  // Not an error while it is typed, once the field is left.
  await expect(modal.getByText('Drug Names: Requires 3 or more letters')).toHaveCount(0);
  await drug.blur();
  await expect(modal.getByText('Drug Names: Requires 3 or more letters')).toBeVisible();
  await expect(page.getByRole('option')).toHaveCount(0);
  await pickDrug(page, modal, 'prav', 'PRAVASTATIN SODIUM 40 MG TABLET');
  await expect(drug).toHaveValue('PRAVASTATIN SODIUM 40 MG TABLET');
  await expect(modal.getByText('OK to request new prescription.').first()).toBeVisible();
  await modal.getByRole('radio', { name: 'Auto Refill', exact: true }).check({ force: true });
  // The doctor chosen on the page goes with it.
  await expect(modal.getByText('Dr. NADIA PETROV')).toBeVisible();
  await modal.getByRole('button', { name: 'Add Prescription', exact: true }).click();
  await expect(modal).toHaveCount(0);

  const added = main(page).getByRole('region', { name: /Prescriptions you added/ });
  await expect(added.locator('li[aria-labelledby^="drug-"]')).toHaveCount(1);
  await expect(added).toContainText('PRAVASTATIN SODIUM 40 MG TABLET');
  await expect(added).toContainText('OK to request new prescription.');
  await count(page, '1 (one) prescription selected');
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeEnabled();

  // Remove drops it.
  await main(page).getByRole('button', { name: 'Remove PRAVASTATIN SODIUM 40 MG TABLET' }).click();
  await expect(cards(page)).toHaveCount(0);
  // The Remove button went with the card: focus is on Add Prescription, not lost to the page.
  await expect(main(page).getByRole('button', { name: 'Add Prescription', exact: true })).toBeFocused();
  await count(page, '0 (zero) prescriptions selected');
  await expect(main(page).getByText('No results found…')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeDisabled();

  // The other ways to send a new prescription, and I'm Done.
  await press(page, 'Add Prescription');
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'View Other Options' }).click();
  const other = dialog(page, 'Add a New Prescription');
  await expect(other).toBeVisible();
  await focusInDialog(page);
  await expect(other.getByRole('link', { name: /Order Form.*\(PDF\)/i })).toBeVisible();
  await expect(other).toContainText('Only faxes from a healthcare provider are accepted.');
  await expect(other).toContainText('Once we receive your prescription, we will contact you for payment and shipping details.');
  await other.getByRole('button', { name: "I'm Done" }).click();
  await expect(other).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

// ---------------------------------------------------------------- 3. what is missing
/** The banner's list of what is missing (after 'We need:'). */
const missingList = (page: Page) => main(page).locator('p:text-is("We need:") + ul').getByRole('listitem');

test('Linda Nguyen and Carlos Rivera are told what is missing; James Carter that he is not registered', async ({ page }) => {
  await page.goto('/memberInfo');
  await identify(page, LINDA);
  await focusedHeading(page, 'Select Your Prescriptions');
  await chooseAndNext(page, 'Thomas Whitfield');
  await expect(main(page).getByText('Looks like we are missing some information.')).toBeVisible();
  await expect(missingList(page)).toHaveText(['Payment Info', 'Notification Preferences']);

  await startMemberFlow(page);
  await identify(page, CARLOS);
  await focusedHeading(page, 'Select Your Prescriptions');
  await chooseAndNext(page, 'Miguel Santos');
  await expect(main(page).getByText('Looks like we are missing some information.')).toBeVisible();
  await expect(missingList(page)).toHaveText(['Health Info']);

  await startMemberFlow(page);
  await identify(page, JAMES);
  await focusedHeading(page, 'Select Your Prescriptions');
  await expect(cards(page)).toHaveCount(6);
  await expect(main(page).getByText('No doctors found.')).toBeVisible();
  await addNewDoctor(page, NEW_DOCTOR);
  await chooseAndNext(page);
  await expect(main(page).getByText('Looks like you are not registered yet for mail order.')).toBeVisible();
  await expect(missingList(page)).toHaveText(['Shipping & Contact Info', 'Payment Info', 'Notification Preferences', 'Health Info']);
});

// ---------------------------------------------------------------- 4. lockout
test('five wrong dates of birth lock a copy of Maria for 15 minutes, even with the right answers and after a reload', async ({ page, request }) => {
  const r = await request.post('/__test/members', { data: { from: 'MMA100001' } });
  expect(r.status()).toBe(201);
  const { memberNumber } = (await r.json()) as { memberNumber: string };
  expect(memberNumber).not.toBe('MMA100001');
  const copy: MemberPersona = { ...MARIA, memberNumber };
  const verifyAnswer = () => page.waitForResponse((res) => res.url().includes('/gwapi/mmar/verify') && res.request().method() === 'POST');
  const failure = main(page).getByRole('alert').filter({ hasText: 'Member not eligible.' });
  const locked = main(page).getByRole('alert').filter({ hasText: LOCKED });

  await page.goto('/memberInfo');
  // Five wrong dates of birth, each answered 'Member not eligible. …'.
  let answer = verifyAnswer();
  await identify(page, { ...copy, year: '1959' });
  for (let attempt = 1; attempt <= 5; attempt++) {
    expect((await answer).status(), `attempt ${attempt}`).toBe(404);
    await expect(failure).toHaveText(NOT_ELIGIBLE);
    await focusOnMessage(page, 'Member not eligible.');
    await expect(page.getByRole('textbox', { name: 'Member Number' })).toHaveValue(memberNumber);
    if (attempt < 5) {
      answer = verifyAnswer();
      await page.getByRole('button', { name: 'Continue' }).click();
    }
  }
  // The right date of birth now: locked.
  answer = verifyAnswer();
  const year = page.getByRole('combobox', { name: 'Year' });
  await year.fill('1958');
  await year.press('Tab');
  await page.getByRole('button', { name: 'Continue' }).click();
  expect((await answer).status()).toBe(423);
  await expect(locked).toBeVisible();
  await focusOnMessage(page, 'For your security');
  await expect(failure).toHaveCount(0);
  await expect(heading(page, 'Member Information')).toBeVisible();
  await expectNoAxeViolationsNorSidewaysScroll(page);

  // A reload starts the flow again; the lock is the gateway's.
  await page.reload();
  answer = verifyAnswer();
  await identify(page, copy);
  expect((await answer).status()).toBe(423);
  await expect(locked).toBeVisible();
  await expect(heading(page, 'Member Information')).toBeVisible();
});

// ---------------------------------------------------------------- 5. accessibility
/**
 * Every step and modal at one width: axe (WCAG 2.2 A/AA with target-size), and on a phone the
 * heading outline and no sideways scroll on each step; focus on each new step's heading and in
 * each modal as it opens; a screenshot of each.
 */
for (const width of [1280, 320]) {
  test(`every step and modal at ${width} px: axe, focus, and on a phone the outline and no sideways scroll`, async ({ page }) => {
    const phone = width < 768;
    await page.setViewportSize({ width, height: phone ? 812 : 900 });
    const step = async (name: string) => {
      await expectNoAxeViolationsNorSidewaysScroll(page);
      if (phone) {
        await expectHeadingOutline(page);
        await expectNoHorizontalScroll(page);
      }
      await shot(page, name);
    };
    /** A modal's state: focus is in it (moved there as it opened, kept there while it answers). */
    const modal = async (name: string) => {
      await focusInDialog(page);
      await expectNoAxeViolationsNorSidewaysScroll(page);
      if (phone) await expectNoHorizontalScroll(page);
      await shot(page, name, false);
    };

    // Member Information: empty, with the error summary, with the member-number picture open.
    await page.goto('/memberInfo');
    await expect(heading(page, 'Member Information')).toBeVisible();
    await stepIs(page, 'Member Info');
    await step('01-member-info');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(main(page).getByRole('alert').filter({ hasText: 'Please address the following errors:' })).toContainText('Enter member number');
    await step('02-member-info-errors');
    const where = page.getByRole('button', { name: 'Where do I find my member number?' });
    await where.click();
    await expect(where).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('img', { name: /member ID card/ })).toBeVisible();
    await step('03-member-info-picture');

    // Cancel Request, then No, Go Back: focus back on Cancel.
    await press(page, 'Cancel');
    const cancel = dialog(page, 'Cancel Request');
    await expect(cancel).toBeVisible();
    await modal('04-cancel-request');
    await cancel.getByRole('button', { name: 'No, Go Back' }).click();
    await expect(cancel).toHaveCount(0);
    await expect(main(page).getByRole('button', { name: 'Cancel', exact: true })).toBeFocused();

    // Select Your Prescriptions: the list, after Show More, empty.
    await identify(page, MARIA);
    await focusedHeading(page, 'Select Your Prescriptions');
    await stepIs(page, 'Select Prescriptions');
    await expect(cards(page)).toHaveCount(11);
    await step('05-prescriptions');
    await press(page, 'Show More');
    await expect(cards(page)).toHaveCount(14);
    await step('06-prescriptions-more');
    const search = main(page).getByRole('search', { name: 'Search your prescriptions' });
    await search.getByRole('textbox').fill('zzz');
    await search.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(main(page).getByText('No results found…')).toBeVisible();
    await step('07-prescriptions-empty');
    // Clearing the search starts the list again at 11 (the machine's rule for a new search or filter).
    await search.getByRole('button', { name: 'Clear search' }).click();
    await expect(cards(page)).toHaveCount(11);

    // Find Your Doctor: empty, with errors, with results; Cancel gives focus back to its button.
    await press(page, 'Find Your Doctor');
    const find = dialog(page, 'Find Your Doctor');
    await expect(find).toBeVisible();
    await modal('08-find-doctor');
    await find.getByRole('button', { name: 'Search' }).click();
    await expect(find.getByText('Enter First Name')).toBeVisible();
    await expect(find.getByText('Enter State')).toBeVisible();
    await modal('09-find-doctor-errors');
    await find.getByRole('textbox', { name: 'First Name' }).fill('Samuel');
    await find.getByRole('textbox', { name: 'Last Name' }).fill('Marsh');
    // The state picked from its list: the list closes and the field keeps the abbreviation.
    const state = find.getByRole('combobox', { name: 'State' });
    await state.fill('N');
    await page.getByRole('option', { name: 'NY - New York' }).click();
    await expect(state).toHaveAttribute('aria-expanded', 'false');
    await expect(state).toHaveValue('NY');
    await find.getByRole('button', { name: 'Search' }).click();
    const found = find.getByRole('list', { name: 'Doctors found' }).getByRole('listitem');
    await expect(found).toHaveCount(1);
    await expect(found.getByRole('button', { name: 'Select Dr. Samuel Marsh, 525 E 68th St, New York, NY 10065' })).toBeVisible();
    await modal('10-find-doctor-results');
    await find.getByRole('button', { name: 'Cancel' }).click();
    await expect(find).toHaveCount(0);
    await expect(main(page).getByRole('button', { name: 'Find Your Doctor' })).toBeFocused();

    // Add Your Doctor: the form, then the better match; Select adds and chooses her.
    await press(page, 'Add Your Doctor');
    const add = dialog(page, 'Add Your Doctor');
    await expect(add).toBeVisible();
    await modal('11-add-doctor');
    await fillAddDoctor(add, GRACE_ELSEWHERE);
    await add.getByRole('button', { name: 'Continue' }).click();
    await expect(add.getByText(BETTER_MATCH)).toBeVisible();
    await modal('12-add-doctor-better-match');
    await add.getByRole('button', { name: 'Select Dr. Grace Liu, 1520 S Dobson Rd, Mesa, AZ 85202' }).click();
    await expect(add).toHaveCount(0);
    await expect(doctor(page, 'Grace Liu')).toBeChecked();

    // Add Prescription: the choice, the form with a row (an active prescription: the pharmacy too),
    // Auto Refill Details over it, then the other options.
    await main(page).getByRole('checkbox', { name: /^Select ATORVASTATIN/ }).press('Space');
    await press(page, 'Add Prescription');
    const addRx = dialog(page, 'Add a Prescription');
    await expect(addRx).toBeVisible();
    await modal('13-add-rx-choice');
    await addRx.getByRole('radio', { name: 'This an active prescription being filled at another pharmacy' }).check({ force: true });
    await addRx.getByRole('button', { name: 'Continue' }).click();
    await expect(addRx.getByRole('combobox', { name: 'Drug Name' })).toBeFocused();
    await pickDrug(page, addRx, 'prav', 'PRAVASTATIN SODIUM 40 MG TABLET');
    await expect(addRx.getByText('OK to transfer prescription.').or(addRx.getByText('OK to request new prescription.')).first()).toBeVisible();
    await expect(addRx.getByRole('group', { name: 'Pharmacy' })).toBeVisible();
    await modal('14-add-rx-form');
    await addRx.getByRole('button', { name: 'Auto Refill Details' }).click();
    const details = dialog(page, 'Auto Refill Details');
    await expect(details).toBeVisible();
    await modal('15-auto-refill-details');
    await details.getByRole('button', { name: "I'm Done" }).click();
    await expect(details).toHaveCount(0);
    await expect(addRx.getByRole('button', { name: 'Auto Refill Details' })).toBeFocused();
    await addRx.getByRole('button', { name: 'Cancel' }).click();
    await expect(addRx).toHaveCount(0);
    await press(page, 'Add Prescription');
    await addRx.getByRole('button', { name: 'View Other Options' }).click();
    const other = dialog(page, 'Add a New Prescription');
    await expect(other).toBeVisible();
    await modal('16-add-rx-other-options');
    await expect(other.getByText('You can also send us a new prescription in one of these ways.')).toBeFocused();
    await other.getByRole('button', { name: "I'm Done" }).click();
    await expect(other).toHaveCount(0);

    // Maria has nothing missing: the review, and its Cancel Request (the registration page's states: member-registration.spec.ts).
    await press(page, 'Next');
    await focusedHeading(page, 'Please Review Your Request');
    await stepIs(page, 'Review');
    await step('17-review');
    await press(page, 'Cancel');
    await expect(cancel).toBeVisible();
    await focusInDialog(page);
    await cancel.getByRole('button', { name: 'No, Go Back' }).click();
    await expect(cancel).toHaveCount(0);
  });
}

