/**
 * The smoke journeys, written once against the tiny driver: the home page, Easy Fill to the
 * confirmation, Auto Refill to the result, and James (not registered) from member information to the
 * success page. Each works on copies of the seeded data (/__test/links, /__test/members), as the
 * Chromium suite does, so a run leaves the personas as they were. The steps follow the Chromium tests
 * in test/e2e (link-flows, member-registration); the checks here are only that each page is reached.
 */
import { SUCCESS_MESSAGES } from '../../machines/member/rules/review.ts';
import type { Driver } from './driver.ts';

export interface Journey {
  name: string;
  run: (d: Driver, origin: string) => Promise<void>;
}

async function post(origin: string, path: string, body: unknown): Promise<Record<string, string>> {
  const r = await fetch(origin + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (r.status !== 201) throw new Error(`POST ${path} answered ${r.status}`);
  return (await r.json()) as Record<string, string>;
}

/** A typeahead typed and left with Tab, as a person does. */
async function typeahead(d: Driver, label: string, text: string) {
  await d.type({ role: 'combobox', name: label }, text);
  await d.press('Tab');
}

/** The link page's verification with Maria's date of birth and zip. */
async function verifyMaria(d: Driver) {
  await d.waitForText('Verify your identity');
  await typeahead(d, 'Month', 'April');
  await typeahead(d, 'Day', '12');
  await typeahead(d, 'Year', '1958');
  await d.type({ role: 'textbox', name: 'Zip code' }, '85281');
  await d.click({ role: 'button', name: 'Verify' });
}

const DIALOG = '[role="dialog"],[role="alertdialog"]';

export const JOURNEYS: Journey[] = [
  {
    name: 'home page',
    async run(d) {
      await d.goto('/');
      await d.waitFor({ role: 'heading', name: 'Transfer Your Prescriptions!' });
      // The page is live (hydrated): an in-app link navigates without a new document.
      await d.click({ role: 'link', name: 'Learn more about us' });
      await d.waitFor({ role: 'heading', name: 'About Us' });
    },
  },
  {
    name: 'Easy Fill to the confirmation',
    async run(d, origin) {
      const { linkId } = await post(origin, '/__test/links', { from: 'demo-refill', kind: 'easyfill', ownPatient: false });
      await d.goto(`/EasyFill/${linkId}`);
      await verifyMaria(d);
      await d.waitFor({ role: 'heading', name: 'Choose your prescriptions' });
      await d.press('Space', { role: 'checkbox', name: /ATORVASTATIN/ });
      await d.click({ role: 'button', name: 'Fill Now' });
      await d.waitFor({ role: 'heading', name: 'Order confirmation' });
      await d.waitForText('Success! We have received your order.');
    },
  },
  {
    name: 'Auto Refill to the result',
    async run(d, origin) {
      const { linkId } = await post(origin, '/__test/links', { from: 'demo-autorefill', kind: 'autorefill', ownPatient: false });
      await d.goto(`/autorefill/${linkId}`);
      await verifyMaria(d);
      await d.waitForText('Please confirm your auto refill request below.');
      await d.click({ role: 'button', name: 'Confirm Auto Refill' });
      await d.waitFor({ role: 'dialog', name: 'Agree to Auto Refill Program Terms & Conditions' });
      await d.press('Space', { role: 'checkbox', name: /agree/i, within: DIALOG });
      await d.click({ role: 'button', name: 'Confirm', within: DIALOG });
      await d.waitFor({ role: 'heading', name: 'Auto Refill result' });
      await d.waitForText('Success! Auto Refill updated.');
    },
  },
  {
    name: 'James from member information to the success page',
    async run(d, origin) {
      const { memberNumber } = await post(origin, '/__test/members', { from: 'MMA100002' });
      await d.goto('/memberInfo');
      await d.type({ role: 'textbox', name: 'Member Number' }, memberNumber!);
      await d.type({ role: 'textbox', name: 'First Name' }, 'James');
      await d.type({ role: 'textbox', name: 'Last Name' }, 'Carter');
      await typeahead(d, 'Month', 'September');
      await typeahead(d, 'Day', '30');
      await typeahead(d, 'Year', '1971');
      await d.click({ role: 'button', name: 'Continue' });
      await d.waitFor({ role: 'heading', name: 'Select Your Prescriptions' });

      // He has no doctor on file: Add Your Doctor, one nobody has (added as entered and chosen).
      await d.click({ role: 'button', name: 'Add Your Doctor', within: 'main' });
      await d.waitFor({ role: 'dialog', name: 'Add Your Doctor' });
      await d.type({ role: 'textbox', name: 'First Name', within: DIALOG }, 'Nadia');
      await d.type({ role: 'textbox', name: 'Last Name', within: DIALOG }, 'Petrov');
      await d.type({ role: 'textbox', name: 'Street Address', within: DIALOG }, '400 W Camelback Rd');
      await d.type({ role: 'textbox', name: 'City', within: DIALOG }, 'Phoenix');
      await d.type({ role: 'combobox', name: 'State', within: DIALOG }, 'AZ');
      await d.press('Tab');
      await d.type({ role: 'textbox', name: 'Zip Code', within: DIALOG }, '85013');
      await d.type({ role: 'textbox', name: 'Phone Number', within: DIALOG }, '6025550177');
      await d.click({ role: 'button', name: 'Continue', within: DIALOG });
      await d.waitFor({ role: 'radio', name: /^Dr\. Nadia Petrov,/, within: 'main' });
      await d.press('Space', { role: 'checkbox', name: /^Select (?!All)/, within: 'main' });
      await d.click({ role: 'button', name: 'Next', within: 'main' });

      // The registration page: one form.
      await d.waitFor({ role: 'heading', name: 'Verification' });
      await d.waitForText('Looks like you are not registered yet for mail order.');
      await d.press('Space', { role: 'radio', name: 'Home', within: 'main' });
      await d.type({ role: 'textbox', name: 'Street address', within: 'main' }, '100 E Main St');
      await d.type({ role: 'textbox', name: 'Zip code', within: 'main' }, '85281');
      await d.type({ role: 'textbox', name: 'Primary phone', within: 'main' }, '6025550123');
      await d.press('Space', { role: 'radio', name: 'Mobile', within: 'main' });
      await d.type({ role: 'textbox', name: 'Email', within: 'main' }, 'james.carter@example.com');
      await d.type({ role: 'textbox', name: 'First name on card', within: 'main' }, 'James');
      await d.type({ role: 'textbox', name: 'Last name on card', within: 'main' }, 'Carter');
      // The card number is the tokenizer's field in a frame of its own origin: Tab into it and type.
      await d.press('Tab');
      await d.keys('4111111111111111');
      await d.press('Tab');
      await typeahead(d, 'Expiration month', '8');
      await typeahead(d, 'Expiration year', '2030');
      // How he is told about his orders, and his health conditions: both required (section 2's registration page).
      await d.press('Space', { role: 'radio', name: 'Email', within: 'main' });
      await d.press('Space', { role: 'checkbox', name: 'No Known Allergies', within: 'main' });
      await d.press('Space', { role: 'checkbox', name: 'No Reported Health Conditions', within: 'main' });
      // The Terms of Use modal's I'm Done ticks its box.
      await d.click({ role: 'button', name: 'Read the Terms of Use', within: 'main' });
      await d.waitFor({ role: 'dialog', name: 'Terms of Use' });
      await d.click({ role: 'button', name: "I'm Done", within: DIALOG });
      // The dialog closes a frame or two after the press (100-200 ms under WebKit's driver): Next is pressed once it has gone, as a person sees it go.
      await d.waitForGone({ role: 'dialog', name: 'Terms of Use' });
      await d.press('Space', { role: 'checkbox', name: /agree to the Privacy Notice/, within: 'main' });
      await d.press('Space', { role: 'checkbox', name: /true and complete/, within: 'main' });
      await d.click({ role: 'button', name: 'Next', within: 'main' });

      await d.waitFor({ role: 'heading', name: 'Please Review Your Request' });
      // His information is read before Finish, as a person reads it: while it loads, a skeleton stands in
      // for it, and the summary that replaces it moves Finish down the page between the scroll and the click.
      await d.waitForText('Notification Preference');
      await d.click({ role: 'button', name: 'Finish', within: 'main' });
      await d.waitFor({ role: 'heading', name: SUCCESS_MESSAGES.heading });
    },
  },
];
