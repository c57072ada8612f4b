/**
 * The browser side of the member flow's models (see replay.ts): the person's
 * action behind every user event, the gateway operations behind every actor,
 * and what the person sees in every state. Labels are the models' own.
 */
import { expect, type Locator, type Page } from './test.ts';
import type { SnapshotFrom } from 'xstate';
import { MEMBER_INFO_MESSAGES, withPhone, type memberInfoMachine } from '../../../machines/member/memberInfoMachine.ts';
import { hasErrors, MEMBER_FIELDS } from '../../../machines/member/rules/memberForm.ts';
import { allSelected, visibleDrugs, type prescriptionsMachine, type TransferPages } from '../../../machines/member/prescriptionsMachine.ts';
import type { TransferPrescription } from '../../../machines/member/records.ts';
import { LIST_LIMITS, LIST_MESSAGES, selectedCountText } from '../../../machines/member/rules/transferList.ts';
import { CANCEL_MESSAGES, CANCEL_TARGET, type memberFlowMachine } from '../../../machines/member/memberFlowMachine.ts';
import { requestsOf, REVIEW_MESSAGES, SUCCESS_MESSAGES, summaryAddress, summaryNotification, type ReviewSummary } from '../../../machines/member/rules/review.ts';
import type { ChangeablePart, reviewMachine } from '../../../machines/member/reviewMachine.ts';
import { CHANGE_TITLES } from '../../../machines/member/rules/profileChanges.ts';
import { reviewModel } from '../../model/review.model.ts';
import { memberFlowModel } from '../../model/memberFlow.model.ts';
import { memberInfoModel } from '../../model/memberInfo.model.ts';
import { MARIA_DRUGS, prescriptionsModel } from '../../model/prescriptions.model.ts';
import type { Answer, Driver } from './replay.ts';

const PHONE = '1-800-555-0100';

/** Fills a typeahead and leaves it (Tab), as a person does. */
export async function typeahead(page: Page, label: string, text: string) {
  const box = page.getByRole('combobox', { name: label });
  await box.fill(text);
  await box.press('Tab');
}

/**
 * Picks a suggestion of a typeahead whose options arrive from the gateway after the typing
 * (the drug lookup): the arrow key opens the list until the option shows, as a person would.
 */
export async function pickSuggestion(page: Page, box: Locator, option: string) {
  const choice = page.getByRole('option', { name: option, exact: true });
  await expect(async () => {
    if (!(await choice.isVisible())) await box.press('ArrowDown');
    await expect(choice).toBeVisible({ timeout: 1000 });
  }).toPass();
  await choice.click();
}

export const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
export const alertWith = (page: Page, text: string) => expect(page.getByRole('alert').filter({ hasText: text }).first()).toBeVisible();
export const stepIs = (page: Page, name: string) => expect(page.locator('[aria-current="step"]')).toContainText(name);

export interface MemberPersona {
  memberNumber: string;
  firstName: string;
  lastName: string;
  month: string;
  day: string;
  year: string;
}

export const MARIA: MemberPersona = { memberNumber: 'MMA100001', firstName: 'Maria', lastName: 'Lopez', month: 'April', day: '12', year: '1958' };
export const LINDA: MemberPersona = { memberNumber: 'MMA100003', firstName: 'Linda', lastName: 'Nguyen', month: 'January', day: '5', year: '1949' };
export const CARLOS: MemberPersona = { memberNumber: 'MMA100006', firstName: 'Carlos', lastName: 'Rivera', month: 'March', day: '8', year: '1965' };
export const JAMES: MemberPersona = { memberNumber: 'MMA100002', firstName: 'James', lastName: 'Carter', month: 'September', day: '30', year: '1971' };

/** A copy of a seeded member under a new member number, with a patient of its own (POST /__test/members), so what the test saves stays its own. */
export async function memberCopy(page: Page, m: MemberPersona): Promise<MemberPersona> {
  const r = await page.request.post('/__test/members', { data: { from: m.memberNumber } });
  expect(r.status()).toBe(201);
  return { ...m, memberNumber: ((await r.json()) as { memberNumber: string }).memberNumber };
}

