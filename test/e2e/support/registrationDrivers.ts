/**
 * The registration page's three models (test/model/registration.model.ts) in
 * the browser (see replay.ts): James Carter, not registered; Linda Nguyen,
 * missing payment and notifications; Carlos Rivera, missing health
 * information. Each tour opens a fresh copy of its persona (POST
 * /__test/members, so what is saved stays the test's own) and reaches the page
 * through the member flow: identify, a prescription and a doctor, Next. The
 * page's first calls (the tokenizer session of the hosted card field, the
 * common allergies and conditions) start on arrival: replay.ts arms them, held,
 * before `open`, so the page waits for them until the tour answers.
 *
 * The hosted card field is the tokenizer's own page in a frame; its card post
 * is armed like the gateway's calls (cardFormDriver.ts). Labels are the models' own.
 */
import { expect, test, type Locator, type Page } from './test.ts';
import type { AnyMachineSnapshot, SnapshotFrom } from 'xstate';
import { errorBody } from '../../../gateway/errors.ts';
import { errorsOf, type RegistrationContext, type registrationMachine } from '../../../machines/member/registrationMachine.ts';
import { PHONE_TYPES, SHIPPING_TYPES } from '../../../machines/member/rules/contactInfo.ts';
import { HEALTH_KINDS, healthLabel, type HealthItem, type HealthKind } from '../../../machines/member/rules/healthInfo.ts';
import { missingGreeting } from '../../../machines/member/rules/missingInfo.ts';
import { NOTIFICATION_CHOICES, TIME_ZONES } from '../../../machines/member/rules/notifications.ts';
import { errorList, partsNeeded, phoneChangeable, REGISTRATION_MESSAGES, type PartCall, type PartResult } from '../../../machines/member/rules/registration.ts';
import { summaryPhone } from '../../../machines/member/rules/review.ts';
import { EMPTY_CARD_FIELD } from '../../../machines/shared/rules/cardField.ts';
import { ZIP_LOOKUP_MESSAGES, zipStatus } from '../../../machines/shared/rules/addressForm.ts';
import { CARD_MESSAGES, cardNumberNoteOf } from '../../../machines/shared/rules/cardForm.ts';
import { MONTHS } from '../../../machines/shared/rules/display.ts';
import { CARLOS_INFO, LINDA_INFO, registrationHealthModel, registrationMissingModel, registrationModel, TOKENIZER } from '../../model/registration.model.ts';
import { dialog } from './drivers.ts';
import { alertWith, CARLOS, identify, JAMES, LINDA, memberCopy, stepIs, textbox, typeahead, type MemberPersona } from './memberDrivers.ts';
import { addNewDoctor, chooseAndNext, focusedHeading, focusInDialog, heading, main, NEW_DOCTOR, pageDoctors, press, startMemberFlow } from './memberSteps.ts';
import type { Answer, Ctx, Driver } from './replay.ts';
import { suggestionsSeen } from './lookups.ts';

type Snapshot = SnapshotFrom<typeof registrationMachine>;
type Act = Driver['actions'][string];

// ---------------------------------------------------------------- the gateway's answers

/** Where the tokenizer of this run listens (playwright.config.ts): the models' sessions name TOKENIZER. */
const RUN_TOKENIZER = `http://127.0.0.1:${process.env.E2E_TOKENIZER_PORT ?? 8182}`;
const SESSION = 'tzs_model_session_0001';

/** A tokenizer session (getTokenizerCredentials), on this run's tokenizer. */
const credentials = (serviceUrl: string): Answer => ({
  operationId: 'getTokenizerCredentials',
  body: { merchantId: 'MMAR-REFERENCE-MERCHANT', accessToken: SESSION, serviceUrl: serviceUrl === TOKENIZER ? RUN_TOKENIZER : serviceUrl },
});

/** The lookups' rows (the actors turn them back into the model's items). */
const allergyRow = (i: HealthItem) => ({ allergyRefNum: String(i.ref), allergyDesc: i.desc });
const conditionRow = (i: HealthItem) => ({ diseaseRefNum: Number(i.ref), diseaseDesc: i.desc });

/**
 * The operation of each part call the models make, and its answer when it
 * succeeds (saveParts reads only that it did: the bodies are what the gateway
 * answers for these personas).
 */
