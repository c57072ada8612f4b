/** An answer the gateway gives on purpose, with the contract's error body. */
export class GatewayError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (m: string) => new GatewayError(400, m);
export const forbidden = (m = 'This access token does not allow access to that record.') =>
  new GatewayError(403, m);
export const notFound = (m: string) => new GatewayError(404, m);
export const conflict = (m: string) => new GatewayError(409, m);

/** The 503 answer's text when the database is busy or does not answer in time (app.ts). */
export const DATABASE_UNAVAILABLE = 'The service is busy. Please try again in a moment.';
/** Retry-After (seconds) of that 503: about how long the time limits take to clear a stall (docs/gateway.md, "Time limits"). */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

export interface ErrorBody {
  messageStatus: false;
  messageErrorText: string;
  statusCode: number;
}

export const errorBody = (statusCode: number, messageErrorText: string): ErrorBody => ({
  messageStatus: false,
  messageErrorText,
  statusCode,
});
