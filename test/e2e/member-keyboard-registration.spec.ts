/**
 * The member flow by keyboard and screen reader: Member Information
 * and the registration page.
 * - A button that disables itself keeps the focus (aria-disabled, described by what is missing);
 *   where errors appear, the focus goes to their summary.
 * - A successful registration never shows an error, not even for a frame.
 * - The registration banner's lines are links to their fields; the banner and the Member
 *   Information summary are announced once when they appear, not again as their lines follow the typing.
 * - With Skip Payment ticked, the card frame is greyed out and out of the Tab order.
 *
 * Every role=alert text that ever appears is recorded from the page's first script (a MutationObserver),
 * so an error that flashes for a few milliseconds, or an alert read again, is caught.
 */
import { expect, test, type Locator, type Page } from './support/test.ts';
import { MEMBER_INFO_MESSAGES } from '../../machines/member/memberInfoMachine.ts';
import { REGISTRATION_MESSAGES } from '../../machines/member/rules/registration.ts';
import { afterTwoFrames, dialog } from './support/drivers.ts';
import { CARLOS, identify, JAMES, LINDA, memberCopy, pickSuggestion, type MemberPersona } from './support/memberDrivers.ts';
import { addNewDoctor, chooseAndNext, expectNoAxeViolationsNorSidewaysScroll, focusedHeading, focusInDialog, main, NEW_DOCTOR, pageDoctors, startMemberFlow } from './support/memberSteps.ts';

test.describe.configure({ timeout: 300_000 });

declare global {
  interface Window {
    __alerts: string[];
  }
}

/**
 * Records the text of every role=alert each time it appears or its text changes (what a screen reader
 * would read out), from before the page's own scripts run.
 */
async function recordAlerts(page: Page) {
  await page.addInitScript(() => {
    window.__alerts = [];
    const last = new WeakMap<Element, string>();
    const scan = () => {
      for (const el of document.querySelectorAll('[role="alert"]')) {
        const text = (el.textContent ?? '').trim();
        if (text && last.get(el) !== text) window.__alerts.push(text);
        last.set(el, text);
      }
    };
    new MutationObserver(scan).observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['role'] });
  });
}

const alertsWith = (page: Page, text: string) => page.evaluate((t) => window.__alerts.filter((a) => a.includes(t)), text);

/** Tab (forward) until the target has the focus. */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

const banner = (page: Page) => page.locator('#registration-problems');
const memberSummary = (page: Page) => page.locator('#member-info-problems');
const continueButton = (page: Page) => main(page).getByRole('button', { name: 'Continue', exact: true });
const checkbox = (page: Page, name: string | RegExp) => main(page).getByRole('checkbox', { name });
const radio = (page: Page, name: string, group?: string) => (group ? main(page).getByRole('radiogroup', { name: group }) : main(page)).getByRole('radio', { name, exact: true });
const textbox = (page: Page, name: string) => main(page).getByRole('textbox', { name, exact: true });
const cardFrame = (page: Page) => main(page).locator('iframe[title="Card number"]');
const cardNumber = (page: Page) => page.frameLocator('iframe[title="Card number"]').getByRole('textbox', { name: 'Card number' });

/** Member Information, a doctor (added when the member has none), the first prescription, Next: the Verification page. */
async function reachRegistration(page: Page, m: MemberPersona, opts: { addDoctor?: boolean } = {}) {
  await startMemberFlow(page);
  await identify(page, m);
  await focusedHeading(page, 'Select Your Prescriptions');
  if (opts.addDoctor) await addNewDoctor(page, NEW_DOCTOR);
  else if (!(await pageDoctors(page).first().isChecked())) {
    await pageDoctors(page).first().press('Space');
  }
  await chooseAndNext(page);
}

/** Types into a field and leaves it (Tab). */
async function typeIn(box: Locator, text: string) {
  await box.focus();
  await box.pressSequentially(text);
  await box.press('Tab');
}

