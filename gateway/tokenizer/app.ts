/**
 * The hosted card tokenizer's own origin (the reference gateway's second
 * port), playing the card provider of member-transfer-flow.md section 7:
 *   GET  /field      the card-number field page (field/, built into dist/card-field),
 *                    which the portal shows in an iframe; only the portal's
 *                    origins may frame it (frame-ancestors), and its script
 *                    answers only them (meta portal-origins, checked per message);
 *   GET  /assets/*   that page's script and stylesheet;
 *   POST /cards      tokenizeCard (the contract's one path with its own
 *                    `servers`): the card number, from the field page only.
 * The number is checked (the shared rules of machines/shared/rules) and dropped; the
 * session keeps a token and the last four digits (handlers/payment.ts).
 *
 * CORS: none. The only caller of /cards is the field page, on this origin; a
 * browser call from any other origin (the portal's included) is refused (403)
 * on its Origin header, and gets no Access-Control-Allow-Origin to read an answer.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../db/database.ts';
import { hstsHeader } from '../headers.ts';
import { DEFAULT_READY_TIMEOUT_MS, NO_OPERATION, answerErrors, loggerOptions, registerOperations, routedPath, serverOptions, type TrustProxy } from '../app.ts';
import { createTokens } from '../auth/tokens.ts';
import { errorBody } from '../errors.ts';
import { securityEvent } from '../securityLog.ts';
import type { FaultSwitch } from '../faults.ts';
import { createHandlers } from '../handlers/index.ts';
import { dueAtOf } from '../fulfillment.ts';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../rateLimit.ts';

export interface TokenizerOptions {
  db: Db;
  /** The tokenizer's own secret (TOKENIZER_SECRET; config.ts), never the gateway's and never in the code. */
  secret: string;
  /** This origin as the browser reaches it (TOKENIZER_PUBLIC_URL). */
  publicUrl: string;
  /** The portal's origins: the only pages that may frame the field and talk to it. */
  portalOrigins: string[];
  /** The built field page (dist/card-field); without it /field answers 503. */
  fieldDir?: string;
  now?: () => Date;
  /** The gateway's test-only fault switch (tests arm tokenizeCard like any operation). */
  faults?: FaultSwitch;
  rateLimits?: Partial<RateLimits>;
  /** As the gateway's: warnings, errors and security events as JSON lines, to stdout or the stream given. */
  logger?: boolean | NodeJS.WritableStream;
  /** As the gateway's (GATEWAY_TRUST_PROXY): the client IP that the card post's rate limit counts. */
  trustProxy?: TrustProxy;
  /** As the gateway's (GATEWAY_HSTS): Strict-Transport-Security's max-age in seconds. */
  hsts?: number;
}

/** The field page's own policy: its own script and style, calls to this origin only, framed by the portal only. */
export const fieldPolicy = (portalOrigins: string[]) =>
  [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${portalOrigins.join(' ')}`,
  ].join('; ');

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function buildTokenizer(options: TokenizerOptions): Promise<FastifyInstance> {
  const now = options.now ?? (() => new Date());
  const self = new URL(options.publicUrl).origin;
  const app = Fastify({
    logger: loggerOptions(options.logger),
    ...serverOptions(options.trustProxy),
  });
  answerErrors(app);

  const policy = fieldPolicy(options.portalOrigins);
  const transport = options.hsts === undefined ? null : hstsHeader(options.hsts);
  app.addHook('onSend', async (_req, reply) => {
    if (transport) reply.header('strict-transport-security', transport);
    reply.header('content-security-policy', policy);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  // The card endpoint takes a browser's call only from this origin's own field page.
  app.addHook('onRequest', async (req, reply) => {
    if (req.method === 'OPTIONS') return reply.code(403).send(errorBody(403, 'The tokenizer answers its own field page only.'));
    const origin = req.headers.origin;
    if (routedPath(req) === '/cards' && origin !== undefined && origin !== self) {
      securityEvent(req, 'origin-refused', 403);
      return reply.code(403).send(errorBody(403, 'The tokenizer answers its own field page only.'));
    }
  });

  options.faults?.hook(app);
  // Its own secret, from settings: /cards carries no gateway token, so the gateway's secret never comes here.
  const tokens = createTokens(options.secret, now);
  const handlers = createHandlers({ db: options.db, tokens, now, tokenizerUrl: options.publicUrl, shuttingDown: () => false, readyTimeoutMs: DEFAULT_READY_TIMEOUT_MS, dueAt: dueAtOf(undefined) });
  await registerOperations(app, { origin: 'tokenizer', secret: options.secret, db: options.db, handlers, tokens, rateLimits: { ...DEFAULT_RATE_LIMITS, ...options.rateLimits }, now });

  const page = options.fieldDir && existsSync(join(options.fieldDir, 'index.html'))
    ? readFileSync(join(options.fieldDir, 'index.html'), 'utf8').replace('__PORTAL_ORIGINS__', escapeAttribute(options.portalOrigins.join(' ')))
    : null;
  app.get('/field', async (_req, reply) => {
    if (!page) return reply.code(503).send(errorBody(503, 'The card field is not built: run `npm run build`.'));
    return reply.type('text/html; charset=utf-8').send(page);
  });
  if (options.fieldDir && existsSync(join(options.fieldDir, 'assets'))) {
    await app.register(fastifyStatic, {
      root: join(options.fieldDir, 'assets'),
      prefix: '/assets/',
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (res) => res.header('cache-control', 'public, max-age=31536000, immutable'),
    });
  }
  app.setNotFoundHandler((_req, reply) => reply.code(404).send(errorBody(404, NO_OPERATION)));
  return app;
}
