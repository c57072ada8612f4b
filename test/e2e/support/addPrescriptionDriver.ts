/**
 * The browser side of the Add a Prescription modal's model (see replay.ts):
 * the person's action behind every user event, the gateway operations behind
 * the drug lookup and the eligibility check, and what the person sees in
 * every state. Labels are the model's own.
 *
 * The modal is a child of Select Your Prescriptions: a path opens Maria's page
 * through the real gateway (verification, member information, her list and
 * her doctors: nothing is armed for them), waits for her doctors, and opens
 * the modal without a doctor chosen (the model's input). 'Chooses Dr. Smith'
 * is ticking her first doctor in the modal's own doctor chooser; the real
 * doctor stands for the model's. Her list holds atorvastatin 20 mg, as the
 * model's listed ndcs do.
 */
import { expect, type Locator, type Page } from './test.ts';
import type { SnapshotFrom } from 'xstate';
import { type addPrescriptionMachine } from '../../../machines/member/addPrescriptionMachine.ts';
import {
  ADD_PRESCRIPTION_MESSAGES as M,
  canAddAnother,
  doctorError,
  firstInvalidField,
  KIND_LABELS,
  lookupRetryable,
  notAddableReasons,
  REFILL_OPTIONS,
  rowErrorsOf,
  rowHintOf,
  shownPharmacyErrors,
  type DrugSuggestion,
  autoRefillRefusalOf,
  type FieldKey,
  type PharmacyField,
  type PrescriptionKind,
} from '../../../machines/member/addPrescriptionContext.ts';
import { addPrescriptionModel, ATORVASTATIN_20, ATORVASTATIN_40, ATORVASTATIN_80 } from '../../model/addPrescription.model.ts';
import { identify, MARIA, pickSuggestion, stepIs } from './memberDrivers.ts';
import type { Driver } from './replay.ts';
import { suggestionsSeen } from './lookups.ts';

type Snapshot = SnapshotFrom<typeof addPrescriptionMachine>;

const TITLE = 'Add a Prescription';
const OTHER_TITLE = 'Add a New Prescription';
const DETAILS_TITLE = 'Auto Refill Details';
const ADDED_GROUP = 'Prescriptions you added';
const PHARMACY_LABELS: Record<PharmacyField, string> = { name: 'Pharmacy Name', zip: 'Zip Code', address: 'Address', city: 'City', state: 'State', phone: 'Phone Number' };

const modal = (page: Page) => page.getByRole('dialog', { name: TITLE, exact: true });

const rowOf = (page: Page, index: number) => modal(page).getByRole('group', { name: `Prescription ${index + 1}`, exact: true });
const drugBox = (page: Page, index: number) => rowOf(page, index).getByRole('combobox', { name: 'Drug Name' });
const pharmacyGroup = (page: Page) => modal(page).getByRole('group', { name: 'Pharmacy', exact: true });
const pharmacyField = (page: Page, field: PharmacyField) =>
  field === 'state' ? pharmacyGroup(page).getByRole('combobox', { name: 'State' }) : pharmacyGroup(page).getByRole('textbox', { name: PHARMACY_LABELS[field], exact: true });
/** The doctor chooser the modal shows in 'Your doctor' (the page's own copy is behind the modal). */
const modalDoctors = (page: Page) => modal(page).getByRole('radiogroup', { name: 'Your doctors' }).getByRole('radio');
const pageDoctors = (page: Page) => page.locator('main').getByRole('radiogroup', { name: 'Your doctors' }).getByRole('radio');

/** What a field's description reads: its hint, then its error (react-aria wires both to the field). */
const described = (...texts: (string | undefined)[]) => texts.filter(Boolean).join(' ');

/** Opens the drug list of a row (the suggestions arrive after the typing: the arrow key opens them) and picks one. */
const pickDrug = (page: Page, index: number, drug: DrugSuggestion) => pickSuggestion(page, drugBox(page, index), drug.labelName);

/** The element the machine's focusField(field) focuses, as the person finds it. */
function focusTarget(page: Page, field: FieldKey): Locator {
  const m = /^(drug|rxNumber|option)-(\d+)$/.exec(field);
  if (m) {
    const row = rowOf(page, Number(m[2]));
    if (m[1] === 'drug') return row.getByRole('combobox', { name: 'Drug Name' });
    if (m[1] === 'rxNumber') return row.getByRole('textbox', { name: 'Rx Number (Optional)' });
    return row.getByRole('radio', { name: REFILL_OPTIONS[0]!.label, exact: true });
  }
  if (field.startsWith('pharmacy-')) return pharmacyField(page, field.slice('pharmacy-'.length) as PharmacyField);
  // The doctor's section, or rather the first field in it: the first doctor of the modal's chooser.
  if (field === 'doctor') return modalDoctors(page).first();
  if (field === 'choice') return modal(page).getByRole('radio', { name: KIND_LABELS.active, exact: true });
  return page.getByRole('dialog', { name: OTHER_TITLE }).getByText('You can also send us a new prescription in one of these ways.');
}

