/**
 * The reference gateway as a Fastify instance: every route, its request
 * validation and its security come from openapi/gateway.yaml through
 * fastify-openapi-glue; the handlers in handlers/ implement the operations over
 * the database. With `spaDir` it also serves the built SPA (any other GET
 * outside /gwapi gets index.html, for client-side routes).
 */
import Fastify, { type ConnectionError, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import openapiGlue from 'fastify-openapi-glue';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type { Db } from './db/database.ts';
import { createTokens } from './auth/tokens.ts';
import { audienceOf, createAuthenticator, type SecurityRequirement } from './auth/security.ts';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE, GatewayError, errorBody } from './errors.ts';
import { isDatabaseUnavailable } from './db/database.ts';
import { DEFAULT_IN_FLIGHT, NOT_MEMBER_WRITES, limitMemberWrites, memberGate, type MemberGate } from './memberWrites.ts';
import { operationOf, outcomeOfError, registerSecurityLog, securityEvent } from './securityLog.ts';
import { registerFaults, type FaultSwitch } from './faults.ts';
import { registerTestLinks, registerTestMembers, registerTestOrders } from './testing.ts';
import { DEFAULT_RATE_LIMITS, rateLimitConfig, registerRateLimit, type RateLimits } from './rateLimit.ts';
import { createHandlers } from './handlers/index.ts';
import { OPEN_AFTER_LINK_ORDER } from './store/sessions.ts';
import { REVOCATION_FOLDED } from './handlers/profile.ts';
import { securityHeaders } from './headers.ts';
import fastifyStatic from '@fastify/static';
import { sep } from 'node:path';
import { createSpaPages } from './spa.ts';
import { activeBanner } from './store/banners.ts';
import { PRERENDERED_DIR } from '../src/prerender/pages.ts';
import { dueAtOf, startFulfillment, type FulfillmentMode } from './fulfillment.ts';

/** Fastify's trustProxy: every proxy, a list of addresses or CIDRs, or a rule on (address, hop). */
export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

export const CONTRACT_PATH = fileURLToPath(new URL('../openapi/gateway.yaml', import.meta.url));

export interface GatewayOptions {
  db: Db;
  secret: string;
  /** The gateway's clock; tests move it to expire tokens and links. */
  now?: () => Date;
  /** Registers the test-only routes: the fault switch, link and member clones. */
  faults?: boolean;
  /** Calls per minute and client IP of the unauthenticated calls (rateLimit.ts); defaults when absent. */
  rateLimits?: Partial<RateLimits>;
  /** Logs warnings and errors (JSON lines) to stdout, or to the stream given (tests read it). */
  logger?: boolean | NodeJS.WritableStream;
  /** Folder of the built SPA to serve beside /gwapi. */
  spaDir?: string;
  /** The hosted tokenizer's origin as the browser reaches it (credentials' serviceUrl, the CSP's frame-src). */
  tokenizerUrl?: string;
  /** Whether HTML answers carry the stored banner (GATEWAY_BANNER=off leaves it out); default true. */
  banner?: boolean;
  /** Which proxies' X-Forwarded-For to believe (config.ts, GATEWAY_TRUST_PROXY): the client IP that rate limits count. */
  trustProxy?: TrustProxy;
  /** True once the process is stopping: GET /readyz answers 503 (main.ts). */
  shuttingDown?: () => boolean;
  /** Strict-Transport-Security's max-age in seconds (GATEWAY_HSTS); no header when absent. */
  hsts?: number;
  /** How long /readyz waits for the database before it answers 503 (ms, GATEWAY_READY_TIMEOUT_MS). */
  readyTimeoutMs?: number;
  /** A member's writes in flight at once on this instance (GATEWAY_MEMBER_WRITES_IN_FLIGHT, memberWrites.ts). */
  memberWritesInFlight?: number;
  /** The fulfillment worker (fulfillment.ts): off unless asked; a fixed step schedules new orders' items in tests. */
  fulfillment?: { mode: FulfillmentMode; stepMs?: number | undefined; tickMs?: number };
}

