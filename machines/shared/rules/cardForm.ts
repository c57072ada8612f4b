/**
 * The Easy Fill payment-card form (link-flows-and-public-pages.md sections 3
 * and 7; the card rules and messages of member-transfer-flow.md sections 5, 8
 * and 9): names on the card, the number (type and check digit from
 * cardNumber.ts), expiry month and year (this year and 10 ahead, not in the
 * past), the FSA/HSA flag, the default flag; the tokenizer's address and the
 * CardSave body, which carries the pciToken and never the number.
 */
import type { CardSave, PaymentCard, TokenizerCredentials, TokenizedCard } from '../../contract.ts';

export type { CardSave, TokenizerCredentials, TokenizedCard };
import { CARD_NUMBER_MAX } from './cardNumber.ts';
import type { CardFieldState } from './cardField.ts';

export type CardTypeNum = CardSave['cardTypeNum'];

export const CARD_LIMITS = { nameMin: 2, name: 60, number: CARD_NUMBER_MAX } as const;
/** Expiry years offered: this year and the next 10 (member-transfer-flow.md section 9). */
export const EXPIRY_YEARS_AHEAD = 10;

/** What the portal's form holds: never the card number, which stays in the hosted field (cardField.ts). */
export interface CardValues {
  firstName: string;
  lastName: string;
  month: number | null;
  year: number | null;
  isFsa: boolean;
  isDefault: boolean;
  /** The card type as chosen; null follows the number (member-transfer-flow.md section 4: derived from the number, can be overridden). */
  cardType: CardTypeNum | null;
}

/** A new card is saved as the default unless the person unticks it (member-transfer-flow.md section 4, payment modal). */
export const EMPTY_CARD: CardValues = { firstName: '', lastName: '', month: null, year: null, isFsa: false, isDefault: true, cardType: null };

/** The card types a person can pick when the number shows the wrong one (the debit kinds come from the tokenizer only). */
export const PICKABLE_CARD_TYPES = [1, 2, 3, 4] as const satisfies readonly CardTypeNum[];

/**
 * The card type shown: the person's pick, else the one the number shows, else the held card's (the
 * hosted field empties itself once the tokenizer has the number, and the card stays held for a retry).
 */
export const shownCardType = (v: Pick<CardValues, 'cardType'>, field: { brand: CardTypeNum | null }, held: { cardTypeNum: CardTypeNum } | null): CardTypeNum | null =>
  v.cardType ?? field.brand ?? held?.cardTypeNum ?? null;

/** The fields in screen order: the first one with an error takes the focus after a failed Save. */
export const CARD_FIELDS = ['firstName', 'lastName', 'cardNumber', 'month', 'year'] as const;
export type CardField = (typeof CARD_FIELDS)[number];
export type CardErrors = Partial<Record<CardField, string>>;

/**
 * Messages. From the specification (member-transfer-flow.md section 5):
 * firstRequired, lastRequired, numberRequired, numberInvalid, monthRequired,
 * yearRequired, expiryInvalid; section 8: provider (the card provider's
 * failure). The others are ours.
 */
export const CARD_MESSAGES = {
  firstRequired: 'Enter first name on card',
  lastRequired: 'Enter last name on card',
  numberRequired: 'Enter credit card number',
  numberInvalid: 'Card Number is not valid',
  monthRequired: 'Enter card expiration month',
  yearRequired: 'Enter card expiration year',
  expiryInvalid: 'Card Expiration is invalid',
  provider: (status: number) => `Request failed, notify Support. (err ${status})`,
  /** Section 8: on review, a failed tokenizing gives the general error with 'Card Tokenization.' inserted (ours: after it, naming the step). */
  reviewTokenization: 'Unable to process the request at this time. Please try after some time. Card Tokenization.',
  /** Section 5: a saved card whose expiry has passed is flagged with its date. */
  expired: (expiry: string) => `EXPIRED ${expiry}`,
  // ours
  nameShort: `Use at least ${CARD_LIMITS.nameMin} characters.`,
  nameLong: `Use ${CARD_LIMITS.name} characters or fewer.`,
  nameCharacters: 'Use letters, numbers, spaces and hyphens only.',
  numberAgain: 'Please enter the card number again.',
  fieldUnavailable: 'The secure card number field could not be loaded. Please try again.',
  /** Why Save waits while there is no field: it is loading, or it could not be and Try again loads it. */
  fieldLoading: 'Wait for the secure card number field to load.',
  fieldRetry: 'Press Try again to load the secure card number field.',
} as const;

export const CARD_TYPE_NAMES: Record<CardTypeNum, string> = {
  1: 'Visa',
  2: 'Mastercard',
  3: 'Discover',
  4: 'American Express',
  5: 'Mastercard debit',
  6: 'Visa debit',
};

/** Year and month of today (YYYY-MM-DD, machine input). */
export function monthOf(today: string): { year: number; month: number } {
  return { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) };
}

/** The expiry years offered. */
export function expiryYears(today: string): number[] {
  const { year } = monthOf(today);
  return Array.from({ length: EXPIRY_YEARS_AHEAD + 1 }, (_, i) => year + i);
}

