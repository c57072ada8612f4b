/**
 * The review page's change modals in the browser, one driver per modal
 * machine (test/model/profileChanges.model.ts, and cardEdit of
 * cardForm.model.ts): each tour comes to the review page of a fresh copy of
 * Maria (`prepare`), whose profile the gateway answers with the review
 * model's (so the modal starts from the model's input), then presses the
 * part's Change button: the modal's machine starts there, and its calls are
 * armed as the path answers them (replay.ts). A save the path makes is
 * answered by the gateway as armed; the page then records the change and
 * reloads her profile from her copy.
 */
import { expect, type Locator, type Page } from './test.ts';
import type { AnyMachineSnapshot, SnapshotFrom } from 'xstate';
import { shownErrors, type CardFormContext } from '../../../machines/shared/cardFormMachine.ts';
import type { addressChangeMachine } from '../../../machines/member/addressChangeMachine.ts';
import { healthChangeError, type healthChangeMachine } from '../../../machines/member/healthChangeMachine.ts';
import { notificationChangeErrors, notificationUpdateMissing, type notificationChangeMachine } from '../../../machines/member/notificationChangeMachine.ts';
import type { paymentChangeMachine } from '../../../machines/member/paymentChangeMachine.ts';
import { shownPhoneErrors, type phoneChangeMachine } from '../../../machines/member/phoneChangeMachine.ts';
import type { ChangeablePart } from '../../../machines/member/reviewMachine.ts';
import { healthLabel, HEALTH_LOOKUP, type HealthItem } from '../../../machines/member/rules/healthInfo.ts';
import { NOTIFICATION_CHOICES, TIME_ZONES } from '../../../machines/member/rules/notifications.ts';
import { CHANGE_TITLES, phoneName, UPDATED } from '../../../machines/member/rules/profileChanges.ts';
import { summaryAddress } from '../../../machines/member/rules/review.ts';
import { addressLine } from '../../../machines/shared/rules/display.ts';
import { cardEditModel } from '../../model/cardForm.model.ts';
import { addressChangeModel, healthChangeModel, HOME, HOME_ADDRESS, MARIA_CARDS, notificationChangeModel, paymentChangeModel, phoneChangeModel } from '../../model/profileChanges.model.ts';
import { MARIA_SUMMARY } from '../../model/review.model.ts';
import { pick } from './drivers.ts';
import { changeButtonId } from '../../../src/flows/member/reviewActors.ts';
import { reviewMain, summaryAnswers, summaryValue, toReview } from './memberDrivers.ts';
import type { Ctx, Driver } from './replay.ts';
import { suggestionsSeen } from './lookups.ts';

// ---------------------------------------------------------------- the page and its modals

const modal = (page: Page, name: string) => page.getByRole('dialog', { name, exact: true });
const button = (scope: Locator, name: string | RegExp) => scope.getByRole('button', { name, exact: typeof name === 'string' });
const changeButton = (page: Page, part: ChangeablePart) => reviewMain(page).getByRole('button', { name: CHANGE_TITLES[part] });
const skeleton = (scope: Locator, label: string) => expect(scope.getByRole('status').filter({ hasText: label })).toBeVisible();
const escaped = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/** Ticks a checkbox or a radio by keyboard (Space), and checks that it took. */
async function tick(box: Locator) {
  if (!(await box.isChecked())) await box.press('Space');
  await expect(box).toBeChecked();
}

/** Presses a button the machine takes the event from, or checks that the view refuses it (disabled), as the model says. */
async function pressIfTaken(target: Locator, taken: boolean) {
  if (taken) await target.click();
  else await expect(target).toBeDisabled();
}

/** The review page of a fresh copy of Maria, whose profile is the review model's (the gateway answers each part as it). */
async function reviewWithModelProfile({ page, arm }: Ctx) {
  for (const a of summaryAnswers(MARIA_SUMMARY)) await arm({ operationId: a.operationId, mode: 'reply', status: 200, body: a.body });
  await toReview(page);
  // All seven answers are used once the profile shows.
  await expect(summaryValue(page, 'Shipping Address')).toHaveText(summaryAddress(MARIA_SUMMARY.address));
  await expect(changeButton(page, 'phone')).toBeEnabled();
}