const PART_CALLS: Partial<Record<PartCall, Answer>> = {
  payment: { operationId: 'addPaymentMethod', body: { id: 1 } },
  notification: {
    operationId: 'createNotificationSettings',
    body: {
      id: 77,
      patientId: LINDA_INFO.patient.patientId,
      modalityType: { id: 3, description: 'Email' },
      modalityValue: { id: 0, value: LINDA_INFO.patient.email },
      includePHI: false,
      optIn: true,
      timeZone: null,
    },
  },
  allergies: {
    operationId: 'addPatientAllergies',
    body: [{ ...allergyRow({ ref: '00201', desc: 'PEANUT' }), allergySeqNum: 1, statusCode: 'A', messageStatus: true, messageErrorText: null }],
  },
  conditions: {
    operationId: 'addPatientConditions',
    body: [{ ...conditionRow({ ref: 0, desc: 'NO REPORTED MEDICAL CONDITIONS' }), diseaseSeqNum: 1, patientId: CARLOS_INFO.patient.patientId, statusCode: 'A', messageStatus: true, messageErrorText: null }],
  },
};

/**
 * saveParts resolves with one result per call: each is its operation's answer, a refused one a 422 of that
 * operation whose own words ('Request refused.') the page must not show (section 8: the general text).
 */
function partAnswer(r: PartResult): Answer {
  const answer = PART_CALLS[r.call];
  if (!answer) throw new Error(`no model saves the part '${r.call}'`);
  return r.ok ? answer : { operationId: answer.operationId, status: 422, body: errorBody(422, 'Request refused.') };
}

const actors: Driver['actors'] = {
  openField: { operations: ['getTokenizerCredentials'], done: (o) => [credentials((o as { serviceUrl: string }).serviceUrl)] },
  loadCommonLists: {
    operations: ['lookupAllergies', 'lookupConditions'],
    done: (o) => {
      const { allergies, conditions } = o as { allergies: HealthItem[]; conditions: HealthItem[] };
      return [
        { operationId: 'lookupAllergies', body: allergies.map(allergyRow) },
        { operationId: 'lookupConditions', body: conditions.map(conditionRow) },
      ];
    },
  },
  // The model's places are the contract's entries. For a zip it does not know, the reference gateway answers
  // 404 'No records found!', which the page takes for a failed lookup: "finds nothing" is an empty list (200 []).
  lookupZip: { operations: ['lookupZipCode'] },
  // The session, the field's post of the number to the tokenizer (in its frame), then the token.
  tokenizeCard: {
    operations: ['getTokenizerCredentials', 'tokenizeCard', 'getTokenizedCardNumber'],
    done: (token) => [
      credentials(TOKENIZER),
      { operationId: 'tokenizeCard', body: { accessToken: SESSION, status: 'accepted' } },
      { operationId: 'getTokenizedCardNumber', body: token },
    ],
  },
  // The Change Primary Phone modal is a machine: its save is what Linda does in it, on her copy in the real gateway.
  phoneChange: { operations: [] },
  validateAddress: { operations: ['validateAddress'], done: (o) => [{ operationId: 'validateAddress', body: { message: 'Address is valid.', ...(o as object) } }] },
  register: { operations: ['registerMailOrder'] },
  saveParts: {
    operations: ['addPaymentMethod', 'createNotificationSettings', 'addPatientAllergies', 'addPatientConditions'],
    done: (o) => (o as PartResult[]).map(partAnswer),
  },
  // The models look up allergies only.
  lookupHealth: { operations: ['lookupAllergies'], done: (o) => [{ operationId: 'lookupAllergies', body: (o as HealthItem[]).map(allergyRow) }] },
};

// ---------------------------------------------------------------- the page

const LISTS: Record<HealthKind, { legend: string; one: string }> = {
  allergies: { legend: 'Allergies', one: 'allergy' },
  conditions: { legend: 'Health conditions', one: 'health condition' },
};
const AGREEMENTS = [
  ['privacy', /agree to the Privacy Notice/],
  ['terms', /agree to the Terms of Use/],
  ['acknowledge', /true and complete/],
] as const;
const NOTIFICATION_GROUP = 'How should we tell you about your orders?';
const VISA_NUMBER = '4111111111111111';

