/**
 * Card-number rules of the specification (member-transfer-flow.md section 5):
 * the card type follows from the number, and a number must pass the check
 * digit. The payment forms use them before tokenizing; the reference gateway's
 * tokenizer uses the same ones (the number never goes anywhere else).
 */

/** Card type ids of the specification. */
export const CARD_TYPE = { visa: 1, mastercard: 2, discover: 3, amex: 4, mastercardDebit: 5, visaDebit: 6 } as const;
export type DetectedCardType = (typeof CARD_TYPE)['visa' | 'mastercard' | 'discover' | 'amex'];

/**
 * Visa starts with 4 and has 13 or 16 digits; Mastercard starts 51-55 or
 * 2221-2720 with 16; Amex starts 34 or 37 with 15; Discover starts 6011 with 16.
 */
export function cardTypeOf(number: string): DetectedCardType | null {
  if (!/^\d+$/.test(number)) return null;
  if (/^4/.test(number) && (number.length === 13 || number.length === 16)) return CARD_TYPE.visa;
  const first4 = Number(number.slice(0, 4));
  if (number.length === 16 && (/^5[1-5]/.test(number) || (first4 >= 2221 && first4 <= 2720))) return CARD_TYPE.mastercard;
  if (number.length === 16 && /^6011/.test(number)) return CARD_TYPE.discover;
  if (number.length === 15 && /^3[47]/.test(number)) return CARD_TYPE.amex;
  return null;
}

/** The Luhn check digit of a 13 to 16 digit number. */
export function passesLuhn(number: string): boolean {
  if (!/^\d{13,16}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The most digits a card number has (Visa, Mastercard and Discover). */
export const CARD_NUMBER_MAX = 16;

/** The card number as typed or pasted: digits only (spaces and dashes dropped), at most 16. */
export function cleanCardNumber(text: string): string {
  return text.replace(/\D/g, '').slice(0, CARD_NUMBER_MAX);
}

/** The type of a complete, valid number; null while it is not one. */
export function validCardType(number: string): DetectedCardType | null {
  const type = cardTypeOf(number);
  return type !== null && passesLuhn(number) ? type : null;
}