/** A modal's machine is done: the modal closes, the page records the change once, and the focus is back on the part's Change button. */
async function seeSaved(page: Page, part: ChangeablePart) {
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(reviewMain(page).getByRole('status').filter({ hasText: UPDATED[part] })).toHaveText(UPDATED[part]);
  await expect(page.locator(`#${changeButtonId(part)}`)).toBeFocused();
}

/** The general failure a list shows (could not be loaded) with its Try again. */
async function seeUnavailable(scope: Locator, text: string) {
  await expect(scope.getByRole('alert').filter({ hasText: text })).toBeVisible();
  await expect(button(scope, 'Try again')).toBeVisible();
}

/** A modal's failure banner, or none. */
async function seeFailure(scope: Locator, text: string | null) {
  if (text) await expect(scope.getByRole('alert').filter({ hasText: text })).toBeVisible();
  else await expect(scope.getByRole('alert')).toHaveCount(0);
}

const openChange =
  (part: ChangeablePart): Driver['open'] =>
  async ({ page }) => {
    await changeButton(page, part).click();
  };

// ---------------------------------------------------------------- notifications

const NOTIFICATION_GROUP = 'How should we tell you about your orders?';
type NotificationSnapshot = SnapshotFrom<typeof notificationChangeMachine>;
const notificationModal = (page: Page) => modal(page, CHANGE_TITLES.notifications);

/** The answers of the notification calls are the contract's records (the machine reads only that they succeeded). */
const SETTING_SAVED = { ...MARIA_SUMMARY.notification!, modalityType: { id: 2 }, timeZone: 'M' };