function nameError(text: string, required: string): string | undefined {
  const name = text.trim();
  if (!name) return required;
  if (name.length < CARD_LIMITS.nameMin) return CARD_MESSAGES.nameShort;
  if (name.length > CARD_LIMITS.name) return CARD_MESSAGES.nameLong;
  if (!/^[A-Za-z0-9 -]+$/.test(name)) return CARD_MESSAGES.nameCharacters;
  return undefined;
}

export interface CardCheck {
  values: CardValues;
  /** What the hosted field says of the number it holds. */
  number: CardFieldState;
  /** The tokenizer already holds a number for this form: the field may stay empty. */
  numberHeld: boolean;
  today: string;
}

/** Every field's error, whether shown yet or not. An expiry in the past is reported on the month. */
export function cardErrors({ values: v, number, numberHeld, today }: CardCheck): CardErrors {
  const errors: CardErrors = {};
  const first = nameError(v.firstName, CARD_MESSAGES.firstRequired);
  if (first) errors.firstName = first;
  const last = nameError(v.lastName, CARD_MESSAGES.lastRequired);
  if (last) errors.lastName = last;
  if (number.empty) {
    if (!numberHeld) errors.cardNumber = CARD_MESSAGES.numberRequired;
  } else if (!number.valid) errors.cardNumber = CARD_MESSAGES.numberInvalid;
  if (v.month === null || v.month < 1 || v.month > 12) errors.month = CARD_MESSAGES.monthRequired;
  if (v.year === null) errors.year = CARD_MESSAGES.yearRequired;
  else if (!expiryYears(today).includes(v.year)) errors.year = CARD_MESSAGES.expiryInvalid;
  if (!errors.month && !errors.year) {
    const now = monthOf(today);
    if (v.year! === now.year && v.month! < now.month) errors.month = CARD_MESSAGES.expiryInvalid;
  }
  return errors;
}

/** The CardSave body: the token stands for the number; a type the person picked wins, else the tokenizer's (it knows debit cards). */
export function cardSaveBody(v: CardValues, token: { pciToken: string; cardTypeNum: CardTypeNum }): CardSave {
  return {
    defaultCard: v.isDefault,
    cardFirstName: v.firstName.trim(),
    cardLastName: v.lastName.trim(),
    cardTypeNum: v.cardType ?? token.cardTypeNum,
    cardMonthNum: v.month!,
    cardYear: v.year!,
    pciToken: token.pciToken,
    isFsaCard: v.isFsa,
  };
}

/**
 * What the card number field says under it. Once the number is with the
 * tokenizer, the field empties itself (it never keeps a number it has sent);
 * the card stays ready for this form until a new number is typed. Otherwise
 * the brand the number shows.
 */
export function cardNumberNoteOf(held: { cardTypeNum: CardTypeNum; lastDigits?: string | null } | null, number: { empty: boolean; valid: boolean; brand: CardTypeNum | null }): string | undefined {
  if (held && number.empty) {
    const card = CARD_TYPE_NAMES[held.cardTypeNum];
    return `${held.lastDigits ? `${card} ending in ${held.lastDigits}` : `Your ${card} card`} is ready to save. To use another card, type its number.`;
  }
  return number.valid && number.brand !== null ? CARD_TYPE_NAMES[number.brand] : undefined;
}

// ---------------------------------------------------------------- cards on file

/** Section 5: a saved card whose expiry month has passed is flagged 'EXPIRED' with its date (a card with no expiry on record is not). */
export function cardExpired(card: Pick<PaymentCard, 'cardMonthNum' | 'cardYear'>, today: string): boolean {
  if (!card.cardMonthNum || !card.cardYear) return false;
  const now = monthOf(today);
  return card.cardYear < now.year || (card.cardYear === now.year && card.cardMonthNum < now.month);
}

/** The card's expiry as printed, MM/YYYY (the gateway's cardExpiration, else its month and year). */
export const cardExpiry = (card: Pick<PaymentCard, 'cardMonthNum' | 'cardYear' | 'cardExpiration'>): string =>
  card.cardExpiration ?? (card.cardMonthNum && card.cardYear ? `${String(card.cardMonthNum).padStart(2, '0')}/${card.cardYear}` : '');

const isCardType = (n: number): n is CardTypeNum => n >= 1 && n <= 6;

/**
 * A card on file as the edit form starts from it, or null when it cannot be
 * edited: the update keeps the card's token and type, so a card with no type
 * or no token on record can only be replaced by a new one (Add).
 */
export function savedCardInput(card: PaymentCard): { paymentMethodId: number; values: CardValues; lastDigits: string; pciToken: string; cardTypeNum: CardTypeNum } | null {
  if (!card.pciToken || !isCardType(card.cardTypeNum)) return null;
  return {
    paymentMethodId: card.cardSeqNum,
    values: {
      firstName: card.cardFirstName ?? '',
      lastName: card.cardLastName ?? '',
      month: card.cardMonthNum ?? null,
      year: card.cardYear ?? null,
      isFsa: card.fsaCard ?? false,
      isDefault: card.defaultCard,
      cardType: null,
    },
    lastDigits: card.cardNumber,
    pciToken: card.pciToken,
    cardTypeNum: card.cardTypeNum,
  };
}