/** /readyz's budget unless configured: it answers within a second, 503 when the database has not answered by then. */
export const DEFAULT_READY_TIMEOUT_MS = 500;

/** The fault switch of a gateway built with `faults: true`, which the tokenizer's origin shares. */
const faultSwitches = new WeakMap<FastifyInstance, FaultSwitch>();
export const faultSwitchOf = (app: FastifyInstance): FaultSwitch | undefined => faultSwitches.get(app);

/** Where the reference tokenizer answers unless told otherwise (config.ts: TOKENIZER_PORT, TOKENIZER_PUBLIC_URL). */
export const DEFAULT_TOKENIZER_URL = 'http://127.0.0.1:8081';

/** Each operation's security requirement (its own, or the contract's default), its path and its method. */
function securityByOperation(contract: { paths: Record<string, Record<string, { operationId?: string; security?: SecurityRequirement }>>; security?: SecurityRequirement }) {
  const map = new Map<string, { requirement: SecurityRequirement; path: string; method: string }>();
  for (const [path, item] of Object.entries(contract.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (op?.operationId) map.set(op.operationId, { requirement: op.security ?? contract.security ?? [], path, method });
    }
  }
  return map;
}

/** The 415 answer's text: the contract's bodies are JSON, and only JSON is parsed (and so validated). */
export const JSON_ONLY = 'The request body must be JSON (Content-Type: application/json).';
/** The 400 answer's text for a NUL character, which no text field may hold (PostgreSQL cannot store it). */
export const NO_NUL = 'Invalid request: text must not contain the NUL character (U+0000).';

/** Whether any string (or key) holds NUL: walked with a stack of its own, never the call stack, however deep the value. */
function holdsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length) {
    const v = pending.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true;
    } else if (Array.isArray(v)) {
      pending.push(...v);
    } else if (typeof v === 'object' && v !== null) {
      for (const [k, inner] of Object.entries(v)) {
        if (k.includes('\u0000')) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/** The deepest nesting of arrays and objects a JSON body may have: the contract's deepest body has 4 levels. */
export const MAX_JSON_DEPTH = 32;
/** The 400 answer's text for a body nested deeper. */
export const TOO_DEEP = `Invalid request: the JSON body is nested more than ${MAX_JSON_DEPTH} levels deep.`;

/** Whether JSON text nests arrays and objects deeper than `max` (one pass over the text, strings skipped; no recursion). */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // a backslash escapes the next character
      else if (c === 34) inString = false;
    } else if (c === 34) {
      inString = true;
    } else if (c === 91 || c === 123) {
      if (++depth > max) return true;
    } else if (c === 93 || c === 125) {
      depth--;
    }
  }
  return false;
}

/**
 * The path as routing read it: the matched route's pattern, else the decoded
 * path. Routing decodes the URL (`/%67wapi` is `/gwapi`), so a check on the
 * raw URL could be walked around; every header or origin check reads this.
 */
export function routedPath(req: FastifyRequest): string {
  if (req.routeOptions.url) return req.routeOptions.url;
  const raw = req.url.split('?')[0]!;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** The 404 of a method and path the contract does not have: nothing of the request is echoed (a path may carry markup). */
export const NO_OPERATION = 'No operation has this method and path.';

/** What routing refuses before any route runs (Fastify's frameworkErrors), in words of ours: the path is never echoed. */
const ROUTING_ERRORS: Record<string, string> = {
  FST_ERR_MAX_PARAM_LENGTH: 'The request path is too long.',
  FST_ERR_BAD_URL: 'The request path is not a valid URL.',
};

/** What Node's HTTP parser refuses before Fastify sees a request (the server's clientError). */
const CONNECTION_ERRORS: Record<string, [status: number, text: string]> = {
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive.'],
};

/** Written straight to the socket (no request exists yet): the contract's error body, then the connection closes. */
function answerConnectionError(error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, text] = CONNECTION_ERRORS[error.code ?? ''] ?? [400, 'The request could not be read.'];
  const body = JSON.stringify(errorBody(status, text));
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n`
      + `Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(error);
}

