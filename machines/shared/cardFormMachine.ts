/**
 * The form of the Easy Fill payment modal (link-flows-and-public-pages.md
 * sections 3 and 7; the card rules of member-transfer-flow.md sections 5 and
 * 7): names on the card, number, expiry, FSA/HSA, default card.
 *
 * The card number is typed into the hosted card field: a page of the
 * tokenizer's own origin in an iframe (machines/shared/rules/cardField.ts). This
 * machine never holds it: it gets the field's state (empty, length class,
 * brand, valid) and asks the field to tokenize.
 *   opening     GET  /gwapi/Payment/PaymetricCredentials   (a tokenizer session, and where its field is)
 *   tokenizing  the field posts the number to ${serviceUrl}/cards (the tokenizer's own origin)
 *   fetching    GET  /gwapi/Payment/GetTokenizedCardNumber (the pciToken, the last 4 digits)
 *   storing     POST /gwapi/easyfill/paymentmethods        (CardSave: the pciToken, never the number)
 *
 * The session opens with the form (the field's address comes with it); Save
 * enables once it is open ("hosted tokenization must finish before Add or
 * Update is enabled"). A later failure keeps what the tokenizer holds, so
 * Save again goes on from where it stopped; typing a new number starts over.
 * A field's error shows once the person has changed the field and left it
 * (merely tabbing through an empty field shows nothing: it is not an error yet), or all
 * at once after a Save; a Save with errors moves the focus to the first
 * invalid field.
 *
 * Side effects are named: the actors `getTokenizerCredentials`,
 * `tokenizeCard` (the field does it), `getTokenizedCard` and `saveCard`, the
 * actions `focusField` and `reportSaved`. src/ provides them with
 * `.provide()`. Today comes in as input.
 */
import { assign, fromPromise, setup } from 'xstate';
import { cardFieldUrl, EMPTY_CARD_FIELD, type CardFieldState } from './rules/cardField.ts';
import {
  CARD_FIELDS,
  CARD_MESSAGES,
  cardErrors,
  cardSaveBody,
  EMPTY_CARD,
  type CardErrors,
  type CardField,
  type CardSave,
  type CardTypeNum,
  type CardValues,
  type TokenizedCard,
  type TokenizerCredentials,
  cardNumberNoteOf,
} from './rules/cardForm.ts';
import type { CallFailure } from './rules/calls.ts';

export type { CardField, CardSave, TokenizedCard, TokenizerCredentials };

/** The save: POST a new card, or PUT over the one edited (paymentMethodId). */
export type CardSaveInput = CardSave & { paymentMethodId?: number };

export interface CardFormInput {
  /** Today, YYYY-MM-DD: the expiry may not be in the past, and the years offered start here. */
  today: string;
  /**
   * The review page's payment modal: a card on file to edit (its number stays:
   * the tokenizer's token for it is kept), or null for a new card; a failed
   * tokenizing then shows the general text with 'Card Tokenization.' (section
   * 8). Absent in Easy Fill.
   */
  review?: { editing: SavedCardInput | null };
}

/** A card on file as the edit form starts from it. */
export interface SavedCardInput {
  paymentMethodId: number;
  values: CardValues;
  lastDigits: string;
  pciToken: string;
  cardTypeNum: CardTypeNum;
}

export type { CallFailure };

/** The field posts the number it holds; the portal gives only the session. */
export interface TokenizeCardInput {
  accessToken: string;
}

/** What stands for the number once the tokenizer has accepted it. */
export interface HeldCard {
  /** The tokenizer session that holds the number. */
  accessToken: string;
  /** Once fetched (step 3). */
  lastDigits: string | null;
  /** The type the number showed (the fallback when the tokenizer names none). */
  detectedType: CardTypeNum;
  /** Once fetched (step 3). */
  pciToken: string | null;
  cardTypeNum: CardTypeNum;
}

export interface CardFormContext {
  today: string;
  /** The review page's modal (its tokenizing failure text differs). */
  review: boolean;
  /** The card on file being edited (its number cannot change); null for a new card. */
  paymentMethodId: number | null;
  values: CardValues;
  /** What the hosted field says of the number it holds. */
  number: CardFieldState;
  /** The tokenizer's address (its field page is there), from the first session. */
  serviceUrl: string | null;
  /** The tokenizer session open for the next tokenizing, until it expires. */
  session: TokenizerCredentials | null;
  held: HeldCard | null;
  /** Fields the person has changed (typed in, picked, cleared). */
  edited: CardField[];
  /** Fields the person has changed and then left: their errors show. */
  touched: CardField[];
  submitted: boolean;
  failure: string | null;
}

