/**
 * The review page's change modals, one model each, on Maria Lopez's profile
 * (review.model.ts): her notifications go by email, her primary phone is a
 * Mobile one, and she has one allergy and one condition on file.
 *
 * - notificationChange: the setting in force is read (or fails and is tried
 *   again); she picks SMS Text, then a time zone (Update waits
 *   for it), or gives a new email; Update asks first; the setting is saved,
 *   then the email; either save may fail, and Update again sends only what is
 *   not saved.
 * - phoneChange: her numbers load (or fail and are tried again); Select makes
 *   her Home number primary; Edit and Add Number open the form, whose Update
 *   waits for a change and shows the modal's messages.
 * - healthChange: the common list loads (or not); she ticks one, or adds a row
 *   and picks from the lookup; Update saves what is new.
 */
import assert from 'node:assert/strict';
import { addressChangeMachine, formInputOf } from '../../machines/member/addressChangeMachine.ts';
import { healthChangeMachine, newEntries } from '../../machines/member/healthChangeMachine.ts';
import { notificationChangeMachine, notificationChangePending, notificationUpdateMissing } from '../../machines/member/notificationChangeMachine.ts';
import { cardFormInputOf, paymentChangeMachine } from '../../machines/member/paymentChangeMachine.ts';
import { phoneChangeMachine, primaryOf } from '../../machines/member/phoneChangeMachine.ts';
import { makePrimaryCall, notificationChangeCall, phoneFormCall, PHONE_MODAL_MESSAGES, phoneFormErrors } from '../../machines/member/rules/profileChanges.ts';
import { actorDone as done, actorError, type MachineModel } from './harness.ts';
import { MARIA_SUMMARY } from './review.model.ts';

const GENERAL = 'Unable to process the request at this time. Please try after some time.';
const failed = (id: string) => actorError(id, { status: 500, displayText: GENERAL });

export const notificationChangeModel: MachineModel<typeof notificationChangeMachine> = {
  name: 'notificationChange',
  machine: notificationChangeMachine,
  input: {
    patientId: 1001,
    phone: MARIA_SUMMARY.phone,
    email: MARIA_SUMMARY.email,
    isPartD: false,
    state: 'AZ',
  },
  events: [
    { label: 'the setting in force arrives', event: done('loadSetting', MARIA_SUMMARY.notification) },
    { label: 'the setting cannot be loaded', event: failed('loadSetting') },
    { label: 'presses Try again', event: { type: 'setting.retried' } },
    { label: 'picks SMS Text', event: { type: 'notification.changed', values: { choice: 'text' } } },
    { label: 'picks the Mountain time zone', event: { type: 'notification.changed', values: { timeZone: 'M' } }, when: (s) => s.context.values.choice === 'text' },
    { label: 'presses Update', event: { type: 'update.pressed' } },
    { label: 'presses Update before the time zone', event: { type: 'update.refused' } },
    { label: 'presses Yes, Update', event: { type: 'update.confirmed' } },
    { label: 'presses No', event: { type: 'update.dismissed' } },
    { label: 'presses Edit email', event: { type: 'email.opened' } },
    { label: 'types a new email', event: { type: 'email.typed', text: 'maria.l@example.com' } },
    { label: 'saves the email', event: { type: 'email.saved' } },
    { label: 'cancels the email', event: { type: 'email.dismissed' } },
    { label: 'the setting is saved', event: done('saveNotification', { messageStatus: true }) },
    { label: 'the setting cannot be saved', event: failed('saveNotification') },
    { label: 'the email is saved', event: done('saveEmail', { messageStatus: true }) },
    { label: 'the email cannot be saved', event: failed('saveEmail') },
  ],
  serialize: (s) => JSON.stringify([s.value, s.context.setting?.id ?? null, s.context.loadError, s.context.values, s.context.newEmail, s.context.emailDraft, s.context.submitted, s.context.settingSaved, s.context.failure]),
  invariants: {
    // Update goes once something differs from what is on file and the choice is complete (section 5: a time zone for call or text).
    'notificationChange.editing': (s) => {
      assert.equal(s.can({ type: 'update.pressed' }), notificationUpdateMissing(s.context).length === 0);
      if (!notificationChangePending(s.context)) assert.equal(s.can({ type: 'update.pressed' }), false);
    },
    'notificationChange.confirming': (s) => assert.ok(notificationChangePending(s.context)),
    // PATCH over the setting in force, read when the modal opened.
    'notificationChange.saving.setting': (s) => {
      assert.equal(s.context.settingSaved, false);
      assert.equal(notificationChangeCall(s.context.values, 1001, s.context.setting).method, 'PATCH');
    },
    'notificationChange.saving.email': (s) => assert.equal(s.context.newEmail, 'maria.l@example.com'),
    'notificationChange.email': (s) => assert.equal(s.can({ type: 'email.saved' }), s.context.emailDraft === 'maria.l@example.com' && s.context.newEmail === null),
  },
};