export const notificationChangeDriver: Driver = {
  model: notificationChangeModel,
  prepare: reviewWithModelProfile,
  open: openChange('notifications'),
  actors: {
    loadSetting: { operations: ['getNotificationSettings'], done: (o) => [{ operationId: 'getNotificationSettings', body: o ? [o] : [] }] },
    // A setting is in force (the model's): Update PATCHes it.
    saveNotification: { operations: ['updateNotificationSettings'], done: () => [{ operationId: 'updateNotificationSettings', body: SETTING_SAVED }] },
    saveEmail: { operations: ['updateEmail'], done: () => [{ operationId: 'updateEmail', body: { messageStatus: true } }] },
  },
  actions: {
    'presses Try again': ({ page }) => button(notificationModal(page), 'Try again').click(),
    'picks SMS Text': ({ page }) => tick(notificationModal(page).getByRole('radiogroup', { name: NOTIFICATION_GROUP }).getByRole('radio', { name: 'SMS Text' })),
    'picks the Mountain time zone': ({ page }) => pick(page, 'Time zone', 'Mountain'),
    'presses Update': ({ page }, before) => pressIfTaken(button(notificationModal(page), 'Update'), before.can({ type: 'update.pressed' })),
    // Gated (section 5): the press is refused and the time zone takes the focus, with its error.
    'presses Update before the time zone': async ({ page }) => {
      // Enter: an aria-disabled button is one Playwright's click waits on.
      await button(notificationModal(page), 'Update').press('Enter');
      await expect(notificationModal(page).getByRole('combobox', { name: 'Time zone' })).toBeFocused();
    },
    'presses Yes, Update': ({ page }) => button(page.getByRole('alertdialog'), 'Yes, Update').click(),
    'presses No': ({ page }) => button(page.getByRole('alertdialog'), 'No').click(),
    'presses Edit email': ({ page }) => button(notificationModal(page), 'Edit email').click(),
    'types a new email': ({ page }) => modal(page, 'Edit Email').getByRole('textbox', { name: 'Email' }).fill('maria.l@example.com'),
    'saves the email': ({ page }) => button(modal(page, 'Edit Email'), 'Save').click(),
    'cancels the email': ({ page }) => button(modal(page, 'Edit Email'), 'Cancel').click(),
  },
  see: async ({ page }, state) => {
    const s = state as NotificationSnapshot;
    const c = s.context;
    if (s.matches('saved')) return seeSaved(page, 'notifications');
    if (s.matches('email')) {
      await expect(modal(page, 'Edit Email').getByRole('textbox', { name: 'Email' })).toHaveValue(c.emailDraft);
      return expect(modal(page, 'Edit Email').getByRole('textbox', { name: 'Email' })).toBeFocused();
    }
    if (s.matches('confirming')) return expect(page.getByRole('alertdialog', { name: 'Update Notification Preference' })).toBeVisible();
    const scope = notificationModal(page);
    if (s.matches('loading')) return skeleton(scope, 'Loading your notification preference');
    if (s.matches('unavailable')) return seeUnavailable(scope, c.loadError!);
    await seeFailure(scope, c.failure);
    for (const o of NOTIFICATION_CHOICES) {
      const radio = scope.getByRole('radio', { name: o.label, exact: true });
      await (c.values.choice === o.key ? expect(radio).toBeChecked() : expect(radio).not.toBeChecked());
    }
    if (c.values.timeZone) await expect(scope.getByRole('combobox', { name: 'Time zone' })).toHaveValue(TIME_ZONES.find((z) => z.code === c.values.timeZone)!.label);
    const errors = c.submitted ? notificationChangeErrors(c) : {};
    if (errors.timeZone) await expect(scope.getByRole('combobox', { name: 'Time zone' })).toHaveAccessibleDescription(escaped(errors.timeZone));
    await expect(scope.getByText(`Email: ${c.newEmail ?? c.email}`)).toBeVisible();
    const update = button(scope, 'Update');
    // Saving: the modal waits (Cancel is off); editing: Update is there when there is something to update.
    if (s.hasTag('pending')) return expect(button(scope, 'Cancel')).toBeDisabled();
    await (s.can({ type: 'update.pressed' }) ? expect(update).toBeEnabled() : expect(update).toBeDisabled());
    // A gated button says why (section 5): nothing changed, or call and text without a time zone.
    if (!s.can({ type: 'update.pressed' })) await expect(update).toHaveAccessibleDescription(notificationUpdateMissing(c).join(' '));
  },
};

// ---------------------------------------------------------------- the primary phone

type PhoneSnapshot = SnapshotFrom<typeof phoneChangeMachine>;
const phoneModal = (page: Page) => modal(page, CHANGE_TITLES.phone);
const phoneForm = (page: Page) => page.getByRole('dialog', { name: /^(Edit|Add) Phone Number$/ });
const PHONE_FAILURES = { select: 'Your primary phone could not be changed.', edit: 'Your phone number could not be updated.', add: 'Your phone number could not be added.' } as const;

