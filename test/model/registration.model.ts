/**
 * The registration page's models, one per kind of member (the machine takes
 * the member as input, so one graph cannot hold them all; together they
 * cover every state, see machines.test.ts):
 * - registration: James Carter, not registered: every section, the card
 *   tokenized, the address checked, one register call;
 * - registrationMissing: Linda Nguyen, registered, missing payment and
 *   notifications, may skip payment: the missing parts' own calls, a partial
 *   failure and its retry;
 * - registrationHealth: Carlos Rivera, registered, California and Part D,
 *   missing health information only: the health lists, and no card field.
 * The person fills the sections in screen order (the rules themselves are
 * unit-tested in machines/member/rules/).
 */
import { GENERAL_ERROR_TEXT } from '../../machines/shared/rules/calls.ts';
import assert from 'node:assert/strict';
import type { EligibilityResult } from '../../machines/contract.ts';
import { errorsOf, registrationMachine } from '../../machines/member/registrationMachine.ts';
import { cardFieldState } from '../../machines/shared/rules/cardField.ts';
import { CONTACT_MESSAGES } from '../../machines/member/rules/contactInfo.ts';
import { notificationContact, phoneChangeable, tokenizeFailure, type PartResult, type RegistrationValues } from '../../machines/member/rules/registration.ts';
import { notificationOptions } from '../../machines/member/rules/notifications.ts';
import { actorDone as done, actorError, type MachineModel } from './harness.ts';

const GENERAL = 'Unable to process the request at this time. Please try after some time.';
const TODAY = '2026-11-24';
const ALERTS = { missingShippingAddress: false, missingContactPhoneNumber: false, missingPaymentInfo: false, missingNotificationPrefs: false, missingHealthInfo: false };
const coverage = (memberNumber: string) => ({ hqCode: 'HQ01', memberNumber, personCode: '01', relationshipCode: '1' });

export const JAMES_INFO: EligibilityResult = {
  patient: { patientId: null, firstName: 'JAMES', middleName: null, lastName: 'CARTER', gender: 'M', dateOfBirth: '1971-09-30', allowBillMeLater: false, coverage: coverage('MMA100002'), address: null, phone: null, email: null },
  registrationStatus: { isRegistered: false, isProfileLinked: false },
  isPartD: false,
  missingAlerts: { missingShippingAddress: true, missingContactPhoneNumber: true, missingPaymentInfo: true, missingNotificationPrefs: true, missingHealthInfo: true },
};
export const LINDA_INFO: EligibilityResult = {
  patient: {
    patientId: 1003, firstName: 'LINDA', middleName: null, lastName: 'NGUYEN', gender: 'F', dateOfBirth: '1949-01-05', allowBillMeLater: true, coverage: coverage('MMA100003'),
    address: { address1: '88 Saguaro Rd', city: 'TUCSON', state: 'AZ', postalCode: '85701' },
    phone: { areaCode: '602', phoneNumber: '5550123', phoneType: 1, isPrimary: true },
    email: 'linda.nguyen@example.com',
  },
  registrationStatus: { isRegistered: true, isProfileLinked: false },
  isPartD: false,
  missingAlerts: { ...ALERTS, missingPaymentInfo: true, missingNotificationPrefs: true },
};
export const CARLOS_INFO: EligibilityResult = {
  patient: {
    patientId: 1006, firstName: 'CARLOS', middleName: null, lastName: 'RIVERA', gender: 'M', dateOfBirth: '1965-03-08', allowBillMeLater: false, coverage: coverage('MMA100006'),
    address: { address1: '500 Ocean Ave', city: 'SAN DIEGO', state: 'CA', postalCode: '92101' },
    phone: { areaCode: '619', phoneNumber: '5550166', phoneType: 1, isPrimary: true },
    email: 'carlos.rivera@example.com',
  },
  registrationStatus: { isRegistered: true, isProfileLinked: true },
  isPartD: true,
  missingAlerts: { ...ALERTS, missingHealthInfo: true },
};

/** The tokenizer's origin in the models' sessions (the browser's driver points them at the run's own tokenizer). */
export const TOKENIZER = 'http://127.0.0.1:8182';
const VISA = cardFieldState('4111111111111111');
/** What the tokenizeCard actor makes of the gateway's TokenizedCard, whose last digits are required. */
const TOKEN = { pciToken: 'tok_model_0001', cardTypeNum: 1 as const, lastDigits: '1111' };
const PHOENIX = { city: 'PHOENIX', state: 'AZ', country: 'US', zipCode: '85001' };
const PEANUT = { ref: '00201', desc: 'PEANUT' };
const PENICILLIN = { ref: '00300', desc: 'PENICILLIN' };
const ASTHMA = { ref: 12, desc: 'ASTHMA' };