export const HOME = { phoneId: 2, areaCode: '480', phoneNumber: '5550199', phoneType: 1 as const, isPrimary: false, extension: null };
export const PHONES = [MARIA_SUMMARY.phone!, HOME];

export const phoneChangeModel: MachineModel<typeof phoneChangeMachine> = {
  name: 'phoneChange',
  machine: phoneChangeMachine,
  input: undefined,
  events: [
    { label: 'her numbers arrive', event: done('loadPhones', PHONES) },
    { label: 'her numbers cannot be loaded', event: failed('loadPhones') },
    { label: 'presses Try again', event: { type: 'phones.retried' } },
    { label: 'presses Select on her Home number', event: { type: 'phone.selected', phoneId: HOME.phoneId } },
    { label: 'presses Edit on her primary number', event: { type: 'phone.editPressed' } },
    { label: 'presses Add Number', event: { type: 'phone.addPressed' } },
    { label: 'types a new number', event: { type: 'form.changed', values: { phone: '(602) 555-0188' } } },
    { label: 'types a short number', event: { type: 'form.changed', values: { phone: '(602) 555' } } },
    { label: 'picks Mobile', event: { type: 'form.changed', values: { phoneType: 8 } } },
    { label: 'leaves the number field', event: { type: 'field.blurred', field: 'phone' } },
    { label: 'presses Update', event: { type: 'update.pressed' } },
    { label: 'presses Back', event: { type: 'form.back' } },
    { label: 'the phone is saved', event: done('savePhone', { messageStatus: true, phoneId: 3 }) },
    { label: 'the phone cannot be saved', event: failed('savePhone') },
  ],
  serialize: (s) => JSON.stringify([s.value, s.context.editing?.phoneId ?? null, s.context.values, s.context.touched, s.context.submitted, s.context.failure]),
  invariants: {
    'phoneChange.listing': (s) => assert.equal(primaryOf(s.context.phones)?.phoneId, 1),
    'phoneChange.selecting': (s) => assert.deepEqual(makePrimaryCall(s.context.selecting!).body, { phoneId: 2, phoneType: 1, number: '4805550199', extension: null, isPrimary: true }),
    // The modal's own messages (section 5).
    'phoneChange.form': (s) => {
      const errors = phoneFormErrors(s.context.values);
      if (!s.context.values.phone) assert.equal(errors.phone, PHONE_MODAL_MESSAGES.required);
      if (s.context.values.phone === '(602) 555') assert.equal(errors.phone, PHONE_MODAL_MESSAGES.short);
      if (s.context.values.phoneType === null) assert.equal(errors.phoneType, PHONE_MODAL_MESSAGES.typeRequired);
    },
    // Edit puts over the primary number; Add posts a new primary one.
    'phoneChange.savingForm': (s) => {
      const call = phoneFormCall(s.context.values, s.context.editing);
      assert.equal(call.method, s.context.editing ? 'PUT' : 'POST');
      assert.equal(call.body.isPrimary, true);
      assert.equal(call.body.number, '6025550188');
    },
  },
};

export const PEANUT = { ref: '00001', desc: 'PEANUT' };
export const SULFA = { ref: '00002', desc: 'SULFA' };