export const phoneChangeDriver: Driver = {
  model: phoneChangeModel,
  prepare: reviewWithModelProfile,
  open: openChange('phone'),
  actors: {
    loadPhones: { operations: ['listPhones'] },
    // Select and Edit PUT over a phone on file; Add Number POSTs a new one.
    savePhone: {
      operations: ['updatePhone', 'addPhone'],
      calls: (s) => ((s as PhoneSnapshot).context.editing || (s as PhoneSnapshot).context.selecting ? 'updatePhone' : 'addPhone'),
    },
  },
  actions: {
    'presses Try again': ({ page }) => button(phoneModal(page), 'Try again').click(),
    'presses Select on her Home number': ({ page }) => button(phoneModal(page), `Select ${phoneName(HOME)}`).click(),
    'presses Edit on her primary number': ({ page }) => button(phoneModal(page), `Edit ${phoneName(MARIA_SUMMARY.phone!)}`).click(),
    'presses Add Number': ({ page }) => button(phoneModal(page), 'Add Number').click(),
    'types a new number': ({ page }) => phoneForm(page).getByRole('textbox', { name: /Phone number/ }).fill('6025550188'),
    'types a short number': ({ page }) => phoneForm(page).getByRole('textbox', { name: /Phone number/ }).fill('602555'),
    'picks Mobile': ({ page }) => tick(phoneForm(page).getByRole('radio', { name: 'Mobile' })),
    'leaves the number field': async ({ page }) => {
      await phoneForm(page).getByRole('textbox', { name: /Phone number/ }).focus();
      await phoneForm(page).getByRole('textbox', { name: /Phone number/ }).blur();
    },
    'presses Update': ({ page }, before) =>
      pressIfTaken(button(phoneForm(page), (before as PhoneSnapshot).context.editing ? 'Update' : 'Add'), before.can({ type: 'update.pressed' })),
    'presses Back': ({ page }) => button(phoneForm(page), 'Back').click(),
  },
  see: async ({ page }, state) => {
    const s = state as PhoneSnapshot;
    const c = s.context;
    if (s.matches('saved')) return seeSaved(page, 'phone');
    const failure = c.failure ? `${PHONE_FAILURES[c.failure.action]} ${c.failure.text}` : null;
    if (s.matches('form') || s.matches('savingForm')) {
      const form = phoneForm(page);
      await expect(form).toHaveAccessibleName(c.editing ? 'Edit Phone Number' : 'Add Phone Number');
      await seeFailure(form, failure);
      const number = form.getByRole('textbox', { name: /Phone number/ });
      await expect(number).toHaveValue(c.values.phone);
      const errors = shownPhoneErrors(c);
      if (errors.phone) await expect(number).toHaveAccessibleDescription(escaped(errors.phone));
      else await expect(number).not.toHaveAttribute('aria-invalid', 'true');
      if (s.matches('savingForm')) return expect(button(form, 'Back')).toBeDisabled();
      return expect(button(form, c.editing ? 'Update' : 'Add')).toBeVisible();
    }
    const scope = phoneModal(page);
    if (s.matches('loading')) return skeleton(scope, 'Loading your phone numbers');
    if (s.matches('unavailable')) return seeUnavailable(scope, c.loadError!);
    await seeFailure(scope, failure);
    await expect(scope.getByRole('list', { name: 'Your phone numbers' }).getByRole('listitem')).toHaveCount(c.phones.length);
    if (s.matches('selecting')) return expect(button(scope, 'Cancel')).toBeDisabled();
    await expect(button(scope, `Select ${phoneName(HOME)}`)).toBeEnabled();
  },
};

// ---------------------------------------------------------------- allergies

type HealthSnapshot = SnapshotFrom<typeof healthChangeMachine>;
const healthModal = (page: Page) => modal(page, CHANGE_TITLES.allergies);
const allergyRow = (page: Page) => healthModal(page).getByRole('combobox', { name: 'Other allergy 1' });
const allergyRows = (items: unknown) => (items as HealthItem[]).map((i) => ({ allergyRefNum: String(i.ref), allergyDesc: i.desc }));

