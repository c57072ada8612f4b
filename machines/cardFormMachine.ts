/**
 * The form of the Easy Fill payment modal (link-flows-and-public-pages.md
 * sections 3 and 7; the card rules of member-transfer-flow.md sections 5 and
 * 7): names on the card, number, expiry, FSA/HSA, default card. Save
 * tokenizes, then saves:
 *   opening     GET  /gwapi/Payment/PaymetricCredentials   (a tokenizer session)
 *   tokenizing  POST ${serviceUrl}/cards                    (the number, and only there)
 *   fetching    GET  /gwapi/Payment/GetTokenizedCardNumber (the pciToken)
 *   storing     POST /gwapi/easyfill/paymentmethods        (CardSave: the pciToken, never the number)
 *
 * The number is in the context only from typing until the tokenizer accepts
 * it; then only its last 4 digits are kept. A later failure keeps what the
 * tokenizer holds, so Save again goes on from where it stopped; typing a new
 * number starts over. Errors show once a field is left, or all at once after
 * a Save; a Save with errors moves the focus to the first invalid field.
 *
 * Side effects are named: the actors `getTokenizerCredentials`,
 * `tokenizeCard`, `getTokenizedCard` and `saveCard`, the actions `focusField`
 * and `reportSaved`. src/ provides them with `.provide()`. Today comes in as input.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { DetectedCardType } from './rules/cardNumber.ts';
import {
  CARD_FIELDS,
  CARD_MESSAGES,
  CARD_TYPE_NAMES,
  cardErrors,
  cardSaveBody,
  cleanCardNumber,
  EMPTY_CARD,
  validCardType,
  type CardErrors,
  type CardField,
  type CardSave,
  type CardTypeNum,
  type CardValues,
  type TokenizedCard,
  type TokenizerCredentials,
} from './rules/cardForm.ts';

export type { CardField, CardSave, TokenizedCard, TokenizerCredentials };

export interface CardFormInput {
  /** Today, YYYY-MM-DD: the expiry may not be in the past, and the years offered start here. */
  today: string;
}

/** A failed call as the actors report it (GatewayCallError carries these). */
export interface CallFailure {
  status: number;
  displayText: string;
}

export interface TokenizeCardInput {
  serviceUrl: string;
  accessToken: string;
  cardNumber: string;
}

/** What stands for the number once the tokenizer has accepted it. */
export interface HeldCard {
  /** The tokenizer session that holds the number. */
  accessToken: string;
  lastDigits: string;
  detectedType: DetectedCardType;
  /** Once fetched (step 3). */
  pciToken: string | null;
  cardTypeNum: CardTypeNum;
}

export interface CardFormContext {
  today: string;
  values: CardValues;
  /** The tokenizer session opened for this Save (step 1), until the number is posted. */
  session: TokenizerCredentials | null;
  held: HeldCard | null;
  touched: CardField[];
  submitted: boolean;
  failure: string | null;
}

export type CardFormEvent =
  | { type: 'firstName.changed'; text: string }
  | { type: 'lastName.changed'; text: string }
  | { type: 'cardNumber.changed'; text: string }
  | { type: 'expiryMonth.changed'; month: number | null }
  | { type: 'expiryYear.changed'; year: number | null }
  | { type: 'fsa.changed'; checked: boolean }
  | { type: 'default.changed'; checked: boolean }
  | { type: 'field.blurred'; field: CardField }
  | { type: 'save.submitted' };

/** Every field's error, shown or not. */
export const errorsOf = (c: CardFormContext): CardErrors => cardErrors({ values: c.values, numberHeld: c.held !== null, today: c.today });

/** The errors the person sees: every one after a Save, else those of the fields left. */
export function shownErrors(c: CardFormContext): CardErrors {
  const all = errorsOf(c);
  if (c.submitted) return all;
  return Object.fromEntries(Object.entries(all).filter(([f]) => c.touched.includes(f as CardField)));
}

/** Under the number: the detected type, or which card the tokenizer holds. */
export function cardNumberNote(c: CardFormContext): string | undefined {
  if (c.held && !c.values.cardNumber) {
    return `${CARD_TYPE_NAMES[c.held.cardTypeNum]} ending in ${c.held.lastDigits} is ready to save. To use another card, type its number.`;
  }
  const type = validCardType(c.values.cardNumber);
  return type === null ? undefined : CARD_TYPE_NAMES[type];
}

const firstInvalidField = (c: CardFormContext): CardField => {
  const errors = errorsOf(c);
  return CARD_FIELDS.find((f) => errors[f] !== undefined) ?? 'firstName';
};