export const healthChangeModel: MachineModel<typeof healthChangeMachine> = {
  name: 'healthChange',
  machine: healthChangeMachine,
  input: { kind: 'allergies', patientId: 1001, onFile: MARIA_SUMMARY.allergies },
  events: [
    { label: 'the common list arrives', event: done('loadCommon', [{ ref: '00153', desc: 'NO KNOWN DRUG ALLERGY' }, { ref: '00003', desc: 'PENICILLIN' }, PEANUT]) },
    { label: 'the common list cannot be loaded', event: failed('loadCommon') },
    { label: 'presses Try again', event: { type: 'health.retried' } },
    // The common entries are shown (and ticked) once the list has arrived.
    { label: 'ticks Peanut', event: { type: 'health.commonToggled', kind: 'allergies', item: PEANUT, on: true }, when: (s) => s.matches({ open: { common: 'ready' } }) },
    { label: 'adds a row', event: { type: 'health.rowAdded', kind: 'allergies' } },
    { label: 'types "sul" in the row', event: { type: 'health.rowTyped', kind: 'allergies', id: 1, text: 'sul' }, when: (s) => s.context.list.rows.some((r: { id: number; picked: unknown }) => r.id === 1 && !r.picked) },
    { label: 'the lookup answers', event: done('lookupHealth', [SULFA]) },
    { label: 'the lookup fails', event: failed('lookupHealth') },
    { label: 'presses Search again in the row', event: { type: 'health.lookupRetried', kind: 'allergies', id: 1 }, when: (s) => s.matches({ open: { lookup: 'idle' } }) && s.context.suggestions?.failure != null },
    { label: 'picks Sulfa', event: { type: 'health.rowPicked', kind: 'allergies', id: 1, item: SULFA }, when: (s) => s.context.suggestions !== null && s.context.suggestions.items.length > 0 },
    { label: 'removes the row', event: { type: 'health.rowRemoved', kind: 'allergies', id: 1 }, when: (s) => s.context.list.rows.length > 0 },
    { label: 'presses Update', event: { type: 'update.pressed' } },
    { label: 'the allergies are saved', event: done('saveHealth', { messageStatus: true }) },
    { label: 'the allergies cannot be saved', event: failed('saveHealth') },
  ],
  serialize: (s) => JSON.stringify([s.value, s.context.common?.length ?? null, s.context.list, s.context.suggestions?.items.length ?? null, s.context.submitted, s.context.failure]),
  invariants: {
    // The none entry and the entries on file are not offered again.
    'healthChange.open.common.ready': (s) => assert.deepEqual(s.context.common!.map((i) => i.desc), ['PEANUT']),
    'healthChange.open.form.editing': (s) => assert.equal(s.can({ type: 'update.pressed' }), newEntries(s.context).length > 0),
    'healthChange.open.form.saving': (s) => {
      assert.ok(newEntries(s.context).length > 0);
      assert.ok(newEntries(s.context).every((i) => !MARIA_SUMMARY.allergies.includes(i.desc)));
    },
  },
};

export const HOME_ADDRESS = { ...MARIA_SUMMARY.address!, addressId: 7, defaultShipping: true };
export const WORK_ADDRESS = { ...MARIA_SUMMARY.address!, addressId: 8, address1: '2 N CENTRAL AVE', zipCode: '85004', city: 'PHOENIX', defaultShipping: false };

/**
 * The shipping address modal: her addresses load (or fail and are tried
 * again); Select makes her work address the default; Add and Edit open the
 * form (the view runs it), whose save or Back comes back here.
 */
export const addressChangeModel: MachineModel<typeof addressChangeMachine> = {
  name: 'addressChange',
  machine: addressChangeMachine,
  input: { today: '2026-11-22' },
  events: [
    { label: 'her addresses arrive', event: done('loadList', [HOME_ADDRESS, WORK_ADDRESS]) },
    { label: 'her addresses cannot be loaded', event: failed('loadList') },
    { label: 'presses Try again', event: { type: 'list.retried' } },
    { label: 'presses Select on her work address', event: { type: 'item.selected', id: WORK_ADDRESS.addressId } },
    { label: 'presses Edit on her home address', event: { type: 'item.editPressed', id: HOME_ADDRESS.addressId } },
    { label: 'presses Add a new address', event: { type: 'item.addPressed' } },
    { label: 'the form saves the address', event: { type: 'form.saved' } },
    { label: 'presses Back in the form', event: { type: 'form.back' } },
    { label: 'the default is saved', event: done('makeDefault', { messageStatus: true, id: 8 }) },
    { label: 'the default cannot be saved', event: failed('makeDefault') },
  ],
  serialize: (s) => JSON.stringify([s.value, s.context.editing?.addressId ?? null, s.context.failure, s.context.loadError]),
  invariants: {
    // The default one is not offered for Select.
    'addressChange.listing': (s) => assert.equal(s.can({ type: 'item.selected', id: HOME_ADDRESS.addressId }), false),
    'addressChange.selecting': (s) => assert.equal(s.context.selecting!.addressId, WORK_ADDRESS.addressId),
    // The form edits the address chosen (or a new one) and must not duplicate the others.
    'addressChange.form': (s) => {
      const input = formInputOf(s.context);
      assert.equal(input.editing?.addressId ?? null, s.context.editing?.addressId ?? null);
      assert.deepEqual(input.others.map((o) => o.addressId), [7, 8]);
      if (input.editing) assert.equal(input.editing.values.line1, HOME_ADDRESS.address1);
    },
  },
};