/** The member information form, filled and sent as a person does it. */
export async function identify(page: Page, m: MemberPersona) {
  await textbox(page, 'Member Number').fill(m.memberNumber);
  await textbox(page, 'First Name').fill(m.firstName);
  await textbox(page, 'Last Name').fill(m.lastName);
  await typeahead(page, 'Month', m.month);
  await typeahead(page, 'Day', m.day);
  await typeahead(page, 'Year', m.year);
  await page.getByRole('button', { name: 'Continue' }).click();
}

const FIELD_LABELS = { memberNumber: 'Member Number', firstName: 'First Name', lastName: 'Last Name' } as const;

export const memberInfoDriver: Driver = {
  model: memberInfoModel,
  open: async ({ page }) => {
    await page.goto('/memberInfo', { waitUntil: 'commit' });
  },
  actors: {
    verifyMember: { operations: ['verifyMember'] },
    loadMemberInfo: { operations: ['checkEligibility'] },
  },
  actions: {
    'types the member number "MMA-100001"': ({ page }) => textbox(page, 'Member Number').fill('MMA-100001'),
    'leaves the member number': ({ page }) => textbox(page, 'Member Number').press('Tab'),
    'corrects the member number to "MMA100001"': ({ page }) => textbox(page, 'Member Number').fill('MMA100001'),
    'types the first name "Maria"': ({ page }) => textbox(page, 'First Name').fill('Maria'),
    'types the last name "Lopez"': ({ page }) => textbox(page, 'Last Name').fill('Lopez'),
    'types the month "apr"': ({ page }) => typeahead(page, 'Month', 'apr'),
    'types the day "12"': ({ page }) => typeahead(page, 'Day', '12'),
    'types the year "1958"': ({ page }) => typeahead(page, 'Year', '1958'),
    'presses Continue': ({ page }) => page.getByRole('button', { name: 'Continue' }).click(),
  },
  see: async ({ page }, s) => {
    const c = (s as SnapshotFrom<typeof memberInfoMachine>).context;
    if (s.matches('identified')) {
      await expect(page.getByRole('heading', { name: 'Select Your Prescriptions' })).toBeVisible();
      return stepIs(page, 'Select Prescriptions');
    }
    await expect(page.getByRole('heading', { name: 'Member Information' })).toBeVisible();
    await stepIs(page, 'Member Info');
    if (s.matches('verifying')) return expect(page.getByRole('status').filter({ hasText: 'Verifying your information' })).toBeAttached();
    if (s.matches('loadingMember')) return expect(page.getByRole('status').filter({ hasText: 'Looking up your member information' })).toBeAttached();
    // editing: the failure, the error summary with each error, Continue enabled only without errors.
    if (c.failure?.kind === 'notEligible') await alertWith(page, withPhone(MEMBER_INFO_MESSAGES.notEligible, PHONE));
    if (c.failure?.kind === 'locked') await alertWith(page, withPhone(MEMBER_INFO_MESSAGES.locked, PHONE));
    if (c.failure?.kind === 'message') await alertWith(page, c.failure.text);
    const errors = MEMBER_FIELDS.flatMap((f) => (c.errors[f] ? [c.errors[f]!] : []));
    if (errors.length) {
      // The summary is an alert when it appears only: it is found by its id.
      const summary = page.locator('#member-info-problems');
      await expect(summary).toContainText(MEMBER_INFO_MESSAGES.summary);
      for (const e of errors) await expect(summary).toContainText(e);
    } else {
      await expect(page.getByText(MEMBER_INFO_MESSAGES.summary)).toHaveCount(0);
    }
    for (const [field, label] of Object.entries(FIELD_LABELS)) {
      await expect(textbox(page, label)).toHaveValue(c.form[field as keyof typeof FIELD_LABELS]);
    }
    const button = page.getByRole('button', { name: 'Continue' });
    await (hasErrors(c.errors) ? expect(button).toBeDisabled() : expect(button).toBeEnabled());
  },
};