/**
 * The Fastify options both origins share: the contract's validation, the
 * proxies to believe, and the answers given before any route runs (414, 431,
 * a malformed path) in the contract's ErrorResponse shape, echoing nothing.
 */
export function serverOptions(trustProxy: TrustProxy | undefined): Pick<FastifyServerOptions, 'ajv' | 'trustProxy' | 'frameworkErrors' | 'clientErrorHandler'> {
  return {
    // Reject what the contract does not allow instead of silently dropping it.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false, strict: false } },
    ...(trustProxy !== undefined ? { trustProxy } : {}),
    frameworkErrors: (error, _req, reply) => {
      const status = error.statusCode ?? 500;
      // The option's generics (per route) type the reply narrower than any route here needs.
      void (reply as unknown as FastifyReply).code(status).send(errorBody(status, ROUTING_ERRORS[error.code] ?? 'The request could not be routed.'));
    },
    clientErrorHandler: answerConnectionError,
  };
}

/** Both origins' logs: warnings and errors (security events, failures) as JSON lines, to stdout or the stream given. */
export const loggerOptions = (logger: boolean | NodeJS.WritableStream | undefined) =>
  logger ? { level: 'warn', redact: ['req.headers["x-access-token"]', 'req.headers["x-app-token"]'], ...(logger === true ? {} : { stream: logger }) } : false;

/** Every error answer in the contract's ErrorResponse shape (both origins). */
export function answerErrors(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err.validation) {
      const where = err.validationContext ?? 'request';
      return reply.code(400).send(errorBody(400, `Invalid ${where}: ${err.message.replace(/^(body|querystring|params|headers)\/?/, '')}`));
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return reply.code(415).send(errorBody(415, JSON_ONLY));
    if (err instanceof GatewayError || (err.statusCode && err.statusCode >= 400 && err.statusCode < 500)) {
      const status = err instanceof GatewayError ? err.statusCode : err.statusCode!;
      const outcome = outcomeOfError(req, status, err.message);
      // The texts of refused tokens are the gateway's own (auth/security.ts), never the request's.
      if (outcome) securityEvent(req, outcome, status, outcome === 'token-refused' ? err.message : undefined);
      return reply.code(status).send(errorBody(status, err.message));
    }
    if (isDatabaseUnavailable(err)) {
      // A stalled or busy database (a time limit, no connection in time, a restart): the call may be tried again.
      req.log.warn({ operation: operationOf(req), code: typeof err.code === 'string' ? err.code : null }, 'database unavailable');
      return reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).send(errorBody(503, DATABASE_UNAVAILABLE));
    }
    // Never the error itself: a database error carries the query's parameters and a `detail` naming values
    // (addresses, drug names, member numbers). The operation, the error's code and the request id are enough to find it.
    req.log.error({ operation: operationOf(req), code: typeof err.code === 'string' ? err.code : null, error: err.name }, 'request failed');
    return reply.code(500).send(errorBody(500, 'The gateway could not complete the request.'));
  });
}

/**
 * The contract's paths of one origin: the tokenizer's paths carry their own
 * `servers` (its origin); every other path is the gateway's.
 */
export function contractOf(origin: 'gateway' | 'tokenizer') {
  const contract = parse(readFileSync(CONTRACT_PATH, 'utf8'));
  const paths = Object.entries<Record<string, unknown>>(contract.paths)
    .filter(([, item]) => (item.servers !== undefined) === (origin === 'tokenizer'))
    .map(([path, { servers: _servers, ...item }]) => [path, item]);
  return { ...contract, paths: Object.fromEntries(paths) };
}