const region = (page: Page, name: string) => main(page).getByRole('region', { name, exact: true });
const group = (page: Page, name: string) => main(page).getByRole('radiogroup', { name, exact: true });
const radio = (page: Page, groupName: string, name: string) => group(page, groupName).getByRole('radio', { name, exact: true });
const checkbox = (scope: Locator, name: string | RegExp) => scope.getByRole('checkbox', { name, exact: typeof name === 'string' });
const combobox = (page: Page, name: string) => main(page).getByRole('combobox', { name, exact: true });
const list = (page: Page, kind: HealthKind) => main(page).getByRole('group', { name: LISTS[kind].legend, exact: true });
const rowBox = (page: Page, kind: HealthKind, index: number) => list(page, kind).getByRole('combobox', { name: `Other ${LISTS[kind].one} ${index + 1}` });
/** A row's field by CSS, not by role: found while an open list hides the page from the accessibility tree. */
const rowInput = (page: Page, kind: HealthKind, index: number) =>
  main(page).locator('fieldset', { has: page.locator('legend', { hasText: new RegExp(`^${LISTS[kind].legend}$`) }) }).locator('input[role="combobox"]').nth(index);
const loading = (scope: Locator, label: string) => expect(scope.getByRole('status').filter({ hasText: label })).toBeVisible();
const banner = (page: Page) => page.locator('#registration-problems');
const terms = (page: Page) => dialog(page, 'Terms of Use');
const frame = (page: Page) => page.frameLocator('iframe[title="Card number"]');
const cardNumber = (page: Page) => frame(page).getByRole('textbox', { name: 'Card number' });
const escaped = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
const labelOf = <T extends { label: string }>(items: readonly T[], found: (item: T) => boolean) => items.find(found)!.label;

/** Opens the registration page of a fresh copy of the persona: identified, a prescription and a doctor chosen, Next. */
const reachRegistration =
  (persona: MemberPersona, options: { addDoctor?: boolean } = {}) =>
  async ({ page }: Ctx) => {
    // The page is three pages into the member flow (James adds a doctor on the way), then a tour of up to 30
    // steps: like the member journeys, these tests get 300 s to catch a hang (docs/testing.md), not the tours' 150 s.
    test.info().setTimeout(Math.max(test.info().timeout, 300_000));
    const member = await memberCopy(page, persona);
    await startMemberFlow(page);
    await identify(page, member);
    await focusedHeading(page, 'Select Your Prescriptions');
    // James has no doctor yet: he adds one, who is chosen; the others choose theirs.
    if (options.addDoctor) await addNewDoctor(page, NEW_DOCTOR);
    else if (!(await pageDoctors(page).first().isChecked())) await pageDoctors(page).first().press('Space');
    await chooseAndNext(page);
  };

/**
 * The context as the page holds it. The hosted field empties itself once the
 * tokenizer has accepted its number (a field message the models leave out:
 * the card is held, no error either way, the same transitions follow).
 */
const shown = (s: Snapshot): RegistrationContext => (s.context.token ? { ...s.context, cardField: EMPTY_CARD_FIELD } : s.context);

/**
 * Picks an option of a typeahead's list until the field shows it. The list can close by itself before the
 * click (react-aria closes it when the page scrolls, as when the card field's frame resizes above it; a
 * click then waits for an option that is gone): the arrow key opens it again, and the pick is retried.
 */
