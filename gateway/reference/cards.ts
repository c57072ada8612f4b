/** Card-number checks of the tokenizer stand-in (the number never leaves it). */

/** Brand patterns of the specification: 1 Visa, 2 Mastercard, 3 Discover, 4 Amex. */
export function cardTypeOf(number: string): 1 | 2 | 3 | 4 | null {
  if (/^4(\d{12}|\d{15})$/.test(number)) return 1;
  const first4 = Number(number.slice(0, 4));
  if (number.length === 16 && (/^5[1-5]/.test(number) || (first4 >= 2221 && first4 <= 2720))) return 2;
  if (/^6011\d{12}$/.test(number)) return 3;
  if (/^3[47]\d{13}$/.test(number)) return 4;
  return null;
}

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
