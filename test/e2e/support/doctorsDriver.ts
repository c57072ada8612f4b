/**
 * The browser side of the doctor chooser's model (see replay.ts): the
 * person's action behind every user event, the gateway operations behind
 * the profile's doctors and the doctor search (Find Your Doctor and Add Your
 * Doctor's better match), and what the person sees in every state. Labels
 * are the model's own.
 *
 * The chooser is part of Select Your Prescriptions: a path opens Maria's
 * page through the real gateway (verification, member information and her
 * list are not armed) and the model's answers stand for her doctors and the
 * searches. Checkboxes are used from the keyboard (Space).
 */
import { expect, type Locator, type Page } from './test.ts';
import type { SnapshotFrom } from 'xstate';
import type { Physician } from '../../../machines/contract.ts';
import { shownAddErrors, shownFindErrors, type doctorsMachine } from '../../../machines/member/doctorsMachine.ts';
import { ADD_FIELDS, ADD_LABELS, DOCTOR_MESSAGES, doctorLabel, FIND_FIELDS, formatPhone, type AddField, type FindField } from '../../../machines/member/rules/doctorForms.ts';
import { doctorsModel, MARSH, OKAFOR, WHITFIELD } from '../../model/doctors.model.ts';
import { identify, MARIA, stepIs } from './memberDrivers.ts';
import type { Driver } from './replay.ts';

type Snapshot = SnapshotFrom<typeof doctorsMachine>;

const FIND = 'Find Your Doctor';
const ADD = 'Add Your Doctor';
const FIND_LABELS: Record<FindField, string> = { firstName: 'First Name', lastName: 'Last Name', state: 'State' };
/** Dr. Ann Lee as entered in Add Your Doctor (the model's entry). */
const ANN_LEE = 'Dr. Ann Lee, 100 Mill Ave, Tempe, AZ 85281';

const main = (page: Page) => page.locator('main');
const dialogOf = (page: Page, title: string) => page.getByRole('dialog', { name: title, exact: true });
const chooser = (page: Page) => main(page).getByRole('radiogroup', { name: 'Your doctors' });
const doctorBox = (page: Page, label: string) => chooser(page).getByRole('radio', { name: label, exact: true });
/** Choosing a doctor is Space on its radio; choosing the chosen one again (which clears it) is Clear doctor choice. */
const toggle = async (page: Page, label: string) => {
  const box = doctorBox(page, label);
  if (await box.isChecked()) await main(page).getByRole('button', { name: 'Clear doctor choice', exact: true }).press('Enter');
  else await box.press('Space');
};
/** A field of a dialog: the state is a typeahead, the others text fields. */
const fieldOf = (dialog: Locator, label: string) => (label === 'State' ? dialog.getByRole('combobox', { name: label }) : dialog.getByRole('textbox', { name: label, exact: true }));
const findField = (page: Page, f: FindField) => fieldOf(dialogOf(page, FIND), FIND_LABELS[f]);
const addField = (page: Page, f: AddField) => fieldOf(dialogOf(page, ADD), ADD_LABELS[f]);
const selectButton = (dialog: Locator, d: Physician) => dialog.getByRole('button', { name: `Select ${doctorLabel(d)}`, exact: true });

/** Types "A" in a State typeahead; Escape closes its list and keeps the text (the list would hide the dialog from the accessibility tree). */
async function typeA(box: Locator) {
  await box.fill('A');
  await box.press('Escape');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
}

/** Picks Arizona from a State typeahead's list: the list closes and the field keeps 'AZ'. */
async function pickArizona(page: Page, box: Locator) {
  if (!(await box.inputValue())) await box.fill('A');
  await box.press('ArrowDown');
  await page.getByRole('option', { name: 'AZ - Arizona', exact: true }).click();
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await expect(box).toHaveValue('AZ');
}

/** After a refused Search or Continue, the focus is on the first field to fix. */
async function focusOnFirstError(page: Page, s: Snapshot) {
  if (s.matches({ ready: { finding: 'editing' } })) {
    const errors = shownFindErrors(s.context);
    const first = FIND_FIELDS.find((f) => errors[f] !== null);
    if (first) await expect(findField(page, first)).toBeFocused();
  }
  if (s.matches({ ready: { adding: 'editing' } })) {
    const errors = shownAddErrors(s.context);
    const first = ADD_FIELDS.find((f) => errors[f] !== null);
    if (first) await expect(addField(page, first)).toBeFocused();
  }
}