// ---------------------------------------------------------------- Select Your Prescriptions
const cardsOf = (page: Page) => page.locator('main li[aria-labelledby^="drug-"]');
const searchForm = (page: Page) => page.getByRole('search', { name: 'Search your prescriptions' });
/** The page's doctor list (the Add Prescription modal may show a second copy). */
const pageDoctors = (page: Page) => page.locator('main').getByRole('radiogroup', { name: 'Your doctors' }).getByRole('radio');

/** One gateway page of the auto-transfer list, as the contract describes it. */
function transferPage(items: TransferPrescription[], page: number, totalCount: number) {
  return {
    status: 'SUCCESS',
    message: 'Success',
    data: {
      count: { totalCount, selectedCount: 0 },
      displayCount: (page - 1) * LIST_LIMITS.pageSize + items.length,
      pagination: { page, limit: LIST_LIMITS.pageSize, totalPages: Math.ceil(totalCount / LIST_LIMITS.pageSize) },
      allDrugs: items,
      selectAll: 'deSelectAll',
      isSelectAll: false,
    },
  };
}

/** The answers that make loadTransfers resolve with `output`: its items in gateway pages of 6 (an empty list is a 204). */
function transferPages(output: unknown, firstPage: number) {
  const { items, totalCount } = output as TransferPages;
  if (!items.length) return [{ operationId: 'getAutoTransferRx', status: 204 }];
  const pages: TransferPrescription[][] = [];
  for (let i = 0; i < items.length; i += LIST_LIMITS.pageSize) pages.push(items.slice(i, i + LIST_LIMITS.pageSize));
  return pages.map((p, i) => ({ operationId: 'getAutoTransferRx', body: transferPage(p, firstPage + i, totalCount) }));
}