const focusIsOn = (page: Page, field: FieldKey) => expect(focusTarget(page, field)).toBeFocused();

// Checkboxes and radios are used from the keyboard (Space), as everywhere in these tests.
const chooseKind = (page: Page, kind: PrescriptionKind) => modal(page).getByRole('radio', { name: KIND_LABELS[kind], exact: true }).press('Space');
const chooseOption = (page: Page, index: number, label: string) => rowOf(page, index).getByRole('radio', { name: label, exact: true }).press('Space');
/** The focus is in the dialog (react-aria focuses the dialog itself, or a field in it). */
const focusWithin = (dialog: Locator) => expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
const fillPharmacy = (page: Page, field: PharmacyField, text: string) => pharmacyField(page, field).fill(text);

export const addPrescriptionDriver: Driver = {
  model: addPrescriptionModel,
  open: async ({ page }) => {
    await page.goto('/memberInfo', { waitUntil: 'commit' });
    await identify(page, MARIA);
    // Her list and her doctors, from the real gateway; then the modal, with no doctor chosen.
    await expect(pageDoctors(page).first()).toBeVisible();
    await page.locator('main').getByRole('button', { name: 'Add Prescription', exact: true }).click();
  },
  actors: {
    lookupDrugs: {
      operations: ['lookupDrugs'],
      done: (output) => {
        const items = output as DrugSuggestion[];
        return [items.length ? { operationId: 'lookupDrugs', body: { items } } : { operationId: 'lookupDrugs', status: 204 }];
      },
    },
    checkEligibility: { operations: ['checkNewRxEligibility'] },
  },
  actions: {
    // The choice.
    'presses Continue': async ({ page }, _before, after) => {
      await modal(page).getByRole('button', { name: 'Continue', exact: true }).click();
      await focusIsOn(page, after.matches('form') ? 'drug-0' : 'choice');
    },
    [`chooses "${KIND_LABELS.new}"`]: ({ page }) => chooseKind(page, 'new'),
    [`chooses "${KIND_LABELS.active}"`]: ({ page }) => chooseKind(page, 'active'),
    'presses View Other Options': async ({ page }) => {
      await modal(page).getByRole('button', { name: 'View Other Options' }).click();
      await focusIsOn(page, 'otherOptions');
    },
    "presses I'm Done": ({ page }) => page.getByRole('dialog', { name: OTHER_TITLE }).getByRole('button', { name: "I'm Done" }).click(),
    // The other options have no Cancel button: Escape closes them, as it cancels the modal.
    'presses Cancel': async ({ page }, before) => {
      if (before.matches('otherOptions')) await page.getByRole('dialog', { name: OTHER_TITLE }).press('Escape');
      else await modal(page).getByRole('button', { name: 'Cancel', exact: true }).click();
    },

    // The rows.
    'types "at" in Prescription 1': ({ page }) => drugBox(page, 0).fill('at'),
    'leaves Drug Name in Prescription 1': ({ page }) => drugBox(page, 0).blur(),
    'types "ator" in Prescription 1': ({ page }) => drugBox(page, 0).fill('ator'),
    'types "atorv" in Prescription 1': ({ page }) => drugBox(page, 0).fill('atorv'),
    'types "ator" in Prescription 2': ({ page }) => drugBox(page, 1).fill('ator'),
    'picks atorvastatin 40 mg in Prescription 1': ({ page }) => pickDrug(page, 0, ATORVASTATIN_40),
    'picks atorvastatin 20 mg (already on the list) in Prescription 1': ({ page }) => pickDrug(page, 0, ATORVASTATIN_20),
    'picks atorvastatin 40 mg in Prescription 2': ({ page }) => pickDrug(page, 1, ATORVASTATIN_40),
    'picks atorvastatin 80 mg in Prescription 2': ({ page }) => pickDrug(page, 1, ATORVASTATIN_80),
    'presses Check again in Prescription 1': ({ page }) => rowOf(page, 0).getByRole('button', { name: 'Check again' }).click(),
    'presses Search again in Prescription 1': ({ page }) => rowOf(page, 0).getByRole('button', { name: M.rows.searchAgain }).click(),
    'chooses Auto Refill in Prescription 1': ({ page }) => chooseOption(page, 0, 'Auto Refill'),
    'chooses Auto Refill in Prescription 1 while its drug is checked': ({ page }) => chooseOption(page, 0, 'Auto Refill'),
    'chooses Not Auto Refill in Prescription 1': ({ page }) => chooseOption(page, 0, 'Not Auto Refill'),
    'chooses Auto Refill in Prescription 2': ({ page }) => chooseOption(page, 1, 'Auto Refill'),
    'types the Rx Number "6012345" in Prescription 1': ({ page }) => rowOf(page, 0).getByRole('textbox', { name: 'Rx Number (Optional)' }).fill('6012345'),
    'presses Auto Refill Details': ({ page }) => rowOf(page, 0).getByRole('button', { name: 'Auto Refill Details' }).click(),
    'closes Auto Refill Details': async ({ page }) => {
      await page.getByRole('dialog', { name: DETAILS_TITLE }).getByRole('button', { name: "I'm Done" }).click();
      // Back on the modal, the focus returns to the button that opened the details.
      await expect(rowOf(page, 0).getByRole('button', { name: 'Auto Refill Details' })).toBeFocused();
    },
    'presses Add another prescription': async ({ page }, _before, after) => {
      await modal(page).getByRole('button', { name: 'Add another prescription' }).click();
      await focusIsOn(page, `drug-${after.context.rows.length - 1}`);
    },
    'presses Remove in Prescription 2': async ({ page }) => {
      await modal(page).getByRole('button', { name: 'Remove Prescription 2' }).click();
      await focusIsOn(page, 'drug-0');
    },
    'presses Remove in Prescription 1': async ({ page }) => {
      await modal(page).getByRole('button', { name: 'Remove Prescription 1' }).click();
      await focusIsOn(page, 'drug-0');
    },

    // The pharmacy.
    'types the pharmacy name "C"': ({ page }) => fillPharmacy(page, 'name', 'C'),
    'leaves Pharmacy Name': ({ page }) => pharmacyField(page, 'name').press('Tab'),
    'types the pharmacy name "Corner Drug #1"': ({ page }) => fillPharmacy(page, 'name', 'Corner Drug #1'),
    'types the pharmacy name "Corner Drug"': ({ page }) => fillPharmacy(page, 'name', 'Corner Drug'),
    'types the pharmacy zip code "85281"': ({ page }) => fillPharmacy(page, 'zip', '85281'),
    'types the pharmacy address "1 Mill Ave"': ({ page }) => fillPharmacy(page, 'address', '1 Mill Ave'),
    'types the pharmacy city "Tempe"': ({ page }) => fillPharmacy(page, 'city', 'Tempe'),
    'picks the pharmacy state "AZ"': async ({ page }) => {
      await fillPharmacy(page, 'state', 'AZ');
      await page.getByRole('option', { name: 'Arizona (AZ)', exact: true }).click();
      // Picked, the list closes and the field keeps the abbreviation.
      await expect(pharmacyField(page, 'state')).toHaveAttribute('aria-expanded', 'false');
      await expect(pharmacyField(page, 'state')).toHaveValue('AZ');
    },
    'types the pharmacy phone "(480) 555-0199"': ({ page }) => fillPharmacy(page, 'phone', '4805550199'),

    // The doctor, in the modal's chooser, and Submit.
    'chooses Dr. Smith': ({ page }) => modalDoctors(page).first().press('Space'),
    // Choosing the chosen doctor again clears it: Clear doctor choice (the doctors are radios).
    'clears the doctor': ({ page }) => modal(page).getByRole('button', { name: 'Clear doctor choice', exact: true }).press('Enter'),
    'presses Add Prescription': async ({ page }, _before, after) => {
      await modal(page).getByRole('button', { name: 'Add Prescription', exact: true }).click();
      if (after.matches('form')) await focusIsOn(page, firstInvalidField(after.context));
    },
  },
  see: async ({ page }, state) => {
    const s = state as Snapshot;
    const c = s.context;
    await stepIs(page, 'Select Prescriptions');
    if (s.matches('added') || s.matches('closed')) {
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Select Your Prescriptions' })).toBeVisible();
      const group = page.locator('main').getByRole('region', { name: new RegExp(`^${ADDED_GROUP}`) });
      if (s.matches('closed')) return expect(group).toHaveCount(0);
      // The prescriptions added, on the page.
      const records = s.output!.records;
      await expect(group.getByRole('listitem')).toHaveCount(records.length);
      for (const r of records) await expect(group.getByRole('listitem', { name: r.labelName!, exact: true })).toBeVisible();
      return;
    }
    if (s.matches('otherOptions')) {
      const other = page.getByRole('dialog', { name: OTHER_TITLE, exact: true });
      await expect(other).toBeVisible();
      await expect(other).toContainText(M.onlyProviderFaxes);
      return expect(other.getByRole('button', { name: "I'm Done" })).toBeEnabled();
    }
    if (s.matches({ form: { details: 'open' } })) {
      // The details cover the modal, with the focus.
      const details = page.getByRole('dialog', { name: DETAILS_TITLE, exact: true });
      await expect(details).toBeVisible();
      await expect(details.getByRole('button', { name: "I'm Done" })).toBeEnabled();
      return focusWithin(details);
    }
    const m = modal(page);
    await expect(m).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await focusWithin(m);
    if (s.matches('choosing')) {
      for (const kind of Object.keys(KIND_LABELS) as PrescriptionKind[]) {
        const radio = m.getByRole('radio', { name: KIND_LABELS[kind], exact: true });
        await (c.kind === kind ? expect(radio).toBeChecked() : expect(radio).not.toBeChecked());
      }
      await expect(m.getByRole('radiogroup', { name: 'What kind of prescription is it?' })).toHaveAccessibleDescription(described(c.choiceMissing ? M.chooseKind : undefined));
      for (const name of ['Continue', 'View Other Options', 'Cancel']) await expect(m.getByRole('button', { name, exact: true })).toBeEnabled();
      return expect(m.getByRole('group', { name: /^Prescription \d+$/ })).toHaveCount(0);
    }
    // The form: each row, Add another, the pharmacy (active prescriptions), the doctor. First a list that
    // opened on its answer, which hides the rest of the dialog.
    for (const [i, row] of c.rows.entries()) {
      // By CSS, not by role: the open list hides the other rows from the accessibility tree.
      const box = m.locator('fieldset').nth(i).locator('input[role="combobox"]').first();
      await suggestionsSeen(page, box, `drug-${row.id}`, (row.suggestions ?? []).map((d) => d.ndc), row.drug !== null);
    }
    await expect(m.getByRole('group', { name: /^Prescription \d+$/ })).toHaveCount(c.rows.length);
    for (const [i, row] of c.rows.entries()) {
      const group = rowOf(page, i);
      const errors = rowErrorsOf(c, i);
      const box = group.getByRole('combobox', { name: 'Drug Name' });
      await expect(box).toHaveValue(row.drugName);
      await expect(box).toHaveAccessibleDescription(described(errors.drug, rowHintOf(c, i)));
      // Auto refill's one rule: where it refuses, Auto Refill is unavailable and the group says why.
      const refused = autoRefillRefusalOf(c, i);
      for (const o of REFILL_OPTIONS) {
        const radio = group.getByRole('radio', { name: o.label, exact: true });
        await (row.option === o.key ? expect(radio).toBeChecked() : expect(radio).not.toBeChecked());
        await (o.key === 'autoRefill' && refused ? expect(radio).toBeDisabled() : expect(radio).toBeEnabled());
      }
      await expect(group.getByRole('radiogroup', { name: 'Refill option' })).toHaveAccessibleDescription(described(errors.option, refused ?? undefined));
      const rx = group.getByRole('textbox', { name: 'Rx Number (Optional)' });
      if (c.kind === 'active') {
        await expect(rx).toHaveValue(row.rxNumber);
        await expect(rx).toHaveAccessibleDescription(described(errors.rxNumber));
      } else await expect(rx).toHaveCount(0);
      await expect(group.getByRole('button', { name: 'Check again' })).toHaveCount(row.eligibility.status === 'failed' ? 1 : 0);
      await expect(group.getByRole('button', { name: M.rows.searchAgain })).toHaveCount(lookupRetryable(c, i) ? 1 : 0);
      await expect(m.getByRole('button', { name: `Remove Prescription ${i + 1}`, exact: true })).toHaveCount(c.rows.length > 1 ? 1 : 0);
    }
    const another = m.getByRole('button', { name: 'Add another prescription' });
    await (canAddAnother(c) ? expect(another).toBeEnabled() : expect(another).toBeDisabled());
    if (c.kind === 'active') {
      const shown = shownPharmacyErrors(c);
      for (const f of Object.keys(PHARMACY_LABELS) as PharmacyField[]) {
        await expect(pharmacyField(page, f)).toHaveValue(c.pharmacy[f]);
        await expect(pharmacyField(page, f)).toHaveAccessibleDescription(described(shown[f]));
      }
    } else await expect(pharmacyGroup(page)).toHaveCount(0);
    // The doctor: Maria's first doctor, ticked in the modal's chooser, stands for the model's.
    const first = modalDoctors(page).first();
    await (c.physician ? expect(first).toBeChecked() : expect(first).not.toBeChecked());
    const doctorAlert = m.getByRole('alert').filter({ hasText: M.selectDoctor });
    await expect(doctorAlert).toHaveCount(doctorError(c) ? 1 : 0);
    // A refused Add Prescription names each drug that cannot be added and why.
    const notAddable = m.getByRole('alert').filter({ hasText: M.notAddable });
    await expect(notAddable).toHaveCount(notAddableReasons(c).length ? 1 : 0);
    for (const reason of notAddableReasons(c)) await expect(notAddable).toContainText(reason);
    for (const name of ['Add Prescription', 'Cancel']) await expect(m.getByRole('button', { name, exact: true })).toBeEnabled();
  },
};
