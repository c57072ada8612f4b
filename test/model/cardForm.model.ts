/**
 * The card form's model (the Easy Fill payment modal): its events once, with
 * payloads and labels, and the invariants of each state, above all that the
 * card number is never in the context: the hosted field (another origin)
 * holds it and reports only its state. The person fills the fields in screen
 * order; the rules themselves are unit-tested in machines/shared/rules/.
 */
// node:assert, not a runner's expect: the models run in vitest and in Playwright.
import { GENERAL_ERROR_TEXT } from '../../machines/shared/rules/calls.ts';
import assert from 'node:assert/strict';
import { cardFormMachine, errorsOf, shownErrors, type CardField, type CardFormContext } from '../../machines/shared/cardFormMachine.ts';
import { CARD_MESSAGES, cardSaveBody } from '../../machines/shared/rules/cardForm.ts';
import { cardFieldState } from '../../machines/shared/rules/cardField.ts';
import { actorDone as done, actorError, type MachineModel } from './harness.ts';

const GENERAL = 'Unable to process the request at this time. Please try after some time.';
/** A Visa test card; the model types it, the context must never hold it. */
export const CARD_NUMBER = '4111111111111111';
/** The reference tokenizer's origin in the browser tests (playwright.config.ts). */
export const TOKENIZER = 'http://127.0.0.1:8182';
const session = (n: number) => ({ merchantId: 'MMAR-REFERENCE-MERCHANT', accessToken: `tzs_session_000${n}`, serviceUrl: TOKENIZER });

const empty = (c: CardFormContext) => c.values.firstName === '' && c.number.empty && c.held === null && c.values.month === null;
const complete = (c: CardFormContext) => Object.keys(errorsOf(c)).length === 0;
/** The number is typed, or the tokenizer holds it. */
const numberGiven = (c: CardFormContext) => !c.number.empty || c.held !== null;
/** After leaving the first name empty, or pressing Save on the empty form, the model only shows the error going away. */
const errorBranch = (c: CardFormContext) => c.values.lastName === '' && (c.submitted || c.touched.includes('firstName'));
const FAILURES = [null, GENERAL, CARD_MESSAGES.provider(410), CARD_MESSAGES.provider(503), CARD_MESSAGES.numberAgain, 'Card Expiration is invalid'];