type Snapshot = Parameters<(typeof registrationModel)['serialize']>[0];
const c = (s: Snapshot) => s.context;
const none = (o: object) => Object.keys(o).length === 0;
const editing = (s: Snapshot) => s.matches({ filling: { form: 'editing', zip: 'idle', lookup: 'idle', dialog: 'closed' } });
/** The page is there to fill in: the card field and the common lists (when asked) are there, no lookup or dialog is under way. */
const open = (s: Snapshot) =>
  editing(s) &&
  (s.matches({ filling: { field: 'ready' } }) || s.matches({ filling: { field: 'off' } })) &&
  (s.matches({ filling: { health: 'ready' } }) || s.matches({ filling: { health: 'off' } }));

const done_ = {
  shipping: (s: Snapshot) => none(errorsOf(c(s)).shipping),
  contact: (s: Snapshot) => none(errorsOf(c(s)).contact),
  cardNumber: (s: Snapshot) => !c(s).cardField.empty,
  card: (s: Snapshot) => none(errorsOf(c(s)).payment),
  notification: (s: Snapshot) => none(errorsOf(c(s)).notification),
  allergies: (s: Snapshot) => !errorsOf(c(s)).allergies,
  conditions: (s: Snapshot) => !errorsOf(c(s)).conditions,
  privacy: (s: Snapshot) => none(errorsOf(c(s)).privacy),
};
const untouched = (l: RegistrationValues['allergies']) => !l.none && l.checked.length === 0 && l.rows.length === 0;
const nothingFilled = (s: Snapshot) => {
  const v = c(s).values;
  return v.shipping.line1 === '' && v.contact.phone === '' && v.notification.choice === null && !v.payment.skip && c(s).cardField.empty && untouched(v.allergies) && untouched(v.conditions);
};

/** Which sections are complete, and where the pipeline stands: enough to tell the screens apart. */
const serialize = (s: Snapshot) =>
  JSON.stringify([
    s.value,
    Object.values(done_).map((f) => (f(s) ? 1 : 0)).join(''),
    c(s).values.payment.skip,
    c(s).values.shipping.line1,
    c(s).values.shipping.zip,
    c(s).zipProblem?.kind ?? null,
    c(s).token !== null,
    c(s).validAddress !== null,
    c(s).saved,
    c(s).failures,
    c(s).values.allergies.rows.map((r) => r.picked?.desc ?? r.text),
    c(s).values.privacy.terms,
    c(s).suggestions && [c(s).suggestions!.items.length, c(s).suggestions!.failure],
  ]);

const invariants = {
  // The card number is never in the context: the hosted field holds it.
  registration: (s: Snapshot) => assert.doesNotMatch(JSON.stringify(s.context), /4111/),
  'registration.filling.form.submitting': (s: Snapshot) => assert.deepEqual(s.context.failures, []),
  'registration.filling.field.ready': (s: Snapshot) => assert.equal(s.context.serviceUrl, TOKENIZER),
  'registration.done': (s: Snapshot) => assert.ok(s.context.patientId !== null),
} as const;

/** The common lists as the gateway answers them: with their none entries, which the page leaves out. */
const COMMON = {
  allergies: [{ ref: '00153', desc: 'NO KNOWN DRUG ALLERGY' }, PEANUT],
  conditions: [{ ref: 0, desc: 'NO REPORTED MEDICAL CONDITIONS' }, ASTHMA],
};
const healthListEvents = [
  { label: 'the common allergies and conditions arrive', event: done('loadCommonLists', COMMON) },
  { label: 'the common lists cannot be loaded', event: actorError('loadCommonLists', { status: 500, displayText: GENERAL }) },
  { label: 'presses Try again for the lists', event: { type: 'health.retried' } },
] as const;

const fieldEvents = [
  { label: 'the card field opens', event: done('openField', { serviceUrl: TOKENIZER }) },
  { label: 'the card field cannot be opened', event: actorError('openField', { status: 503, displayText: GENERAL }) },
  { label: 'presses Try again', event: { type: 'field.retried' } },
] as const;
const agreementEvents = (after: (s: Snapshot) => boolean) =>
  [
    { label: 'opens the Terms of Use', event: { type: 'terms.opened' }, when: (s: Snapshot) => open(s) && after(s) && !c(s).values.privacy.terms },
    { label: "presses I'm Done", event: { type: 'terms.done' } },
    { label: 'closes the Terms of Use', event: { type: 'terms.closed' } },
    { label: 'ticks the privacy notice and the acknowledgement', event: { type: 'privacy.changed', values: { privacy: true, acknowledge: true } }, when: (s: Snapshot) => open(s) && c(s).values.privacy.terms && !done_.privacy(s) },
    { label: 'presses Next', event: { type: 'next.pressed' }, when: (s: Snapshot) => open(s) && done_.privacy(s) },
  ] as const;