export const cardFormMachine = setup({
  types: {
    context: {} as CardFormContext,
    events: {} as CardFormEvent,
    input: {} as CardFormInput,
  },
  actors: {
    getTokenizerCredentials: fromPromise<TokenizerCredentials>(async () => {
      throw new Error('getTokenizerCredentials is provided by src/');
    }),
    tokenizeCard: fromPromise<void, TokenizeCardInput>(async () => {
      throw new Error('tokenizeCard is provided by src/');
    }),
    getTokenizedCard: fromPromise<TokenizedCard, { accessToken: string }>(async () => {
      throw new Error('getTokenizedCard is provided by src/');
    }),
    saveCard: fromPromise<number, CardSave>(async () => {
      throw new Error('saveCard is provided by src/');
    }),
  },
  actions: {
    focusField: (_, _params: { field: CardField }) => {
      /* provided by src/: moves the focus to the field */
    },
    reportSaved: () => {
      /* provided by src/: tells the page a card was added */
    },
  },
  guards: {
    formValid: ({ context }) => Object.keys(errorsOf(context)).length === 0,
    hasToken: ({ context }) => context.held?.pciToken != null,
    numberHeld: ({ context }) => context.held !== null,
    /** The tokenizer no longer has the number (404), or the session is over (410). */
    numberLost: (_, failure: CallFailure) => failure.status === 404 || failure.status === 410,
  },
}).createMachine({
  id: 'cardForm',
  context: ({ input }) => ({ today: input.today, values: EMPTY_CARD, session: null, held: null, touched: [], submitted: false, failure: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'firstName.changed': { actions: assign({ values: ({ context, event }) => ({ ...context.values, firstName: event.text }) }) },
        'lastName.changed': { actions: assign({ values: ({ context, event }) => ({ ...context.values, lastName: event.text }) }) },
        // Typing a number replaces the one the tokenizer holds.
        'cardNumber.changed': {
          actions: assign(({ context, event }) => {
            const cardNumber = cleanCardNumber(event.text);
            return { values: { ...context.values, cardNumber }, held: cardNumber ? null : context.held };
          }),
        },
        'expiryMonth.changed': { actions: assign({ values: ({ context, event }) => ({ ...context.values, month: event.month }) }) },
        'expiryYear.changed': { actions: assign({ values: ({ context, event }) => ({ ...context.values, year: event.year }) }) },
        'fsa.changed': { actions: assign({ values: ({ context, event }) => ({ ...context.values, isFsa: event.checked }) }) },
        'default.changed': { actions: assign({ values: ({ context, event }) => ({ ...context.values, isDefault: event.checked }) }) },
        'field.blurred': {
          actions: assign({ touched: ({ context, event }) => (context.touched.includes(event.field) ? context.touched : [...context.touched, event.field]) }),
        },
        'save.submitted': [
          { guard: 'formValid', target: 'saving', actions: assign({ submitted: true, failure: null }) },
          {
            actions: [
              assign({ submitted: true, failure: null }),
              { type: 'focusField', params: ({ context }) => ({ field: firstInvalidField(context) }) },
            ],
          },
        ],
      },
    },
    saving: {
      tags: ['pending'],
      initial: 'resuming',
      states: {
        /** Goes on from what the tokenizer already holds. */
        resuming: {
          always: [{ guard: 'hasToken', target: 'storing' }, { guard: 'numberHeld', target: 'fetching' }, { target: 'opening' }],
        },
        opening: {
          invoke: {
            id: 'getTokenizerCredentials',
            src: 'getTokenizerCredentials',
            onDone: { target: 'tokenizing', actions: assign({ session: ({ event }) => event.output }) },
            onError: { target: '#cardForm.editing', actions: assign({ failure: ({ event }) => (event.error as CallFailure).displayText }) },
          },
        },
        tokenizing: {
          invoke: {
            id: 'tokenizeCard',
            src: 'tokenizeCard',
            input: ({ context }) => ({ serviceUrl: context.session!.serviceUrl, accessToken: context.session!.accessToken, cardNumber: context.values.cardNumber }),
            // Accepted: from here on only the last 4 digits.
            onDone: {
              target: 'fetching',
              actions: assign(({ context }) => {
                const type = validCardType(context.values.cardNumber)!;
                return {
                  held: { accessToken: context.session!.accessToken, lastDigits: context.values.cardNumber.slice(-4), detectedType: type, pciToken: null, cardTypeNum: type },
                  session: null,
                  values: { ...context.values, cardNumber: '' },
                };
              }),
            },
            // The card provider's own message (member-transfer-flow.md section 8); the number stays for another try.
            onError: {
              target: '#cardForm.editing',
              actions: assign({ session: null, failure: ({ event }) => CARD_MESSAGES.provider((event.error as CallFailure).status) }),
            },
          },
        },
        fetching: {
          invoke: {
            id: 'getTokenizedCard',
            src: 'getTokenizedCard',
            input: ({ context }) => ({ accessToken: context.held!.accessToken }),
            onDone: {
              target: 'storing',
              actions: assign({
                held: ({ context, event }) => ({ ...context.held!, pciToken: event.output.pciToken, cardTypeNum: event.output.cardTypeNum ?? context.held!.detectedType }),
              }),
            },
            onError: [
              {
                guard: { type: 'numberLost', params: ({ event }) => event.error as CallFailure },
                target: '#cardForm.editing',
                actions: assign({ held: null, failure: CARD_MESSAGES.numberAgain }),
              },
              { target: '#cardForm.editing', actions: assign({ failure: ({ event }) => (event.error as CallFailure).displayText }) },
            ],
          },
        },
        storing: {
          invoke: {
            id: 'saveCard',
            src: 'saveCard',
            input: ({ context }) => cardSaveBody(context.values, { pciToken: context.held!.pciToken!, cardTypeNum: context.held!.cardTypeNum }),
            onDone: { target: '#cardForm.saved', actions: 'reportSaved' },
            onError: { target: '#cardForm.editing', actions: assign({ failure: ({ event }) => (event.error as CallFailure).displayText }) },
          },
        },
      },
    },
    saved: { type: 'final' },
  },
});