export const cardFormModel: MachineModel<typeof cardFormMachine> = {
  name: 'cardForm',
  machine: cardFormMachine,
  input: { today: '2026-11-22' },
  events: [
    { label: 'the card field opens', event: done('openField', session(1)) },
    { label: 'the card field cannot be opened (503)', event: actorError('openField', { status: 503, displayText: GENERAL }) },
    { label: 'the tokenizer names an address the field cannot be shown from', event: done('openField', { ...session(1), serviceUrl: 'http://cards.example.org' }) },
    { label: 'presses Try again', event: { type: 'field.retried' } },
    { label: 'leaves the first name empty', event: { type: 'field.blurred', field: 'firstName' }, when: (s) => empty(s.context) && !s.context.touched.includes('firstName') && !s.context.submitted },
    { label: 'types the first name "Maria"', event: { type: 'firstName.changed', text: 'Maria' }, when: (s) => s.context.values.firstName === '' },
    { label: 'types the last name "Lopez"', event: { type: 'lastName.changed', text: 'Lopez' }, when: (s) => s.context.values.firstName !== '' && s.context.values.lastName === '' && !errorBranch(s.context) },
    // Typed with spaces, as printed, into the hosted field; after a failure it replaces the number the tokenizer holds.
    {
      label: 'types the card number "4111 1111 1111 1111"',
      event: { type: 'cardNumber.changed', state: cardFieldState(CARD_NUMBER) },
      when: (s) => s.context.values.lastName !== '' && s.context.number.empty,
    },
    { label: 'picks the month 12', event: { type: 'expiryMonth.changed', month: 12 }, when: (s) => numberGiven(s.context) && s.context.values.month === null },
    { label: 'picks the year 2030', event: { type: 'expiryYear.changed', year: 2030 }, when: (s) => s.context.values.month !== null && s.context.values.year === null },
    // These change only the body sent: once, on the way to a first Save.
    { label: 'ticks "This is an FSA or HSA card"', event: { type: 'fsa.changed', checked: true }, when: (s) => s.context.values.year !== null && !s.context.values.isFsa && !s.context.submitted },
    {
      label: 'unticks "Make this my default card"',
      event: { type: 'default.changed', checked: false },
      when: (s) => s.context.values.year !== null && s.context.values.isDefault && !s.context.submitted,
    },
    // The number shows Visa; she says it is a Mastercard (section 4: the type can be overridden), once, before a first Save.
    { label: 'picks Mastercard as the card type', event: { type: 'cardType.changed', cardType: 2 }, when: (s) => s.context.values.year !== null && s.context.values.cardType === null && !s.context.submitted },
    // Save with the form empty, or complete (also after a failure, going on from what the tokenizer holds).
    { label: 'presses Save', event: { type: 'save.submitted' }, when: (s) => (empty(s.context) && !s.context.submitted) || complete(s.context) },
    { label: 'another tokenizer session opens', event: done('getTokenizerCredentials', session(2)) },
    { label: 'another tokenizer session cannot be opened (503)', event: actorError('getTokenizerCredentials', { status: 503, displayText: GENERAL }) },
    { label: 'the tokenizer accepts the number', event: done('tokenizeCard', undefined) },
    { label: 'the tokenizer session has expired (410)', event: actorError('tokenizeCard', { status: 410, displayText: 'Tokenizer session expired.' }) },
    { label: 'the tokenizer is unavailable (503)', event: actorError('tokenizeCard', { status: 503, displayText: 'The card tokenizer is unavailable.' }) },
    { label: 'the card token comes back', event: done('getTokenizedCard', { pciToken: 'tok_0123456789abcdef', lastDigits: '1111', cardTypeNum: 1 }) },
    { label: 'the tokenizer has no card for the session (404)', event: actorError('getTokenizedCard', { status: 404, displayText: 'No card was posted for this access token.' }) },
    { label: 'fetching the card token fails', event: actorError('getTokenizedCard', { status: 500, displayText: GENERAL }) },
    { label: 'the card is saved', event: done('saveCard', 9) },
    { label: 'saving the card is refused (422)', event: actorError('saveCard', { status: 422, displayText: GENERAL_ERROR_TEXT, serverText: 'Card Expiration is invalid' }) },
  ],
  // What makes two snapshots different screens: the state, which fields are filled, what the tokenizer holds, what is shown.
  serialize: (s) => {
    const c = s.context;
    const v = c.values;
    const held = c.held === null ? null : c.held.pciToken === null ? 'number' : 'token';
    return JSON.stringify([
      s.value,
      [v.firstName !== '', v.lastName !== '', !c.number.empty, v.month !== null, v.year !== null].map(Number).join(''),
      held,
      c.session?.accessToken ?? null,
      c.submitted,
      c.failure,
      c.touched.includes('firstName'),
    ]);
  },
  invariants: {
    // The number is never in the portal's state, in any state.
    cardForm: (s) => assert.ok(!JSON.stringify(s.context).includes(CARD_NUMBER), 'the card number is in the context'),
    'cardForm.opening': (s) => {
      assert.equal(s.hasTag('fieldLoading'), true);
      assert.equal(s.context.serviceUrl, null);
    },
    'cardForm.unavailable': (s) => {
      assert.ok([GENERAL, CARD_MESSAGES.fieldUnavailable].includes(s.context.failure!), `unexpected failure ${s.context.failure}`);
      assert.equal(s.context.serviceUrl, null);
    },
    'cardForm.editing': (s) => {
      assert.equal(s.context.serviceUrl, TOKENIZER);
      if (s.context.submitted) assert.deepEqual(shownErrors(s.context), errorsOf(s.context));
      // Before a Save, only a field changed and left shows its error: tabbing through shows nothing.
      else for (const f of Object.keys(shownErrors(s.context)) as CardField[]) assert.ok(s.context.edited.includes(f) && s.context.touched.includes(f), `${f} shows an error untouched`);
      assert.ok(s.context.touched.every((f) => s.context.edited.includes(f)), 'a field left unchanged counts as touched');
      if (s.context.held) assert.equal(s.context.number.empty, true);
      assert.ok(FAILURES.includes(s.context.failure), `unexpected failure ${s.context.failure}`);
    },
    'cardForm.saving': (s) => {
      assert.equal(s.hasTag('pending'), true);
      assert.equal(s.context.failure, null);
      assert.deepEqual(errorsOf(s.context), {});
    },
    'cardForm.saving.opening': (s) => {
      assert.equal(s.context.held, null);
      assert.equal(s.context.session, null);
      assert.equal(s.context.number.valid, true);
    },
    'cardForm.saving.tokenizing': (s) => {
      assert.match(s.context.session?.accessToken ?? '', /^tzs_session_000[12]$/);
      assert.equal(s.context.number.valid, true);
    },
    'cardForm.saving.fetching': (s) => {
      assert.equal(s.context.number.empty, true);
      assert.deepEqual([s.context.held?.lastDigits, s.context.held?.pciToken, s.context.held?.cardTypeNum], [null, null, 1]);
    },
    'cardForm.saving.storing': (s) => {
      assert.deepEqual([s.context.held?.pciToken, s.context.held?.lastDigits, s.context.held?.cardTypeNum], ['tok_0123456789abcdef', '1111', 1]);
      // The type she picked wins over the tokenizer's.
      assert.equal(cardSaveBody(s.context.values, { pciToken: s.context.held!.pciToken!, cardTypeNum: s.context.held!.cardTypeNum }).cardTypeNum, s.context.values.cardType ?? 1);
    },
    'cardForm.saved': (s) => assert.equal(s.status, 'done'),
  },
};