export const registrationModel: MachineModel<typeof registrationMachine> = {
  name: 'registration',
  machine: registrationMachine,
  input: { member: JAMES_INFO, today: TODAY },
  events: [
    ...fieldEvents,
    ...healthListEvents,
    { label: 'presses Next with nothing filled in', event: { type: 'next.pressed' }, when: (s) => open(s) && nothingFilled(s) },
    { label: 'fills in the shipping address (Home, 12 Elm St, 85001)', event: { type: 'shipping.changed', values: { addressType: 1, line1: '12 Elm St', zip: '85001' } }, when: (s) => open(s) && c(s).values.shipping.line1 === '' },
    { label: 'the zip lookup answers Phoenix, AZ', event: done('lookupZip', [PHOENIX]) },
    { label: 'the zip lookup finds nothing', event: done('lookupZip', []) },
    { label: 'the zip lookup fails', event: actorError('lookupZip', { status: 500, displayText: GENERAL }) },
    // Search again beside the failure: the same zip looked up, nothing retyped.
    { label: 'presses Search again for the zip', event: { type: 'zip.retried' }, when: (s) => open(s) && c(s).zipProblem?.kind === 'failed' },
    // Typing the zip again retries the lookup. A person cannot type the same zip over itself (the field sends no
    // change for the same text, so the page never receives { zip: '85001' } for a zip of 85001): they delete its
    // last digit and type it again, which on the way clears the zip's city, state and "not found".
    { label: "deletes the zip's last digit", event: { type: 'shipping.changed', values: { zip: '8500' } }, when: (s) => open(s) && c(s).values.shipping.zip === '85001' && !done_.shipping(s) },
    { label: "types the zip's last digit again (85001)", event: { type: 'shipping.changed', values: { zip: '85001' } }, when: (s) => open(s) && c(s).values.shipping.zip === '8500' },
    { label: 'fills in the phone (602) 555-0123 (Mobile) and the email', event: { type: 'contact.changed', values: { phone: '(602) 555-0123', phoneType: 8, email: 'james.carter@example.com' } }, when: (s) => open(s) && done_.shipping(s) && c(s).values.contact.phone === '' },
    { label: 'types a Visa number in the card field', event: { type: 'cardNumber.changed', state: VISA }, when: (s) => open(s) && done_.contact(s) && c(s).cardField.empty },
    { label: 'fills in the name and expiry on the card', event: { type: 'payment.changed', values: { firstName: 'James', lastName: 'Carter', month: 8, year: 2030 } }, when: (s) => open(s) && done_.cardNumber(s) && c(s).values.payment.firstName === '' },
    { label: 'chooses SMS Text, Mountain time', event: { type: 'notification.changed', values: { choice: 'text', timeZone: 'M' } }, when: (s) => open(s) && done_.card(s) && c(s).values.notification.choice === null },
    { label: 'ticks No Known Allergies', event: { type: 'health.noneToggled', kind: 'allergies', none: true }, when: (s) => open(s) && done_.notification(s) && !done_.allergies(s) },
    { label: 'ticks Asthma', event: { type: 'health.commonToggled', kind: 'conditions', item: ASTHMA, on: true }, when: (s) => open(s) && done_.allergies(s) && !done_.conditions(s) },
    ...agreementEvents((s) => done_.conditions(s)),
    { label: 'the tokenizer answers a token', event: done('tokenizeCard', TOKEN) },
    { label: 'the tokenizer fails (502)', event: actorError('tokenizeCard', { status: 502, displayText: GENERAL }) },
    { label: 'the address is valid', event: done('validateAddress', { addressIsValid: true }) },
    { label: 'the address is not found', event: done('validateAddress', { addressIsValid: false, message: 'Address Not Found' }) },
    { label: 'the address check fails', event: actorError('validateAddress', { status: 500, displayText: GENERAL }) },
    { label: 'corrects the street to 14 Elm St', event: { type: 'shipping.changed', values: { line1: '14 Elm St' } }, when: (s) => open(s) && c(s).failures.includes(CONTACT_MESSAGES.invalidAddress) && c(s).values.shipping.line1 === '12 Elm St' },
    { label: 'the registration succeeds', event: done('register', { patientNum: 1042, accessToken: 'pt_model_registered' }) },
    { label: 'the registration fails', event: actorError('register', { status: 422, displayText: GENERAL_ERROR_TEXT, serverText: 'Payment method required.' }) },
  ],
  serialize,
  invariants: {
    ...invariants,
    'registration.filling.form.editing': (s) => {
      // After a failed step the banner says what failed; Next with errors lists them.
      if (s.context.failures.length) assert.ok(s.context.failures.every((f) => [CONTACT_MESSAGES.invalidAddress, GENERAL, tokenizeFailure(502), 'Payment method required.'].includes(f)));
      if (s.context.nextPressed && nothingFilled(s)) assert.ok(Object.keys(errorsOf(s.context).payment).length > 0);
    },
    'registration.filling.form.submitting.registering': (s) => assert.deepEqual(s.context.token, TOKEN),
  },
};

