/**
 * The hosted card-number field: the card number
 * is typed into a page of the tokenizer's own origin, in an iframe, and the
 * portal never sees it. This file is the one source of what both sides know,
 * bundled twice (into the portal and into the field page):
 * - `cardFieldState`: what the field may tell the portal about the number it
 *   holds (empty, length class, brand, valid, error key), never the number;
 * - the postMessage protocol between the portal's page and the field, and the
 *   checks each side applies to what it receives.
 * Pure: no DOM. The field page (gateway/tokenizer/field/) and the portal's
 * HostedCardField (src/ui/) do the posting.
 */
import { cardTypeOf, cleanCardNumber, validCardType, type DetectedCardType } from './cardNumber.ts';

/**
 * 'short': 12 digits or fewer, which member-transfer-flow.md section 5 calls
 * not valid whatever they are; 'long': 13 to 16 digits (valid when the type
 * patterns and the check digit agree).
 */
export type CardLengthClass = 'empty' | 'short' | 'long';
/** Keys of CARD_MESSAGES (cardForm.ts): the field reports the key, the portal words it. */
export type CardFieldErrorKey = 'numberRequired' | 'numberInvalid';

export interface CardFieldState {
  empty: boolean;
  length: CardLengthClass;
  /** The brand the number's prefix and length give (cardNumber.ts), valid or not. */
  brand: DetectedCardType | null;
  /** Brand pattern and check digit both pass: the tokenizer will accept it. */
  valid: boolean;
  /** The rule it breaks, if any (required, or not valid). */
  error: CardFieldErrorKey | null;
}

export const EMPTY_CARD_FIELD: CardFieldState = { empty: true, length: 'empty', brand: null, valid: false, error: 'numberRequired' };

/** What the field reports for the digits it holds (already cleaned: digits only, at most 16). */
export function cardFieldState(digits: string): CardFieldState {
  if (!digits) return EMPTY_CARD_FIELD;
  const valid = validCardType(digits) !== null;
  return {
    empty: false,
    length: digits.length <= 12 ? 'short' : 'long',
    brand: cardTypeOf(digits),
    valid,
    error: valid ? null : 'numberInvalid',
  };
}

/** What the field keeps of what is typed or pasted (spaces and dashes dropped, 16 digits at most). */
export const cardFieldDigits = cleanCardNumber;

// ---------------------------------------------------------------------------
// The protocol. Every message carries `source: CARD_FIELD_PROTOCOL` so that
// neither side mistakes another frame's messages for its own.

export const CARD_FIELD_PROTOCOL = 'mop-card-field/1';

/** How the portal's page shows the field: text and state it decides (errors shown after a blur or a Save). */
export interface CardFieldView {
  label: string;
  /** The hint under the field (the detected brand, or the card the tokenizer holds). */
  note: string | null;
  /** The error to show now (null: none, or not yet). */
  error: string | null;
  required: boolean;
  readOnly: boolean;
}

/** Portal -> field. */
export type PortalToField =
  | { source: typeof CARD_FIELD_PROTOCOL; type: 'show'; view: CardFieldView }
  | { source: typeof CARD_FIELD_PROTOCOL; type: 'focus' }
  | { source: typeof CARD_FIELD_PROTOCOL; type: 'tokenize'; requestId: string; accessToken: string };

/** The tokenizer's answer to a tokenize request: accepted, or the HTTP status it failed with (0: no answer). */
export type TokenizeOutcome = { ok: true } | { ok: false; status: number };

/** Field -> portal. */
export type FieldToPortal =
  | { source: typeof CARD_FIELD_PROTOCOL; type: 'ready' }
  | { source: typeof CARD_FIELD_PROTOCOL; type: 'state'; state: CardFieldState }
  | { source: typeof CARD_FIELD_PROTOCOL; type: 'blur' }
  | { source: typeof CARD_FIELD_PROTOCOL; type: 'submit' }
  | { source: typeof CARD_FIELD_PROTOCOL; type: 'height'; px: number }
  | { source: typeof CARD_FIELD_PROTOCOL; type: 'tokenized'; requestId: string; outcome: TokenizeOutcome };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown, max: number): v is string => typeof v === 'string' && v.length <= max;
