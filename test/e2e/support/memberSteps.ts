/**
 * The steps of the member flow as a person takes them in the browser, shared
 * by the member specs: identify, choose, add a doctor, and the checks every
 * step makes (axe, the focused heading, focus in a dialog).
 */
import { expect, type Locator, type Page } from './test.ts';
import { expectNoAxeViolationsNorSidewaysScroll } from './a11y.ts';
import { dialog } from './drivers.ts';
import { stepIs } from './memberDrivers.ts';

export const ADDED = 'Your doctor has been added.';

/**
 * The shared axe check, react-aria's live announcer included: the shared Button removes a pending
 * button's announcement once the button has gone (src/ui/Button.tsx), so it is checked too. At a
 * phone's width (the phone-network project's 320 px) it also checks that nothing scrolls sideways.
 */
export { expectNoAxeViolationsNorSidewaysScroll };
export const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });
export const focusedHeading = (page: Page, name: string) => expect(heading(page, name)).toBeFocused();
/** Focus is inside a dialog (each modal takes focus when it opens). */
export const focusInDialog = (page: Page) =>
  expect
    .poll(
      () =>
        page.evaluate(() => {
          const active = document.activeElement;
          // Where the focus is when it is not in a dialog, for the failure message.
          return active?.closest('[role="dialog"], [role="alertdialog"]') ? 'in the dialog' : `on ${active?.outerHTML.slice(0, 120)}`;
        }),
      { message: 'focus in the dialog' },
    )
    .toBe('in the dialog');
export const main = (page: Page) => page.locator('main');

/**
 * Opens Member Information for a new flow, as a new tab would: a flow this tab already has is
 * resumed by a reload or a visit to /memberInfo (src/flows/member/resume.ts), so its snapshot is forgotten first.
 */
export async function startMemberFlow(page: Page) {
  if (page.url().startsWith('http')) {
    // Leave the flow first (a page without it): a save it still had pending dies with it, then forget the snapshot.
    await page.goto('/help');
    await page.evaluate(() => sessionStorage.removeItem('mop.memberFlow'));
  }
  await page.goto('/memberInfo');
}

/** The doctors on the page (the Add Prescription modal may show a second copy). */
export const pageDoctors = (page: Page) => main(page).getByRole('radiogroup', { name: 'Your doctors' }).getByRole('radio');
export const doctor = (page: Page, name: string) => main(page).getByRole('radiogroup', { name: 'Your doctors' }).getByRole('radio', { name: new RegExp(`^Dr\\. ${name},`) });
export const press = (page: Page, name: string) => main(page).getByRole('button', { name, exact: true }).click();

/**
 * From Select Your Prescriptions, by keyboard: Add Prescription, 'This is a new prescription',
 * Continue. Returns the dialog, showing Prescription 1's empty row with the focus in its drug name.
 */
export async function openNewPrescriptionForm(page: Page): Promise<Locator> {
  await main(page).getByRole('button', { name: 'Add Prescription', exact: true }).press('Enter');
  const modal = dialog(page, 'Add a Prescription');
  await focusInDialog(page);
  await modal.getByRole('radio', { name: 'This is a new prescription' }).press('Space');
  await modal.getByRole('button', { name: 'Continue' }).press('Enter');
  await expect(modal.getByRole('group', { name: 'Prescription 1' })).toBeVisible();
  // The form gives its first drug name the focus a frame or more after it shows: wait for that move,
  // or a focus the test makes next is taken away by it (ci5, on a busy machine).
  await expect(modal.getByRole('combobox', { name: 'Drug Name' })).toBeFocused();
  return modal;
}

/** A State typeahead of the doctor forms: typed, then left with Tab (which closes its list). */
export async function typeState(scope: Locator, value: string) {
  const box = scope.getByRole('combobox', { name: 'State' });
  await box.fill(value);
  await box.press('Tab');
}

export interface NewDoctor {
  firstName: string;
  lastName: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
}
export const NEW_DOCTOR: NewDoctor = { firstName: 'Nadia', lastName: 'Petrov', street: '400 W Camelback Rd', city: 'Phoenix', state: 'AZ', zip: '85013', phone: '6025550177' };

export async function fillAddDoctor(form: Locator, d: NewDoctor) {
  await form.getByRole('textbox', { name: 'First Name' }).fill(d.firstName);
  await form.getByRole('textbox', { name: 'Last Name' }).fill(d.lastName);
  await form.getByRole('textbox', { name: 'Street Address' }).fill(d.street);
  await form.getByRole('textbox', { name: 'City' }).fill(d.city);
  await typeState(form, d.state);
  await form.getByRole('textbox', { name: 'Zip Code' }).fill(d.zip);
  await form.getByRole('textbox', { name: 'Phone Number' }).fill(d.phone);
}

/** Add Your Doctor with a doctor nobody has: no better match, added as entered and chosen. */
export async function addNewDoctor(page: Page, d: NewDoctor) {
  await press(page, 'Add Your Doctor');
  const add = dialog(page, 'Add Your Doctor');
  await expect(add).toBeVisible();
  await focusInDialog(page);
  await fillAddDoctor(add, d);
  await add.getByRole('button', { name: 'Continue' }).click();
  await expect(add).toHaveCount(0);
  await expect(main(page).getByRole('status').filter({ hasText: ADDED })).toBeVisible();
  await expect(doctor(page, `${d.firstName} ${d.lastName}`)).toBeChecked();
}

/** Chooses the first prescription that can be chosen and the doctor (when one is named), then Next: the Verification page. */
export async function chooseAndNext(page: Page, doctorName?: string) {
  await main(page).getByRole('checkbox', { name: /^Select (?!All)/ }).first().press('Space');
  if (doctorName) await doctor(page, doctorName).press('Space');
  await expect(pageDoctors(page).and(page.locator(':checked'))).toHaveCount(1);
  await press(page, 'Next');
  await focusedHeading(page, 'Verification');
  await stepIs(page, 'Verification');
}