export type CardFormEvent =
  | { type: 'firstName.changed'; text: string }
  | { type: 'lastName.changed'; text: string }
  | { type: 'cardNumber.changed'; state: CardFieldState }
  | { type: 'field.retried' }
  | { type: 'expiryMonth.changed'; month: number | null }
  | { type: 'expiryYear.changed'; year: number | null }
  | { type: 'fsa.changed'; checked: boolean }
  | { type: 'default.changed'; checked: boolean }
  /** The card type picked over the one the number shows (section 4: "can be overridden"). */
  | { type: 'cardType.changed'; cardType: CardTypeNum }
  | { type: 'field.blurred'; field: CardField }
  | { type: 'save.submitted' };

/** Every field's error, shown or not. */
export const errorsOf = (c: CardFormContext): CardErrors => cardErrors({ values: c.values, number: c.number, numberHeld: c.held !== null, today: c.today });

/** The errors the person sees: every one after a Save, else those of the fields changed and left. */
export function shownErrors(c: CardFormContext): CardErrors {
  const all = errorsOf(c);
  if (c.submitted) return all;
  return Object.fromEntries(Object.entries(all).filter(([f]) => c.touched.includes(f as CardField)));
}

/** Under the number: the detected type, or which card the tokenizer holds. */
export function cardNumberNote(c: CardFormContext): string | undefined {
  return cardNumberNoteOf(c.held, c.number);
}

/** The hosted field's page, once a session has said where the tokenizer is. */
export const fieldUrlOf = (c: CardFormContext): string | null => (c.serviceUrl === null ? null : (cardFieldUrl(c.serviceUrl)?.href ?? null));

/** The fields the portal's page holds, editable once the card field is there and while not saving (the actions are named in setup). */
/** The card provider's failure: its own text in Easy Fill, the general text naming the step on review (section 8). */
const tokenizingFailure = (c: CardFormContext, failure: CallFailure) => (c.review ? CARD_MESSAGES.reviewTokenization : CARD_MESSAGES.provider(failure.status));

/** Adds a field to a list once. */
const withField = (list: CardField[], field: CardField): CardField[] => (list.includes(field) ? list : [...list, field]);

