/**
 * The served Member Information form: React takes each field over when it is first used, not with the page
 * (src/ui/HydrateWhenUsed.tsx). Checked here: the fields are still the server's once the page is live; text
 * that reaches a field with no key (the browser's autofill, dictation) reaches the form all the same; Continue
 * with nothing typed gives every field its message; a tap and typing work as on a live field.
 */
import { expect, test, type Page } from './support/test.ts';
import { MARIA } from './support/memberDrivers.ts';
import { expectNoAxeViolationsNorSidewaysScroll, focusedHeading, main } from './support/memberSteps.ts';

/** Which of the form's inputs React has taken over (its node carries React's fiber), by autocomplete token or label. */
const takenOver = (page: Page) =>
  page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll<HTMLInputElement>('main form input')].map((i) => [i.labels?.[0]?.textContent ?? i.getAttribute('autocomplete'), Object.keys(i).some((k) => k.startsWith('__reactFiber$'))]),
    ),
  );

const FIELDS = ['Member Number', 'First Name', 'Last Name', 'Month', 'Day', 'Year'];
const DATE_PARTS = new Set(['Month', 'Day', 'Year']);
const field = (page: Page, label: string) => page.getByRole(DATE_PARTS.has(label) ? 'combobox' : 'textbox', { name: label, exact: true });

test.beforeEach(async ({ page }) => {
  await page.goto('/memberInfo');
});

test('once the page is live its fields are still as served; a field is taken over at its first use, the others when the page is idle after it', async ({ page }) => {
  const none = Object.fromEntries(FIELDS.map((f) => [f, false]));
  expect(await takenOver(page)).toEqual(none);
  // Nothing takes them over while nobody uses the form.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))));
  expect(await takenOver(page)).toEqual(none);
  // The form's buttons are React's with the page.
  expect(await main(page).getByRole('button', { name: 'Continue' }).evaluate((b) => Object.keys(b).some((k) => k.startsWith('__reactFiber$')))).toBe(true);
  // The field's first use: React has it as the pointer comes down, before the key.
  const lastName = page.getByRole('textbox', { name: 'Last Name' });
  await lastName.dispatchEvent('pointerdown');
  expect((await takenOver(page))['Last Name']).toBe(true);
  await lastName.click();
  await page.keyboard.type('Lopez');
  await expect(lastName).toHaveValue('Lopez');
  await expect.poll(() => takenOver(page)).toEqual(Object.fromEntries(FIELDS.map((f) => [f, true])));
});

test("text that arrives with no key (autofill) reaches the form: Continue goes on to Maria's prescriptions", async ({ page }) => {
  // As Chrome's autofill fills a form: each field's value set and an input event, with no focus and no key.
  const values: Record<string, string> = { 'Member Number': MARIA.memberNumber, 'First Name': MARIA.firstName, 'Last Name': MARIA.lastName, Month: MARIA.month, Day: MARIA.day, Year: MARIA.year };
  await page.evaluate((values) => {
    for (const input of document.querySelectorAll<HTMLInputElement>('main form input')) {
      const value = values[input.labels?.[0]?.textContent ?? ''];
      if (value === undefined) continue;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.dispatchEvent(new Event('change', { bubbles: true }));
    }
  }, values);
  for (const [label, value] of Object.entries(values)) await expect(field(page, label)).toHaveValue(value);
  await page.getByRole('button', { name: 'Continue' }).click();
  await focusedHeading(page, 'Select Your Prescriptions');
});

test('Continue with nothing typed gives every field its message, each wired to its field', async ({ page }) => {
  await page.getByRole('button', { name: 'Continue' }).click();
  const summary = page.getByRole('alert').first();
  await expect(summary).toBeVisible();
  for (const label of FIELDS) {
    await expect(field(page, label)).toHaveAttribute('aria-invalid', 'true');
    // The message is read with the field.
    await expect(field(page, label)).toHaveAccessibleDescription(/\S/);
  }
  await expectNoAxeViolationsNorSidewaysScroll(page);
});

test('typing straight into fields reached by focus and by Tab (React takes each over at its key) loses nothing', async ({ page }) => {
  await field(page, 'Member Number').focus();
  await page.keyboard.type(MARIA.memberNumber);
  await field(page, 'First Name').focus();
  await page.keyboard.type(MARIA.firstName);
  // Each next field reached by Tab, and typed into at once.
  for (const text of [MARIA.lastName, 'apr', MARIA.day, MARIA.year]) {
    await page.keyboard.press('Tab');
    await page.keyboard.type(text);
  }
  await page.keyboard.press('Tab');
  for (const [label, value] of Object.entries({ 'Member Number': MARIA.memberNumber, 'First Name': MARIA.firstName, 'Last Name': MARIA.lastName, Month: 'April', Day: MARIA.day, Year: MARIA.year })) {
    await expect(field(page, label)).toHaveValue(value);
  }
  await page.getByRole('button', { name: 'Continue' }).click();
  await focusedHeading(page, 'Select Your Prescriptions');
});
