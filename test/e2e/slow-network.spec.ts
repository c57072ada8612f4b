/**
 * The flows on a phone's network: every gateway call here waits 600 ms, so a lookup answers after
 * the last key, not between keys as on this machine.
 * - Lookups: a lookup's suggestions open when they arrive, whether the name was typed key by key or pasted.
 * - Failures: offline, or a call held past the time limit, fails as unreachable (status 400, and the
 *   documents' text for the call) and loses nothing typed; pressing again goes on.
 */
import { expect, holdAnswers, test, type Locator, type Page } from './support/test.ts';
import { identify, JAMES, MARIA, memberCopy, type MemberPersona } from './support/memberDrivers.ts';
import { addNewDoctor, chooseAndNext, fillAddDoctor, focusedHeading, focusInDialog, main, NEW_DOCTOR, openNewPrescriptionForm, pageDoctors, press, startMemberFlow, typeState } from './support/memberSteps.ts';
import { DOCTOR_MESSAGES } from '../../machines/member/rules/doctorForms.ts';
import { CHANGE_TITLES } from '../../machines/member/rules/profileChanges.ts';
import { REVIEW_MESSAGES } from '../../machines/member/rules/review.ts';
import { copyOf, dialog, MARIA as LINK_MARIA, verify } from './support/drivers.ts';
import { ADDRESS_MESSAGES, ZIP_LOOKUP_MESSAGES } from '../../machines/shared/rules/addressForm.ts';
import { CONTACT_MESSAGES } from '../../machines/member/rules/contactInfo.ts';
import { expectNoAxeViolationsNorSidewaysScroll } from './support/a11y.ts';
import { CALL_TIME_LIMIT_MS, GENERAL_ERROR_TEXT } from '../../src/api/gateway.ts';
import { ADD_PRESCRIPTION_MESSAGES as ADD_RX } from '../../machines/member/addPrescriptionContext.ts';
import { MEMBER_INFO_MESSAGES } from '../../machines/member/memberInfoMachine.ts';

test.use({ latency: { ms: 600, jitter: 0 } });
// Whole journeys at 600 ms a call: a hang catcher, not a wait.
test.describe.configure({ timeout: 180_000 });

const AISHA: MemberPersona = { memberNumber: 'MMA100005', firstName: 'Aisha', lastName: 'Khan', month: 'November', day: '20', year: '1990' };

/** Aisha's Add a Prescription, a new prescription: the empty row's drug field. */
async function drugField(page: Page) {
  await page.goto('/memberInfo');
  await identify(page, AISHA);
  await focusedHeading(page, 'Select Your Prescriptions');
  const modal = await openNewPrescriptionForm(page);
  const field = modal.getByRole('group', { name: 'Prescription 1' }).getByRole('combobox', { name: 'Drug Name' });
  await expect(field).toBeFocused();
  return field;
}

test('the drug name typed at 100 ms a key: the suggestions open when the lookup answers, after the last key', async ({ page }) => {
  const field = await drugField(page);
  await field.pressSequentially('atorv', { delay: 100 });
  await expect(page.getByRole('listbox')).toBeVisible();
  await expect(page.getByRole('option', { name: /^ATORVASTATIN/i }).first()).toBeVisible();
  await expect(field).toHaveAttribute('aria-expanded', 'true');
  // ArrowDown and Enter pick the first, as at local speed.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(field).toHaveValue(/^ATORVASTATIN/i);
  await expect(page.getByRole('listbox')).toHaveCount(0);
});

