/**
 * The one gateway client of the SPA. It applies the gateway rules of both
 * specification documents in one place:
 * - every call carries the signed, time-stamped app token (X-App-Token), fetched
 *   from /gwapi/apptoken and renewed shortly before it expires;
 * - patient calls carry the patient access token (X-Access-Token) once member
 *   verification, registration or link verification has issued one, until the
 *   flow ends its session (`endSession`);
 * - success is HTTP 200 to 207; 204 on a list call is an empty list;
 * - a request that cannot complete (network down, aborted) counts as status 400, and so does one
 *   that has not answered within CALL_TIME_LIMIT_MS (a phone's network can hold a call
 *   for minutes; the person sees the general text and can press again, with nothing typed lost);
 * - the error text shown follows section 8 (`failureText`, machines/shared/rules/calls.ts): a call that
 *   is refused or breaks (not 2xx) shows the call's own text, the general one unless given; the server's
 *   text only in a 2xx answer reporting a failure, and never one that is missing or leaks internals;
 * - the submitting calls carry an Idempotency-Key (`SUBMITTING_CALLS`): one key per
 *   submission, kept while the same body is sent again (a retry after a failure or a lost answer, a
 *   second press that got through), renewed when the body changes and after a success.
 * The client never touches the UI: failures are thrown as GatewayCallError for
 * the machines' error transitions.
 */
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './gateway.gen.ts';
import { failureText, GENERAL_ERROR_TEXT, isSuccessStatus } from '../../machines/shared/rules/calls.ts';

export { GENERAL_ERROR_TEXT, isSuccessStatus };

/**
 * The text of a failure a 2xx answer reports (an order's messageStatus false): the server's message, or
 * the fallback when it gave none or one that leaks internals (section 8, `failureText`).
 */
export function displayErrorText(serverText: unknown, fallback: string = GENERAL_ERROR_TEXT): string {
  return failureText(200, serverText, fallback);
}

export class GatewayCallError extends Error {
  constructor(
    /** HTTP status; 400 when the request could not complete. */
    readonly status: number,
    /** The text to show (already chosen by section 8's rule, `failureText`). */
    readonly displayText: string,
    /** The server's own text, for a rule that reads it (never shown as it is). */
    readonly serverText: string | null = null,
  ) {
    super(displayText);
    this.name = 'GatewayCallError';
  }
}

/**
 * How long a call may take before it is given up as unreachable. Ours: the documents give no limit;
 * 15 s is long past the 150-400 ms a phone usually waits, and short of a person giving up.
 */
export const CALL_TIME_LIMIT_MS = 15_000;

/**
 * The calls that place or register something, which the gateway answers once per Idempotency-Key
 * (the contract's IdempotencyKey parameter; src/api/gateway.test.ts checks the two lists agree).
 */
export const SUBMITTING_CALLS: readonly string[] = [
  'POST /gwapi/mmar/Patient/AutoNewTransferRxs',
  'POST /gwapi/mmar/registration/mailorder',
  'POST /gwapi/easyfill/order',
  'POST /gwapi/AutoRefill/Order',
  'PUT /gwapi/autorefill',
  // A card saved twice by a retry would be two cards: the gateway keeps one per key (and one per card token).
  'POST /gwapi/mmar/PaymentMethods',
  'POST /gwapi/easyfill/paymentmethods',
  // A declined order's new card: placed once per key, like the card saves.
  'PUT /gwapi/orders/{orderNumber}/payment',
];

/** A random UUID (v4); `crypto.randomUUID` exists only on secure origins, `getRandomValues` everywhere. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Seconds before expiry at which the app token is renewed. */
const APP_TOKEN_RENEW_MARGIN_MS = 60_000;
const APP_TOKEN_PATH = '/gwapi/apptoken';

export interface GatewayOptions {
  /** Origin of the gateway; '' (same origin) by default. */
  baseUrl?: string;
  fetch?: (input: Request) => Promise<Response>;
  now?: () => number;
  /** The time limit of each call (CALL_TIME_LIMIT_MS); tests shorten it. */
  timeLimitMs?: number;
  /** Makes an Idempotency-Key (newIdempotencyKey); tests give their own. */
  newKey?: () => string;
}

export type GatewayClient = ReturnType<typeof createGateway>;

