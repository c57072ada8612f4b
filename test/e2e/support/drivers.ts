/**
 * The browser side of each machine's model (see replay.ts): the user action
 * behind every user event, the gateway operations behind every actor, and
 * what the person sees in every state. Labels are the models' own.
 */
import { cardFormDriver } from './cardFormDriver.ts';
import { expect, type APIRequestContext, type Page } from './test.ts';
import type { SnapshotFrom } from 'xstate';
import { AUTO_REFILL_MESSAGES, type autoRefillMachine } from '../../../machines/link/autoRefillMachine.ts';
import { EASY_FILL_MESSAGES, type easyFillMachine } from '../../../machines/link/easyFillMachine.ts';
import { MESSAGES, type linkPageMachine } from '../../../machines/link/linkPageMachine.ts';
import { allSelected } from '../../../machines/link/rules/easyFill.ts';
import { canVerify } from '../../../machines/shared/rules/verification.ts';
import { drugLabel } from '../../../machines/shared/rules/display.ts';
import { linkPageModel } from '../../model/linkPage.model.ts';
import { easyFillModel } from '../../model/easyFill.model.ts';
import { autoRefillModel } from '../../model/autoRefill.model.ts';
import type { Ctx, Driver } from './replay.ts';
import { addPrescriptionDriver } from './addPrescriptionDriver.ts';
import { changeDrivers } from './changeDrivers.ts';
import { doctorsDriver } from './doctorsDriver.ts';
import { memberFlowDriver, memberInfoDriver, prescriptionsDriver, reviewDriver } from './memberDrivers.ts';
import { registrationDriver, registrationHealthDriver, registrationMissingDriver } from './registrationDrivers.ts';
import { orderCheckDriver, orderStatusDriver } from './orderDrivers.ts';
import { expectFailureAlert } from './identityCheck.ts';

const TERMS_TITLE = 'Agree to Auto Refill Program Terms & Conditions';
const AGREE = 'Select to agree to the Auto Refill Program Terms of Service';

// Checkboxes, switches and radios are used from the keyboard (Space), as everywhere in these tests.

/** Fills a typeahead and leaves it (Tab), as a person does. */
export async function type(page: Page, label: string, text: string) {
  const box = page.getByRole('combobox', { name: label });
  await box.fill(text);
  await box.press('Tab');
}

/**
 * Types into a typeahead and picks, by keyboard, the first option the text matches (ArrowDown, Enter),
 * then checks that the field shows it. The arrow key opens the list narrowed to the text even when
 * react-aria has closed it (it does when the page scrolls, as when the card field's frame resizes
 * above the expiry fields on the registration page): left to react-aria it would open every option
 * with the first one highlighted, and Enter would take January or this year.
 */