/** Maria's Discover on file, past its expiry (10/2026; today 2026-11-22): the review page's Edit. */
const EXPIRED_DISCOVER = {
  paymentMethodId: 7,
  values: { firstName: 'Maria', lastName: 'Lopez', month: 10, year: 2026, isFsa: false, isDefault: false, cardType: null },
  lastDigits: '1117',
  pciToken: 'tok_disc',
  cardTypeNum: 3 as const,
};

/**
 * The same form editing a card on file (the review page's payment modal):
 * no hosted field opens (the number cannot change, its token stays); the
 * expired expiry must be renewed before Save; the save PUTs over the card.
 */
export const cardEditModel: MachineModel<typeof cardFormMachine> = {
  name: 'cardEdit',
  machine: cardFormMachine,
  input: { today: '2026-11-22', review: { editing: EXPIRED_DISCOVER } },
  events: [
    { label: 'presses Save', event: { type: 'save.submitted' } },
    { label: 'picks the year 2030', event: { type: 'expiryYear.changed', year: 2030 }, when: (s) => s.context.values.year === 2026 },
    { label: 'leaves the year', event: { type: 'field.blurred', field: 'year' }, when: (s) => !s.context.touched.includes('year') },
    { label: 'ticks "Make this my default card"', event: { type: 'default.changed', checked: true }, when: (s) => !s.context.values.isDefault && s.context.values.year === 2030 },
    { label: 'the card is saved', event: done('saveCard', 7) },
    { label: 'saving the card is refused (422)', event: actorError('saveCard', { status: 422, displayText: GENERAL_ERROR_TEXT, serverText: 'Card Expiration is invalid' }) },
  ],
  serialize: (s) => JSON.stringify([s.value, s.context.values.year, s.context.values.isDefault, s.context.touched, s.context.submitted, s.context.failure]),
  invariants: {
    'cardForm.editing': (s) => {
      // No card field: the number stays with the token on file.
      assert.equal(s.context.serviceUrl, null);
      assert.deepEqual([s.context.held?.pciToken, s.context.held?.lastDigits], ['tok_disc', '1117']);
      // Its expiry has passed: Save is refused with the specification's message until a new one is picked.
      if (s.context.values.year === 2026) assert.equal(errorsOf(s.context).month, CARD_MESSAGES.expiryInvalid);
      else assert.deepEqual(errorsOf(s.context), {});
    },
    // Straight to the save: nothing is tokenized again.
    'cardForm.saving.storing': (s) => {
      assert.equal(s.context.paymentMethodId, 7);
      assert.equal(s.context.values.year, 2030);
      assert.equal(s.context.session, null);
    },
    'cardForm.saved': (s) => assert.equal(s.status, 'done'),
  },
};
