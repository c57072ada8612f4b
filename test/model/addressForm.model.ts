/**
 * The address form's model (the Easy Fill address modal): its events once,
 * with payloads and labels, and the invariants of each state. The person
 * fills the fields in screen order, except the type, which comes before the
 * zip so that a Save pressed during the lookup can go on to save. The rules
 * themselves are unit-tested in machines/shared/rules/addressForm.test.ts.
 */
// node:assert, not a runner's expect: the models run in vitest and in Playwright.
import assert from 'node:assert/strict';
import { addressFormMachine, errorsOf, shownErrors, zipStatus, type AddressFormContext } from '../../machines/shared/addressFormMachine.ts';
import { ADDRESS_MESSAGES, ZIP_LOOKUP_MESSAGES } from '../../machines/shared/rules/addressForm.ts';
import { actorDone as done, actorError, type MachineModel } from './harness.ts';

const GENERAL = 'Unable to process the request at this time. Please try after some time.';
const TEMPE = { city: 'Tempe', state: 'AZ', country: 'US', zipCode: '85281' };
const GUADALUPE = { city: 'Guadalupe', state: 'AZ', country: 'US', zipCode: '85281' };

type Snapshot = { hasTag: (tag: string) => boolean };

const empty = (c: AddressFormContext) => c.values.line1 === '' && c.values.zip === '' && c.values.addressType === null;
/** Type (and the dates of a Temporary address) given: the zip comes next. */
const typeDone = (c: AddressFormContext) =>
  c.values.addressType !== null && (c.values.addressType !== 'temporary' || (c.values.startDate !== '' && c.values.endDate !== ''));
const complete = (c: AddressFormContext) => Object.keys(errorsOf(c)).length === 0;
/** After leaving line 1 empty, or pressing Save on the empty form, the model only shows the error going away. */
const errorBranch = (c: AddressFormContext) => c.values.addressType === null && (c.submitted || c.touched.includes('line1'));
/** A Temporary address differs only by its dates: the model takes it through one lookup and the save. */
const temporary = (c: AddressFormContext) => c.values.addressType === 'temporary';
const lookingUp = (s: Snapshot) => s.hasTag('lookingUp');