export const healthChangeDriver: Driver = {
  model: healthChangeModel,
  prepare: reviewWithModelProfile,
  open: openChange('allergies'),
  actors: {
    // The common list and the lookup are one operation: their queries tell them apart.
    loadCommon: { operations: ['lookupAllergies'], query: { cat: 'common' }, done: (o) => [{ operationId: 'lookupAllergies', body: allergyRows(o) }] },
    lookupHealth: { operations: ['lookupAllergies'], query: { noOfRecords: String(HEALTH_LOOKUP.count) }, done: (o) => [{ operationId: 'lookupAllergies', body: allergyRows(o) }] },
    saveHealth: {
      operations: ['addPatientAllergies'],
      done: () => [{ operationId: 'addPatientAllergies', body: [{ allergyRefNum: '00001', allergyDesc: 'PEANUT', allergySeqNum: 2, statusCode: 'A', messageStatus: true, messageErrorText: null }] }],
    },
  },
  actions: {
    'presses Try again': ({ page }) => button(healthModal(page), 'Try again').click(),
    'ticks Peanut': ({ page }) => tick(healthModal(page).getByRole('checkbox', { name: 'Peanut', exact: true })),
    'adds a row': ({ page }) => button(healthModal(page), /^Add (an|another) allergy$/).click(),
    // The row's list opens when the lookup's suggestions arrive (seen, then closed, by `see`).
    'types "sul" in the row': ({ page }) => allergyRow(page).fill('sul'),
    'presses Search again in the row': ({ page }) => button(healthModal(page), 'Search again').click(),
    'picks Sulfa': async ({ page }) => {
      const option = page.getByRole('option', { name: 'Sulfa', exact: true });
      await expect(async () => {
        if (!(await option.isVisible())) await allergyRow(page).press('ArrowDown');
        await option.click({ timeout: 2_000 });
        await expect(allergyRow(page)).toHaveValue('Sulfa', { timeout: 1_000 });
      }).toPass({ timeout: 30_000 });
    },
    'removes the row': ({ page }) => button(healthModal(page), 'Remove Other allergy 1').click(),
    'presses Update': ({ page }, before) => pressIfTaken(button(healthModal(page), 'Update'), before.can({ type: 'update.pressed' })),
  },
  see: async ({ page }, state) => {
    const s = state as HealthSnapshot;
    const c = s.context;
    if (s.matches('saved')) return seeSaved(page, 'allergies');
    const scope = healthModal(page);
    // First the row's list that opened on its answer (it hides the rest of the dialog). By CSS: the list hides the dialog from the accessibility tree.
    const first = c.list.rows[0];
    if (first && c.suggestions?.rowId === first.id && s.matches({ open: { lookup: 'idle' } })) {
      await suggestionsSeen(page, page.locator('[role="dialog"]').filter({ hasText: CHANGE_TITLES.allergies }).locator('input[role="combobox"]').first(), `allergies-${first.id}`, c.suggestions.items.map((i) => String(i.ref)), first.picked !== null);
    }
    await seeFailure(scope, c.failure);
    for (const desc of c.onFile) await expect(scope.getByRole('checkbox', { name: `${healthLabel(desc)} (on file)` })).toBeChecked();
    if (s.matches({ open: { common: 'loading' } })) await skeleton(scope, 'Loading the common allergies');
    else if (s.matches({ open: { common: 'unavailable' } })) {
      await expect(scope.getByText('The list of common allergies could not be loaded.', { exact: false })).toBeVisible();
      await expect(button(scope, 'Try again')).toBeVisible();
    } else {
      for (const item of c.common ?? []) {
        const box = scope.getByRole('checkbox', { name: healthLabel(item.desc), exact: true });
        await (c.list.checked.some((i) => i.desc === item.desc) ? expect(box).toBeChecked() : expect(box).not.toBeChecked());
      }
    }
    await expect(scope.getByRole('combobox')).toHaveCount(c.list.rows.length);
    const row = c.list.rows[0];
    if (row) {
      await expect(allergyRow(page)).toHaveValue(row.picked ? healthLabel(row.picked.desc) : row.text);
      const hint = row.picked
        ? null
        : s.matches({ open: { lookup: 'looking' } })
          ? 'Searching…'
          : c.suggestions && (c.suggestions.failure ?? (c.suggestions.items.length ? 'Choose one from the list.' : 'No matches. Try other letters.'));
      if (hint) await expect(allergyRow(page)).toHaveAccessibleDescription(escaped(hint));
    }
    const error = healthChangeError(c);
    if (error) await expect(scope.getByText(error, { exact: true })).toBeVisible();
    if (s.matches({ open: { form: 'saving' } })) return expect(button(scope, 'Cancel')).toBeDisabled();
    const update = button(scope, 'Update');
    await (s.can({ type: 'update.pressed' }) ? expect(update).toBeEnabled() : expect(update).toBeDisabled());
  },
};

// ---------------------------------------------------------------- the shipping address and the payment card

type AddressSnapshot = SnapshotFrom<typeof addressChangeMachine>;
type PaymentSnapshot = SnapshotFrom<typeof paymentChangeMachine>;

