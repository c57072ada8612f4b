/**
 * The card form's model (test/model/cardForm.model.ts) in the browser: the
 * Easy Fill payment modal's "Add a new card", whose number is typed into the
 * hosted field (the tokenizer's own page, in a frame). The tokenizer's answers
 * are armed like the gateway's: the fault switch serves both origins, and the
 * frame's own POST /cards carries the test's scope header like every request
 * of the page.
 */
import { expect, type Page } from './test.ts';
import type { AnyMachineSnapshot } from 'xstate';
import { shownErrors, type CardFormContext } from '../../../machines/shared/cardFormMachine.ts';
import { cardFormModel, TOKENIZER } from '../../model/cardForm.model.ts';
import { copyOf, dialog, MARIA, pick, verify } from './drivers.ts';
import type { Answer, Driver } from './replay.ts';

/** Where the tokenizer of this run listens (playwright.config.ts): the model's sessions point there. */
const REAL_TOKENIZER = `http://127.0.0.1:${process.env.E2E_TOKENIZER_PORT ?? 8182}`;
const session = (output: unknown): Answer[] => {
  const o = output as { serviceUrl: string };
  return [{ operationId: 'getTokenizerCredentials', body: { ...o, serviceUrl: o.serviceUrl === TOKENIZER ? REAL_TOKENIZER : o.serviceUrl } }];
};

const modal = (page: Page) => dialog(page, 'Payment method');
const frame = (page: Page) => page.frameLocator('iframe[title="Card number"]');
const numberField = (page: Page) => frame(page).getByRole('textbox', { name: 'Card number' });
const box = (page: Page, label: RegExp) => modal(page).getByRole('textbox', { name: label });
const LABELS = { firstName: /First name/, lastName: /Last name/ } as const;

export const cardFormDriver: Driver = {
  model: cardFormModel,
  open: async ({ page }) => {
    await page.goto(`/EasyFill/${await copyOf(page.request, 'demo-refill', 'easyfill')}`);
    await verify(page, MARIA, '85281');
    await page.getByRole('button', { name: 'Change payment method' }).click();
    await modal(page).getByRole('button', { name: 'Add a new card' }).click();
  },
  actors: {
    openField: { operations: ['getTokenizerCredentials'], done: session },
    getTokenizerCredentials: { operations: ['getTokenizerCredentials'], done: session },
    tokenizeCard: { operations: ['tokenizeCard'], done: () => [{ operationId: 'tokenizeCard', body: { accessToken: 'tzs_session_0001', status: 'accepted' } }] },
    getTokenizedCard: { operations: ['getTokenizedCardNumber'] },
    saveCard: { operations: ['addEasyFillPaymentMethod'], done: (id) => [{ operationId: 'addEasyFillPaymentMethod', body: { id } }] },
  },
  actions: {
    'presses Try again': ({ page }) => modal(page).getByRole('button', { name: 'Try again' }).click(),
    // Leaving a field is a blur (Tab would enter the next field too).
    'leaves the first name empty': async ({ page }) => {
      await box(page, LABELS.firstName).focus();
      await box(page, LABELS.firstName).blur();
    },
    'types the first name "Maria"': ({ page }) => box(page, LABELS.firstName).fill('Maria'),
    'types the last name "Lopez"': ({ page }) => box(page, LABELS.lastName).fill('Lopez'),
    'types the card number "4111 1111 1111 1111"': ({ page }) => numberField(page).fill('4111 1111 1111 1111'),
    'picks the month 12': ({ page }) => pick(page, 'Expiration month', 'December'),
    'picks the year 2030': ({ page }) => pick(page, 'Expiration year', '2030'),
    'ticks "This is an FSA or HSA card"': ({ page }) => modal(page).getByRole('checkbox', { name: 'This is an FSA or HSA card' }).press('Space'),
    'unticks "Make this my default card"': ({ page }) => modal(page).getByRole('checkbox', { name: 'Make this my default card' }).press('Space'),
    'picks Mastercard as the card type': async ({ page }) => {
      await modal(page).getByRole('radio', { name: 'Mastercard' }).press('Space');
      await expect(modal(page).getByRole('radio', { name: 'Mastercard' })).toBeChecked();
    },
    'presses Save': ({ page }) => modal(page).getByRole('button', { name: 'Save' }).click(),
  },
  see: async ({ page }, s: AnyMachineSnapshot) => {
    const c = s.context as CardFormContext;
    const save = modal(page).getByRole('button', { name: /^Sav/ });
    // Saved: the modal closes (the page reloads its cards).
    if (s.matches('saved')) return expect(modal(page)).toHaveCount(0);
    if (s.matches('opening')) {
      await expect(modal(page).getByRole('status').filter({ hasText: 'Loading the secure card number field' })).toBeVisible();
      return expect(save).toBeDisabled();
    }
    if (s.matches('unavailable')) {
      await expect(modal(page).getByRole('alert').filter({ hasText: c.failure! })).toBeVisible();
      await expect(modal(page).getByRole('button', { name: 'Try again' })).toBeVisible();
      return expect(save).toBeDisabled();
    }
    if (s.hasTag('pending')) return expect(modal(page).getByRole('button', { name: 'Saving…' })).toBeVisible();
    // editing: the field is there, with what the machine shows.
    await expect(numberField(page)).toBeVisible();
    await expect(save).toBeEnabled();
    if (c.failure) await expect(modal(page).getByRole('alert').filter({ hasText: c.failure })).toBeVisible();
    else await expect(modal(page).getByRole('alert')).toHaveCount(0);
    const errors = shownErrors(c);
    for (const field of ['firstName', 'lastName'] as const) {
      const error = errors[field];
      if (error) await expect(box(page, LABELS[field])).toHaveAccessibleDescription(new RegExp(error));
      else await expect(box(page, LABELS[field])).not.toHaveAttribute('aria-invalid', 'true');
    }
    if (errors.cardNumber) await expect(frame(page).getByText(errors.cardNumber)).toBeVisible();
    await expect(numberField(page)).toHaveValue(c.number.empty ? '' : '4111111111111111');
    if (c.held && c.number.empty) await expect(frame(page).getByText(/is ready to save/)).toBeVisible();
  },
};