test.describe('Member Information by keyboard', () => {
  test('Continue on an empty form keeps the focus: it goes to the summary, Continue stays in the Tab order, described by it', async ({ page }) => {
    await recordAlerts(page);
    await startMemberFlow(page);
    await tabTo(page, continueButton(page));
    await page.keyboard.press('Enter');
    await expect(memberSummary(page)).toBeFocused();
    await expect(memberSummary(page)).toContainText(MEMBER_INFO_MESSAGES.summary);
    // Not pressable while the errors show, but still a stop of the Tab order, and it says why.
    await expect(continueButton(page)).toHaveAttribute('aria-disabled', 'true');
    await expect(continueButton(page)).toHaveAttribute('aria-describedby', 'member-info-problems');
    await tabTo(page, continueButton(page));
    await page.keyboard.press('Enter');
    await expect(memberSummary(page)).toBeFocused();
    await expectNoAxeViolationsNorSidewaysScroll(page);
    // The summary was announced when it appeared, once.
    expect(await alertsWith(page, MEMBER_INFO_MESSAGES.summary)).toHaveLength(1);
  });

  test('leaving Year after "197" lands on Continue, which keeps the focus', async ({ page }) => {
    await startMemberFlow(page);
    await typeIn(page.getByRole('combobox', { name: 'Year' }), '197');
    await expect(continueButton(page)).toBeFocused();
    await expect(continueButton(page)).toHaveAttribute('aria-disabled', 'true');
    await expect(memberSummary(page)).toBeVisible();
  });

  test('the summary is announced once when it appears, not again as its errors follow the typing', async ({ page }) => {
    await recordAlerts(page);
    await startMemberFlow(page);
    await tabTo(page, continueButton(page));
    await page.keyboard.press('Enter');
    await expect(memberSummary(page)).toBeFocused();
    const first = await alertsWith(page, MEMBER_INFO_MESSAGES.summary);
    expect(first).toHaveLength(1);
    // Each name typed clears its error: the summary changes, silently.
    await typeIn(page.getByRole('textbox', { name: 'First Name' }), 'Maria');
    await typeIn(page.getByRole('textbox', { name: 'Last Name' }), 'Lopez');
    await expect(memberSummary(page)).not.toContainText('Enter First Name');
    await expect(memberSummary(page)).toContainText(MEMBER_INFO_MESSAGES.summary);
    expect(await alertsWith(page, MEMBER_INFO_MESSAGES.summary)).toEqual(first);
  });

  test('a date-of-birth list stays open when the summary above it gets shorter as the month is typed; Escape still closes it', async ({ page }) => {
    // A phone's screen: the form is longer than it, so the page is scrolled down to the date of birth.
    await page.setViewportSize({ width: 375, height: 812 });
    await startMemberFlow(page);
    await tabTo(page, continueButton(page));
    await page.keyboard.press('Enter');
    await expect(memberSummary(page)).toBeFocused();
    const month = page.getByRole('combobox', { name: 'Month' });
    const list = page.getByRole('listbox');
    await month.focus();
    await page.keyboard.type('A');
    await expect(list).toBeVisible();
    const scrolled = await page.evaluate(() => window.scrollY);
    // 'Ap' names April: the month's line leaves the summary above, and the browser scrolls the page up by as
    // much to keep the field where it is on screen. react-aria closes an open list on any scroll of the page.
    await page.keyboard.type('p');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(scrolled);
    await afterTwoFrames(page);
    await expect(month).toHaveAttribute('aria-expanded', 'true');
    await expect(list.getByRole('option')).toHaveText(['April']);
    // Escape is the person's: the list closes and stays closed.
    await page.keyboard.press('Escape');
    await afterTwoFrames(page);
    await expect(list).toHaveCount(0);
    await expect(month).toHaveValue('Ap');
  });
});