/** What the two list modals have in common: the list, its loading and failures, and the form Add and Edit open. */
function seeList(page: Page, s: AddressSnapshot | PaymentSnapshot, view: { title: string; loading: string; listName: string; formTitle: (editing: boolean) => string }) {
  const c = s.context;
  const scope = modal(page, view.title);
  if (s.matches('form')) return expect(modal(page, view.formTitle(c.editing !== null))).toBeVisible();
  return (async () => {
    if (s.matches('loading')) return skeleton(scope, view.loading);
    if (s.matches('unavailable')) return seeUnavailable(scope, c.loadError!);
    await seeFailure(scope, c.failure);
    await expect(scope.getByRole('list', { name: view.listName }).getByRole('listitem')).toHaveCount(c.items.length);
    if (s.matches('selecting')) await expect(button(scope, 'Cancel')).toBeDisabled();
  })();
}

const ADDRESS_VIEW = { title: CHANGE_TITLES.address, loading: 'Loading your addresses', listName: 'Your addresses', formTitle: (editing: boolean) => (editing ? 'Edit Shipping Address' : 'New Shipping Address') };
const addressModal = (page: Page) => modal(page, CHANGE_TITLES.address);
const addressForm = (page: Page) => page.getByRole('dialog', { name: /^(Edit|New) Shipping Address$/ });

export const addressChangeDriver: Driver = {
  model: addressChangeModel,
  prepare: reviewWithModelProfile,
  open: openChange('address'),
  actors: {
    loadList: { operations: ['listAddresses'] },
    makeDefault: { operations: ['updateAddress'], done: (o) => [{ operationId: 'updateAddress', body: { id: (o as { id: number }).id } }] },
  },
  actions: {
    'presses Try again': ({ page }) => button(addressModal(page), 'Try again').click(),
    'presses Select on her work address': ({ page }) => button(addressModal(page), /^Select 2 N CENTRAL AVE/i).click(),
    'presses Edit on her home address': ({ page }) => button(addressModal(page), `Edit ${addressLine(HOME_ADDRESS)}`).click(),
    'presses Add a new address': ({ page }) => button(addressModal(page), 'Add a new address').click(),
    // The form of the address being edited, saved as it stands (its PUT answered as armed).
    'the form saves the address': async ({ page, arm }) => {
      await arm({ operationId: 'updateAddress', mode: 'reply', body: { id: HOME_ADDRESS.addressId } });
      const form = addressForm(page);
      await expect(form.getByRole('textbox', { name: /Address line 1/ })).toHaveValue(HOME_ADDRESS.address1);
      await button(form, 'Save').click();
    },
    'presses Back in the form': ({ page }) => button(addressForm(page), 'Cancel').click(),
  },
  see: async ({ page }, state) => {
    const s = state as AddressSnapshot;
    if (s.matches('saved')) return seeSaved(page, 'address');
    await seeList(page, s, ADDRESS_VIEW);
    if (s.matches('listing')) await expect(button(addressModal(page), /^Select /)).toHaveCount(1);
  },
};

const PAYMENT_VIEW = { title: CHANGE_TITLES.payment, loading: 'Loading your cards', listName: 'Your cards', formTitle: (editing: boolean) => (editing ? 'Edit Payment Card' : 'New Payment Card') };
const paymentModal = (page: Page) => modal(page, CHANGE_TITLES.payment);
const cardForm = (page: Page) => page.getByRole('dialog', { name: /^(Edit|New) Payment Card$/ });