// A refused save reads section 8's general text: a refused call's own words never reach the screen
// (`failureText`), so the page's line is the general text whatever the server said.
const partsAnswer = (calls: PartResult['call'][], failing: PartResult['call'] | null): PartResult[] =>
  calls.map((call) => (call === failing ? { call, ok: false, message: GENERAL } : { call, ok: true }));

/** The number Linda adds in the Change Primary Phone modal: a Mobile one, so SMS Text is offered. */
const MOBILE_PRIMARY = { areaCode: '602', phoneNumber: '5550188', phoneType: 8, isPrimary: true as const };

export const registrationMissingModel: MachineModel<typeof registrationMachine> = {
  name: 'registrationMissing',
  machine: registrationMachine,
  input: { member: LINDA_INFO, today: TODAY },
  events: [
    ...fieldEvents,
    { label: 'skips payment', event: { type: 'payment.skipped', skip: true }, when: (s) => open(s) && nothingFilled(s) },
    { label: 'types a Visa number in the card field', event: { type: 'cardNumber.changed', state: VISA }, when: (s) => open(s) && nothingFilled(s) },
    { label: 'fills in the name and expiry on the card', event: { type: 'payment.changed', values: { firstName: 'Linda', lastName: 'Nguyen', month: 1, year: 2029 } }, when: (s) => open(s) && done_.cardNumber(s) && c(s).values.payment.firstName === '' },
    { label: 'chooses Email', event: { type: 'notification.changed', values: { choice: 'email' } }, when: (s) => open(s) && done_.card(s) && c(s).values.notification.choice === null },
    // Her notifications follow her primary phone, a Home one (the contact is not asked): Change Primary Phone, once, before she chooses.
    { label: 'presses Change Primary Phone', event: { type: 'phone.opened' }, when: (s) => open(s) && nothingFilled(s) && c(s).member.patient.phone?.phoneType === 1 },
    { label: 'closes the phone modal', event: { type: 'phone.closed' } },
    { label: 'adds a Mobile number as her primary phone', event: done('phoneChange', { part: 'phone', primary: MOBILE_PRIMARY }) },
    ...agreementEvents((s) => done_.notification(s)),
    { label: 'the tokenizer answers a token', event: done('tokenizeCard', TOKEN) },
    { label: 'the card and the notification preference are saved', event: done('saveParts', partsAnswer(['payment', 'notification'], null)), when: (s) => !s.context.values.payment.skip && s.context.saved.length === 0 },
    { label: 'the card is saved, the notification preference is refused', event: done('saveParts', partsAnswer(['payment', 'notification'], 'notification')), when: (s) => !s.context.values.payment.skip && s.context.saved.length === 0 },
    { label: 'the notification preference is saved', event: done('saveParts', partsAnswer(['notification'], null)), when: (s) => s.context.values.payment.skip || s.context.saved.includes('payment') },
    // No 'the saving fails' (an error event of saveParts): the actor catches every call's failure and resolves
    // with each call's outcome (src/flows/member/registrationActors.ts), so the page never sees it; a refused
    // call is the partial failure above.
  ],
  serialize,
  invariants: {
    ...invariants,
    // A retry sends only what failed: the card saved before stays saved.
    'registration.filling.form.submitting.savingParts': (s) => {
      if (s.context.saved.length) assert.deepEqual(s.context.saved, ['payment']);
      assert.equal(s.context.token !== null, !s.context.values.payment.skip);
    },
    'registration.filling.form.editing': (s) => {
      if (s.context.failures.length) assert.deepEqual(s.context.failures, [`Notification preferences: ${GENERAL}`]);
    },
    // The modal is offered to her (notifications asked, the contact not), and not while Next is sending.
    'registration.filling.dialog.phone': (s) => assert.ok(phoneChangeable(s.context.member) && !s.matches({ filling: { form: 'submitting' } })),
    // Her choices follow the primary phone: SMS Text only once it is a Mobile number.
    'registration.filling.dialog.closed': (s) => {
      const text = notificationOptions(notificationContact(s.context)).find((o) => o.key === 'text')!;
      assert.equal(text.unavailable === null, s.context.member.patient.phone?.phoneType === 8);
    },
  },
};