export const prescriptionsDriver: Driver = {
  model: prescriptionsModel,
  open: async ({ page }) => {
    await page.goto('/memberInfo', { waitUntil: 'commit' });
    await identify(page, MARIA);
  },
  actors: {
    loadTransfers: { operations: ['getAutoTransferRx'], done: (o) => transferPages(o, 1) },
    loadMore: { operations: ['getAutoTransferRx'], done: (o) => transferPages(o, 3) },
    loadAll: { operations: ['getAutoTransferRx'], done: (o) => transferPages(o, 3) },
    // The two child machines: the doctor chooser answers from the real gateway; the modal is what the person does in it.
    doctors: { operations: [] },
    addPrescription: { operations: [] },
  },
  actions: {
    'presses Try again': ({ page }) => page.getByRole('button', { name: 'Try again' }).click(),
    'presses Show More': ({ page }) => page.getByRole('button', { name: 'Show More' }).click(),
    'ticks atorvastatin': ({ page }) => page.getByRole('checkbox', { name: `Select ${MARIA_DRUGS[0]!.labelName}` }).press('Space'),
    'ticks Select All': ({ page }) => page.getByRole('checkbox', { name: 'Select All' }).press('Space'),
    'chooses the filter Available for Transfer': ({ page }) => page.getByRole('radio', { name: 'Available for Transfer', exact: true }).check({ force: true }),
    'chooses the filter Not Available for Transfer': ({ page }) => page.getByRole('radio', { name: 'Not Available for Transfer' }).check({ force: true }),
    'chooses the filter All': ({ page }) => page.getByRole('radio', { name: 'All', exact: true }).check({ force: true }),
    'types the search "a"': ({ page }) => searchForm(page).getByRole('textbox').fill('a'),
    'types the search "ator"': ({ page }) => searchForm(page).getByRole('textbox').fill('ator'),
    'presses Search': ({ page }) => searchForm(page).getByRole('button', { name: 'Search', exact: true }).click(),
    'clears the search': ({ page }) => searchForm(page).getByRole('button', { name: 'Clear search' }).click(),
    'opens Add Prescription': ({ page }) => page.locator('main').getByRole('button', { name: 'Add Prescription', exact: true }).click(),
    'adds pravastatin in the modal': async ({ page }) => {
      const modal = page.getByRole('dialog', { name: 'Add a Prescription' });
      await modal.getByRole('radio', { name: 'This is a new prescription' }).check({ force: true });
      await modal.getByRole('button', { name: 'Continue' }).click();
      const drug = modal.getByRole('combobox', { name: 'Drug Name' });
      await drug.fill('pravastatin');
      await pickSuggestion(page, drug, 'PRAVASTATIN SODIUM 40 MG TABLET');
      await expect(modal.getByText('OK to request new prescription.').first()).toBeVisible();
      await modal.getByRole('radio', { name: 'Auto Refill', exact: true }).check({ force: true });
      await modal.getByRole('button', { name: 'Add Prescription', exact: true }).click();
    },
    'closes the modal': ({ page }) => page.getByRole('dialog', { name: 'Add a Prescription' }).getByRole('button', { name: 'Cancel' }).click(),
    'removes pravastatin': ({ page }) => page.locator('main').getByRole('button', { name: /^Remove / }).click(),
    'chooses Dr. Smith': ({ page }) => pageDoctors(page).first().press('Space'),
    // Choosing the chosen doctor again clears it: Clear doctor choice (the doctors are radios).
    'clears the doctor': ({ page }) => page.locator('main').getByRole('button', { name: 'Clear doctor choice', exact: true }).press('Enter'),
    'presses Next': ({ page }) => page.getByRole('button', { name: 'Next', exact: true }).click(),
    'comes back from the next page': ({ page }) => page.getByRole('button', { name: 'Back', exact: true }).click(),
  },
  see: async ({ page }, s) => {
    const c = (s as SnapshotFrom<typeof prescriptionsMachine>).context;
    if (s.matches('loading')) return expect(page.getByRole('status').filter({ hasText: 'Loading your prescriptions' }).first()).toBeAttached();
    if (s.matches('failed')) {
      await alertWith(page, c.loadError!);
      return expect(page.getByRole('button', { name: 'Try again' })).toBeEnabled();
    }
    if (s.matches('chosen')) {
      // Maria has nothing missing: the registration page moves on by itself to the review.
      await expect(page.getByRole('heading', { name: 'Please Review Your Request', exact: true })).toBeVisible();
      return stepIs(page, 'Review');
    }
    await expect(page.getByRole('heading', { name: 'Select Your Prescriptions' })).toBeVisible();
    await stepIs(page, 'Select Prescriptions');
    if (s.matches({ ready: { modal: 'adding' } })) return expect(page.getByRole('dialog', { name: 'Add a Prescription' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByText(selectedCountText(c.selected.length), { exact: true })).toBeVisible();
    if (c.loadError) await alertWith(page, c.loadError);
    if (c.doctorMissing) await alertWith(page, LIST_MESSAGES.selectDoctor);
    if (s.hasTag('pending')) await expect(page.getByRole('status').filter({ hasText: 'Loading your prescriptions' })).toBeAttached();
    else if (visibleDrugs(c).length === 0) await expect(page.getByText(LIST_MESSAGES.noResults)).toBeVisible();
    else {
      await expect(cardsOf(page)).toHaveCount(visibleDrugs(c).length);
      const all = page.getByRole('checkbox', { name: 'Select All' });
      if (!s.can({ type: 'selectAll.toggled' })) await expect(all).toHaveCount(0);
      else await (allSelected(c) ? expect(all).toBeChecked() : expect(all).not.toBeChecked());
    }
    if (s.hasTag('loadingMore')) await expect(page.getByRole('status').filter({ hasText: 'Loading more prescriptions' })).toBeAttached();
    // Show More stays (pending) while more load, so that it keeps the focus.
    await expect(page.getByRole('button', { name: 'Show More' })).toHaveCount(s.can({ type: 'showMore.pressed' }) || s.hasTag('loadingMore') ? 1 : 0);
    if (c.searchError) await expect(searchForm(page)).toContainText(c.searchError);
    const next = page.getByRole('button', { name: 'Next', exact: true });
    await (s.can({ type: 'next.pressed' }) ? expect(next).toBeEnabled() : expect(next).toBeDisabled());
    // The doctor chosen (the real profile's first doctor stands for the model's).
    if (!s.hasTag('pending')) {
      const first = pageDoctors(page).first();
      await (c.physician ? expect(first).toBeChecked() : expect(first).not.toBeChecked());
    }
  },
};

/** Ticks a box or radio from the keyboard unless it is ticked already (no click aimed at a hidden input's place). */
async function tick(box: Locator) {
  if (!(await box.isChecked())) await box.press('Space');
  await expect(box).toBeChecked();
}

// ---------------------------------------------------------------- the member flow
const cancelDialog = (page: Page) => page.getByRole('alertdialog', { name: CANCEL_MESSAGES.title });

/** Each test's own copy of Linda (POST /__test/members): what her registration page saves stays hers. */
const lindaCopies = new WeakMap<Page, MemberPersona>();

export const memberFlowDriver: Driver = {
  model: memberFlowModel,
  open: async ({ page }) => {
    lindaCopies.set(page, await memberCopy(page, LINDA));
    await page.goto('/memberInfo', { waitUntil: 'commit' });
  },
  // The flow's children are machines: their outcomes are what the person does on their pages, on the real gateway.
  actors: { stepper: { operations: [] }, memberInfo: { operations: [] }, prescriptions: { operations: [] }, registration: { operations: [] }, review: { operations: [] } },
  actions: {
    'the member information arrives': ({ page }) => identify(page, lindaCopies.get(page)!),
    // Linda may skip payment (bill me later); her phone is a Home phone, so Email.
    // Ticked from the keyboard: a forced click aims at the hidden input's place on screen, and Skip Payment
    // moves what is below it as the card's fields turn off; on a busy machine the click for Email landed on Skip
    // Payment again and unticked it.
    'fills in what is missing and presses Next': async ({ page }) => {
      const main = page.locator('main');
      for (const box of [
        main.getByRole('checkbox', { name: 'Skip Payment' }),
        main.getByRole('radio', { name: 'Email', exact: true }),
        ...[/Privacy Notice/, /Terms of Use/, /true and complete/].map((name) => main.getByRole('checkbox', { name })),
      ])
        await tick(box);
      await page.getByRole('button', { name: 'Next', exact: true }).click();
    },
    // After Back the choice is kept: what is ticked stays ticked.
    'chooses prescriptions and a doctor': async ({ page }) => {
      for (const box of [page.locator('main').getByRole('checkbox', { name: /^Select (?!All)/ }).first(), pageDoctors(page).first()]) await tick(box);
      await page.getByRole('button', { name: 'Next', exact: true }).click();
    },
    'presses Back': ({ page }) => page.getByRole('button', { name: 'Back', exact: true }).click(),
    // The review page's Finish sends the request to the gateway (Linda's copy).
    'presses Finish': ({ page }) => page.getByRole('button', { name: 'Finish', exact: true }).click(),
    'presses Cancel': ({ page }) => page.locator('main').getByRole('button', { name: 'Cancel', exact: true }).last().click(),
    'follows the footer link Contact Us': ({ page }) => page.locator('footer').getByRole('link', { name: 'Contact Us' }).click(),
    'confirms the cancellation': ({ page }) => cancelDialog(page).getByRole('button', { name: CANCEL_MESSAGES.confirm }).click(),
    'keeps going': ({ page }) => cancelDialog(page).getByRole('button', { name: CANCEL_MESSAGES.dismiss }).click(),
  },
  see: async ({ page }, s) => {
    const c = (s as SnapshotFrom<typeof memberFlowMachine>).context;
    if (s.matches('left')) {
      await expect(page).toHaveURL(new RegExp(`${c.exitTo}$`));
      if (c.exitTo === CANCEL_TARGET) {
        // A new flow: Member Information, empty.
        await expect(page.getByRole('heading', { name: 'Member Information' })).toBeVisible();
        return expect(textbox(page, 'Member Number')).toHaveValue('');
      }
      return expect(page.getByRole('heading', { level: 1 })).toContainText('Contact');
    }
    if (s.matches({ active: { dialog: 'confirmingExit' } })) {
      await expect(cancelDialog(page)).toBeVisible();
      return expect(cancelDialog(page)).toContainText(CANCEL_MESSAGES.body);
    }
    await expect(cancelDialog(page)).toHaveCount(0);
    if (s.matches({ active: { page: 'memberInfo' } })) {
      await expect(page.getByRole('heading', { name: 'Member Information' })).toBeVisible();
      return stepIs(page, 'Member Info');
    }
    if (s.matches({ active: { page: { choosing: 'prescriptions' } } })) {
      await expect(page.getByRole('heading', { name: 'Select Your Prescriptions' })).toBeVisible();
      return stepIs(page, 'Select Prescriptions');
    }
    if (s.matches({ active: { page: 'finished' } })) {
      await expect(page.getByRole('heading', { name: SUCCESS_MESSAGES.heading })).toBeFocused();
      // Linda's profile is not linked: the optional Register step and its promo.
      await expect(page.getByRole('link', { name: /Register Now/ }).first()).toBeVisible();
      return stepIs(page, 'Finish');
    }
    if (s.matches({ active: { page: { choosing: 'review' } } })) {
      await expect(page.getByRole('heading', { name: 'Please Review Your Request', exact: true })).toBeVisible();
      return stepIs(page, 'Review');
    }
    await expect(page.getByRole('heading', { name: 'Verification', exact: true })).toBeVisible();
    await expect(page.getByText('Looks like we are missing some information.')).toBeVisible();
    await stepIs(page, 'Verification');
  },
};

// ---------------------------------------------------------------- the review page

export const reviewMain = (page: Page) => page.locator('main');
/** The review model's words for each Change button. */
const CHANGE_BUTTONS: Record<ChangeablePart, string> = { address: 'shipping address', payment: 'payment card', notifications: 'notification preference', phone: 'primary phone', allergies: 'allergies', conditions: 'health conditions' };

/** A value of the review page's profile summary (its text, without the row's Change button). */
export const summaryValue = (page: Page, term: string) => reviewMain(page).locator('dt', { hasText: term }).locator('xpath=following-sibling::dd/span[1]');
const reviewGroup = (page: Page, title: string) => reviewMain(page).getByRole('list', { name: title });

/** The gateway's answers that make the profile summary the model's (each part from its own list call). */
export function summaryAnswers(output: unknown): Answer[] {
  const s = output as ReviewSummary;
  return [
    { operationId: 'listAddresses', body: s.address ? [s.address] : [] },
    { operationId: 'listPhones', body: s.phone ? [s.phone] : [] },
    { operationId: 'listPaymentMethods', body: s.card ? [s.card] : [] },
    { operationId: 'getNotificationSettings', body: s.notification ? [s.notification] : [] },
    { operationId: 'getEmail', body: { emailAddress: s.email } },
    { operationId: 'listPatientAllergies', body: s.allergies.map((desc, i) => ({ allergyRefNum: String(900 + i), allergyDesc: desc })) },
    { operationId: 'listPatientConditions', body: s.conditions.map((desc, i) => ({ diseaseRefNum: 900 + i, diseaseDesc: desc })) },
  ];
}

/**
 * Maria's copy asks for atorvastatin and alprazolam with her first doctor;
 * with nothing missing she goes past the registration page to the review.
 */
export async function toReview(page: Page) {
  const maria = await memberCopy(page, MARIA);
  await page.goto('/memberInfo', { waitUntil: 'commit' });
  await identify(page, maria);
  await expect(page.getByRole('heading', { name: 'Select Your Prescriptions' })).toBeFocused();
  for (const name of ['ATORVASTATIN', 'ALPRAZOLAM']) await reviewMain(page).getByRole('checkbox', { name: new RegExp(`^Select ${name}`) }).press('Space');
  if (!(await pageDoctors(page).first().isChecked())) await pageDoctors(page).first().press('Space');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
}

export const reviewDriver: Driver = {
  model: reviewModel,
  open: ({ page }) => toReview(page),
  actors: {
    loadSummary: {
      operations: ['listAddresses', 'listPhones', 'listPaymentMethods', 'getNotificationSettings', 'getEmail', 'listPatientAllergies', 'listPatientConditions'],
      done: summaryAnswers,
      parallel: true,
    },
    submitTransfer: { operations: ['submitTransferRequest'] },
    // The change modals are machines: a save is what Maria does in the modal, on her copy in the real gateway.
    change: { operations: [] },
  },
  actions: {
    'presses Try again': ({ page }) => reviewMain(page).getByRole('button', { name: 'Try again' }).click(),
    ...Object.fromEntries(
      (Object.entries(CHANGE_BUTTONS) as [ChangeablePart, string][]).map(([part, label]) => [
        `presses Change on the ${label}`,
        ({ page }: { page: Page }) => reviewMain(page).getByRole('button', { name: CHANGE_TITLES[part] }).click(),
      ]),
    ),
    'closes the modal': ({ page }) => page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click(),
    // Her notifications go by email: SMS Text to her Mobile phone, Mountain time, confirmed.
    'the notifications change is saved': async ({ page }) => {
      const modal = page.getByRole('dialog', { name: CHANGE_TITLES.notifications });
      await modal.getByRole('radio', { name: 'SMS Text' }).check({ force: true });
      await modal.getByRole('combobox', { name: /Time zone/ }).fill('Mount');
      await page.getByRole('option', { name: 'Mountain' }).click();
      await modal.getByRole('button', { name: 'Update' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, Update' }).click();
    },
    // A new address each time (a new first word: the modal refuses a duplicate of one on file).
    'the address change is saved': async ({ page }) => {
      await page.getByRole('dialog', { name: CHANGE_TITLES.address }).getByRole('button', { name: 'Add a new address' }).click();
      const form = page.getByRole('dialog', { name: 'New Shipping Address' });
      await form.getByRole('textbox', { name: /Address line 1/ }).fill(`${(Date.now() % 9000) + 1000} N Central Ave`);
      await form.getByRole('textbox', { name: /Zip code/ }).fill('85004');
      await expect(form.getByText('PHOENIX', { exact: false }).first()).toBeVisible();
      await form.getByRole('radio', { name: 'Home' }).check({ force: true });
      await form.getByRole('button', { name: 'Save' }).click();
    },
    // Her copy has two cards: Select makes the one that is not the default the default.
    'the payment change is saved': async ({ page }) => {
      await page.getByRole('dialog', { name: CHANGE_TITLES.payment }).getByRole('button', { name: /^Select / }).first().click();
    },
    'the phone change is saved': async ({ page }) => {
      await page.getByRole('dialog', { name: CHANGE_TITLES.phone }).getByRole('button', { name: 'Add Number' }).click();
      const form = page.getByRole('dialog', { name: 'Add Phone Number' });
      await form.getByRole('textbox', { name: /Phone number/ }).fill('6025550188');
      // Mobile: the replayed profile's primary phone is a Mobile one, so SMS Text stays possible on her copy too.
      await form.getByRole('radio', { name: 'Mobile' }).check({ force: true });
      await form.getByRole('button', { name: 'Add', exact: true }).click();
    },
    ...Object.fromEntries(
      (['allergies', 'conditions'] as const).map((part) => [
        `the ${part} change is saved`,
        async ({ page }: { page: Page }) => {
          const modal = page.getByRole('dialog', { name: CHANGE_TITLES[part] });
          await modal.getByRole('checkbox', { disabled: false }).first().check({ force: true });
          await modal.getByRole('button', { name: 'Update' }).click();
        },
      ]),
    ),
    'presses Remove on atorvastatin': ({ page }) => reviewMain(page).getByRole('button', { name: /^Remove ATORVASTATIN/ }).click(),
    'presses Remove on alprazolam': ({ page }) => reviewMain(page).getByRole('button', { name: /^Remove ALPRAZOLAM/ }).click(),
    'confirms the removal': ({ page }) => page.getByRole('alertdialog').getByRole('button', { name: REVIEW_MESSAGES.removeConfirm }).click(),
    'keeps the prescription': ({ page }) => page.getByRole('alertdialog').getByRole('button', { name: REVIEW_MESSAGES.removeDismiss }).click(),
    'presses Finish': ({ page }) => page.getByRole('button', { name: 'Finish', exact: true }).click(),
  },
  see: async ({ page }, s) => {
    const c = (s as SnapshotFrom<typeof reviewMachine>).context;
    if (s.matches('finished')) {
      await expect(page.getByRole('heading', { name: SUCCESS_MESSAGES.heading })).toBeFocused();
      return expect(reviewMain(page).getByRole('table').getByRole('row')).toHaveCount(c.result!.transferRxResponse.transferInformation.length + 1);
    }
    await expect(page.getByRole('heading', { name: REVIEW_MESSAGES.heading, exact: true })).toBeVisible();
    await stepIs(page, 'Review');
    if (s.matches({ reviewing: { summary: 'loading' } })) await expect(page.getByRole('status').filter({ hasText: 'Loading your information' })).toBeAttached();
    if (s.matches({ reviewing: { summary: 'failed' } })) {
      await alertWith(page, c.summaryError!);
      await expect(reviewMain(page).getByRole('button', { name: 'Try again' })).toBeEnabled();
    }
    if (c.summary) {
      await expect(summaryValue(page, 'Shipping Address')).toHaveText(summaryAddress(c.summary.address));
      await expect(summaryValue(page, 'Notification Preference')).toHaveText(summaryNotification(c.summary.notification));
    }
    if (s.matches({ reviewing: { change: 'open' } })) {
      await expect(page.getByRole('dialog', { name: CHANGE_TITLES[c.changing!] })).toBeVisible();
    } else {
      await expect(page.getByRole('dialog')).toHaveCount(0);
      if (c.summary) {
        const change = reviewMain(page).getByRole('button', { name: CHANGE_TITLES.phone });
        await (s.can({ type: 'change.opened', part: 'phone' }) ? expect(change).toBeEnabled() : expect(change).toBeDisabled());
      }
      if (c.updated) await expect(reviewMain(page).getByRole('status').filter({ hasText: c.updated })).toHaveText(c.updated);
    }
    const dialog = page.getByRole('alertdialog', { name: REVIEW_MESSAGES.removeTitle });
    if (s.matches({ reviewing: { request: 'confirmingRemoval' } })) {
      await expect(dialog).toBeVisible();
      return expect(dialog).toContainText(c.removing === c.choice.drugs[0]!.ndc ? 'ATORVASTATIN' : 'ALPRAZOLAM');
    }
    await expect(dialog).toHaveCount(0);
    for (const [kind, title] of [['transfer', REVIEW_MESSAGES.transfers], ['newRx', REVIEW_MESSAGES.newRx]] as const) {
      await expect(reviewGroup(page, title).getByRole('listitem')).toHaveCount(requestsOf(c.drugs, kind).length);
    }
    if (!c.drugs.length) await expect(page.getByRole('status').filter({ hasText: REVIEW_MESSAGES.allRemoved })).toBeVisible();
    if (c.failure) await expect(page.locator('#review-problems')).toContainText(c.failure);
    const finish = page.getByRole('button', { name: 'Finish', exact: true });
    await (s.can({ type: 'finish.pressed' }) ? expect(finish).toBeEnabled() : expect(finish).toBeDisabled());
  },
};