/** Every field shows its value and, as its description, the error the machine shows (or none). */
async function fieldsShow<F extends string>(field: (f: F) => Locator, fields: readonly F[], values: Record<F, string>, errors: Record<F, string | null>, shown: (f: F, v: string) => string = (_, v) => v) {
  for (const f of fields) {
    await expect(field(f)).toHaveValue(shown(f, values[f]));
    await expect(field(f)).toHaveAccessibleDescription(errors[f] ?? '');
  }
}

const list = (operationId: string, key: 'items' | 'physicians') => (output: unknown) => {
  const doctors = output as Physician[];
  return [doctors.length ? { operationId, body: { [key]: doctors } } : { operationId, status: 204 }];
};

export const doctorsDriver: Driver = {
  model: doctorsModel,
  open: async ({ page }) => {
    await page.goto('/memberInfo', { waitUntil: 'commit' });
    await identify(page, MARIA);
  },
  actors: {
    loadDoctors: { operations: ['getPatientPhysicians'], done: list('getPatientPhysicians', 'items') },
    findDoctors: { operations: ['searchPhysicians'], done: list('searchPhysicians', 'physicians') },
    betterMatch: { operations: ['searchPhysicians'], done: list('searchPhysicians', 'physicians') },
  },
  actions: {
    // Choosing.
    'toggles Dr. Marsh': ({ page }) => toggle(page, doctorLabel(MARSH)),
    'toggles Dr. Okafor': ({ page }) => toggle(page, doctorLabel(OKAFOR)),
    'toggles Dr. Whitfield': ({ page }) => toggle(page, doctorLabel(WHITFIELD)),
    'toggles Dr. Ann Lee': ({ page }) => toggle(page, ANN_LEE),

    // Find Your Doctor.
    'opens Find Your Doctor': async ({ page }) => {
      await main(page).getByRole('button', { name: FIND, exact: true }).click();
      await expect(findField(page, 'firstName')).toBeFocused();
    },
    'types First Name "   "': ({ page }) => findField(page, 'firstName').fill('   '),
    // Leaving a field is a click elsewhere (Tab would also enter and leave the next field).
    'leaves First Name': ({ page }) => findField(page, 'firstName').blur(),
    'types First Name "Thomas"': ({ page }) => findField(page, 'firstName').fill('Thomas'),
    'types Last Name "W"': ({ page }) => findField(page, 'lastName').fill('W'),
    'types Last Name "Whitfield"': ({ page }) => findField(page, 'lastName').fill('Whitfield'),
    'types State "A"': ({ page }) => typeA(findField(page, 'state')),
    'leaves State': ({ page }) => findField(page, 'state').blur(),
    'picks State "AZ"': ({ page }) => pickArizona(page, findField(page, 'state')),
    'presses Search': async ({ page }, _before, after) => {
      await dialogOf(page, FIND).getByRole('button', { name: 'Search', exact: true }).click();
      await focusOnFirstError(page, after as Snapshot);
    },
    'selects Dr. Whitfield': ({ page }) => selectButton(dialogOf(page, FIND), WHITFIELD).click(),
    'selects Dr. Marsh': ({ page }) => selectButton(dialogOf(page, FIND), MARSH).click(),

    // Add Your Doctor.
    'opens Add Your Doctor': async ({ page }) => {
      await main(page).getByRole('button', { name: ADD, exact: true }).click();
      await expect(addField(page, 'firstName')).toBeFocused();
    },
    'leaves First Name empty': ({ page }) => addField(page, 'firstName').blur(),
    'types First Name "Ann"': ({ page }) => addField(page, 'firstName').fill('Ann'),
    'types Last Name "Lee"': ({ page }) => addField(page, 'lastName').fill('Lee'),
    'types Street Address "100 Mill Ave"': ({ page }) => addField(page, 'street').fill('100 Mill Ave'),
    'types City "Tempe"': ({ page }) => addField(page, 'city').fill('Tempe'),
    'picks State "AZ" in Add': ({ page }) => pickArizona(page, addField(page, 'state')),
    'types Zip Code "85281"': ({ page }) => addField(page, 'zip').fill('85281'),
    'types Phone Number "(480) 555"': ({ page }) => addField(page, 'phone').fill('480555'),
    'completes Phone Number "(480) 555-0199"': ({ page }) => addField(page, 'phone').fill('4805550199'),
    'presses Continue': async ({ page }, _before, after) => {
      await dialogOf(page, ADD).getByRole('button', { name: 'Continue', exact: true }).click();
      await focusOnFirstError(page, after as Snapshot);
    },
    'selects the better match Dr. Whitfield': ({ page }) => selectButton(dialogOf(page, ADD), WHITFIELD).click(),

    // Either dialog.
    'presses Cancel': ({ page }, before) => dialogOf(page, before.matches({ ready: 'finding' }) ? FIND : ADD).getByRole('button', { name: 'Cancel', exact: true }).click(),
  },
  see: async ({ page }, state) => {
    const s = state as Snapshot;
    const c = s.context;
    await stepIs(page, 'Select Prescriptions');
    if (s.matches('loading')) return expect(main(page).getByRole('status').filter({ hasText: 'Loading your doctors' })).toBeAttached();
    if (s.matches({ ready: 'idle' })) {
      await expect(page.getByRole('dialog')).toHaveCount(0);
      if (c.doctors.length === 0) {
        await expect(main(page).getByText(DOCTOR_MESSAGES.noDoctors, { exact: true })).toBeVisible();
        await expect(chooser(page)).toHaveCount(0);
      } else {
        // Each doctor-address once, the chosen one ticked, no other.
        await expect(chooser(page).getByRole('radio')).toHaveCount(c.doctors.length);
        for (const d of c.doctors) {
          const box = doctorBox(page, doctorLabel(d));
          await (c.chosen === d.addressId ? expect(box).toBeChecked() : expect(box).not.toBeChecked());
        }
      }
      return expect(main(page).getByRole('status').filter({ hasText: DOCTOR_MESSAGES.added })).toHaveCount(c.added ? 1 : 0);
    }
    if (s.matches({ ready: 'finding' })) {
      const find = dialogOf(page, FIND);
      await expect(find).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(1);
      await fieldsShow((f: FindField) => findField(page, f), FIND_FIELDS, c.find, shownFindErrors(c));
      const search = find.getByRole('button', { name: 'Search', exact: true });
      if (s.hasTag('pending')) {
        await expect(find.getByRole('status')).toHaveText(DOCTOR_MESSAGES.searching);
        return expect(find.getByRole('list', { name: 'Doctors found' })).toHaveCount(0);
      }
      await expect(search).toBeEnabled();
      const found = find.getByRole('list', { name: 'Doctors found' });
      if (c.found === null) return expect(found).toHaveCount(0);
      if (c.found.length === 0) {
        await expect(find.getByRole('status')).toHaveText(DOCTOR_MESSAGES.noDoctors);
        return expect(found).toHaveCount(0);
      }
      await expect(found.getByRole('listitem')).toHaveCount(c.found.length);
      for (const d of c.found) await expect(selectButton(find, d)).toBeEnabled();
      return;
    }
    // Add Your Doctor.
    const add = dialogOf(page, ADD);
    await expect(add).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(1);
    const next = add.getByRole('button', { name: 'Continue', exact: true });
    if (s.matches({ ready: { adding: 'matches' } })) {
      await expect(add.getByText(DOCTOR_MESSAGES.betterMatch)).toBeFocused();
      const matches = add.getByRole('list', { name: 'Better matches' });
      await expect(matches.getByRole('listitem')).toHaveCount(c.matches!.length);
      for (const d of c.matches!) await expect(selectButton(add, d)).toBeEnabled();
      return expect(next).toBeEnabled();
    }
    await fieldsShow((f: AddField) => addField(page, f), ADD_FIELDS, c.add, shownAddErrors(c), (f, v) => (f === 'phone' || f === 'fax' ? formatPhone(v) : v));
    // While the better match is searched the fields are read-only; Continue waits for the form.
    if (s.hasTag('pending')) {
      await expect(add.locator('#add-doctor-form').getByRole('status')).toHaveText(DOCTOR_MESSAGES.matching);
      return expect(addField(page, 'firstName')).toHaveAttribute('readonly', '');
    }
    await expect(add.locator('#add-doctor-form').getByRole('status')).toHaveText('');
    await expect(addField(page, 'firstName')).not.toHaveAttribute('readonly', '');
    await (s.can({ type: 'add.submitted' }) ? expect(next).toBeEnabled() : expect(next).toBeDisabled());
  },
};