export interface OperationsOptions {
  origin: 'gateway' | 'tokenizer';
  /** The origin's secret: the security log's member numbers are keyed with it (securityLog.ts). */
  secret: string;
  /** Where the rate limits are counted (shared by every instance on that database). */
  db: Db;
  handlers: Record<string, unknown>;
  tokens: ReturnType<typeof createTokens>;
  rateLimits: RateLimits;
  /**
   * Operations whose handlers fold the patient token's revocation lookup into
   * their own query (auth/security.ts `RevocationCheck`; handlers/types.ts makes
   * it on its own if they do not). Read-only (GET) operations only.
   */
  foldsRevocation?: readonly string[];
  /** The per-member write limits (memberWrites.ts): the instance's gate; the per-minute count is rateLimits.memberWrites. */
  memberGate?: MemberGate;
  /** The origin's clock (a link's expiry). */
  now?: () => Date;
}


/** Registers one origin's operations from the contract: request validation, security, rate limits (call after the fault hook). */
export async function registerOperations(app: FastifyInstance, { origin, secret, db, handlers, tokens, rateLimits, foldsRevocation = [], memberGate: gate, now = () => new Date() }: OperationsOptions): Promise<void> {
  registerSecurityLog(app, secret);
  // Before the routes: its onRoute hook gives the limited operations their counters.
  await registerRateLimit(app, db);
  // Only JSON bodies are parsed: the contract validates those, so any other type (Fastify also parses text/plain) is 415.
  app.removeContentTypeParser('text/plain');
  // JSON nested deeper than any contract body is refused before it is parsed: a deep body must not reach
  // code that walks it by recursion (the parser, the schema validation), where it could overflow the stack (a 500).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (nestsDeeperThan(body as string, MAX_JSON_DEPTH)) return done(new GatewayError(400, TOO_DEEP), undefined);
    return parseJson(req, body as string, done);
  });
  app.addHook('preValidation', async (req) => {
    if (holdsNul(req.params) || holdsNul(req.query) || holdsNul(req.body)) throw new GatewayError(400, NO_NUL);
  });
  const contract = contractOf(origin);
  const security = securityByOperation(contract);
  const authenticate = createAuthenticator(tokens, db, now);
  for (const operationId of foldsRevocation) {
    // A revoked session's call runs the handler's query before it is refused: it must change nothing.
    if (security.get(operationId)?.method !== 'get') throw new Error(`Operation ${operationId} folds the revocation lookup but is not a GET`);
  }
  await app.register(openapiGlue, {
    specification: contract,
    operationResolver: (operationId: string) => {
      const handler = handlers[operationId];
      if (!handler) throw new Error(`Operation ${operationId} has no handler`);
      const operation = security.get(operationId);
      const memberWrite = gate && operation && operation.method !== 'get' && !NOT_MEMBER_WRITES.has(operationId)
        && operation.requirement.some((list) => 'patientToken' in list);
      // The plugin spreads these into the route it builds (its types ask for a whole route).
      return {
        handler: memberWrite ? limitMemberWrites(handler as Parameters<typeof limitMemberWrites>[0], { db, gate, perMinute: rateLimits.memberWrites }) : handler,
        onRequest: operation
          ? authenticate(operation.requirement, audienceOf(operation.path), { foldsRevocation: foldsRevocation.includes(operationId), openAfterLinkOrder: OPEN_AFTER_LINK_ORDER.has(operationId) })
          : authenticate(contract.security ?? []),
        ...rateLimitConfig(operationId, rateLimits),
      } as never;
    },
  });
}