const LENGTHS: readonly unknown[] = ['empty', 'short', 'long'] satisfies CardLengthClass[];
const ERRORS: readonly unknown[] = [null, 'numberRequired', 'numberInvalid'] satisfies (CardFieldErrorKey | null)[];
const BRANDS: readonly unknown[] = [null, 1, 2, 3, 4];

function isFieldState(v: unknown): v is CardFieldState {
  return (
    isObject(v) &&
    typeof v.empty === 'boolean' &&
    LENGTHS.includes(v.length) &&
    BRANDS.includes(v.brand) &&
    typeof v.valid === 'boolean' &&
    ERRORS.includes(v.error) &&
    Object.keys(v).length === 5
  );
}

function isOutcome(v: unknown): v is TokenizeOutcome {
  if (!isObject(v)) return false;
  if (v.ok === true) return Object.keys(v).length === 1;
  return v.ok === false && Number.isInteger(v.status) && (v.status as number) >= 0 && (v.status as number) < 600;
}

/** A message from the field, checked field by field (the portal trusts nothing else). */
export function parseFieldMessage(data: unknown): FieldToPortal | null {
  if (!isObject(data) || data.source !== CARD_FIELD_PROTOCOL) return null;
  switch (data.type) {
    case 'ready':
    case 'blur':
    case 'submit':
      return { source: CARD_FIELD_PROTOCOL, type: data.type };
    case 'state':
      return isFieldState(data.state) ? { source: CARD_FIELD_PROTOCOL, type: 'state', state: data.state } : null;
    case 'height':
      return typeof data.px === 'number' && Number.isFinite(data.px) && data.px >= 0 && data.px < 2000 ? { source: CARD_FIELD_PROTOCOL, type: 'height', px: data.px } : null;
    case 'tokenized':
      return isText(data.requestId, 64) && isOutcome(data.outcome)
        ? { source: CARD_FIELD_PROTOCOL, type: 'tokenized', requestId: data.requestId, outcome: data.outcome }
        : null;
    default:
      return null;
  }
}

function isView(v: unknown): v is CardFieldView {
  return (
    isObject(v) &&
    isText(v.label, 100) &&
    (v.note === null || isText(v.note, 300)) &&
    (v.error === null || isText(v.error, 300)) &&
    typeof v.required === 'boolean' &&
    typeof v.readOnly === 'boolean'
  );
}

/** A message from the portal, checked field by field (the field trusts nothing else). */
export function parsePortalMessage(data: unknown): PortalToField | null {
  if (!isObject(data) || data.source !== CARD_FIELD_PROTOCOL) return null;
  switch (data.type) {
    case 'focus':
      return { source: CARD_FIELD_PROTOCOL, type: 'focus' };
    case 'show':
      return isView(data.view) ? { source: CARD_FIELD_PROTOCOL, type: 'show', view: data.view } : null;
    case 'tokenize':
      return isText(data.requestId, 64) && isText(data.accessToken, 200) && data.accessToken.length > 0
        ? { source: CARD_FIELD_PROTOCOL, type: 'tokenize', requestId: data.requestId, accessToken: data.accessToken }
        : null;
    default:
      return null;
  }
}

/**
 * The field page's address from the tokenizer's serviceUrl (getTokenizerCredentials):
 * `${serviceUrl}/field`. Only https, or http on this computer (the reference
 * gateway's second port); anything else is refused (null).
 */
export function cardFieldUrl(serviceUrl: string): URL | null {
  let url: URL;
  try {
    url = new URL(serviceUrl.trim());
  } catch {
    return null;
  }
  const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) return null;
  if (url.username || url.password || url.search || url.hash) return null;
  return new URL(`${url.pathname.replace(/\/+$/, '')}/field`, url.origin);
}
