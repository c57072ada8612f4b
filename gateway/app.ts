/**
 * The reference gateway as a Fastify instance: every route, its request
 * validation and its security come from openapi/gateway.yaml through
 * fastify-openapi-glue; the handlers in handlers/ implement the operations over
 * the database. With `spaDir` it also serves the built SPA (any other GET
 * outside /gwapi gets index.html, for client-side routes).
 */
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type { Db } from './db/database.ts';
import { createTokens } from './auth/tokens.ts';
import { createAuthenticator, type SecurityRequirement } from './auth/security.ts';
import { GatewayError, errorBody } from './errors.ts';
import { registerFaults, type FaultSwitch } from './faults.ts';
import { registerTestLinks, registerTestMembers } from './testing.ts';
import { DEFAULT_RATE_LIMITS, rateLimitConfig, registerRateLimit, type RateLimits } from './rateLimit.ts';
import { createHandlers } from './handlers/index.ts';
import { securityHeaders } from './headers.ts';
import fastifyStatic from '@fastify/static';
import { sep } from 'node:path';

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
  logger?: boolean;
  /** Folder of the built SPA to serve beside /gwapi. */
  spaDir?: string;
  /** The hosted tokenizer's origin as the browser reaches it (credentials' serviceUrl, the CSP's frame-src). */
  tokenizerUrl?: string;
}

/** The fault switch of a gateway built with `faults: true`, which the tokenizer's origin shares. */
const faultSwitches = new WeakMap<FastifyInstance, FaultSwitch>();
export const faultSwitchOf = (app: FastifyInstance): FaultSwitch | undefined => faultSwitches.get(app);

/** Where the reference tokenizer answers unless told otherwise (config.ts: TOKENIZER_PORT, TOKENIZER_PUBLIC_URL). */
export const DEFAULT_TOKENIZER_URL = 'http://127.0.0.1:8081';

/** Each operation's security requirement (its own, or the contract's default). */
function securityByOperation(contract: { paths: Record<string, Record<string, { operationId?: string; security?: SecurityRequirement }>>; security?: SecurityRequirement }) {
  const map = new Map<string, SecurityRequirement>();
  for (const item of Object.values(contract.paths)) {
    for (const op of Object.values(item)) {
      if (op?.operationId) map.set(op.operationId, op.security ?? contract.security ?? []);
    }
  }
  return map;
}

/** Every error answer in the contract's ErrorResponse shape (both origins). */
export function answerErrors(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, _req, reply) => {
    if (err.validation) {
      const where = err.validationContext ?? 'request';
      return reply.code(400).send(errorBody(400, `Invalid ${where}: ${err.message.replace(/^(body|querystring|params|headers)\/?/, '')}`));
    }
    if (err instanceof GatewayError) return reply.code(err.statusCode).send(errorBody(err.statusCode, err.message));
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.code(err.statusCode).send(errorBody(err.statusCode, err.message));
    }
    app.log.error(err);
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
  handlers: Record<string, unknown>;
  tokens: ReturnType<typeof createTokens>;
  rateLimits: RateLimits;
}

/** Registers one origin's operations from the contract: request validation, security, rate limits (call after the fault hook). */
export async function registerOperations(app: FastifyInstance, { origin, handlers, tokens, rateLimits }: OperationsOptions): Promise<void> {
  // Before the routes: its onRoute hook gives the limited operations their counters.
  await registerRateLimit(app);
  const contract = contractOf(origin);
  const security = securityByOperation(contract);
  const authenticate = createAuthenticator(tokens);
  await app.register(openapiGlue, {
    specification: contract,
    operationResolver: (operationId: string) => {
      const handler = handlers[operationId];
      if (!handler) throw new Error(`Operation ${operationId} has no handler`);
      // The plugin spreads these into the route it builds (its types ask for a whole route).
      return {
        handler,
        onRequest: authenticate(security.get(operationId) ?? contract.security ?? []),
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
    logger: options.logger ? { level: 'warn', redact: ['req.headers["x-access-token"]', 'req.headers["x-app-token"]'] } : false,
    // Reject what the contract does not allow instead of silently dropping it.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false, strict: false } },
  });

  answerErrors(app);

  app.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith('/gwapi')) {
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
  }

  const rateLimits: RateLimits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };
  const handlers = createHandlers({ db: options.db, tokens, now, tokenizerUrl });
  await registerOperations(app, { origin: 'gateway', handlers, tokens, rateLimits });

  securityHeaders(app, new URL(tokenizerUrl).origin);
  if (options.spaDir) {
    await app.register(fastifyStatic, {
      root: options.spaDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text asset (vite.config.ts).
      preCompressed: true,
      // The card field's build is the tokenizer's, served only on its own origin (tokenizer/app.ts).
      allowedPath: (path) => !path.startsWith('/card-field/'),
      // Hashed build assets never change under their name; everything else is revalidated.
      setHeaders: (res, path) =>
        res.header('cache-control', path.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
  }
  app.setNotFoundHandler((req, reply) => {
    // Client routes get the SPA; a missing file (a name with an extension, such as a stale asset) is a plain 404.
    const path = req.url.split('?')[0]!;
    const clientRoute = !path.startsWith('/gwapi') && !/\.[a-z0-9]+$/i.test(path);
    if (options.spaDir && (req.method === 'GET' || req.method === 'HEAD') && clientRoute) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.code(404).send(errorBody(404, `No operation ${req.method} ${req.url.split('?')[0]}.`));
  });

  return app;
}