export async function buildGateway(options: GatewayOptions): Promise<FastifyInstance> {
  const now = options.now ?? (() => new Date());
  const tokens = createTokens(options.secret, now);
  const tokenizerUrl = options.tokenizerUrl ?? DEFAULT_TOKENIZER_URL;
  const app = Fastify({
    logger: loggerOptions(options.logger),
    ...serverOptions(options.trustProxy),
  });

  answerErrors(app);

  app.addHook('onSend', async (req, reply) => {
    // While shutting down, a kept-alive connection closes after its answer, so closing the server need not wait for it to idle out.
    if (options.shuttingDown?.()) reply.header('connection', 'close');
    if (routedPath(req).startsWith('/gwapi')) {
      reply.header('cache-control', 'no-store');
      reply.header('x-content-type-options', 'nosniff');
      reply.header('x-frame-options', 'DENY');
    }
  });

  // Test-only routes (/__test/faults, /__test/links, /__test/members): never with `npm start`.
  if (options.faults) {
    faultSwitches.set(app, registerFaults(app));
    registerTestLinks(app, options.db);
    registerTestMembers(app, options.db);
    registerTestOrders(app, options.db, now, () => dueAtOf((options.fulfillment ?? { mode: 'off' }).stepMs));
  }

  const rateLimits: RateLimits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };
  const fulfillment = options.fulfillment ?? { mode: 'off' };
  const dueAt = dueAtOf(fulfillment.stepMs);
  const handlers = createHandlers({
    db: options.db, tokens, now, tokenizerUrl, shuttingDown: options.shuttingDown ?? (() => false), readyTimeoutMs: options.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS, dueAt,
  });
  // The worker stops with the gateway: no tick once the drain has begun (SIGTERM), the running one awaited on close.
  const shuttingDown = options.shuttingDown ?? (() => false);
  const worker = startFulfillment(options.db, { ...fulfillment, now, stopWhen: shuttingDown }, (e) => app.log.error({ code: (e as { code?: unknown }).code ?? null }, 'fulfillment tick failed'));
  app.addHook('onClose', async () => worker.stop());
  await registerOperations(app, {
    origin: 'gateway', secret: options.secret, db: options.db, handlers, tokens, rateLimits, foldsRevocation: REVOCATION_FOLDED, now,
    memberGate: memberGate(options.memberWritesInFlight ?? DEFAULT_IN_FLIGHT),
  });

  securityHeaders(app, new URL(tokenizerUrl).origin, options.hsts);
  if (options.spaDir) {
    await app.register(fastifyStatic, {
      root: options.spaDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text asset (vite.config.ts).
      preCompressed: true,
      // The card field's build is the tokenizer's, served only on its own origin (tokenizer/app.ts);
      // the prerendered pages are served only through spa.ts, with the answer's banner written in.
      allowedPath: (path) => !path.startsWith('/card-field/') && !path.startsWith(`/${PRERENDERED_DIR}/`) && path !== '/index.html',
      // Hashed build assets never change under their name; everything else is revalidated.
      setHeaders: (res, path) =>
        res.header('cache-control', path.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
  }
  const pages = options.spaDir ? createSpaPages(options.spaDir) : null;
  const withBanner = options.banner ?? true;
  app.setNotFoundHandler(async (req, reply) => {
    // Client routes get their prerendered page (spa.ts); a missing file (a name with an extension, such as a stale asset) is a plain 404.
    const path = routedPath(req);
    const clientRoute = !path.startsWith('/gwapi') && !/\.[a-z0-9]+$/i.test(path);
    if (pages && (req.method === 'GET' || req.method === 'HEAD') && clientRoute) {
      reply.header('cache-control', 'no-cache');
      // Test mode only: a test gives the stored banner of its own answers (x-test-banner), so it never changes other tests' pages.
      const testBanner = options.faults ? req.headers['x-test-banner'] : undefined;
      const stored = typeof testBanner === 'string' ? Buffer.from(testBanner, 'base64').toString('utf8') : withBanner ? await activeBanner(options.db, 1) : null;
      const answer = pages.answer(path, stored, String(req.headers['accept-encoding'] ?? ''));
      // A dist/ built before prerendering: the empty shell.
      if (!answer) return reply.sendFile('index.html');
      reply.code(answer.status).type('text/html; charset=utf-8').header('vary', 'accept-encoding');
      if (answer.encoding) reply.header('content-encoding', answer.encoding);
      return reply.send(answer.body);
    }
    return reply.code(404).send(errorBody(404, NO_OPERATION));
  });

  return app;
}