const VISA = { id: 5, cardSeqNum: 5, cardTypeNum: 1 as const, cardType: 'VISA', cardNumber: '1111', cardFirstName: 'Maria', cardLastName: 'Lopez', cardMonthNum: 8, cardYear: 2029, pciToken: 'tok_visa', defaultCard: true, fsaCard: false, cardActive: true };
const MASTERCARD = { ...VISA, id: 6, cardSeqNum: 6, cardTypeNum: 2 as const, cardType: 'MASTERCARD', cardNumber: '4444', pciToken: 'tok_mc', cardMonthNum: 3, cardYear: 2028, defaultCard: false, fsaCard: true };
/** Past its expiry (10/2026, today 2026-11-22): shown 'EXPIRED', not offered for Select, still editable (a new expiry). */
export const EXPIRED_CARD = { ...VISA, id: 7, cardSeqNum: 7, cardTypeNum: 3 as const, cardType: 'DISCOVER', cardNumber: '1117', pciToken: 'tok_disc', cardMonthNum: 10, cardYear: 2026, defaultCard: false };
/** A card the gateway no longer uses: not listed. */
const INACTIVE_CARD = { ...MASTERCARD, id: 8, cardSeqNum: 8, cardActive: false };
/** Her cards on file, as the gateway lists them. */
export const MARIA_CARDS = [VISA, MASTERCARD, EXPIRED_CARD, INACTIVE_CARD];

/**
 * The payment card modal (savedListChangeMachine, as the address modal): her
 * cards load (or fail and are tried again); Select makes her Mastercard the
 * default; Add and Edit open the card form (the view runs it: cardForm and
 * cardEdit models), whose save or Back comes back here.
 */
export const paymentChangeModel: MachineModel<typeof paymentChangeMachine> = {
  name: 'paymentChange',
  machine: paymentChangeMachine,
  input: { today: '2026-11-22' },
  events: [
    { label: 'her cards arrive', event: done('loadList', MARIA_CARDS) },
    { label: 'her cards cannot be loaded', event: failed('loadList') },
    { label: 'presses Try again', event: { type: 'list.retried' } },
    { label: 'presses Select on her Mastercard', event: { type: 'item.selected', id: MASTERCARD.cardSeqNum } },
    { label: 'presses Edit on her expired Discover', event: { type: 'item.editPressed', id: EXPIRED_CARD.cardSeqNum } },
    { label: 'presses Add a new card', event: { type: 'item.addPressed' } },
    { label: 'the form saves the card', event: { type: 'form.saved' } },
    { label: 'presses Back in the form', event: { type: 'form.back' } },
    { label: 'the default is saved', event: done('makeDefault', { messageStatus: true, id: 6 }) },
    { label: 'the default cannot be saved', event: failed('makeDefault') },
  ],
  serialize: (s) => JSON.stringify([s.value, s.context.editing?.cardSeqNum ?? null, s.context.failure, s.context.loadError]),
  invariants: {
    'paymentChange.listing': (s) => {
      assert.deepEqual(s.context.items.map((c) => c.cardSeqNum), [5, 6, 7]);
      // Neither the default card nor an expired one is offered for Select; every listed card can be edited.
      assert.equal(s.can({ type: 'item.selected', id: VISA.cardSeqNum }), false);
      assert.equal(s.can({ type: 'item.selected', id: EXPIRED_CARD.cardSeqNum }), false);
      assert.equal(s.can({ type: 'item.editPressed', id: VISA.cardSeqNum }), true);
      assert.equal(s.can({ type: 'item.editPressed', id: INACTIVE_CARD.cardSeqNum }), false);
    },
    'paymentChange.selecting': (s) => assert.equal(s.context.selecting!.cardSeqNum, MASTERCARD.cardSeqNum),
    // The form edits the card chosen (its token stays), or adds a new one.
    'paymentChange.form': (s) => {
      const { editing } = cardFormInputOf(s.context);
      assert.equal(editing?.paymentMethodId ?? null, s.context.editing?.cardSeqNum ?? null);
      if (editing) assert.deepEqual([editing.pciToken, editing.lastDigits, editing.values.month, editing.values.year], ['tok_disc', '1117', 10, 2026]);
    },
  },
};
