/**
 * The member flow's choosing pages by keyboard and screen reader: Select Your Prescriptions, the
 * doctor chooser with its two dialogs, and Add a Prescription. Keyboard only;
 * focus checked with toBeFocused, announcements read from the live regions.
 */
import { expect, test, type Locator, type Page } from './support/test.ts';
import { identify, MARIA, type MemberPersona } from './support/memberDrivers.ts';
import { ADDED, doctor, expectNoAxeViolationsNorSidewaysScroll, fillAddDoctor, focusedHeading, focusInDialog, main, openNewPrescriptionForm, type NewDoctor } from './support/memberSteps.ts';
import { dialog } from './support/drivers.ts';
import { LIST_MESSAGES } from '../../machines/member/rules/transferList.ts';
import { ROW_MESSAGES } from '../../machines/member/rules/medicationRows.ts';

/** In the open Find Your Doctor dialog, by keyboard: Thomas Whitfield, AZ, Search, Select; the dialog closes. */
async function findWhitfieldByKeyboard(page: Page) {
  const find = dialog(page, 'Find Your Doctor');
  await expect(find.getByRole('textbox', { name: 'First Name' })).toBeFocused();
  await page.keyboard.type('Thomas');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Whitfield');
  await page.keyboard.press('Tab');
  await page.keyboard.type('AZ');
  // Tab closes the State list (an open list hides the dialog from the accessibility tree).
  await page.keyboard.press('Tab');
  await enter(find.getByRole('button', { name: 'Search' }));
  await enter(find.getByRole('button', { name: /^Select Dr\. Thomas Whitfield/ }));
  await expect(find).toHaveCount(0);
}

test.describe.configure({ timeout: 120_000 });

const AISHA: MemberPersona = { memberNumber: 'MMA100005', firstName: 'Aisha', lastName: 'Khan', month: 'November', day: '20', year: '1990' };

/** Grace Liu, a seeded doctor, at an address of her own: the better-match search finds the seeded one. */
const GRACE_ELSEWHERE: NewDoctor = { firstName: 'Grace', lastName: 'Liu', street: '99 S Rural Rd', city: 'Tempe', state: 'AZ', zip: '85281', phone: '4805550188' };
const BETTER_MATCH = 'We may have found a better match! Select an option below or click Continue.';

async function toPrescriptions(page: Page, persona: MemberPersona = MARIA) {
  await page.goto('/memberInfo');
  await identify(page, persona);
  await focusedHeading(page, 'Select Your Prescriptions');
}

/** A button of the page (not of a dialog), reached by focus and pressed with Enter. */
const pageButton = (page: Page, name: string) => main(page).getByRole('button', { name, exact: true });
const enter = (target: Locator) => target.press('Enter');

/** Presses Tab until `target` has the focus (at most `max` times): the way a keyboard user gets there. */
async function tabTo(page: Page, target: Locator, max = 40) {
  for (let i = 0; i < max && !(await target.evaluate((el) => el === document.activeElement).catch(() => false)); i++) await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
}

const headingLevels = (scope: Locator) => scope.locator('h1, h2, h3, h4, h5, h6').evaluateAll((els) => els.map((e) => Number(e.tagName[1])));

test.describe('Add Your Doctor', () => {
  test('Continue with the doctor as entered on the better-match step returns the focus to Add Your Doctor', async ({ page }) => {
    await toPrescriptions(page);
    await enter(pageButton(page, 'Add Your Doctor'));
    const add = dialog(page, 'Add Your Doctor');
    await expect(add).toBeVisible();
    await focusInDialog(page);
    await fillAddDoctor(add, GRACE_ELSEWHERE);
    await enter(add.getByRole('button', { name: 'Continue' }));
    await expect(add.getByText(BETTER_MATCH)).toBeFocused();
    await enter(add.getByRole('button', { name: 'Continue' }));
    await expect(add).toHaveCount(0);
    await expect(main(page).getByRole('status').filter({ hasText: ADDED })).toBeVisible();
    await expect(doctor(page, 'Grace Liu')).toBeChecked();
    await expect(pageButton(page, 'Add Your Doctor')).toBeFocused();
  });
});