export async function pick(page: Page, label: string, text: string) {
  const box = page.getByRole('combobox', { name: label });
  await box.fill(text);
  await box.press('ArrowDown');
  await box.press('Enter');
  await expect(box).toHaveValue(new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i'));
}

/** Resolves once the page has drawn two more frames: a scroll's consequences (react-aria's close, a reopening) have been rendered. */
export const afterTwoFrames = (page: Page) => page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
/** A dialog or alert dialog by its name. */
export const dialog = (page: Page, name: string) => page.getByRole('alertdialog', { name }).or(page.getByRole('dialog', { name }));
const noDialog = (page: Page) => expect(page.locator('[role="dialog"], [role="alertdialog"]')).toHaveCount(0);
const skeleton = (page: Page, label: string) => expect(page.getByRole('status').filter({ hasText: label })).toBeVisible();
const alertWith = (page: Page, text: string) => expect(page.getByRole('alert').filter({ hasText: text })).toBeVisible();

async function checkbox(page: Page, name: string, checked: boolean) {
  const box = page.getByRole('checkbox', { name, exact: true });
  if (checked) await expect(box).toBeChecked();
  else await expect(box).not.toBeChecked();
}

/**
 * A copy of a seeded link with its own prescriptions (POST /__test/links), so no test shares data with another;
 * with `ownPatient`, also its own copy of the patient (addresses, cards), for a test that saves a card or an address.
 */
export async function copyOf(request: APIRequestContext, from: string, kind: 'easyfill' | 'autorefill', options: { ownPatient?: boolean } = {}): Promise<string> {
  const r = await request.post('/__test/links', { data: { from, kind, ownPatient: options.ownPatient ?? false } });
  expect(r.status()).toBe(201);
  return ((await r.json()) as { linkId: string }).linkId;
}

// ---------------------------------------------------------------- link page
/** The link personas' dates of birth, as the typeaheads take them (zips 85281 and 85004). */
export const MARIA = { month: 'April', day: '12', year: '1958' };
export const LINDA = { month: 'January', day: '5', year: '1949' };

/** The link page's verification, as a person with the right date of birth and zip does it. */
export async function verify(page: Page, born: { month: string; day: string; year: string }, zip: string) {
  await type(page, 'Month', born.month);
  await type(page, 'Day', born.day);
  await type(page, 'Year', born.year);
  await page.getByRole('textbox', { name: 'Zip code' }).fill(zip);
  await page.getByRole('button', { name: 'Verify' }).click();
}

export const linkPageDriver: Driver = {
  model: linkPageModel,
  open: async ({ page }) => {
    await page.goto(`/EasyFill/${await copyOf(page.request, 'demo-refill', 'easyfill')}`, { waitUntil: 'commit' });
  },
  actors: {
    validateLink: { operations: ['validateEasyFillLink'] },
    refreshLink: { operations: ['validateEasyFillLink'] },
    verifyIdentity: { operations: ['verifyEasyFill'] },
  },
  actions: {
    'the person presses try again': ({ page }) => page.getByRole('button', { name: 'Try again' }).click(),
    "asks to see the order's status": ({ page }) => page.getByRole('button', { name: "See this order's status" }).press('Enter'),
    'types the month "apr"': ({ page }) => type(page, 'Month', 'apr'),
    'types the day "12"': ({ page }) => type(page, 'Day', '12'),
    'types the year "1958"': ({ page }) => type(page, 'Year', '1958'),
    'types the zip "85281"': ({ page }) => page.getByRole('textbox', { name: 'Zip code' }).fill('85281'),
    'presses verify': async ({ page }, before) => {
      const { form } = (before as SnapshotFrom<typeof linkPageMachine>).context;
      const button = page.getByRole('button', { name: 'Verify', exact: true });
      // An incomplete form's button is aria-disabled, still pressable from the keyboard.
      if (canVerify(form, (before as SnapshotFrom<typeof linkPageMachine>).context.today)) await button.click();
      else await button.press('Enter');
    },
  },
  see: async ({ page }, s) => {
    const c = (s as SnapshotFrom<typeof linkPageMachine>).context;
    if (s.matches('loading')) return skeleton(page, 'Loading your link');
    if (s.matches('unavailable')) {
      await alertWith(page, c.loadError!);
      return expect(page.getByRole('button', { name: 'Try again' })).toBeEnabled();
    }
    if (s.matches('blocked')) return alertWith(page, MESSAGES.blocked);
    if (s.matches('expired')) return expect(page.getByText(MESSAGES.expired)).toBeVisible();
    if (s.matches('alreadyOrdered')) {
      await expect(page.getByText(MESSAGES.alreadyOrdered)).toBeVisible();
      // This model's link is an Easy Fill link: its order has a status, reached by verifying.
      return expect(page.getByRole('button', { name: "See this order's status" })).toBeVisible();
    }
    if (s.matches('verified')) {
      await expect(page.getByRole('heading', { name: 'Verify your identity' })).toHaveCount(0);
      return expect(page.locator('[aria-current="step"]')).toContainText('Choose your prescriptions');
    }
    // verification (editing, verifying) and refreshing: the form, with the failure it carries.
    await expect(page.getByRole('heading', { name: 'Verify your identity' })).toBeVisible();
    if (c.seeingOrder) await expect(page.getByText("to see your order's status.")).toBeVisible();
    await expectFailureAlert(page, c.failure);
    const busy = s.hasTag('pending');
    const button = page.getByRole('button', { name: busy ? 'Verifying…' : 'Verify', exact: true });
    await (busy ? expect(button).toBeDisabled() : expect(button).toBeVisible());
  },
};

// ---------------------------------------------------------------- Easy Fill

export const easyFillDriver: Driver = {
  model: easyFillModel,
  open: async ({ page }) => {
    await page.goto(`/EasyFill/${await copyOf(page.request, 'demo-refill', 'easyfill')}`);
    await verify(page, MARIA, '85281');
  },
  actors: {
    loadOrderOptions: {
      operations: ['listEasyFillPrescriptions', 'listEasyFillAddresses', 'listEasyFillPaymentMethods'],
      done: (o) => {
        const { drugs, addresses, cards } = o as { drugs: unknown[]; addresses: unknown[]; cards: unknown[] };
        return [
          { operationId: 'listEasyFillPrescriptions', body: drugs },
          { operationId: 'listEasyFillAddresses', body: addresses },
          { operationId: 'listEasyFillPaymentMethods', body: cards },
        ];
      },
    },
    reloadAddresses: { operations: ['listEasyFillAddresses'] },
    reloadCards: { operations: ['listEasyFillPaymentMethods'] },
    placeOrder: { operations: ['placeEasyFillOrder'] },
    loadSelectedDetails: { operations: ['getPrescriptionDetailsByIds'] },
    reloadSelectedDetails: { operations: ['getPrescriptionDetailsByIds'] },
    toggleAutoRefill: { operations: ['toggleEasyFillAutoRefill'] },
  },
  actions: {
    'presses try again': ({ page }) => page.getByRole('button', { name: 'Try again' }).click(),
    'ticks atorvastatin': ({ page }) => page.getByRole('checkbox', { name: 'ATORVASTATIN 20 MG TABLET' }).press('Space'),
    'ticks metformin': ({ page }) => page.getByRole('checkbox', { name: 'METFORMIN 500 MG TABLET' }).press('Space'),
    'ticks select all': ({ page }) => page.getByRole('checkbox', { name: 'Select all' }).press('Space'),
    'opens the address modal': ({ page }) => page.getByRole('button', { name: /^(Change shipping address|Add Shipping)$/ }).click(),
    'opens the payment modal': ({ page }) => page.getByRole('button', { name: /^(Change payment method|Add Payment)$/ }).click(),
    'closes the modal': ({ page }) => page.keyboard.press('Escape'),
    'chooses the address': async ({ page }) => {
      await page.getByRole('radio').first().press('Space');
      await page.getByRole('button', { name: 'Use this' }).click();
    },
    'chooses the card': async ({ page }) => {
      await page.getByRole('radio').first().press('Space');
      await page.getByRole('button', { name: 'Use this' }).click();
    },
    'adds an address': (ctx) => addAddress(ctx),
    'adds a card': (ctx) => addCard(ctx),
    'presses Fill Now': ({ page }) => page.getByRole('button', { name: 'Fill Now' }).click(),
    'turns auto refill on for atorvastatin': ({ page }) => page.getByRole('switch', { name: /ATORVASTATIN/ }).press('Space'),
    'turns auto refill off for atorvastatin': ({ page }) => page.getByRole('switch', { name: /ATORVASTATIN/ }).press('Space'),
    'turns auto refill off for metformin, on before this visit': ({ page }) => page.getByRole('switch', { name: /METFORMIN/ }).press('Space'),
    'ticks the agree box': ({ page }) => page.getByRole('checkbox', { name: AGREE }).press('Space'),
    'unticks the agree box': ({ page }) => page.getByRole('checkbox', { name: AGREE }).press('Space'),
    'confirms the terms': ({ page }) => dialog(page, TERMS_TITLE).getByRole('button', { name: 'Confirm' }).click(),
    'cancels the terms': ({ page }) => dialog(page, TERMS_TITLE).getByRole('button', { name: 'Cancel' }).click(),
  },
  see: async ({ page }, s) => {
    const c = (s as SnapshotFrom<typeof easyFillMachine>).context;
    if (s.matches('loading')) return skeleton(page, 'Loading your prescriptions');
    if (s.matches('loadFailed')) return alertWith(page, c.orderError!);
    if (s.matches('alreadyOrdered')) return expect(page.getByText(MESSAGES.alreadyOrdered)).toBeVisible();
    if (s.matches('ordering') || s.matches('loadingDetails')) {
      await skeleton(page, 'Placing your order');
      return expect(page.getByRole('button', { name: 'Fill Now' })).toBeDisabled();
    }
    if (s.matches('selecting')) {
      await expect(page.getByRole('heading', { name: 'Choose your prescriptions' })).toBeVisible();
      if (c.orderError) await alertWith(page, c.orderError);
      if (s.matches({ selecting: 'addressModal' })) return expect(dialog(page, 'Shipping address')).toBeVisible();
      if (s.matches({ selecting: 'paymentModal' })) return expect(dialog(page, 'Payment method')).toBeVisible();
      await noDialog(page);
      const reloading = { addresses: s.matches({ selecting: 'reloadingAddresses' }), cards: s.matches({ selecting: 'reloadingCards' }) };
      await expect(page.getByRole('status').filter({ hasText: 'Updating your addresses' })).toHaveCount(reloading.addresses ? 1 : 0);
      await expect(page.getByRole('status').filter({ hasText: 'Updating your cards' })).toHaveCount(reloading.cards ? 1 : 0);
      for (const d of c.drugs) await checkbox(page, d.dispensedMedName, c.selected.includes(d.rxId));
      await checkbox(page, 'Select all', allSelected(c.drugs, c.selected));
      const fillNow = page.getByRole('button', { name: 'Fill Now' });
      return s.can({ type: 'fillNow.pressed' }) ? expect(fillNow).toBeEnabled() : expect(fillNow).toBeDisabled();
    }
    // confirmation: the order as placed, whatever the details call answered
    await expect(page.getByText(EASY_FILL_MESSAGES.orderSuccess)).toBeVisible();
    const summary = page.getByRole('region', { name: 'Your order' });
    await expect(summary).toContainText(`Order number${c.order!.orderId}`);
    await expect(summary).toContainText(/Order date[A-Z][a-z]+ \d{1,2}, \d{4}/);
    await expect(summary).toContainText('Visa ending 1111');
    if (s.matches({ confirmation: 'detailsFailed' }) || s.matches({ confirmation: 'reloadingDetails' })) {
      await expect(page.getByText(EASY_FILL_MESSAGES.detailsFailed)).toBeVisible();
      for (const item of c.order!.items) await expect(page.getByRole('list', { name: 'Ordered prescriptions' })).toContainText(item.dispensedMedName);
      return expect(page.getByRole('switch')).toHaveCount(0);
    }
    if (c.toggleError) await alertWith(page, c.toggleError);
    const terms = dialog(page, TERMS_TITLE);
    if (s.matches({ confirmation: 'terms' })) {
      await expect(terms).toBeVisible();
      const confirm = terms.getByRole('button', { name: 'Confirm' });
      return c.agreeChecked ? expect(confirm).toBeEnabled() : expect(confirm).toBeDisabled();
    }
    await noDialog(page);
    const atorvastatin = c.ordered.find((d) => d.rxId === 1)!;
    const toggle = page.getByRole('switch', { name: /ATORVASTATIN/ });
    // Read-only while saving, not disabled: the focus stays on it.
    if (s.matches({ confirmation: 'saving' })) return expect(toggle).toHaveAttribute('aria-readonly', 'true');
    if (atorvastatin.autoFillStatusValue) await expect(toggle).toBeChecked();
    else await expect(toggle).not.toBeChecked();
    await expect(page.getByText('NOT ELIGIBLE')).toBeVisible();
    if (c.savedRxId === 1) await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  },
};

async function addAddress({ page, arm }: Ctx) {
  await arm({ operationId: 'addEasyFillAddress', mode: 'reply', body: { id: 7 } });
  const modal = dialog(page, 'Shipping address');
  const add = modal.getByRole('button', { name: 'Add a new address' });
  if (await add.isVisible()) await add.click();
  await modal.getByRole('textbox', { name: /Address line 1/ }).fill('500 W University Dr');
  await modal.getByRole('textbox', { name: /Zip/ }).fill('85281');
  // City and State are text the zip fills in (ReadOnlyValue), not inputs.
  await expect(modal.getByText(/^tempe$/i)).toBeVisible();
  await modal.getByRole('radio', { name: 'Home' }).press('Space');
  await modal.getByRole('button', { name: 'Save' }).click();
}

async function addCard({ page, arm }: Ctx) {
  await arm({ operationId: 'addEasyFillPaymentMethod', mode: 'reply', body: { id: 5 } });
  const modal = dialog(page, 'Payment method');
  const add = modal.getByRole('button', { name: 'Add a new card' });
  await expect(add.or(modal.getByRole('textbox', { name: /First name/ }))).toBeVisible();
  if (await add.isVisible()) await add.click();
  await modal.getByRole('textbox', { name: /First name/ }).fill('Maria');
  await modal.getByRole('textbox', { name: /Last name/ }).fill('Lopez');
  // Into the hosted field: the tokenizer's own page in a frame.
  await page.frameLocator('iframe[title="Card number"]').getByRole('textbox', { name: 'Card number' }).fill('4111111111111111');
  await pick(page, 'Expiration month', 'December');
  await pick(page, 'Expiration year', '2030');
  await modal.getByRole('button', { name: 'Save' }).click();
}

// -------------------------------------------------------------- Auto Refill
export const autoRefillDriver: Driver = {
  model: autoRefillModel,
  open: async ({ page }) => {
    await page.goto(`/autorefill/${await copyOf(page.request, 'demo-autorefill', 'autorefill')}`);
    await verify(page, MARIA, '85281');
  },
  actors: {
    loadSelection: {
      operations: ['listAutoRefillPrescriptions', 'getAutoRefillShipmentAddress', 'getAutoRefillPayment'],
      done: (o) => {
        const { drugs, shipment, payment } = o as { drugs: unknown[]; shipment: unknown; payment: unknown };
        return [
          { operationId: 'listAutoRefillPrescriptions', body: drugs },
          shipment ? { operationId: 'getAutoRefillShipmentAddress', body: shipment } : { operationId: 'getAutoRefillShipmentAddress', status: 204 },
          payment ? { operationId: 'getAutoRefillPayment', body: payment } : { operationId: 'getAutoRefillPayment', status: 204 },
        ];
      },
    },
    placeOrder: { operations: ['placeAutoRefillOrder'] },
    manageAutoRefill: {
      operations: ['manageAutoRefill'],
      done: (o) => [{ operationId: 'manageAutoRefill', status: (o as { statusCode: number }).statusCode, body: o }],
    },
  },
  actions: {
    'presses try again': ({ page }) => page.getByRole('button', { name: 'Try again' }).click(),
    'unticks the requested drug': ({ page }) => page.getByRole('checkbox', { name: 'DRUG 1 10 MG TABLET' }).press('Space'),
    // Enter toggles a drug too (section 2.17).
    'ticks the drug to order first': ({ page }) => page.getByRole('checkbox', { name: 'DRUG 3 10 MG TABLET' }).press('Enter'),
    'presses Confirm Auto Refill': ({ page }) => page.getByRole('button', { name: 'Confirm Auto Refill' }).click(),
    'ticks the agree box': ({ page }) => page.getByRole('checkbox', { name: AGREE }).press('Space'),
    'unticks the agree box': ({ page }) => page.getByRole('checkbox', { name: AGREE }).press('Space'),
    'confirms the terms': ({ page }) => dialog(page, TERMS_TITLE).getByRole('button', { name: 'Confirm' }).click(),
    'closes the terms': async ({ page }) => {
      // Escape does not close it (section 2.18); Cancel does.
      await page.keyboard.press('Escape');
      await expect(dialog(page, TERMS_TITLE)).toBeVisible();
      await dialog(page, TERMS_TITLE).getByRole('button', { name: 'Cancel' }).click();
    },
    'confirms the order': ({ page }) => dialog(page, 'Order Medication').getByRole('button', { name: 'Confirm' }).click(),
    'cancels the order': async ({ page }) => {
      await page.keyboard.press('Escape');
      await expect(dialog(page, 'Order Medication')).toBeVisible();
      await dialog(page, 'Order Medication').getByRole('button', { name: 'Cancel' }).click();
    },
  },
  see: async ({ page }, s) => {
    const c = (s as SnapshotFrom<typeof autoRefillMachine>).context;
    if (s.matches('loading')) return skeleton(page, 'Loading your prescriptions');
    if (s.matches('ordering') || s.matches('managing')) return skeleton(page, 'Updating Auto Refill');
    if (s.matches('failed')) return alertWith(page, AUTO_REFILL_MESSAGES.failure);
    if (s.matches('success') || s.matches('partial')) {
      if (s.matches('partial')) await alertWith(page, AUTO_REFILL_MESSAGES.partial);
      else await expect(page.getByText(AUTO_REFILL_MESSAGES.success)).toBeVisible();
      const updated = page.getByRole('list', { name: c.hadManageInfo ? AUTO_REFILL_MESSAGES.updatedList : AUTO_REFILL_MESSAGES.turnedOnList });
      const notUpdated = page.getByRole('list', { name: AUTO_REFILL_MESSAGES.notUpdatedList });
      for (const d of c.drugs) {
        await expect(updated.getByRole('listitem').filter({ hasText: drugLabel(d) })).toHaveCount(c.updated.includes(d.rxId) ? 1 : 0);
        // A drug the gateway did not enrol is named with its reason.
        const failed = c.notUpdated.find((n) => n.rxId === d.rxId);
        const row = notUpdated.getByRole('listitem').filter({ hasText: drugLabel(d) });
        if (failed) await expect(row).toHaveText(`${drugLabel(d)}${failed.reason ? `: ${failed.reason}` : ''}`);
        else await expect(row).toHaveCount(0);
      }
      return;
    }
    // selecting
    await expect(page.getByText(AUTO_REFILL_MESSAGES.intro)).toBeVisible();
    if (s.matches({ selecting: 'terms' })) {
      const terms = dialog(page, TERMS_TITLE);
      await expect(terms).toBeVisible();
      const confirm = terms.getByRole('button', { name: 'Confirm' });
      return c.agreeChecked ? expect(confirm).toBeEnabled() : expect(confirm).toBeDisabled();
    }
    if (s.matches({ selecting: 'orderModal' })) {
      const modal = dialog(page, 'Order Medication');
      await expect(modal).toContainText(AUTO_REFILL_MESSAGES.refillNotice);
      return expect(modal).toContainText('Refill Date: 12/01/2026');
    }
    await noDialog(page);
    for (const d of c.drugs) {
      await checkbox(page, drugLabel(d), c.selected.includes(d.rxId));
    }
    const confirm = page.getByRole('button', { name: 'Confirm Auto Refill' });
    await (s.can({ type: 'confirm.pressed' }) ? expect(confirm).toBeEnabled() : expect(confirm).toBeDisabled());
    // In the panel (and, once more, as what Confirm Auto Refill waits for).
    if (!c.payment) await expect(page.getByText(AUTO_REFILL_MESSAGES.noPayment).first()).toBeVisible();
  },
};

export const drivers = { linkPage: linkPageDriver, easyFill: easyFillDriver, cardForm: cardFormDriver, autoRefill: autoRefillDriver, memberFlow: memberFlowDriver, memberInfo: memberInfoDriver, prescriptions: prescriptionsDriver, doctors: doctorsDriver, addPrescription: addPrescriptionDriver, registration: registrationDriver, registrationMissing: registrationMissingDriver, registrationHealth: registrationHealthDriver, review: reviewDriver, orderStatus: orderStatusDriver, orderCheck: orderCheckDriver, ...changeDrivers } as const;