async function choose(page: Page, box: Locator, option: string) {
  const choice = page.getByRole('option', { name: option, exact: true });
  await expect(async () => {
    if (!(await choice.isVisible())) await box.press('ArrowDown');
    await choice.click({ timeout: 2_000 });
    await expect(box).toHaveValue(option, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

const pressNext: Act = async ({ page }, _before, after) => {
  await press(page, 'Next');
  // Errors (or nothing filled in): the banner that lists them takes the focus.
  if (after.matches({ filling: { form: 'editing' } })) await expect(banner(page)).toBeFocused();
};

const fillCard =
  (first: string, last: string, month: string, year: string): Act =>
  async ({ page }) => {
    await textbox(page, 'First name on card').fill(first);
    await textbox(page, 'Last name on card').fill(last);
    // Typed and left: the one option the text matches is taken (picking with the arrow key could race the narrowing).
    await typeahead(page, 'Expiration month', month);
    await typeahead(page, 'Expiration year', year);
  };

const actions: Driver['actions'] = {
  'presses Try again': ({ page }) => region(page, 'Payment Info').getByRole('button', { name: 'Try again' }).click(),
  'presses Try again for the lists': ({ page }) => list(page, 'allergies').getByRole('button', { name: 'Try again' }).click(),
  'presses Next with nothing filled in': pressNext,
  'presses Next': pressNext,
  'opens the Terms of Use': ({ page }) => main(page).getByRole('button', { name: 'Read the Terms of Use' }).click(),
  "presses I'm Done": ({ page }) => terms(page).getByRole('button', { name: "I'm Done" }).click(),
  'closes the Terms of Use': ({ page }) => terms(page).getByRole('button', { name: 'Close' }).click(),
  'ticks the privacy notice and the acknowledgement': async ({ page }) => {
    for (const [key, name] of AGREEMENTS) if (key !== 'terms') await checkbox(main(page), name).press('Space');
  },
  'types a Visa number in the card field': ({ page }) => cardNumber(page).fill(VISA_NUMBER),
};

const jamesActions: Driver['actions'] = {
  'fills in the shipping address (Home, 12 Elm St, 85001)': async ({ page }) => {
    await radio(page, 'Address type', 'Home').check({ force: true });
    await textbox(page, 'Street address').fill('12 Elm St');
    await textbox(page, 'Zip code').fill('85001');
  },
  "deletes the zip's last digit": async ({ page }) => {
    await textbox(page, 'Zip code').press('End');
    await textbox(page, 'Zip code').press('Backspace');
  },
  "types the zip's last digit again (85001)": ({ page }) => textbox(page, 'Zip code').press('1'),
  'presses Search again for the zip': ({ page }) => main(page).getByRole('button', { name: ZIP_LOOKUP_MESSAGES.searchAgain, exact: true }).click(),
  'fills in the phone (602) 555-0123 (Mobile) and the email': async ({ page }) => {
    await textbox(page, 'Primary phone').fill('6025550123');
    await radio(page, 'Phone type', 'Mobile').check({ force: true });
    await textbox(page, 'Email').fill('james.carter@example.com');
  },
  'fills in the name and expiry on the card': fillCard('James', 'Carter', 'August', '2030'),
  'chooses SMS Text, Mountain time': async ({ page }) => {
    await radio(page, NOTIFICATION_GROUP, 'SMS Text').check({ force: true });
    await combobox(page, 'Time zone').fill('Mount');
    await choose(page, combobox(page, 'Time zone'), 'Mountain');
  },
  'ticks No Known Allergies': ({ page }) => checkbox(list(page, 'allergies'), HEALTH_KINDS.allergies.noneLabel).press('Space'),
  'ticks Asthma': ({ page }) => checkbox(list(page, 'conditions'), 'Asthma').press('Space'),
  'corrects the street to 14 Elm St': ({ page }) => textbox(page, 'Street address').fill('14 Elm St'),
};

const lindaActions: Driver['actions'] = {
  'skips payment': ({ page }) => checkbox(main(page), 'Skip Payment').press('Space'),
  'fills in the name and expiry on the card': fillCard('Linda', 'Nguyen', 'January', '2029'),
  'chooses Email': ({ page }) => radio(page, NOTIFICATION_GROUP, 'Email').check({ force: true }),
  'presses Change Primary Phone': ({ page }) => main(page).getByRole('button', { name: 'Change Primary Phone' }).click(),
  'closes the phone modal': ({ page }) => page.getByRole('dialog', { name: 'Change Primary Phone' }).getByRole('button', { name: 'Cancel' }).click(),
  // On her copy in the real gateway: Add Number, a Mobile one (the model's MOBILE_PRIMARY).
  'adds a Mobile number as her primary phone': async ({ page }) => {
    await page.getByRole('dialog', { name: 'Change Primary Phone' }).getByRole('button', { name: 'Add Number' }).click();
    const form = page.getByRole('dialog', { name: 'Add Phone Number' });
    await form.getByRole('textbox', { name: /Phone number/ }).fill('6025550188');
    await form.getByRole('radio', { name: 'Mobile' }).press('Space');
    await expect(form.getByRole('radio', { name: 'Mobile' })).toBeChecked();
    await form.getByRole('button', { name: 'Add', exact: true }).click();
  },
};

const carlosActions: Driver['actions'] = {
  'ticks Peanut': ({ page }) => checkbox(list(page, 'allergies'), 'Peanut').press('Space'),
  'adds an allergy row': ({ page }) => list(page, 'allergies').getByRole('button', { name: 'Add an allergy' }).click(),
  // The row's list opens when the lookup's suggestions arrive (seen, then closed, by `see`).
  'types "pen" in the row': ({ page }) => rowBox(page, 'allergies', 0).fill('pen'),
  'presses Search again in the row': ({ page }) => list(page, 'allergies').getByRole('button', { name: 'Search again', exact: true }).click(),
  'picks Penicillin': ({ page }) => choose(page, rowBox(page, 'allergies', 0), 'Penicillin'),
  'removes the row': ({ page }) => list(page, 'allergies').getByRole('button', { name: `Remove Other ${LISTS.allergies.one} 1` }).click(),
  'ticks No Reported Health Conditions': ({ page }) => checkbox(list(page, 'conditions'), HEALTH_KINDS.conditions.noneLabel).press('Space'),
};

// ---------------------------------------------------------------- what the person sees

async function seeShipping(page: Page, s: Snapshot, c: RegistrationContext) {
  const v = c.values.shipping;
  if (v.addressType !== null) await expect(radio(page, 'Address type', labelOf(SHIPPING_TYPES, (t) => t.id === v.addressType))).toBeChecked();
  await expect(textbox(page, 'Street address')).toHaveValue(v.line1);
  await expect(textbox(page, 'Zip code')).toHaveValue(v.zip);
  // The zip's status: Looking up the city and state…, or a failed lookup's text with Search again beside it.
  const status = zipStatus(s);
  if (status) await expect(textbox(page, 'Zip code')).toHaveAccessibleDescription(escaped(status));
  await expect(main(page).getByRole('button', { name: ZIP_LOOKUP_MESSAGES.searchAgain, exact: true })).toHaveCount(s.can({ type: 'zip.retried' }) ? 1 : 0);
  if (!s.matches({ filling: { zip: 'looking' } }) && v.city) await expect(main(page).getByText(v.city, { exact: true })).toBeVisible();
}

async function seeContact(page: Page, c: RegistrationContext) {
  const v = c.values.contact;
  await expect(textbox(page, 'Primary phone')).toHaveValue(v.phone);
  if (v.phoneType !== null) await expect(radio(page, 'Phone type', labelOf(PHONE_TYPES, (t) => t.id === v.phoneType))).toBeChecked();
  await expect(textbox(page, 'Email')).toHaveValue(v.email);
}

/** The card section: the hosted field as its region says (loading, could not be loaded with Try again, there with its note). */
async function seePayment(page: Page, s: Snapshot, c: RegistrationContext) {
  const v = c.values.payment;
  if (c.member.patient.allowBillMeLater) await (v.skip ? expect(checkbox(main(page), 'Skip Payment')).toBeChecked() : expect(checkbox(main(page), 'Skip Payment')).not.toBeChecked());
  await expect(textbox(page, 'First name on card')).toHaveValue(v.firstName);
  if (v.month !== null) await expect(combobox(page, 'Expiration month')).toHaveValue(`${String(v.month).padStart(2, '0')} - ${MONTHS[v.month - 1]}`);
  if (v.year !== null) await expect(combobox(page, 'Expiration year')).toHaveValue(String(v.year));
  const section = region(page, 'Payment Info');
  if (s.matches({ filling: { field: 'opening' } })) return loading(section, 'Loading the secure card number field');
  if (s.matches({ filling: { field: 'unavailable' } })) {
    await alertWith(page, CARD_MESSAGES.fieldUnavailable);
    return expect(section.getByRole('button', { name: 'Try again' })).toBeVisible();
  }
  await expect(section.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await expect(cardNumber(page)).toHaveValue(c.cardField.empty ? '' : VISA_NUMBER);
  // The note under the number: its brand, or the card the tokenizer holds.
  const note = v.skip ? undefined : cardNumberNoteOf(c.token, c.cardField);
  if (note) await expect(frame(page).getByText(note, { exact: true })).toBeVisible();
  else await expect(frame(page).locator('#note')).toBeHidden();
}

async function seeNotification(page: Page, c: RegistrationContext) {
  const { choice, timeZone } = c.values.notification;
  // Linda's choices follow her primary phone on file: SMS Text only while it is a Mobile one.
  if (phoneChangeable(c.member)) {
    await expect(main(page).getByText(`Calls and text messages go to your primary phone: ${summaryPhone(c.member.patient.phone ?? null)}`)).toBeVisible();
    const text = radio(page, NOTIFICATION_GROUP, 'SMS Text');
    await (c.member.patient.phone?.phoneType === 8 ? expect(text).toBeEnabled() : expect(text).toBeDisabled());
  }
  if (choice !== null) await expect(radio(page, NOTIFICATION_GROUP, labelOf(NOTIFICATION_CHOICES, (o) => o.key === choice))).toBeChecked();
  if (timeZone !== null) await expect(combobox(page, 'Time zone')).toHaveValue(labelOf(TIME_ZONES, (z) => z.code === timeZone));
}

/** Each list: None, the common entries (loading, could not be loaded with Try again, or ticked as chosen), the rows with their lookup's hint. */
async function seeHealth(page: Page, s: Snapshot, c: RegistrationContext) {
  for (const kind of ['allergies', 'conditions'] as const) {
    const scope = list(page, kind);
    const v = c.values[kind];
    const none = checkbox(scope, HEALTH_KINDS[kind].noneLabel);
    await (v.none ? expect(none).toBeChecked() : expect(none).not.toBeChecked());
    const legend = LISTS[kind].legend.toLowerCase();
    if (s.matches({ filling: { health: 'loading' } })) await loading(scope, `Loading the common ${legend}`);
    else if (s.matches({ filling: { health: 'unavailable' } })) {
      await expect(scope.getByText(`The list of common ${legend} could not be loaded.`, { exact: false })).toBeVisible();
      await expect(scope.getByRole('button', { name: 'Try again' })).toBeVisible();
    } else {
      for (const item of c.common[kind]) {
        const box = checkbox(scope, healthLabel(item.desc));
        const ticked = v.checked.some((i) => String(i.ref) === String(item.ref));
        await (ticked ? expect(box).toBeChecked() : expect(box).not.toBeChecked());
      }
    }
    await expect(scope.getByRole('combobox')).toHaveCount(v.rows.length);
    for (const [index, row] of v.rows.entries()) {
      const box = rowBox(page, kind, index);
      await expect(box).toHaveValue(row.picked ? healthLabel(row.picked.desc) : row.text);
      const mine = c.suggestions?.kind === kind && c.suggestions.rowId === row.id ? c.suggestions : null;
      const hint = row.picked
        ? null
        : s.matches({ filling: { lookup: 'looking' } })
          ? 'Searching…'
          : mine && (mine.failure ?? (mine.items.length ? 'Choose one from the list.' : 'No matches. Try other letters.'));
      if (hint) await expect(box).toHaveAccessibleDescription(escaped(hint));
    }
  }
}

/** After Next, each error at its field (the banner lists them too); the card number's in its frame. */
async function seeFieldErrors(page: Page, s: Snapshot, c: RegistrationContext) {
  const e = errorsOf(c);
  const at: [Locator, string | undefined][] = [
    [group(page, 'Address type'), e.shipping.addressType],
    [textbox(page, 'Street address'), e.shipping.line1],
    [textbox(page, 'Zip code'), e.shipping.zip],
    [textbox(page, 'Primary phone'), e.contact.phone],
    [group(page, 'Phone type'), e.contact.phoneType],
    [textbox(page, 'Email'), e.contact.email],
    [textbox(page, 'First name on card'), e.payment.firstName],
    [textbox(page, 'Last name on card'), e.payment.lastName],
    [combobox(page, 'Expiration month'), e.payment.month],
    [combobox(page, 'Expiration year'), e.payment.year],
    [group(page, NOTIFICATION_GROUP), e.notification.choice],
    [combobox(page, 'Time zone'), e.notification.timeZone],
    [list(page, 'allergies'), e.allergies],
    [list(page, 'conditions'), e.conditions],
    ...AGREEMENTS.map(([key, name]): [Locator, string | undefined] => [checkbox(main(page), name), e.privacy[key]]),
  ];
  for (const [field, error] of at) if (error) await expect(field).toHaveAccessibleDescription(escaped(error));
  if (e.payment.cardNumber && s.matches({ filling: { field: 'ready' } })) await expect(frame(page).getByText(e.payment.cardNumber)).toBeVisible();
}

async function see({ page }: Ctx, state: AnyMachineSnapshot) {
  const s = state as Snapshot;
  if (s.matches('done')) {
    await expect(heading(page, 'Please Review Your Request')).toBeVisible();
    return stepIs(page, 'Review');
  }
  // The Terms of Use modal hides the page behind it.
  if (s.matches({ filling: { dialog: 'terms' } })) {
    await expect(terms(page).getByRole('button', { name: "I'm Done" })).toBeVisible();
    return focusInDialog(page);
  }
  await expect(terms(page)).toHaveCount(0);
  // Change Primary Phone: the modal over the page, the focus in it.
  const phoneModal = page.getByRole('dialog', { name: 'Change Primary Phone' });
  if (s.matches({ filling: { dialog: 'phone' } })) {
    await expect(phoneModal).toBeVisible();
    return focusInDialog(page);
  }
  await expect(phoneModal).toHaveCount(0);
  const c = shown(s);
  // First a row's list that opened on its answer: it hides the rest of the page.
  const mine = c.suggestions && s.matches({ filling: { lookup: 'idle' } }) ? c.suggestions : null;
  if (mine) {
    const rows = c.values[mine.kind].rows;
    const index = rows.findIndex((r) => r.id === mine.rowId);
    if (index >= 0) await suggestionsSeen(page, rowInput(page, mine.kind, index), `${mine.kind}-${mine.rowId}`, mine.items.map((i) => String(i.ref)), rows[index]!.picked !== null);
  }
  await expect(heading(page, 'Verification')).toBeVisible();
  await stepIs(page, 'Verification');
  await expect(main(page).getByText(missingGreeting(c.member)!, { exact: true })).toBeVisible();
  // The banner: what the last step's calls refused, and after Next every error of the page.
  const lines = [...new Set([...c.failures, ...(c.nextPressed ? errorList(errorsOf(c)) : [])])];
  if (lines.length) {
    await expect(banner(page)).toContainText(REGISTRATION_MESSAGES.summary);
    await expect(banner(page).getByRole('listitem')).toHaveText(lines);
  } else await expect(banner(page)).toHaveCount(0);
  // Submitting: Next is busy, Back waits.
  const busy = s.matches({ filling: { form: 'submitting' } });
  await expect(main(page).getByRole('button', { name: busy ? 'Saving…' : 'Next', exact: true })).toBeVisible();
  const back = main(page).getByRole('button', { name: 'Back', exact: true });
  await (busy ? expect(back).toBeDisabled() : expect(back).toBeEnabled());
  const parts = partsNeeded(c.member);
  if (parts.shipping) await seeShipping(page, s, c);
  if (parts.contact) await seeContact(page, c);
  await expect(heading(page, 'Payment Info')).toHaveCount(parts.payment ? 1 : 0);
  if (parts.payment) await seePayment(page, s, c);
  if (parts.notification) await seeNotification(page, c);
  await expect(heading(page, 'Health Info')).toHaveCount(parts.health ? 1 : 0);
  if (parts.health) await seeHealth(page, s, c);
  for (const [key, name] of AGREEMENTS) {
    const box = checkbox(main(page), name);
    await (c.values.privacy[key] ? expect(box).toBeChecked() : expect(box).not.toBeChecked());
  }
  if (c.nextPressed) await seeFieldErrors(page, s, c);
}

export const registrationDriver: Driver = {
  model: registrationModel,
  open: reachRegistration(JAMES, { addDoctor: true }),
  actors,
  actions: { ...actions, ...jamesActions },
  see,
};

export const registrationMissingDriver: Driver = {
  model: registrationMissingModel,
  open: reachRegistration(LINDA),
  actors,
  actions: { ...actions, ...lindaActions },
  see,
};

export const registrationHealthDriver: Driver = {
  model: registrationHealthModel,
  open: reachRegistration(CARLOS),
  actors,
  actions: { ...actions, ...carlosActions },
  see,
};