export const paymentChangeDriver: Driver = {
  model: paymentChangeModel,
  prepare: reviewWithModelProfile,
  open: openChange('payment'),
  actors: {
    loadList: { operations: ['listPaymentMethods'] },
    makeDefault: { operations: ['updatePaymentMethod'], done: (o) => [{ operationId: 'updatePaymentMethod', body: { id: (o as { id: number }).id } }] },
  },
  actions: {
    'presses Try again': ({ page }) => button(paymentModal(page), 'Try again').click(),
    'presses Select on her Mastercard': ({ page }) => button(paymentModal(page), /^Select Mastercard ending 4444/).click(),
    'presses Edit on her expired Discover': ({ page }) => button(paymentModal(page), /^Edit Discover ending 1117/).click(),
    'presses Add a new card': ({ page }) => button(paymentModal(page), 'Add a new card').click(),
    // The expired card renewed (a new year) and saved over itself (its PUT answered as armed).
    'the form saves the card': async ({ page, arm }) => {
      await arm({ operationId: 'updatePaymentMethod', mode: 'reply', body: { id: 7 } });
      await pick(page, 'Expiration year', '2030');
      await button(cardForm(page), 'Save').click();
    },
    'presses Back in the form': ({ page }) => button(cardForm(page), 'Cancel').click(),
  },
  see: async ({ page }, state) => {
    const s = state as PaymentSnapshot;
    if (s.matches('saved')) return seeSaved(page, 'payment');
    await seeList(page, s, PAYMENT_VIEW);
    if (s.matches('listing')) {
      // Neither the default card nor the expired one is offered for Select; the expired one says so.
      await expect(button(paymentModal(page), /^Select /)).toHaveCount(1);
      await expect(paymentModal(page).getByText(/Discover ending 1117, EXPIRED 10\/2026/)).toBeVisible();
    }
  },
};

// ---------------------------------------------------------------- the card form editing a card on file

export const cardEditDriver: Driver = {
  model: cardEditModel,
  prepare: async (ctx) => {
    await reviewWithModelProfile(ctx);
    await ctx.arm({ operationId: 'listPaymentMethods', mode: 'reply', body: MARIA_CARDS });
  },
  open: async ({ page }) => {
    await changeButton(page, 'payment').click();
    await button(paymentModal(page), /^Edit Discover ending 1117/).click();
  },
  actors: {
    saveCard: { operations: ['updatePaymentMethod'], done: (id) => [{ operationId: 'updatePaymentMethod', body: { id } }] },
  },
  actions: {
    'presses Save': ({ page }) => button(cardForm(page), 'Save').click(),
    'picks the year 2030': ({ page }) => pick(page, 'Expiration year', '2030'),
    'leaves the year': async ({ page }) => {
      await cardForm(page).getByRole('combobox', { name: 'Expiration year' }).focus();
      await cardForm(page).getByRole('combobox', { name: 'Expiration year' }).blur();
    },
    'ticks "Make this my default card"': ({ page }) => tick(cardForm(page).getByRole('checkbox', { name: 'Make this my default card' })),
  },
  see: async ({ page }, state: AnyMachineSnapshot) => {
    const c = state.context as CardFormContext;
    // Saved: the payment modal is done too, and the page records it.
    if (state.matches('saved')) return seeSaved(page, 'payment');
    const form = cardForm(page);
    await expect(form).toHaveAccessibleName('Edit Payment Card');
    // No card field: the number stays with the card on file.
    await expect(form.locator('iframe')).toHaveCount(0);
    if (state.hasTag('pending')) return expect(button(form, 'Saving…')).toBeVisible();
    await seeFailure(form, c.failure);
    await expect(form.getByRole('combobox', { name: 'Expiration year' })).toHaveValue(String(c.values.year));
    const errors = shownErrors(c);
    const month = form.getByRole('combobox', { name: 'Expiration month' });
    if (errors.month) await expect(month).toHaveAccessibleDescription(escaped(errors.month));
    else await expect(month).not.toHaveAttribute('aria-invalid', 'true');
    const isDefault = form.getByRole('checkbox', { name: 'Make this my default card' });
    await (c.values.isDefault ? expect(isDefault).toBeChecked() : expect(isDefault).not.toBeChecked());
  },
};

export const changeDrivers = {
  notificationChange: notificationChangeDriver,
  phoneChange: phoneChangeDriver,
  healthChange: healthChangeDriver,
  addressChange: addressChangeDriver,
  paymentChange: paymentChangeDriver,
  cardEdit: cardEditDriver,
} satisfies Record<string, Driver>;
