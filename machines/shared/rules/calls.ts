/**
 * Failed calls and the text a person reads for them (member-transfer-flow.md and
 * link-flows-and-public-pages.md, section 8): one rule for every call of the SPA,
 * applied by src/'s gateway client, so no view repeats it.
 */

/** Section 8's general text. */
export const GENERAL_ERROR_TEXT = 'Unable to process the request at this time. Please try after some time.';

/** Server texts containing one of these are internal and never shown (section 8's markers). */
export const INTERNAL_MARKERS: readonly RegExp[] = [
  /java\.lang/i,
  /sql/i,
  /unknown error/i,
  /system\.?\s?\w*exception/i,
  /atob/i,
  /windows/i,
  /error updating/i,
  /socket/i,
  /io\s?exception|java\.io\./i,
];

/** Success is HTTP 200 to 207 (section 7). */
export function isSuccessStatus(status: number): boolean {
  return status >= 200 && status <= 207;
}

/**
 * The text a failed call shows (section 8, "General"): the call's own text (`own`: the general text
 * unless the document gives the call one, such as 'Something went wrong. Try again.' for an address
 * save) when the status is not 2xx, or the server's text is missing or carries an internal marker;
 * otherwise the server's text. So a server's words reach the screen only in a 2xx answer that reports
 * a failure (an order's or a save's messageStatus false), never from a refused or broken call: the
 * places where section 8 says "the server's message" show it under this same rule.
 */
export function failureText(status: number, serverText: unknown, own: string = GENERAL_ERROR_TEXT): string {
  if (!isSuccessStatus(status)) return own;
  if (typeof serverText !== 'string' || serverText.trim() === '') return own;
  return INTERNAL_MARKERS.some((m) => m.test(serverText)) ? own : serverText;
}

/**
 * A failed call as src/'s actors report it to the machines (GatewayCallError carries these): its
 * status, the text the person reads (already chosen by `failureText`), and the server's own text,
 * which a rule may read (an address save's 'Zip code OFF') but no view shows.
 */
export interface CallFailure {
  status: number;
  displayText: string;
  serverText?: string | null;
}

/**
 * The button beside a failed lookup's text (the documents give no words): the drug name, an
 * allergy or condition, a zip's city and state, looked up again as typed.
 */
export const SEARCH_AGAIN = 'Search again';