export function createGateway(options: GatewayOptions = {}) {
  const baseUrl = options.baseUrl ?? '';
  const fetchOnce = options.fetch ?? ((r: Request) => globalThis.fetch(r));
  const timeLimitMs = options.timeLimitMs ?? CALL_TIME_LIMIT_MS;
  /** Every call, the app token's too, is aborted once it has taken longer than the limit. */
  const doFetch = (request: Request) => {
    // One controller that the time limit and the caller's own signal both abort.
    const limit = new AbortController();
    const outer = request.signal;
    const follow = () => limit.abort(outer.reason);
    if (outer.aborted) follow();
    else outer.addEventListener('abort', follow, { once: true });
    const limited = new Request(request, { signal: limit.signal });
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The call is given up when the limit passes, whether or not the fetch honours its signal (and
    // the abort lets it go).
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const reason = new DOMException('The gateway did not answer in time.', 'TimeoutError');
        reject(reason);
        limit.abort(reason);
      }, timeLimitMs);
    });
    return Promise.race([fetchOnce(limited), late]).finally(() => {
      clearTimeout(timer);
      outer.removeEventListener('abort', follow);
      // Held until the call settles: Node's Request follows its signal through a weak reference, and
      // the abort missed a request nothing else held (the unit test's fake gateway).
      void limited.signal;
    });
  };
  const now = options.now ?? Date.now;
  let appToken: { token: string; renewAt: number } | null = null;
  let pendingAppToken: Promise<string> | null = null;
  let patientToken: string | null = null;

  async function fetchAppToken(): Promise<string> {
    const response = await doFetch(
      new Request(`${baseUrl}${APP_TOKEN_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ clientId: 'mmar-web' }),
      }),
    );
    if (!isSuccessStatus(response.status)) throw new GatewayCallError(response.status, GENERAL_ERROR_TEXT);
    const body = (await response.json()) as { token: string; expiresAt: string };
    appToken = { token: body.token, renewAt: Date.parse(body.expiresAt) - APP_TOKEN_RENEW_MARGIN_MS };
    return body.token;
  }

  async function currentAppToken(): Promise<string> {
    if (appToken && now() < appToken.renewAt) return appToken.token;
    pendingAppToken ??= fetchAppToken().finally(() => {
      pendingAppToken = null;
    });
    return pendingAppToken;
  }

  const tokens: Middleware = {
    async onRequest({ request }) {
      if (new URL(request.url, 'http://x').pathname === APP_TOKEN_PATH) return request;
      request.headers.set('X-App-Token', await currentAppToken());
      // A call that names its token (endSession) keeps it: the client's may have changed while the app token came.
      if (patientToken && !request.headers.has('X-Access-Token')) request.headers.set('X-Access-Token', patientToken);
      return request;
    },
    onResponse({ request, response }) {
      // The patient's session is refused (revoked by another tab's Finish or Cancel, or past its end): said once,
      // to whoever listens (the member flow's session), and the token is forgotten. A revoke call's own answer is not news.
      const sent = request.headers.get('X-Access-Token');
      if (response.status === 401 && sent !== null && sent === patientToken && !request.url.endsWith('/gwapi/session/revoke')) {
        patientToken = null;
        for (const listener of [...sessionEndedListeners]) listener();
      }
      return response;
    },
  };
  const sessionEndedListeners = new Set<() => void>();

  /**
   * One submission intent per call: its body and key. A press sends the body it has; the same body
   * as the last unsettled attempt is the same intent (the answer was lost, a 500, a second press that
   * got through) and keeps its key, so the gateway places it at most once. A different body is
   * a new intent (a new key), and so is anything after a success (the intent is done). The key is
   * kept after an error answer too: the gateway keeps only successes, so a repeat then runs again.
   */
  const newKey = options.newKey ?? newIdempotencyKey;
  const intents = new Map<string, { body: string; key: string }>();
  /** The submitting call a request makes, if any (the gateway's paths sit at the end of the URL, after any base path). */
  const callOf = (request: Request) => {
    const path = new URL(request.url, 'http://x').pathname;
    return SUBMITTING_CALLS.find((c) => c.startsWith(`${request.method} `) && path.endsWith(c.slice(c.indexOf(' ') + 1)));
  };
  const idempotency: Middleware = {
    async onRequest({ request }) {
      const call = callOf(request);
      if (!call) return request;
      const body = await request.clone().text();
      let intent = intents.get(call);
      if (intent?.body !== body) {
        intent = { body, key: newKey() };
        intents.set(call, intent);
      }
      request.headers.set('Idempotency-Key', intent.key);
      return request;
    },
    onResponse({ request, response }) {
      const call = callOf(request);
      if (!call) return response;
      // Done: the next press of this call is a new submission. Only the intent this request was sent for.
      if (isSuccessStatus(response.status) && intents.get(call)?.key === request.headers.get('Idempotency-Key')) intents.delete(call);
      return response;
    },
  };

  const client = createClient<paths>({ baseUrl, fetch: doFetch });
  client.use(tokens, idempotency);

  return {
    client,
    setPatientToken(token: string) {
      patientToken = token;
    },
    clearPatientToken() {
      patientToken = null;
    },
    /**
     * Ends the patient's session: the client forgets the token at once and
     * asks the gateway to revoke its session for every instance (POST
     * /gwapi/session/revoke). Fire-and-forget: nobody waits for it, a failure
     * is ignored (the session then ends by itself), and `keepalive` lets it
     * outlive a reload or a navigation that follows. `stored` names the session of
     * a flow that is not on the page (the tab's stored flow, dropped by Home).
     * Resolves once the request has left (or could not be made): before that, on
     * a page's first call, the client asks for its app token, a round trip in
     * which a reload lost the revoke; a caller that drops what names the session
     * waits for this.
     */
    endSession(stored?: string): Promise<void> {
      const token = stored ?? patientToken;
      if (stored === undefined || stored === patientToken) {
        patientToken = null;
        intents.clear();
      }
      if (!token) return Promise.resolve();
      return new Promise<void>((left) => {
        const sending = (request: Request) => {
          const answer = doFetch(request);
          left();
          return answer;
        };
        client
          .POST('/gwapi/session/revoke', { headers: { 'X-Access-Token': token }, keepalive: true, fetch: sending })
          .catch(() => undefined)
          .finally(left);
      });
    },
    /** Tells `listener` when a call is refused because the patient's session has ended (401); returns how to stop. */
    onSessionEnded(listener: () => void): () => void {
      sessionEndedListeners.add(listener);
      return () => {
        sessionEndedListeners.delete(listener);
      };
    },
    hasPatientToken: () => patientToken !== null,
    /** The patient token as it is now: what a resumable flow keeps for its tab (src/flows/member/resume.ts). */
    patientToken: () => patientToken,
  };
}

interface FetchOutcome<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * Settles one call: returns the body of a 200-207 answer (undefined for 204),
 * throws GatewayCallError otherwise. Use `list` for calls where 204 means empty.
 */
export async function settle<T>(call: Promise<FetchOutcome<T>>, fallback: string = GENERAL_ERROR_TEXT): Promise<T | undefined> {
  let outcome: FetchOutcome<T>;
  try {
    outcome = await call;
  } catch (e) {
    if (e instanceof GatewayCallError) throw e;
    throw new GatewayCallError(400, fallback);
  }
  const { status } = outcome.response;
  if (!isSuccessStatus(status)) {
    const text = (outcome.error as { messageErrorText?: unknown } | undefined)?.messageErrorText;
    throw new GatewayCallError(status, failureText(status, text, fallback), typeof text === 'string' ? text : null);
  }
  return status === 204 ? undefined : outcome.data;
}

/** Settles a call that must answer with a body (200-207 other than 204). */
export async function required<T>(call: Promise<FetchOutcome<T>>, fallback: string = GENERAL_ERROR_TEXT): Promise<T> {
  const data = await settle(call, fallback);
  if (data === undefined) throw new GatewayCallError(204, fallback);
  return data;
}

/** Settles a list call: 204 is an empty list. */
export async function list<T>(call: Promise<FetchOutcome<T[]>>): Promise<T[]> {
  return (await settle(call)) ?? [];
}

/** Settles a lookup whose "nothing found" is a 404 (the member flow's zip lookup answers 404 'No records found!'): an empty list. */
export async function lookup<T>(call: Promise<FetchOutcome<T[]>>): Promise<T[]> {
  try {
    return await list(call);
  } catch (e) {
    if (e instanceof GatewayCallError && e.status === 404) return [];
    throw e;
  }
}
