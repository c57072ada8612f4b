/**
 * The one date-of-birth rule of both flows (machines/shared/rules/birthDate.ts), on the real app: a date
 * after today, or a year before those offered, is refused in the form with a clear message, before any
 * call. On a link, that keeps the 3 attempts for real tries.
 */
import { expect, test, type Page } from './support/test.ts';
import { copyOf } from './support/drivers.ts';
import { textbox, typeahead } from './support/memberDrivers.ts';
import { BIRTH_DATE_MESSAGES } from '../../machines/shared/rules/birthDate.ts';
import { localToday } from '../../src/flows/shared/today.ts';

/** Tomorrow in the browser's calendar (the browser and this runner share the machine's clock and zone). */
function tomorrow(): { month: string; day: string; year: string } {
  const [y, m, d] = localToday().split('-').map(Number) as [number, number, number];
  const next = new Date(y, m - 1, d + 1);
  return { month: next.toLocaleString('en-US', { month: 'long' }), day: String(next.getDate()), year: String(next.getFullYear()) };
}

/** The link's form filled in, then Verify pressed from the keyboard (an incomplete form's button is aria-disabled). */
async function verify(page: Page, born: { month: string; day: string; year: string }, zip: string) {
  await typeahead(page, 'Month', born.month);
  await typeahead(page, 'Day', born.day);
  await typeahead(page, 'Year', born.year);
  await page.getByRole('textbox', { name: 'Zip code' }).fill(zip);
  await page.getByRole('button', { name: 'Verify' }).press('Enter');
}

/** Counts the calls to `path` the page makes from now on. */
function countCalls(page: Page, path: string) {
  let n = 0;
  page.on('request', (r) => {
    if (r.url().includes(path)) n += 1;
  });
  return () => n;
}

test('the member form refuses a date of birth after today, before any call, and keeps what was typed', async ({ page }) => {
  await page.goto('/memberInfo');
  const verifies = countCalls(page, '/gwapi/mmar/verify');
  const born = tomorrow();
  await textbox(page, 'Member Number').fill('MMA100001');
  await textbox(page, 'First Name').fill('Maria');
  await textbox(page, 'Last Name').fill('Lopez');
  await typeahead(page, 'Month', born.month);
  await typeahead(page, 'Day', born.day);
  await typeahead(page, 'Year', born.year);
  // Said as the year is left; Continue waits while a field has an error (section 3).
  await expect(page.getByRole('combobox', { name: 'Year' })).toHaveAccessibleDescription(new RegExp(BIRTH_DATE_MESSAGES.future));
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await expect(page.getByRole('combobox', { name: 'Year' })).toHaveValue(born.year);
  await expect(textbox(page, 'Member Number')).toHaveValue('MMA100001');
  expect(verifies()).toBe(0);
});

test('a link refuses a future year and a date after today before Verify spends an attempt', async ({ page, request }) => {
  const linkId = await copyOf(request, 'demo-refill', 'easyfill');
  await page.goto(`/EasyFill/${linkId}`);
  await expect(page.getByRole('heading', { name: 'Verify your identity' })).toBeVisible();
  const verifies = countCalls(page, '/gwapi/easyfill/verify');
  const year = page.getByRole('combobox', { name: 'Year' });

  await verify(page, { month: 'April', day: '12', year: String(Number(localToday().slice(0, 4)) + 5) }, '85281');
  await expect(year).toHaveAccessibleDescription(new RegExp(BIRTH_DATE_MESSAGES.future));
  await verify(page, tomorrow(), '85281');
  await expect(year).toHaveAccessibleDescription(new RegExp(BIRTH_DATE_MESSAGES.future));
  expect(verifies()).toBe(0);

  // The right date then verifies at the first try: no attempt was spent.
  await verify(page, { month: 'April', day: '12', year: '1958' }, '85281');
  await expect(page.getByRole('heading', { name: 'Choose your prescriptions' })).toBeVisible();
  expect(verifies()).toBe(1);
});