export const registrationHealthModel: MachineModel<typeof registrationMachine> = {
  name: 'registrationHealth',
  machine: registrationMachine,
  input: { member: CARLOS_INFO, today: TODAY },
  events: [
    ...healthListEvents,
    { label: 'presses Next with nothing filled in', event: { type: 'next.pressed' }, when: (s) => open(s) && nothingFilled(s) },
    { label: 'ticks Peanut', event: { type: 'health.commonToggled', kind: 'allergies', item: PEANUT, on: true }, when: (s) => open(s) && !done_.allergies(s) && c(s).values.allergies.rows.length === 0 },
    { label: 'adds an allergy row', event: { type: 'health.rowAdded', kind: 'allergies' }, when: (s) => open(s) && done_.allergies(s) && c(s).values.allergies.rows.length === 0 },
    { label: 'types "pen" in the row', event: { type: 'health.rowTyped', kind: 'allergies', id: 1, text: 'pen' }, when: (s) => open(s) && c(s).values.allergies.rows[0]?.text === '' },
    { label: 'the lookup suggests Penicillin', event: done('lookupHealth', [PENICILLIN]) },
    { label: 'the lookup fails', event: actorError('lookupHealth', { status: 500, displayText: GENERAL }) },
    { label: 'presses Search again in the row', event: { type: 'health.lookupRetried', kind: 'allergies', id: 1 }, when: (s) => open(s) && s.matches({ filling: { lookup: 'idle' } }) && c(s).suggestions?.failure != null },
    { label: 'picks Penicillin', event: { type: 'health.rowPicked', kind: 'allergies', id: 1, item: PENICILLIN }, when: (s) => open(s) && c(s).values.allergies.rows[0]?.text === 'pen' && c(s).suggestions?.items.length === 1 },
    { label: 'removes the row', event: { type: 'health.rowRemoved', kind: 'allergies', id: 1 }, when: (s) => open(s) && c(s).values.allergies.rows[0]?.text === 'pen' },
    { label: 'ticks No Reported Health Conditions', event: { type: 'health.noneToggled', kind: 'conditions', none: true }, when: (s) => open(s) && done_.allergies(s) && c(s).values.allergies.rows.every((r) => r.picked) && !done_.conditions(s) },
    ...agreementEvents((s) => done_.conditions(s)),
    { label: 'the allergies and conditions are saved', event: done('saveParts', partsAnswer(['allergies', 'conditions'], null)) },
  ],
  serialize,
  invariants: {
    ...invariants,
    'registration.filling.field.off': (s) => assert.equal(s.context.serviceUrl, null),
    // The common lists leave out their none entries (section 9).
    'registration.filling.health.ready': (s) => assert.deepEqual(s.context.common, { allergies: [PEANUT], conditions: [ASTHMA] }),
    'registration.filling.lookup.looking': (s) => assert.equal(s.context.suggestions, null),
    'registration.filling.form.editing': (s) => {
      if (s.context.nextPressed && nothingFilled(s)) {
        const errors = errorsOf(s.context);
        assert.equal(errors.allergies, 'Please select at least one allergy or select None');
        assert.equal(errors.conditions, 'Please select at least one health condition or select None');
        assert.equal(errors.payment.cardNumber, undefined);
      }
    },
  },
};


/** Maria Lopez: registered, nothing missing. */
export const MARIA_INFO: EligibilityResult = {
  ...LINDA_INFO,
  patient: { ...LINDA_INFO.patient, patientId: 1001, firstName: 'MARIA', lastName: 'LOPEZ', dateOfBirth: '1958-04-12', coverage: coverage('MMA100001'), email: 'maria.lopez@example.com' },
  missingAlerts: ALERTS,
};

/**
 * A registered member with nothing missing (Maria Lopez): the page is not
 * shown, the machine is done at once and the flow goes on to review.
 */
export const registrationNothingMissingModel: MachineModel<typeof registrationMachine> = {
  name: 'registrationNothingMissing',
  machine: registrationMachine,
  input: { member: MARIA_INFO, today: TODAY },
  events: [],
  serialize,
  invariants: {
    ...invariants,
    // Nothing is asked and nothing is sent.
    'registration.done': (s) => {
      assert.equal(s.context.patientId, 1001);
      assert.deepEqual(s.context.saved, []);
    },
  },
};