test.describe('Select Your Prescriptions keeps the focus', () => {
  const count = (page: Page) => main(page).getByRole('status').filter({ hasText: /^Showing \d+ of \d+ prescriptions?$/ });
  const search = (page: Page) => main(page).getByRole('textbox', { name: 'Search by drug name' });

  test('the first arrow key in the Show filter keeps the focus on the filter, and the count is announced', async ({ page }) => {
    await toPrescriptions(page);
    await expect(count(page)).toHaveText('Showing 11 of 14 prescriptions');
    const all = main(page).getByRole('radio', { name: 'All', exact: true });
    await all.focus();
    await page.keyboard.press('ArrowRight');
    const available = main(page).getByRole('radio', { name: 'Available for Transfer', exact: true });
    await expect(available).toBeChecked();
    await expect(count(page)).toHaveText(/^Showing \d+ of \d+ prescriptions?$/);
    await expect(available).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(main(page).getByRole('radio', { name: 'Not Available for Transfer', exact: true })).toBeFocused();
  });

  test('a search (typed, then Enter) keeps the focus on the field; Clear search gives it back to the field', async ({ page }) => {
    await toPrescriptions(page);
    await search(page).focus();
    await page.keyboard.type('ator');
    await page.keyboard.press('Enter');
    await expect(count(page)).toHaveText('Showing 1 of 1 prescription');
    await expect(search(page)).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const clear = main(page).getByRole('button', { name: 'Clear search' });
    await expect(clear).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(clear).toHaveCount(0);
    await expect(search(page)).toBeFocused();
    await expect(count(page)).toHaveText('Showing 11 of 14 prescriptions');
  });

  for (const width of [375, 1280]) {
    test(`Show More gives the focus to the first new card and the count is announced (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await toPrescriptions(page);
      await expect(count(page)).toHaveText('Showing 11 of 14 prescriptions');
      await expect(count(page)).toBeVisible();
      const before = await main(page).locator('li[data-ndc]').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-ndc')));
      await main(page).getByRole('button', { name: 'Show More' }).press('Enter');
      await expect(count(page)).toHaveText('Showing 14 of 14 prescriptions');
      const focused = page.locator(':focus');
      await expect(focused).toHaveRole('listitem');
      expect(before).not.toContain(await focused.getAttribute('data-ndc'));
      await expectNoAxeViolationsNorSidewaysScroll(page);
    });
  }
});

test.describe('Errors only when true and due', () => {
  test('the drug field is not invalid while a name is typed, and says no "No matches" before a lookup; leaving it short shows the error', async ({ page }) => {
    await toPrescriptions(page, AISHA);
    const modal = await openNewPrescriptionForm(page);
    const drug = modal.getByRole('combobox', { name: 'Drug Name' });
    await drug.focus();
    await page.keyboard.type('a');
    await expect(drug).toHaveValue('a');
    await expect(drug).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('No matches')).toHaveCount(0);
    await page.keyboard.type('t');
    await expect(drug).toHaveValue('at');
    await expect(drug).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('No matches')).toHaveCount(0);
    await expect(drug).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(drug).toHaveAttribute('aria-invalid', 'true');
    await expect(drug).toHaveAccessibleDescription(/Drug Names: Requires 3 or more letters/);
  });

  test("tabbing through Find Your Doctor's empty fields flags none of them; Search then flags them all", async ({ page }) => {
    await toPrescriptions(page);
    await enter(pageButton(page, 'Find Your Doctor'));
    const find = dialog(page, 'Find Your Doctor');
    const first = find.getByRole('textbox', { name: 'First Name' });
    await expect(first).toBeFocused();
    const fields = [first, find.getByRole('textbox', { name: 'Last Name' }), find.getByRole('combobox', { name: 'State' })];
    await page.keyboard.press('Tab');
    await expect(fields[1]!).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(fields[2]!).toBeFocused();
    await page.keyboard.press('Tab');
    for (const field of fields) await expect(field).not.toHaveAttribute('aria-invalid', 'true');
    await enter(find.getByRole('button', { name: 'Search' }));
    await expect(first).toBeFocused();
    for (const field of fields) await expect(field).toHaveAttribute('aria-invalid', 'true');
  });
});

test.describe('The doctors', () => {
  test('the doctors are a radio group: arrows choose one, and Clear doctor choice chooses none', async ({ page }) => {
    await toPrescriptions(page);
    const group = main(page).getByRole('radiogroup', { name: 'Your doctors' });
    const radios = group.getByRole('radio');
    await expect(radios).toHaveCount(3);
    await radios.first().press('Space');
    await expect(radios.first()).toBeChecked();
    await expect(radios.first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(radios.nth(1)).toBeChecked();
    await expect(radios.nth(1)).toBeFocused();
    await expect(radios.first()).not.toBeChecked();
    // None: the choice is cleared and the focus goes back to the group.
    await page.keyboard.press('Tab');
    const clear = main(page).getByRole('button', { name: 'Clear doctor choice' });
    await expect(clear).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(group.locator(':checked')).toHaveCount(0);
    await expect(clear).toHaveCount(0);
    await expect(radios.first()).toBeFocused();
    await expectNoAxeViolationsNorSidewaysScroll(page);
  });
});

test.describe('Prescription checkboxes', () => {
  test('each prescription checkbox is described by its status message and its copays', async ({ page }) => {
    await toPrescriptions(page);
    const box = main(page).getByRole('checkbox', { name: /^Select ATORVASTATIN/ });
    await expect(box).toHaveAccessibleDescription(/OK to transfer prescription\./);
    await expect(box).toHaveAccessibleDescription(/Current pharmacy \$\d/);
    await expect(box).toHaveAccessibleDescription(/Mail order \$\d/);
  });
});

/**
 * A button that cannot be pressed yet keeps the focus: aria-disabled (not disabled), in the Tab
 * order, described by why, and Enter on it says why again (a new alert) and leaves the focus there.
 */
async function expectGated(page: Page, button: Locator, why: string) {
  await expect(button).toHaveAttribute('aria-disabled', 'true');
  await expect(button).toHaveAccessibleDescription(why);
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: why })).toHaveCount(1);
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: why })).toHaveCount(1);
  await expect(button).toBeFocused();
}

test.describe('Buttons that cannot be pressed yet keep the focus and say why', () => {
  test('Next with no prescription chosen; Add another prescription while the row above is empty', async ({ page }) => {
    await toPrescriptions(page, AISHA);
    await expect(main(page).getByRole('checkbox', { checked: true })).toHaveCount(0);
    await expectGated(page, pageButton(page, 'Next'), LIST_MESSAGES.chooseOne);
    const modal = await openNewPrescriptionForm(page);
    await expectGated(page, modal.getByRole('button', { name: 'Add another prescription' }), ROW_MESSAGES.finishRowsFirst);
    await expectNoAxeViolationsNorSidewaysScroll(page);
  });

  test("Add Your Doctor's Continue before every field is filled: in the Tab order, it names what is missing, Enter in a field says the same, and it goes on once all is there", async ({ page }) => {
    await toPrescriptions(page);
    await enter(pageButton(page, 'Add Your Doctor'));
    const add = dialog(page, 'Add Your Doctor');
    // The dialog's own focus move (First Name) first, then the keys.
    await expect(add.getByRole('textbox', { name: 'First Name' })).toBeFocused();
    await page.keyboard.type('Grace');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Liu');
    const next = add.getByRole('button', { name: 'Continue' });
    await tabTo(page, next);
    const why = 'Fill in Street Address, City, State, Zip Code and Phone Number to continue.';
    await expect(next).toHaveAttribute('aria-disabled', 'true');
    await expect(next).toHaveAccessibleDescription(why);
    for (let press = 0; press < 2; press++) {
      await page.keyboard.press('Enter');
      await expect(page.getByRole('alert').filter({ hasText: why })).toHaveCount(1);
      await expect(next).toBeFocused();
    }
    // The rest by keyboard; Enter in a field before the last one is there says what is still missing, and sends nothing.
    await tabTo(page, add.getByRole('textbox', { name: 'Street Address' }));
    await page.keyboard.type(GRACE_ELSEWHERE.street);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type(GRACE_ELSEWHERE.city);
    await page.keyboard.press('Tab');
    await page.keyboard.type(GRACE_ELSEWHERE.state);
    // Tab closes the State list and goes on to Zip Code.
    await page.keyboard.press('Tab');
    const zip = add.getByRole('textbox', { name: 'Zip Code' });
    await expect(zip).toBeFocused();
    await page.keyboard.type(GRACE_ELSEWHERE.zip);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: 'Fill in Phone Number to continue.' })).toHaveCount(1);
    await expect(zip).toBeFocused();
    await expect(next).toHaveAccessibleDescription('Fill in Phone Number to continue.');
    await page.keyboard.press('Tab');
    await page.keyboard.type(GRACE_ELSEWHERE.phone);
    await expect(next).not.toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByRole('alert').filter({ hasText: /^Fill in/ })).toHaveCount(0);
    await tabTo(page, next);
    await page.keyboard.press('Enter');
    await expect(add.getByText(BETTER_MATCH)).toBeFocused();
    await expectNoAxeViolationsNorSidewaysScroll(page);
    await page.keyboard.press('Escape');
    await expect(add).toHaveCount(0);
    await expect(pageButton(page, 'Add Your Doctor')).toBeFocused();
  });
});

test.describe('Add a Prescription headings', () => {
  test('the dialog\'s headings go down one level at a time from its title', async ({ page }) => {
    await toPrescriptions(page, AISHA);
    const modal = await openNewPrescriptionForm(page);
    const inForm = await headingLevels(modal);
    expect(inForm[0]).toBe(2);
    for (let i = 1; i < inForm.length; i++) expect(inForm[i]!, `heading ${i + 1} of ${inForm.join(', ')}`).toBeLessThanOrEqual(inForm[i - 1]! + 1);
    await enter(modal.getByRole('button', { name: 'Cancel' }));
    await enter(pageButton(page, 'Add Prescription'));
    await enter(modal.getByRole('button', { name: 'View Other Options' }));
    const other = dialog(page, 'Add a New Prescription');
    await expect(other.getByRole('heading', { name: 'Mail it to us' })).toBeVisible();
    const levels = await headingLevels(other);
    expect(levels[0]).toBe(2);
    for (let i = 1; i < levels.length; i++) expect(levels[i]!, `heading ${i + 1} of ${levels.join(', ')}`).toBeLessThanOrEqual(levels[i - 1]! + 1);
    await expectNoAxeViolationsNorSidewaysScroll(page);
  });
});


/** The focused element (its label, for a visually hidden input) is on screen and nothing covers its top, middle or bottom. */
const focusInClearView = (page: Page) =>
  expect
    .poll(() =>
      page.evaluate(() => {
        const active = document.activeElement as HTMLElement;
        const target = active.closest('label') ?? active;
        const box = target.getBoundingClientRect();
        if (box.top < 0 || box.bottom > window.innerHeight) return `off-screen: ${target.textContent}`;
        const x = box.left + Math.min(box.width / 2, 8);
        for (const y of [box.top + 2, box.top + box.height / 2, box.bottom - 2]) {
          const top = document.elementFromPoint(x, y);
          if (top && !target.contains(top) && !top.contains(target)) return `covered by ${top.outerHTML.slice(0, 80)}`;
        }
        return 'clear';
      }),
    )
    .toBe('clear');

test.describe('Focus in clear view', () => {
  test('after Find Your Doctor → Select inside Add a Prescription, the focus is clear of the sticky buttons', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await toPrescriptions(page, AISHA);
    const modal = await openNewPrescriptionForm(page);
    const opener = modal.getByRole('button', { name: 'Find Your Doctor' });
    await enter(opener);
    await findWhitfieldByKeyboard(page);
    await expect(opener).toBeFocused();
    await focusInClearView(page);
  });

  test.describe('at 200% (640x450 at 2 device pixels)', () => {
    test.use({ viewport: { width: 640, height: 450 }, deviceScaleFactor: 2 });

    test("the page's Find Your Doctor button is in clear view when its dialog closes", async ({ page }) => {
      await toPrescriptions(page);
      const opener = pageButton(page, 'Find Your Doctor');
      await enter(opener);
      await findWhitfieldByKeyboard(page);
      await expect(opener).toBeFocused();
      await focusInClearView(page);
    });

    test("Next stays in clear view when 'Please select your doctor' appears above it", async ({ page }) => {
      await toPrescriptions(page);
      await main(page).getByRole('checkbox', { name: /^Select ATORVASTATIN/ }).press('Space');
      const next = pageButton(page, 'Next');
      // As Tab leaves it: just in view, at the bottom of the screen.
      await next.evaluate((el) => {
        el.scrollIntoView({ block: 'end' });
        el.focus({ preventScroll: true });
      });
      await page.keyboard.press('Enter');
      await expect(main(page).getByRole('alert').filter({ hasText: 'Please select your doctor' })).toBeVisible();
      await expect(next).toBeFocused();
      await focusInClearView(page);
    });
  });
});

/** Nothing but the page body would fail: the focus is somewhere, on screen and clear of sticky parts. */
const focusNotLost = async (page: Page) => {
  await expect.poll(() => page.evaluate(() => document.activeElement !== document.body && document.activeElement !== null), { message: 'focus not on the page body' }).toBe(true);
  await focusInClearView(page);
};

/** Picks a suggestion of a lookup by keyboard: ArrowDown until it is the highlighted option, then Enter. */
async function pickByKeyboard(page: Page, box: Locator, option: string) {
  const wanted = page.getByRole('option', { name: option, exact: true });
  // The suggestions arrive after the typing: ArrowDown opens the list once they are there.
  await expect(async () => {
    if (!(await wanted.isVisible())) await box.press('ArrowDown');
    await expect(wanted).toBeVisible({ timeout: 1000 });
  }).toPass();
  for (let i = 0; i < 10 && (await wanted.getAttribute('data-focused')) === null; i++) await box.press('ArrowDown');
  await expect(wanted).toHaveAttribute('data-focused', 'true');
  await box.press('Enter');
}

test.describe('Add a Prescription by keyboard alone (Aisha)', () => {
  for (const width of [375, 1280]) {
    test(`Aisha adds a new prescription with a doctor she finds, at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await toPrescriptions(page, AISHA);
      await expectNoAxeViolationsNorSidewaysScroll(page);

      // The modal: the choice, then the form (focus on the first drug name).
      await enter(pageButton(page, 'Add Prescription'));
      const modal = dialog(page, 'Add a Prescription');
      await focusInDialog(page);
      await focusNotLost(page);
      await expectNoAxeViolationsNorSidewaysScroll(page);
      const kind = modal.getByRole('radio', { name: 'This is a new prescription' });
      await kind.press('Space');
      await expect(kind).toBeChecked();
      await expect(kind).toBeFocused();
      await enter(modal.getByRole('button', { name: 'Continue' }));
      const drug = modal.getByRole('combobox', { name: 'Drug Name' });
      await expect(drug).toBeFocused();
      await focusNotLost(page);
      await expectNoAxeViolationsNorSidewaysScroll(page);

      // The drug, typed and picked from the lookup by keyboard; its eligibility shows.
      await page.keyboard.type('prava');
      await pickByKeyboard(page, drug, 'PRAVASTATIN SODIUM 40 MG TABLET');
      await expect(drug).toHaveValue('PRAVASTATIN SODIUM 40 MG TABLET');
      await expect(modal.getByText('OK to request new prescription.').first()).toBeVisible();
      await expect(drug).toBeFocused();
      await expect(drug).not.toHaveAttribute('aria-invalid', 'true');

      // The refill option.
      const auto = modal.getByRole('radio', { name: 'Auto Refill', exact: true });
      await auto.press('Space');
      await expect(auto).toBeChecked();
      await expect(auto).toBeFocused();
      await focusNotLost(page);

      // The doctor, found from inside the modal: Select gives the focus back to Find Your Doctor, in clear view.
      const findOpener = modal.getByRole('button', { name: 'Find Your Doctor' });
      await enter(findOpener);
      const find = dialog(page, 'Find Your Doctor');
      await expect(find.getByRole('textbox', { name: 'First Name' })).toBeFocused();
      await expectNoAxeViolationsNorSidewaysScroll(page);
      await page.keyboard.type('Thomas');
      await page.keyboard.press('Tab');
      await page.keyboard.type('Whitfield');
      await page.keyboard.press('Tab');
      await page.keyboard.type('AZ');
      await page.keyboard.press('Tab');
      await enter(find.getByRole('button', { name: 'Search' }));
      const select = find.getByRole('button', { name: /^Select Dr\. Thomas Whitfield/ });
      await enter(select);
      await expect(find).toHaveCount(0);
      await expect(findOpener).toBeFocused();
      await focusNotLost(page);
      await expectNoAxeViolationsNorSidewaysScroll(page);
      await expect(modal.getByRole('radio', { name: /^Dr\. Thomas Whitfield,/ })).toBeChecked();

      // Add Prescription: the modal closes, the prescription is on the list, chosen; the focus is not lost.
      await enter(modal.getByRole('button', { name: 'Add Prescription' }));
      await expect(modal).toHaveCount(0);
      await focusNotLost(page);
      await expectNoAxeViolationsNorSidewaysScroll(page);
      await expect(main(page).getByRole('checkbox', { name: /^Select PRAVASTATIN/ })).toBeChecked();
    });
  }
});