export const addressFormModel: MachineModel<typeof addressFormMachine> = {
  name: 'addressForm',
  machine: addressFormMachine,
  input: { today: '2026-11-22' },
  events: [
    // Tabbing through the empty field shows nothing; once typed in and cleared, leaving it shows its error.
    { label: 'leaves address line 1 empty', event: { type: 'field.blurred', field: 'line1' }, when: (s) => empty(s.context) && !s.context.touched.includes('line1') && !s.context.submitted },
    {
      label: 'types in address line 1 and deletes it',
      event: { type: 'line1.changed', text: '' },
      when: (s) => empty(s.context) && !s.context.edited.includes('line1') && !s.context.submitted,
    },
    { label: 'types address line 1 "123 Main St"', event: { type: 'line1.changed', text: '123 Main St' }, when: (s) => s.context.values.line1 === '' },
    { label: 'types address line 2 "Apt 4"', event: { type: 'line2.changed', text: 'Apt 4' }, when: (s) => s.context.values.line1 !== '' && s.context.values.line2 === '' && s.context.values.addressType === null },
    // Home and Work behave alike (the model does not tell them apart); Temporary asks for dates.
    { label: 'chooses Home', event: { type: 'addressType.changed', addressType: 'home' }, when: (s) => s.context.values.line1 !== '' && s.context.values.addressType === null && !errorBranch(s.context) },
    { label: 'chooses Work', event: { type: 'addressType.changed', addressType: 'work' }, when: (s) => s.context.values.line1 !== '' && s.context.values.addressType === null && !errorBranch(s.context) },
    { label: 'chooses Temporary', event: { type: 'addressType.changed', addressType: 'temporary' }, when: (s) => s.context.values.line1 !== '' && s.context.values.addressType === null && !errorBranch(s.context) },
    { label: 'types the start date "12/01/2026"', event: { type: 'startDate.changed', text: '12/01/2026' }, when: (s) => s.context.values.addressType === 'temporary' && s.context.values.startDate === '' },
    {
      label: 'types the end date "12/31/2026"',
      event: { type: 'endDate.changed', text: '12/31/2026' },
      when: (s) => s.context.values.addressType === 'temporary' && s.context.values.startDate !== '' && s.context.values.endDate === '',
    },
    // A partial zip: typed on the way, or a digit deleted during the lookup (which stops it).
    { label: 'types the zip "8528"', event: { type: 'zip.changed', text: '8528' }, when: (s) => !temporary(s.context) && ((typeDone(s.context) && s.context.values.zip === '') || lookingUp(s)) },
    {
      label: 'types the zip "85281"',
      event: { type: 'zip.changed', text: '85281' },
      when: (s) => typeDone(s.context) && !lookingUp(s) && (s.context.values.zip !== '85281' || s.context.zipProblem !== null),
    },
    { label: 'the zip is Tempe, AZ', event: done('lookupZipCode', [TEMPE]) },
    { label: 'the zip has two cities', event: done('lookupZipCode', [TEMPE, GUADALUPE]), when: (s) => !temporary(s.context) },
    { label: 'the zip lookup finds nothing', event: done('lookupZipCode', []), when: (s) => !temporary(s.context) },
    { label: 'the zip is not found (404)', event: actorError('lookupZipCode', { status: 404, displayText: 'No records found!' }), when: (s) => !temporary(s.context) },
    { label: 'the zip lookup fails', event: actorError('lookupZipCode', { status: 500, displayText: GENERAL }), when: (s) => !temporary(s.context) },
    // Search again beside the failure: the same zip looked up, nothing retyped.
    { label: 'presses Search again for the zip', event: { type: 'zip.retried' }, when: (s) => s.context.zipProblem?.kind === 'failed' },
    { label: 'picks the city "Guadalupe, AZ"', event: { type: 'city.chosen', city: 'Guadalupe', state: 'AZ' }, when: (s) => s.context.places.length > 1 && s.context.values.city === '' },
    // Changes only the body sent: once, on the way to a first Save.
    {
      label: 'ticks "Make this my default shipping address"',
      event: { type: 'default.changed', checked: true },
      when: (s) => s.context.values.city !== '' && !s.context.values.isDefault && !temporary(s.context) && s.context.places.length === 1 && !s.context.submitted,
    },
    // Save with the form empty, complete, during the lookup, or after a zip that was not found.
    {
      label: 'presses Save',
      event: { type: 'save.submitted' },
      when: (s) => (empty(s.context) && !s.context.submitted) || complete(s.context) || (lookingUp(s) && !s.context.saveAfterLookup) || (s.context.zipProblem !== null && !s.context.submitted),
    },
    { label: 'the address is saved', event: done('saveAddress', 1042) },
    { label: 'the address already exists (409)', event: actorError('saveAddress', { status: 409, displayText: GENERAL, serverText: 'Address already exists.' }), when: (s) => s.context.places.length === 1 },
    {
      label: 'the address check says Zip code OFF (422)',
      event: actorError('saveAddress', { status: 422, displayText: GENERAL, serverText: 'Zip code OFF: 85281 is TEMPE, AZ.' }),
      when: (s) => s.context.places.length === 1,
    },
  ],
  // What makes two snapshots different screens: the state, which fields are filled, the lookup's outcome, what is shown.
  serialize: (s) => {
    const c = s.context;
    const v = c.values;
    const type = v.addressType === null ? null : v.addressType === 'temporary' ? 'dated' : 'plain';
    const dates = [v.startDate !== '', v.endDate !== ''].map(Number).join('');
    return JSON.stringify([
      s.value,
      v.line1 !== '',
      v.zip.length,
      c.places.length,
      v.city !== '',
      c.zipProblem?.kind ?? null,
      type,
      dates,
      c.submitted,
      c.saveAfterLookup,
      c.failure,
      c.edited.includes('line1'),
      c.touched.includes('line1'),
    ]);
  },
  invariants: {
    'addressForm.editing': (s) => {
      // A failed save shows section 8's address texts (never the gateway's own words).
      assert.ok([null, 'Address already exists.', ADDRESS_MESSAGES.zipCodeOff].includes(s.context.failure), `unexpected failure ${s.context.failure}`);
      // A zip the lookup does not know is its error at once; a failed lookup is its status (with Search again), said once.
      if (s.context.zipProblem?.kind === 'notFound') assert.equal(shownErrors(s.context).zip, ADDRESS_MESSAGES.zipNotFound);
      if (s.context.zipProblem?.kind === 'failed') {
        assert.equal(zipStatus(s), GENERAL);
        assert.notEqual(shownErrors(s.context).zip, GENERAL);
        assert.equal(s.can({ type: 'zip.retried' }), s.matches({ editing: 'idle' }));
      } else assert.equal(s.can({ type: 'zip.retried' }), false);
      // Before a Save, only a field changed and left (or a zip the lookup does not know) shows its error.
      if (!s.context.submitted) {
        for (const f of Object.keys(shownErrors(s.context)) as (keyof ReturnType<typeof shownErrors>)[]) {
          assert.ok((s.context.edited.includes(f) && s.context.touched.includes(f)) || (f === 'zip' && s.context.zipProblem?.kind === 'notFound'), `${f} shows an error untouched`);
        }
      }
      assert.ok(s.context.touched.every((f) => s.context.edited.includes(f)), 'a field left unchanged counts as touched');
      if (s.context.touched.includes('line1') && s.context.values.line1 === '') assert.notEqual(shownErrors(s.context).line1, undefined);
    },
    'addressForm.editing.idle': (s) => {
      assert.equal(s.context.saveAfterLookup, false);
      if (s.context.submitted) assert.deepEqual(shownErrors(s.context), errorsOf(s.context));
    },
    'addressForm.editing.lookingUp': (s) => {
      assert.equal(s.hasTag('lookingUp'), true);
      assert.equal(s.context.values.zip.length, 5);
      assert.deepEqual(s.context.places, []);
      assert.equal(s.context.values.city, '');
      assert.equal(shownErrors(s.context).zip, undefined);
      assert.equal(zipStatus(s), ZIP_LOOKUP_MESSAGES.looking);
    },
    'addressForm.saving': (s) => {
      assert.equal(s.hasTag('pending'), true);
      assert.deepEqual(errorsOf(s.context), {});
      assert.equal(s.context.failure, null);
      assert.equal(s.context.saveAfterLookup, false);
    },
    'addressForm.saved': (s) => {
      assert.equal(s.status, 'done');
      assert.equal(s.context.failure, null);
    },
  },
};