test('a pasted drug name opens its suggestions when they arrive; Escape closes them until the next answer', async ({ page }) => {
  const field = await drugField(page);
  await field.fill('lisino');
  await expect(page.getByRole('option', { name: /^LISINOPRIL/i }).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(field).toHaveValue('lisino');
  await field.fill('atorvas');
  await expect(page.getByRole('option', { name: /^ATORVASTATIN/i }).first()).toBeVisible();
});

test('a failed drug lookup shows the general text and Search again looks the same name up: Searching…, then the suggestions open', async ({ page }) => {
  const field = await drugField(page);
  const row = page.getByRole('group', { name: 'Prescription 1' });
  // The first lookup fails (a 500: the documents' general text); later ones reach the gateway.
  let failed = false;
  await page.route('**/gwapi/mmar/prescriptions/*', async (route) => {
    if (failed || route.request().method() !== 'GET') return route.fallback();
    failed = true;
    await route.fulfill({ status: 500, json: { message: 'java.lang.IllegalStateException' } });
  });
  await field.fill('atorv');
  await expect(field).toHaveAccessibleDescription(new RegExp(GENERAL_ERROR_TEXT.replace(/[.]/g, '\\.')));
  const again = row.getByRole('button', { name: ADD_RX.rows.searchAgain });
  await expect(again).toBeVisible();
  await expectNoAxeViolationsNorSidewaysScroll(page);
  // The hint is one polite status region, there before its text changes.
  const status = row.getByRole('status');
  await expect(status).toHaveCount(1);
  const held = await holdAnswers(page, '**/gwapi/mmar/prescriptions/*');
  await again.press('Enter');
  await held.asked;
  await expect(status).toHaveText(ADD_RX.rows.searching);
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('atorv');
  await expect(again).toHaveCount(0);
  held.release();
  await expect(page.getByRole('option', { name: /^ATORVASTATIN/i }).first()).toBeVisible();
  await expect(field).toHaveAttribute('aria-expanded', 'true');
  await expect(field).not.toHaveAccessibleDescription(/Unable to process/);
});

/** Maria's review page, Change Allergies (or Health Conditions), Add an allergy (a health condition): the new row's field, focused. */
async function allergyRowField(page: Page, kind: 'allergies' | 'conditions' = 'allergies') {
  const maria = await memberCopy(page, MARIA);
  await page.goto('/memberInfo');
  await identify(page, maria);
  await focusedHeading(page, 'Select Your Prescriptions');
  if (!(await pageDoctors(page).first().isChecked())) await pageDoctors(page).first().press('Space');
  await main(page).getByRole('checkbox', { name: /^Select ATORVASTATIN/ }).press('Space');
  await main(page).getByRole('button', { name: 'Next', exact: true }).press('Enter');
  // Maria has nothing missing: the review follows.
  await focusedHeading(page, REVIEW_MESSAGES.heading);
  await main(page).getByRole('button', { name: CHANGE_TITLES[kind], exact: true }).press('Enter');
  const modal = dialog(page, CHANGE_TITLES[kind]);
  await focusInDialog(page);
  const one = kind === 'allergies' ? 'allergy' : 'health condition';
  await modal.getByRole('button', { name: kind === 'allergies' ? 'Add an allergy' : 'Add a health condition' }).press('Enter');
  const row = modal.getByRole('combobox', { name: `Other ${one} 1` });
  await expect(row).toBeFocused();
  return row;
}

// A guard (it passed when the rows opened their empty list on the first key): the allergy and condition
// rows open their suggestions when they arrive (OpenWhenAnswered, as the drug name's).
test('an allergy typed at 100 ms a key in Change Allergies: its suggestions open when they arrive', async ({ page }) => {
  const row = await allergyRowField(page);
  await row.pressSequentially('pean', { delay: 100 });
  await expect(page.getByRole('option', { name: 'Peanuts', exact: true })).toBeVisible();
  await expect(row).toHaveAttribute('aria-expanded', 'true');
});

test('a pasted allergy opens its suggestions when they arrive', async ({ page }) => {
  const row = await allergyRowField(page);
  await row.fill('peanu');
  await expect(page.getByRole('option', { name: 'Peanuts', exact: true })).toBeVisible();
  await expect(row).toHaveAttribute('aria-expanded', 'true');
});

test('a health condition typed at 100 ms a key, then another pasted: each opens its suggestions when they arrive', async ({ page }) => {
  const row = await allergyRowField(page, 'conditions');
  await row.pressSequentially('anem', { delay: 100 });
  await expect(page.getByRole('option', { name: 'Anemia', exact: true })).toBeVisible();
  await expect(row).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await row.fill('anxie');
  await expect(page.getByRole('option', { name: 'Anxiety Disorder', exact: true })).toBeVisible();
  await expect(row).toHaveAttribute('aria-expanded', 'true');
});

/** The polite status region among the field's descriptions, and every text it has shown from now on (a MutationObserver's record). */
async function statusOf(page: Page, field: Locator) {
  const id = await field.evaluate((el) => (el.getAttribute('aria-describedby') ?? '').split(' ').find((d) => document.getElementById(d)?.getAttribute('role') === 'status') ?? null);
  expect(id, 'a role=status region describes the field before anything is typed').not.toBeNull();
  const status = page.locator(`[id="${id}"]`);
  return { status, said: await recordTexts(page, status) };
}

/** Every text the region shows from now on, each change once (a MutationObserver's record). */
async function recordTexts(page: Page, status: Locator) {
  await status.evaluate((el) => {
    const said: string[] = [];
    (window as unknown as { said: string[] }).said = said;
    new MutationObserver(() => {
      const text = el.textContent ?? '';
      if (said.at(-1) !== text) said.push(text);
    }).observe(el, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { said: string[] }).said);
}

test('an allergy row says Searching… in a polite status, once however many keys, then the answer; an empty answer says so', async ({ page }) => {
  const row = await allergyRowField(page);
  const { status, said } = await statusOf(page, row);
  await expect(status).toHaveAttribute('role', 'status');
  const held = await holdAnswers(page, '**/gwapi/mmar/allergies/lookup?searchText=*');
  await row.pressSequentially('pean', { delay: 100 });
  await held.asked;
  await expect(status).toHaveText('Searching…');
  held.release();
  await expect(page.getByRole('option', { name: 'Peanuts', exact: true })).toBeVisible();
  await expect(status).toHaveText('Choose one from the list.');
  expect((await said()).filter((t) => t === 'Searching…')).toHaveLength(1);
  // Ours (the documents give no words): an empty answer, said by the status; no list opens on it.
  await row.fill('zzqx');
  await expect(status).toHaveText('No matches. Try other letters.');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expectNoAxeViolationsNorSidewaysScroll(page);
});

test('a failed allergy lookup shows the general text, with no list claiming No matches; Search again looks the same text up: Searching…, then the suggestions open by themselves', async ({ page }) => {
  const row = await allergyRowField(page);
  const { status } = await statusOf(page, row);
  let failed = false;
  await page.route('**/gwapi/mmar/allergies/lookup?searchText=*', async (route) => {
    if (failed) return route.fallback();
    failed = true;
    await route.fulfill({ status: 500, json: { message: 'java.lang.IllegalStateException' } });
  });
  await row.fill('pean');
  await expect(status).toHaveText(GENERAL_ERROR_TEXT);
  // The failure is the row's status: no list opens to say 'No matches' (before, the list opened on the first key and said so).
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(row).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText('No matches', { exact: true })).toHaveCount(0);
  const again = page.getByRole('dialog', { name: CHANGE_TITLES.allergies }).getByRole('button', { name: 'Search again', exact: true });
  const held = await holdAnswers(page, '**/gwapi/mmar/allergies/lookup?searchText=*');
  await again.click();
  await held.asked;
  await expect(status).toHaveText('Searching…');
  await expect(row).toBeFocused();
  await expect(row).toHaveValue('pean');
  await expect(again).toHaveCount(0);
  held.release();
  // The suggestions open when they arrive, as after typing (before, only Arrow Down opened them).
  await expect(page.getByRole('option', { name: 'Peanuts', exact: true })).toBeVisible();
  await expect(row).toHaveAttribute('aria-expanded', 'true');
  await expect(status).toHaveText('Choose one from the list.');
  await expectNoAxeViolationsNorSidewaysScroll(page);
});

test('Find Your Doctor says Searching… in its polite status while the search runs; none found and a failure say No doctors found., and Search tries again as typed', async ({ page }) => {
  await page.goto('/memberInfo');
  await identify(page, AISHA);
  await focusedHeading(page, 'Select Your Prescriptions');
  await press(page, 'Find Your Doctor');
  const find = dialog(page, 'Find Your Doctor');
  await focusInDialog(page);
  // One polite region, there (empty) before anything is searched.
  const status = find.getByRole('status');
  await expect(status).toHaveText('');
  const said = await recordTexts(page, status);
  await find.getByRole('textbox', { name: 'First Name' }).fill('Elena');
  await find.getByRole('textbox', { name: 'Last Name' }).fill('Marsh');
  await typeState(find, 'AZ');
  const held = await holdAnswers(page, '**/gwapi/mmar/physicians?*');
  await find.getByRole('button', { name: 'Search', exact: true }).click();
  await held.asked;
  await expect(status).toHaveText(DOCTOR_MESSAGES.searching);
  // Typing goes on while the search runs (before, the keys were lost); the answer is the search pressed.
  await find.getByRole('textbox', { name: 'Last Name' }).fill('Marshall');
  await expect(find.getByRole('textbox', { name: 'Last Name' })).toHaveValue('Marshall');
  held.release();
  await expect(status).toHaveText('1 doctor found.');
  expect(await said()).toEqual([DOCTOR_MESSAGES.searching, '1 doctor found.']);
  // An empty answer (204) says so.
  await find.getByRole('textbox', { name: 'Last Name' }).fill('Zzyzx');
  await find.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(status).toHaveText(DOCTOR_MESSAGES.noDoctors);
  // A failed search says the same (section 8); Search again goes out with the names as typed.
  await find.getByRole('textbox', { name: 'Last Name' }).fill('Marsh');
  await page.route('**/gwapi/mmar/physicians?*', (route) => route.fulfill({ status: 500, json: { message: 'java.lang.NullPointerException' } }), { times: 1 });
  await find.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(status).toHaveText(DOCTOR_MESSAGES.noDoctors);
  await find.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(status).toHaveText('1 doctor found.');
  await expect(find.getByRole('textbox', { name: 'Last Name' })).toHaveValue('Marsh');
  await expectNoAxeViolationsNorSidewaysScroll(page);
});

test('Add Your Doctor says it is looking for a better match while Continue searches, in a polite status', async ({ page }) => {
  await page.goto('/memberInfo');
  await identify(page, AISHA);
  await focusedHeading(page, 'Select Your Prescriptions');
  await press(page, 'Add Your Doctor');
  const add = dialog(page, 'Add Your Doctor');
  await focusInDialog(page);
  const status = add.locator('#add-doctor-form').getByRole('status');
  await expect(status).toHaveText('');
  await fillAddDoctor(add, NEW_DOCTOR);
  const held = await holdAnswers(page, '**/gwapi/mmar/physicians?*');
  await add.getByRole('button', { name: 'Continue' }).click();
  await held.asked;
  await expect(status).toHaveText(DOCTOR_MESSAGES.matching);
  held.release();
  // Nobody matches: the doctor is added as entered (section 2).
  await expect(add).toHaveCount(0);
  await expect(main(page).getByRole('status').filter({ hasText: DOCTOR_MESSAGES.added })).toBeVisible();
});

test.describe('the zip lookups', () => {
  // Each answer is held or refused where the test says (a page reached at 600 ms a call costs minutes, and the zip is looked up once).
  test.use({ latency: null });
  const looking = ZIP_LOOKUP_MESSAGES.looking;

  /**
   * Types a zip whose first lookup cannot reach the gateway (unreachable counts as 400: the general text), and
   * presses Search again: 'Looking up the city and state…' in the zip's polite status while each lookup runs,
   * the failure's text with Search again beside it, then the city the second lookup finds; nothing retyped.
   */
  async function failedThenSearchedAgain(page: Page, scope: Locator, zip: Locator, url: string) {
    const { status, said } = await statusOf(page, zip);
    await page.route(url, (route) => route.abort('internetdisconnected'), { times: 1 });
    let held = await holdAnswers(page, url);
    await zip.fill('85281');
    await held.asked;
    await expect(status).toHaveText(looking);
    held.release();
    await expect(status).toHaveText(GENERAL_ERROR_TEXT);
    await expect(zip).toHaveAccessibleDescription(new RegExp(GENERAL_ERROR_TEXT.replace(/[.]/g, '\\.')));
    const again = scope.getByRole('button', { name: ZIP_LOOKUP_MESSAGES.searchAgain, exact: true });
    await expect(again).toBeVisible();
    await expectNoAxeViolationsNorSidewaysScroll(page);
    held = await holdAnswers(page, url);
    await again.click();
    await held.asked;
    await expect(status).toHaveText(looking);
    await expect(zip).toBeFocused();
    await expect(zip).toHaveValue('85281');
    await expect(again).toHaveCount(0);
    held.release();
    await expect(scope.getByText(/^tempe$/i)).toBeVisible();
    await expect(status).toHaveText('');
    // Each lookup said once, and its outcome.
    expect(await said()).toEqual([looking, GENERAL_ERROR_TEXT, looking, '']);
  }

  test('the registration page: Looking up the city and state… said once; a failed lookup (unreachable) shows the general text and Search again looks the same zip up; an unknown zip says so at once', async ({ page }) => {
    const james = await memberCopy(page, JAMES);
    await startMemberFlow(page);
    await identify(page, james);
    await focusedHeading(page, 'Select Your Prescriptions');
    await addNewDoctor(page, NEW_DOCTOR);
    await chooseAndNext(page);
    await focusedHeading(page, 'Verification');
    const zip = main(page).getByRole('textbox', { name: 'Zip code' });
    await failedThenSearchedAgain(page, main(page), zip, '**/gwapi/mmar/ZipCodeLookup/*');
    // A zip the lookup does not know (the gateway's 404) says so while the member is still in the field (before: once it was left).
    await zip.fill('99999');
    await expect(zip).toHaveAccessibleDescription(new RegExp(CONTACT_MESSAGES.zipNotFound.replace(/[.]/g, '\\.')));
    await expect(zip).toBeFocused();
    await expect(main(page).getByRole('button', { name: ZIP_LOOKUP_MESSAGES.searchAgain, exact: true })).toHaveCount(0);
    await expectNoAxeViolationsNorSidewaysScroll(page);
  });

  test("the address form (Easy Fill's new address): the same, and an unknown zip says so at once", async ({ page, request }) => {
    const linkId = await copyOf(request, 'demo-refill', 'easyfill');
    await page.goto(`/EasyFill/${linkId}`);
    await verify(page, LINK_MARIA, '85281');
    await page.getByRole('button', { name: 'Change shipping address' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Add a new address' }).click();
    const form = dialog(page, 'New shipping address');
    const zip = form.getByRole('textbox', { name: 'Zip code' });
    await failedThenSearchedAgain(page, form, zip, '**/gwapi/easyfill/zipcodelookup/*');
    await zip.fill('99999');
    await expect(zip).toHaveAccessibleDescription(new RegExp(ADDRESS_MESSAGES.zipNotFound.replace(/[.]/g, '\\.')));
    await expect(zip).toBeFocused();
    await expectNoAxeViolationsNorSidewaysScroll(page);
  });
});

test.describe('offline, and a call that never answers', () => {
  test.use({ latency: null });
  /**
   * What a failed verification shows. The documents' rule for this call: 'Member not eligible...'
   * when member info or verify fails (section 8, the error catalogue), whatever the status, an unreachable 400 too; the
   * general text is for the other calls.
   */
  const verifyFailed = (page: Page) => page.getByText(MEMBER_INFO_MESSAGES.notEligible.split(' If you')[0]!);

  /** Member Information still holds what was typed, and its Continue can be pressed again. */
  async function keptAndContinue(page: Page) {
    await expect(page.getByRole('textbox', { name: 'Member Number' })).toHaveValue(MARIA.memberNumber);
    await expect(page.getByRole('textbox', { name: 'First Name' })).toHaveValue(MARIA.firstName);
    await expect(page.getByRole('combobox', { name: 'Year', exact: true })).toHaveValue(MARIA.year);
    await page.getByRole('button', { name: 'Continue' }).click();
    await focusedHeading(page, 'Select Your Prescriptions');
  }

  test('offline at Continue: the general text, nothing typed lost; back online, Continue goes on', async ({ page, context }) => {
    await page.goto('/memberInfo');
    await context.setOffline(true);
    await identify(page, MARIA);
    await expect(verifyFailed(page)).toBeVisible();
    await context.setOffline(false);
    await keptAndContinue(page);
  });

  test(`a verification that has not answered in ${CALL_TIME_LIMIT_MS / 1000} s is given up as unreachable: the general text, nothing typed lost, Continue again goes on`, async ({ page }) => {
    await page.goto('/memberInfo');
    // The first verification is held and never answered (a network that keeps the call open).
    let held = 0;
    await page.route('**/gwapi/mmar/verify', async (route) => {
      held += 1;
      if (held > 1) await route.fallback();
    });
    await identify(page, MARIA);
    await expect(verifyFailed(page)).toBeVisible({ timeout: CALL_TIME_LIMIT_MS + 15_000 });
    expect(held).toBe(1);
    await keptAndContinue(page);
  });
});