test.describe('the registration page by keyboard', () => {
  test("the banner's lines are links that put the focus in their field, and it is announced once", async ({ page }) => {
    const james = await memberCopy(page, JAMES);
    await recordAlerts(page);
    await reachRegistration(page, james, { addDoctor: true });
    const next = main(page).getByRole('button', { name: 'Next', exact: true });
    await tabTo(page, next);
    await page.keyboard.press('Enter');
    await expect(banner(page)).toBeFocused();
    await expectNoAxeViolationsNorSidewaysScroll(page);
    // The first line: Tab reaches it from the banner, Enter puts the focus in Address type.
    const addressType = banner(page).getByRole('link', { name: 'Select address type' });
    await page.keyboard.press('Tab');
    await expect(addressType).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(radio(page, 'Home', 'Address type')).toBeFocused();
    // The card's line goes to its first field in error.
    await banner(page).getByRole('link', { name: REGISTRATION_MESSAGES.cardMissing }).focus();
    await page.keyboard.press('Enter');
    await expect(textbox(page, 'First name on card')).toBeFocused();
    // The allergies' line goes into the allergies.
    await banner(page).getByRole('link', { name: 'Please select at least one allergy or select None' }).focus();
    await page.keyboard.press('Enter');
    await expect(checkbox(page, 'No Known Allergies')).toBeFocused();
    // Typing fixes lines: the banner follows, silently (it was announced once, when it appeared).
    const announced = await alertsWith(page, REGISTRATION_MESSAGES.summary);
    expect(announced).toHaveLength(1);
    await typeIn(textbox(page, 'Street address'), '100 E Main St');
    await expect(banner(page)).not.toContainText('Enter Shipping Address');
    await typeIn(textbox(page, 'Primary phone'), '6025550123');
    await expect(banner(page)).not.toContainText('Enter Phone Number');
    expect(await alertsWith(page, REGISTRATION_MESSAGES.summary)).toEqual(announced);
  });

  test('James registers by keyboard and no error is ever shown on the way to the review', async ({ page }) => {
    const james = await memberCopy(page, JAMES);
    await recordAlerts(page);
    await reachRegistration(page, james, { addDoctor: true });
    await radio(page, 'Home', 'Address type').press('Space');
    await typeIn(textbox(page, 'Street address'), '100 E Main St');
    await typeIn(textbox(page, 'Zip code'), '85281');
    await expect(main(page).getByText(/^tempe$/i)).toBeVisible();
    await typeIn(textbox(page, 'Primary phone'), '6025550123');
    await radio(page, 'Mobile', 'Phone type').press('Space');
    await typeIn(textbox(page, 'Email'), 'james.carter@example.com');
    await typeIn(textbox(page, 'First name on card'), 'James');
    await typeIn(textbox(page, 'Last name on card'), 'Carter');
    await typeIn(cardNumber(page), '4111111111111111');
    await expect(radio(page, 'Visa')).toBeChecked();
    await typeIn(main(page).getByRole('combobox', { name: 'Expiration month' }), '8');
    await typeIn(main(page).getByRole('combobox', { name: 'Expiration year' }), '2030');
    await radio(page, 'SMS Text').press('Space');
    const zone = main(page).getByRole('combobox', { name: 'Time zone' });
    await zone.focus();
    await zone.pressSequentially('Mount');
    await pickSuggestion(page, zone, 'Mountain');
    await checkbox(page, 'No Known Allergies').press('Space');
    await checkbox(page, 'Asthma').press('Space');
    const read = main(page).getByRole('button', { name: 'Read the Terms of Use' });
    await read.press('Enter');
    const terms = dialog(page, 'Terms of Use');
    await focusInDialog(page);
    await terms.getByRole('button', { name: "I'm Done" }).press('Enter');
    await expect(terms).toHaveCount(0);
    for (const name of [/agree to the Privacy Notice/, /true and complete/]) await checkbox(page, name).press('Space');
    await expect(banner(page)).toHaveCount(0);
    expect(await page.evaluate(() => window.__alerts)).toEqual([]);

    await main(page).getByRole('button', { name: 'Next', exact: true }).press('Enter');
    await focusedHeading(page, 'Please Review Your Request');
    // The hosted field emptied itself once the tokenizer had the number: no alert said anything was missing, even for a frame.
    expect(await page.evaluate(() => window.__alerts)).toEqual([]);
    await expectNoAxeViolationsNorSidewaysScroll(page);
  });

  test('Skip Payment greys the card frame out and takes it out of the Tab order', async ({ page }) => {
    const linda = await memberCopy(page, LINDA);
    await reachRegistration(page, linda);
    await focusedHeading(page, 'Verification');
    await expect(cardFrame(page)).toBeVisible();
    const skip = checkbox(page, 'Skip Payment');
    await tabTo(page, skip);
    await page.keyboard.press('Space');
    await expect(skip).toBeChecked();
    await expect(cardFrame(page)).toHaveCSS('opacity', '0.5');
    // The next stops skip the card section (its fields are off) and never enter the frame.
    const automated = radio(page, 'Automated Call');
    const stops: string[] = [];
    for (let i = 0; i < 10 && !(await automated.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
      stops.push(await page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.getAttribute('title') ?? ''}`.trim()));
    }
    expect(stops.filter((s) => s.startsWith('IFRAME'))).toEqual([]);
    await expect(automated).toBeFocused();
    await expectNoAxeViolationsNorSidewaysScroll(page);
    // Unticked, the frame is a stop again.
    await skip.press('Space');
    await expect(cardFrame(page)).toHaveCSS('opacity', '1');
    await textbox(page, 'Last name on card').press('Tab');
    await expect(cardFrame(page)).toBeFocused();
  });
});

// ---------------------------------------------------------------- keyboard-only journeys

/** Types into the focused field, then Tab. */
async function typeAndTab(page: Page, text: string) {
  await page.keyboard.type(text);
  await page.keyboard.press('Tab');
}

/** Member Information by keyboard alone: Tab to each field, type, Continue; the next step's heading has the focus. */
async function identifyByKeyboard(page: Page, m: MemberPersona) {
  for (const [label, value] of [
    ['Member Number', m.memberNumber],
    ['First Name', m.firstName],
    ['Last Name', m.lastName],
  ] as const) {
    await tabTo(page, page.getByRole('textbox', { name: label, exact: true }));
    await typeAndTab(page, value);
  }
  for (const [label, value] of [
    ['Month', m.month],
    ['Day', m.day],
    ['Year', m.year],
  ] as const) {
    await tabTo(page, page.getByRole('combobox', { name: label }));
    await typeAndTab(page, value);
  }
  await expect(continueButton(page)).toBeFocused();
  await expect(continueButton(page)).not.toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Enter');
  await focusedHeading(page, 'Select Your Prescriptions');
  await expectNoAxeViolationsNorSidewaysScroll(page);
}

/** Select Your Prescriptions by keyboard: the first prescription, a doctor (added when there is none), Next. */
async function chooseByKeyboard(page: Page, addDoctor: boolean) {
  await tabTo(page, main(page).getByRole('checkbox', { name: /^Select (?!All)/ }).first());
  await page.keyboard.press('Space');
  await expect(main(page).getByRole('checkbox', { name: /^Select (?!All)/ }).first()).toBeChecked();
  const doctors = pageDoctors(page);
  if (addDoctor) {
    const open = main(page).getByRole('button', { name: 'Add Your Doctor', exact: true });
    await tabTo(page, open);
    await page.keyboard.press('Enter');
    const add = dialog(page, 'Add Your Doctor');
    await focusInDialog(page);
    await expectNoAxeViolationsNorSidewaysScroll(page);
    for (const [label, value] of [
      ['First Name', NEW_DOCTOR.firstName],
      ['Last Name', NEW_DOCTOR.lastName],
      ['Street Address', NEW_DOCTOR.street],
      ['City', NEW_DOCTOR.city],
    ] as const) {
      await tabTo(page, add.getByRole('textbox', { name: label }));
      await page.keyboard.type(value);
    }
    await tabTo(page, add.getByRole('combobox', { name: 'State' }));
    await typeAndTab(page, NEW_DOCTOR.state);
    for (const [label, value] of [
      ['Zip Code', NEW_DOCTOR.zip],
      ['Phone Number', NEW_DOCTOR.phone],
    ] as const) {
      await tabTo(page, add.getByRole('textbox', { name: label }));
      await page.keyboard.type(value);
    }
    await tabTo(page, add.getByRole('button', { name: 'Continue' }));
    await page.keyboard.press('Enter');
    await expect(add).toHaveCount(0);
    await expect(open).toBeFocused();
    await expectNoAxeViolationsNorSidewaysScroll(page);
  } else if (!(await doctors.first().isChecked())) {
    await tabTo(page, doctors.first());
    await page.keyboard.press('Space');
  }
  await expect(doctors.and(page.locator(':checked'))).toHaveCount(1);
  await tabTo(page, main(page).getByRole('button', { name: 'Next', exact: true }));
  await page.keyboard.press('Enter');
  await focusedHeading(page, 'Verification');
  await expectNoAxeViolationsNorSidewaysScroll(page);
}

/** Next with something missing: the banner takes the focus; its first line puts the focus in its field. */
async function nextShowsTheBanner(page: Page, firstLine: string, field: Locator) {
  await tabTo(page, main(page).getByRole('button', { name: 'Next', exact: true }));
  await page.keyboard.press('Enter');
  await expect(banner(page)).toBeFocused();
  await expectNoAxeViolationsNorSidewaysScroll(page);
  await page.keyboard.press('Tab');
  await expect(banner(page).getByRole('link', { name: firstLine })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(field).toBeFocused();
}

/** A checkbox by keyboard: Tab to it, Space. */
async function tick(page: Page, box: Locator) {
  await tabTo(page, box);
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();
}

/** A choice of a radio group by keyboard: Tab into the group (one stop), the arrow keys to the choice, Space. */
async function choose(page: Page, choice: Locator) {
  const inGroup = () => choice.evaluate((el) => el.closest('[role="radiogroup"]')?.contains(document.activeElement) ?? false);
  for (let i = 0; i < 80 && !(await inGroup()); i++) await page.keyboard.press('Tab');
  for (let i = 0; i < 8 && !(await choice.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('ArrowDown');
  await expect(choice).toBeFocused();
  if (!(await choice.isChecked())) await page.keyboard.press('Space');
  await expect(choice).toBeChecked();
}

/** The card section by keyboard: names, the number in the hosted field, expiry. */
async function cardByKeyboard(page: Page, first: string, last: string) {
  await tabTo(page, textbox(page, 'First name on card'));
  await typeAndTab(page, first);
  await expect(textbox(page, 'Last name on card')).toBeFocused();
  await typeAndTab(page, last);
  // Tab enters the frame: its field has the focus.
  await expect(cardFrame(page)).toBeFocused();
  await expect(cardNumber(page)).toBeFocused();
  await typeAndTab(page, '4111111111111111');
  await expect(radio(page, 'Visa')).toBeChecked();
  await tabTo(page, main(page).getByRole('combobox', { name: 'Expiration month' }));
  await typeAndTab(page, '8');
  await tabTo(page, main(page).getByRole('combobox', { name: 'Expiration year' }));
  await typeAndTab(page, '2030');
  await expect(main(page).getByRole('combobox', { name: 'Expiration month' })).toHaveValue('08 - August');
}

/** The Terms of Use by keyboard (its I'm Done ticks the box and gives the focus back), then the other two agreements. */
async function agreeByKeyboard(page: Page) {
  const read = main(page).getByRole('button', { name: 'Read the Terms of Use' });
  await tabTo(page, read);
  await page.keyboard.press('Enter');
  const terms = dialog(page, 'Terms of Use');
  await focusInDialog(page);
  await expectNoAxeViolationsNorSidewaysScroll(page);
  await tabTo(page, terms.getByRole('button', { name: "I'm Done" }));
  await page.keyboard.press('Enter');
  await expect(terms).toHaveCount(0);
  await expect(read).toBeFocused();
  await expectNoAxeViolationsNorSidewaysScroll(page);
  for (const name of [/agree to the Privacy Notice/, /true and complete/]) await tick(page, checkbox(page, name));
}

/** Next with everything given: the review's heading has the focus, and no error was ever announced on the way. */
async function nextToReviewByKeyboard(page: Page) {
  await tabTo(page, main(page).getByRole('button', { name: 'Next', exact: true }));
  const before = await page.evaluate(() => window.__alerts.length);
  await page.keyboard.press('Enter');
  await focusedHeading(page, 'Please Review Your Request');
  expect(await page.evaluate((n) => window.__alerts.slice(n), before)).toEqual([]);
  await expectNoAxeViolationsNorSidewaysScroll(page);
}

// Each journey at one width, the two widths between them: the keyboard's order and the focus do not
// change with the width, and every step and modal is checked at both widths in member-personas.spec.ts.
// Both journeys at both widths took 8.8 min of a 58-minute browser suite on a busy 2-core machine.
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

test.describe(`keyboard only at ${PHONE.width} px`, () => {
  test.use({ viewport: PHONE });

  test(`James registers by keyboard alone at ${PHONE.width} px`, async ({ page }) => {
    const james = await memberCopy(page, JAMES);
    await recordAlerts(page);
    await startMemberFlow(page);
    await identifyByKeyboard(page, james);
    await chooseByKeyboard(page, true);
    await nextShowsTheBanner(page, 'Select address type', radio(page, 'Home', 'Address type'));
    await page.keyboard.press('Space');
    await expect(radio(page, 'Home', 'Address type')).toBeChecked();
    await tabTo(page, textbox(page, 'Street address'));
    await typeAndTab(page, '100 E Main St');
    await tabTo(page, textbox(page, 'Zip code'));
    await typeAndTab(page, '85281');
    await expect(main(page).getByText(/^tempe$/i)).toBeVisible();
    await tabTo(page, textbox(page, 'Primary phone'));
    await typeAndTab(page, '6025550123');
    await choose(page, radio(page, 'Mobile', 'Phone type'));
    await tabTo(page, textbox(page, 'Email'));
    await typeAndTab(page, 'james.carter@example.com');
    await cardByKeyboard(page, 'James', 'Carter');
    await choose(page, radio(page, 'Email'));
    await tick(page, checkbox(page, 'No Known Allergies'));
    await tick(page, checkbox(page, 'Asthma'));
    await agreeByKeyboard(page);
    // Everything given: the banner has gone.
    await expect(banner(page)).toHaveCount(0);
    await nextToReviewByKeyboard(page);
  });

});

test.describe(`keyboard only at ${DESKTOP.width} px`, () => {
  test.use({ viewport: DESKTOP });

  test(`Linda and Carlos fill in what is missing by keyboard alone at ${DESKTOP.width} px`, async ({ page }) => {
    const linda = await memberCopy(page, LINDA);
    await recordAlerts(page);
    await startMemberFlow(page);
    await identifyByKeyboard(page, linda);
    await chooseByKeyboard(page, false);
    await nextShowsTheBanner(page, REGISTRATION_MESSAGES.cardMissing, textbox(page, 'First name on card'));
    await typeAndTab(page, 'Linda');
    await cardByKeyboard(page, 'Linda', 'Nguyen');
    await choose(page, radio(page, 'Email'));
    await agreeByKeyboard(page);
    await nextToReviewByKeyboard(page);

    const carlos = await memberCopy(page, CARLOS);
    await startMemberFlow(page);
    await identifyByKeyboard(page, carlos);
    await chooseByKeyboard(page, false);
    await nextShowsTheBanner(page, 'Please select at least one allergy or select None', checkbox(page, 'No Known Allergies'));
    await page.keyboard.press('Space');
    await expect(checkbox(page, 'No Known Allergies')).toBeChecked();
    await tick(page, checkbox(page, 'No Reported Health Conditions'));
    await agreeByKeyboard(page);
    await nextToReviewByKeyboard(page);
  });
});
