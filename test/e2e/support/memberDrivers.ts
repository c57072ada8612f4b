/**
 * The browser side of the member flow's models (see replay.ts): the person's
 * action behind every user event, the gateway operations behind every actor,
 * and what the person sees in every state. Labels are the models' own.
 */
import { expect, type Page } from '@playwright/test';
import type { SnapshotFrom } from 'xstate';
import { MEMBER_INFO_MESSAGES, withPhone, type memberInfoMachine } from '../../../machines/member/memberInfoMachine.ts';
import { hasErrors, MEMBER_FIELDS } from '../../../machines/member/rules/memberForm.ts';
import { memberInfoModel } from '../../model/memberInfo.model.ts';
import type { Driver } from './replay.ts';

const PHONE = '1-800-555-0100';

/** Fills a typeahead and leaves it (Tab), as a person does. */
export async function typeahead(page: Page, label: string, text: string) {
  const box = page.getByRole('combobox', { name: label });
  await box.fill(text);
  await box.press('Tab');
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
      await alertWith(page, MEMBER_INFO_MESSAGES.summary);
      for (const e of errors) await alertWith(page, e);
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
