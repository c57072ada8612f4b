/**
 * A failed call as src/'s actors report it to the machines (GatewayCallError
 * carries these): its status and the text the person reads, already chosen
 * by member-transfer-flow.md section 8 (the server's message, or the general
 * text).
 */
export interface CallFailure {
  status: number;
  displayText: string;
}

/**
 * The button beside a failed lookup's text (issue 28 #2; the documents give no words): the drug name, an
 * allergy or condition, a zip's city and state, looked up again as typed.
 */
export const SEARCH_AGAIN = 'Search again';