const EDITS = {
  'firstName.changed': { actions: 'setFirstName' },
  'lastName.changed': { actions: 'setLastName' },
  'expiryMonth.changed': { actions: 'setMonth' },
  'expiryYear.changed': { actions: 'setYear' },
  'fsa.changed': { actions: 'setFsa' },
  'default.changed': { actions: 'setDefault' },
  'cardType.changed': { actions: 'setCardType' },
  'field.blurred': { actions: 'markTouched' },
} as const;

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
    saveCard: fromPromise<number, CardSaveInput>(async () => {
      throw new Error('saveCard is provided by src/');
    }),
  },
  actions: {
    setFirstName: assign({
      values: ({ context, event }) => ({ ...context.values, firstName: (event as Extract<CardFormEvent, { type: 'firstName.changed' }>).text }),
      edited: ({ context }) => withField(context.edited, 'firstName'),
    }),
    setLastName: assign({
      values: ({ context, event }) => ({ ...context.values, lastName: (event as Extract<CardFormEvent, { type: 'lastName.changed' }>).text }),
      edited: ({ context }) => withField(context.edited, 'lastName'),
    }),
    setMonth: assign({
      values: ({ context, event }) => ({ ...context.values, month: (event as Extract<CardFormEvent, { type: 'expiryMonth.changed' }>).month }),
      edited: ({ context }) => withField(context.edited, 'month'),
    }),
    setYear: assign({
      values: ({ context, event }) => ({ ...context.values, year: (event as Extract<CardFormEvent, { type: 'expiryYear.changed' }>).year }),
      edited: ({ context }) => withField(context.edited, 'year'),
    }),
    setFsa: assign({ values: ({ context, event }) => ({ ...context.values, isFsa: (event as Extract<CardFormEvent, { type: 'fsa.changed' }>).checked }) }),
    setDefault: assign({ values: ({ context, event }) => ({ ...context.values, isDefault: (event as Extract<CardFormEvent, { type: 'default.changed' }>).checked }) }),
    setCardType: assign({ values: ({ context, event }) => ({ ...context.values, cardType: (event as Extract<CardFormEvent, { type: 'cardType.changed' }>).cardType }) }),
    // Leaving a field shows its error only once it has been changed: tabbing through shows nothing.
    markTouched: assign({
      touched: ({ context, event }) => {
        const { field } = event as Extract<CardFormEvent, { type: 'field.blurred' }>;
        return context.edited.includes(field) ? withField(context.touched, field) : context.touched;
      },
    }),
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
    sessionOpen: ({ context }) => context.session !== null,
    editingSaved: ({ context }) => context.paymentMethodId !== null,
    /** The tokenizer's address is one the field may be shown from (https, or http on this computer). */
    usableService: (_, credentials: TokenizerCredentials) => cardFieldUrl(credentials.serviceUrl) !== null,
    /** The tokenizer no longer knows the session (410): the next Save opens another. */
    sessionGone: (_, failure: CallFailure) => failure.status === 410,
    /** The tokenizer no longer has the number (404), or the session is over (410). */
    numberLost: (_, failure: CallFailure) => failure.status === 404 || failure.status === 410,
  },
}).createMachine({
  id: 'cardForm',
  context: ({ input }) => {
    const editing = input.review?.editing ?? null;
    return {
    today: input.today,
    review: input.review !== undefined,
    paymentMethodId: editing?.paymentMethodId ?? null,
    values: editing?.values ?? EMPTY_CARD,
    number: EMPTY_CARD_FIELD,
    serviceUrl: null,
    session: null,
    // An edited card's number stays with the token on file: the save goes straight to storing.
    held: editing ? { accessToken: '', lastDigits: editing.lastDigits, detectedType: editing.cardTypeNum, pciToken: editing.pciToken, cardTypeNum: editing.cardTypeNum } : null,
    edited: [],
    touched: [],
    submitted: false,
    failure: null,
    };
  },
  initial: 'starting',
  states: {
    /** A new card opens the hosted field; an edited one keeps its number, so no field is opened. */
    starting: {
      always: [{ guard: 'editingSaved', target: 'editing' }, { target: 'opening' }],
    },
    /** The tokenizer session, and with it the field's address. */
    opening: {
      tags: ['fieldLoading'],
      invoke: {
        id: 'openField',
        src: 'getTokenizerCredentials',
        onDone: [
          {
            guard: { type: 'usableService', params: ({ event }) => event.output },
            target: 'editing',
            actions: assign({ session: ({ event }) => event.output, serviceUrl: ({ event }) => event.output.serviceUrl, failure: null }),
          },
          { target: 'unavailable', actions: assign({ failure: CARD_MESSAGES.fieldUnavailable }) },
        ],
        onError: { target: 'unavailable', actions: assign({ failure: ({ event }) => (event.error as CallFailure).displayText }) },
      },
    },
    /** No session, so no field: the failure is shown with Try again (the form waits, read-only). */
    unavailable: {
      on: { 'field.retried': { target: 'opening' } },
    },
    editing: {
      on: {
        ...EDITS,
        // A number typed replaces the one the tokenizer holds.
        'cardNumber.changed': {
          // A number typed (not the field's first empty report) counts as a change of the field.
          actions: assign(({ context, event }) => ({
            number: event.state,
            held: event.state.empty ? context.held : null,
            edited: event.state.empty ? context.edited : withField(context.edited, 'cardNumber'),
          })),
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
          always: [
            { guard: 'hasToken', target: 'storing' },
            { guard: 'numberHeld', target: 'fetching' },
            { guard: 'sessionOpen', target: 'tokenizing' },
            { target: 'opening' },
          ],
        },
        /** The session expired since the form opened: another one, at the same address. */
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
            input: ({ context }) => ({ accessToken: context.session!.accessToken }),
            // Accepted: the field has dropped the number; the tokenizer holds it for this session.
            onDone: {
              target: 'fetching',
              actions: assign(({ context }) => {
                const type = context.number.brand!;
                return {
                  held: { accessToken: context.session!.accessToken, lastDigits: null, detectedType: type, pciToken: null, cardTypeNum: type },
                  number: EMPTY_CARD_FIELD,
                };
              }),
            },
            // The card provider's own message (member-transfer-flow.md section 8); the number stays in the field for another try.
            onError: [
              {
                guard: { type: 'sessionGone', params: ({ event }) => event.error as CallFailure },
                target: '#cardForm.editing',
                actions: assign({ session: null, failure: ({ context, event }) => tokenizingFailure(context, event.error as CallFailure) }),
              },
              { target: '#cardForm.editing', actions: assign({ failure: ({ context, event }) => tokenizingFailure(context, event.error as CallFailure) }) },
            ],
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
                held: ({ context, event }) => ({
                  ...context.held!,
                  pciToken: event.output.pciToken,
                  lastDigits: event.output.lastDigits,
                  cardTypeNum: event.output.cardTypeNum ?? context.held!.detectedType,
                }),
              }),
            },
            onError: [
              {
                guard: { type: 'numberLost', params: ({ event }) => event.error as CallFailure },
                target: '#cardForm.editing',
                actions: assign({ held: null, session: null, failure: CARD_MESSAGES.numberAgain }),
              },
              { target: '#cardForm.editing', actions: assign({ failure: ({ event }) => (event.error as CallFailure).displayText }) },
            ],
          },
        },
        storing: {
          invoke: {
            id: 'saveCard',
            src: 'saveCard',
            input: ({ context }) => ({
              ...cardSaveBody(context.values, { pciToken: context.held!.pciToken!, cardTypeNum: context.held!.cardTypeNum }),
              ...(context.paymentMethodId !== null && { paymentMethodId: context.paymentMethodId }),
            }),
            onDone: { target: '#cardForm.saved', actions: 'reportSaved' },
            onError: { target: '#cardForm.editing', actions: assign({ failure: ({ event }) => (event.error as CallFailure).displayText }) },
          },
        },
      },
    },
    saved: { type: 'final' },
  },
});
