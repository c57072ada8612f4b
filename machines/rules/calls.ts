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
