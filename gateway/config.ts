/**
 * The gateway's settings, all from the environment:
 * - PORT (8080) and HOST (127.0.0.1): where the one process listens;
 * - DATABASE_URL: a PostgreSQL server; otherwise embedded PGlite, kept in
 *   GATEWAY_DATA (a folder, default .data/pglite) or in memory when
 *   GATEWAY_DATA=memory (tests);
 * - GATEWAY_SECRET: the token-signing secret; without it a random one is made
 *   and kept beside the data (.data/secret; per process in memory mode or on
 *   PostgreSQL, where every instance must then be given the same one);
 * - TOKENIZER_SECRET: the card tokenizer's own secret, the same way (kept in
 *   .data/tokenizer-secret); never the gateway's, never in the code;
 * - GATEWAY_HSTS: Strict-Transport-Security on both origins, for deployments
 *   behind TLS: off (default), on (max-age one year) or a max-age in seconds;
 * - GATEWAY_FAULTS=1 together with the --test flag: the test-only fault switch;
 * - GATEWAY_BANNER=off: no header banner is served;
 * - GATEWAY_RATE_APPTOKEN (300) and GATEWAY_RATE_VERIFY (60): calls per minute
 *   and client IP of the unauthenticated calls (the app token; member verify,
 *   the link Validate and Verify calls and the tokenizer's card post, each
 *   counted on its own);
 * - TOKENIZER_PORT (PORT + 1): the hosted card tokenizer's own port (a second
 *   origin: its field page and its card endpoint, gateway/tokenizer/);
 *   TOKENIZER_PUBLIC_URL (http://HOST:TOKENIZER_PORT): its origin as the browser
 *   reaches it, behind a proxy say; PORTAL_PUBLIC_URL: the portal's origin(s),
 *   space-separated, the only pages that may frame the card field (default: the
 *   portal on HOST:PORT, with localhost and 127.0.0.1 both named on this computer);
 * - GATEWAY_TRUST_PROXY: whose X-Forwarded-For gives the client IP (rate limits
 *   count per client IP): unset, nobody's (the connection's address); a whole
 *   number, that many proxies in front; addresses or CIDRs (or Fastify's names
 *   loopback, linklocal, uniquelocal), comma or space separated, the proxies
 *   themselves; `true`, any (only when nothing but the proxy can reach the gateway);
 * - the time limits on the database path (docs/gateway.md, "Time limits"), in ms:
 *   GATEWAY_DB_STATEMENT_TIMEOUT_MS (1500), GATEWAY_DB_LOCK_TIMEOUT_MS (1000),
 *   GATEWAY_DB_IDLE_TX_TIMEOUT_MS (5000), GATEWAY_DB_QUERY_TIMEOUT_MS (2000),
 *   GATEWAY_DB_CONNECT_TIMEOUT_MS (1000); GATEWAY_DB_POOL (5 connections);
 *   GATEWAY_READY_TIMEOUT_MS (500): /readyz's budget; GATEWAY_DB_STARTUP_RETRY_S
 *   (60): how long a start keeps trying a database that does not answer;
 *   GATEWAY_DRAIN_MS (5000): how long SIGTERM keeps listening, /readyz 503, before it closes;
 * - GATEWAY_RATE_MEMBER_WRITES (60): a member's writes per minute, across
 *   instances; GATEWAY_MEMBER_WRITES_IN_FLIGHT (2): a member's writes at once
 *   per instance (memberWrites.ts).
 */
import type { FulfillmentMode } from './fulfillment.ts';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { DEFAULT_DATABASE_LIMITS, type DatabaseLimits, type Storage } from './db/database.ts';
import { DEFAULT_IN_FLIGHT } from './memberWrites.ts';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './rateLimit.ts';
import { DEFAULT_READY_TIMEOUT_MS, type TrustProxy } from './app.ts';

export interface GatewayConfig {
  port: number;
  host: string;
  storage: Storage;
  secret: string;
  faults: boolean;
  banner: boolean;
  rateLimits: RateLimits;
  tokenizer: { port: number; publicUrl: string; portalOrigins: string[]; secret: string };
  trustProxy: TrustProxy | undefined;
  /** Strict-Transport-Security's max-age in seconds; undefined sends none. */
  hsts: number | undefined;
  /** The time limits of the PostgreSQL path (unused on PGlite). */
  databaseLimits: DatabaseLimits;
  /** /readyz's budget (ms). */
  readyTimeoutMs: number;
  /** How long a start keeps trying a database that does not answer (ms). */
  startupRetryMs: number;
  /** A member's writes at once on this instance. */
  memberWritesInFlight: number;
  /** How long SIGTERM keeps listening (answering 503 on /readyz, closing each connection after its answer) before it closes the listeners (ms). */
  drainMs: number;
  /** The fulfillment worker (fulfillment.ts): demo by default, off under --test; a fixed step for tests. */
  fulfillment: { mode: FulfillmentMode; stepMs: number | undefined };
}

/** GATEWAY_DRAIN_MS unless set: two load-balancer checks 2 s apart see the 503 before the listener closes. */
export const DEFAULT_DRAIN_MS = 5000;

/** How long a start keeps trying the database unless configured (GATEWAY_DB_STARTUP_RETRY_S). */
export const DEFAULT_STARTUP_RETRY_S = 60;

/** A whole number from the environment, within bounds, or the default. */
function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, unit: string): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be a whole number of ${unit} (${min} or more), not '${value}'.`);
  return n;
}

/** One year, what `GATEWAY_HSTS=on` sends. */
export const HSTS_ONE_YEAR = 31_536_000;

/** GATEWAY_HSTS (above). */
export function hstsSetting(value: string | undefined): number | undefined {
  const v = value?.trim().toLowerCase();
  if (!v || v === 'off' || v === 'false') return undefined;
  if (v === 'on' || v === 'true') return HSTS_ONE_YEAR;
  if (/^\d+$/.test(v)) return Number(v);
  throw new Error(`GATEWAY_HSTS must be off, on or a max-age in seconds, not '${value}'.`);
}

/** GATEWAY_TRUST_PROXY (above). */
export function trustProxySetting(value: string | undefined): TrustProxy | undefined {
  const v = value?.trim();
  if (!v || v === 'false') return undefined;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return (_address, hop) => hop < hops;
  }
  const list = v.split(/[\s,]+/).filter(Boolean);
  const name = /^(loopback|linklocal|uniquelocal)$/;
  const address = /^[0-9a-f.:]+(\/\d{1,3})?$/i;
  const bad = list.find((a) => !name.test(a) && !address.test(a));
  if (bad) throw new Error(`GATEWAY_TRUST_PROXY must be true, a number of proxies, or addresses/CIDRs of the proxies, not '${bad}'.`);
  return list;
}

/** An origin (scheme, host, port) from a setting: http(s) only, nothing after it but an optional path. */
function originSetting(value: string, name: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be a URL such as https://cards.example.org, not '${value}'.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${name} must be an http or https URL, not '${value}'.`);
  return url.origin;
}

function tokenizerConfig(env: NodeJS.ProcessEnv, port: number, host: string, storage: Storage): GatewayConfig['tokenizer'] {
  const tokenizerPort = env.TOKENIZER_PORT ? Number(env.TOKENIZER_PORT) : port + 1;
  if (!Number.isInteger(tokenizerPort) || tokenizerPort < 0 || tokenizerPort > 65535 || (tokenizerPort === port && port !== 0)) {
    throw new Error(`TOKENIZER_PORT must be a port number other than PORT, not '${env.TOKENIZER_PORT}'.`);
  }
  const local = host === '127.0.0.1' || host === 'localhost' || host === '0.0.0.0' || host === '::1';
  const urlHost = local ? '127.0.0.1' : host;
  const publicUrl = env.TOKENIZER_PUBLIC_URL ? originSetting(env.TOKENIZER_PUBLIC_URL, 'TOKENIZER_PUBLIC_URL') : `http://${urlHost}:${tokenizerPort}`;
  const portalOrigins = env.PORTAL_PUBLIC_URL
    ? env.PORTAL_PUBLIC_URL.split(/[\s,]+/).filter(Boolean).map((u) => originSetting(u, 'PORTAL_PUBLIC_URL'))
    : local
      ? [`http://127.0.0.1:${port}`, `http://localhost:${port}`]
      : [`http://${host}:${port}`];
  return { port: tokenizerPort, publicUrl, portalOrigins, secret: env.TOKENIZER_SECRET ?? secretFor(storage, 'tokenizer-secret') };
}

/** A per-minute limit from the environment: a positive whole number, or the default. */
function perMinute(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number of calls per minute (1 or more), not '${value}'.`);
  return n;
}

/** GATEWAY_FULFILLMENT (demo, off; demo unless --test) and GATEWAY_FULFILLMENT_STEP_MS (a fixed step instead of 60-120 s). */
function fulfillmentSetting(env: NodeJS.ProcessEnv, flags: { test: boolean }): GatewayConfig['fulfillment'] {
  const value = env.GATEWAY_FULFILLMENT ?? (flags.test ? 'off' : 'demo');
  if (value !== 'demo' && value !== 'off') throw new Error(`GATEWAY_FULFILLMENT must be demo or off, not '${value}'.`);
  const stepMs = env.GATEWAY_FULFILLMENT_STEP_MS === undefined ? undefined : wholeNumber(env, 'GATEWAY_FULFILLMENT_STEP_MS', 0, 1, 'milliseconds');
  return { mode: value, stepMs };
}

export function readConfig(env: NodeJS.ProcessEnv, flags: { test: boolean }): GatewayConfig {
  const storage: Storage = env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL }
    : env.GATEWAY_DATA === 'memory'
      ? { kind: 'memory' }
      : { kind: 'file', dir: resolve(env.GATEWAY_DATA ?? '.data/pglite') };
  const port = Number(env.PORT ?? 8080);
  const host = env.HOST ?? '127.0.0.1';
  return {
    port,
    host,
    tokenizer: tokenizerConfig(env, port, host, storage),
    storage,
    secret: env.GATEWAY_SECRET ?? secretFor(storage, 'secret'),
    faults: flags.test && env.GATEWAY_FAULTS === '1',
    banner: env.GATEWAY_BANNER !== 'off',
    trustProxy: trustProxySetting(env.GATEWAY_TRUST_PROXY),
    hsts: hstsSetting(env.GATEWAY_HSTS),
    rateLimits: {
      appToken: perMinute(env.GATEWAY_RATE_APPTOKEN, 'GATEWAY_RATE_APPTOKEN', DEFAULT_RATE_LIMITS.appToken),
      verify: perMinute(env.GATEWAY_RATE_VERIFY, 'GATEWAY_RATE_VERIFY', DEFAULT_RATE_LIMITS.verify),
      memberWrites: perMinute(env.GATEWAY_RATE_MEMBER_WRITES, 'GATEWAY_RATE_MEMBER_WRITES', DEFAULT_RATE_LIMITS.memberWrites),
    },
    databaseLimits: {
      statementTimeoutMs: wholeNumber(env, 'GATEWAY_DB_STATEMENT_TIMEOUT_MS', DEFAULT_DATABASE_LIMITS.statementTimeoutMs, 1, 'milliseconds'),
      lockTimeoutMs: wholeNumber(env, 'GATEWAY_DB_LOCK_TIMEOUT_MS', DEFAULT_DATABASE_LIMITS.lockTimeoutMs, 1, 'milliseconds'),
      idleInTransactionTimeoutMs: wholeNumber(env, 'GATEWAY_DB_IDLE_TX_TIMEOUT_MS', DEFAULT_DATABASE_LIMITS.idleInTransactionTimeoutMs, 1, 'milliseconds'),
      queryTimeoutMs: wholeNumber(env, 'GATEWAY_DB_QUERY_TIMEOUT_MS', DEFAULT_DATABASE_LIMITS.queryTimeoutMs, 1, 'milliseconds'),
      connectTimeoutMs: wholeNumber(env, 'GATEWAY_DB_CONNECT_TIMEOUT_MS', DEFAULT_DATABASE_LIMITS.connectTimeoutMs, 1, 'milliseconds'),
      poolSize: wholeNumber(env, 'GATEWAY_DB_POOL', DEFAULT_DATABASE_LIMITS.poolSize, 1, 'connections'),
    },
    readyTimeoutMs: wholeNumber(env, 'GATEWAY_READY_TIMEOUT_MS', DEFAULT_READY_TIMEOUT_MS, 1, 'milliseconds'),
    startupRetryMs: 1000 * wholeNumber(env, 'GATEWAY_DB_STARTUP_RETRY_S', DEFAULT_STARTUP_RETRY_S, 0, 'seconds'),
    memberWritesInFlight: wholeNumber(env, 'GATEWAY_MEMBER_WRITES_IN_FLIGHT', DEFAULT_IN_FLIGHT, 1, 'writes'),
    drainMs: wholeNumber(env, 'GATEWAY_DRAIN_MS', DEFAULT_DRAIN_MS, 0, 'milliseconds'),
    fulfillment: fulfillmentSetting(env, flags),
  };
}

/** A random secret, kept in `name` beside the embedded database's folder (per process in memory mode or on PostgreSQL). */
function secretFor(storage: Storage, name: string): string {
  if (storage.kind !== 'file') return randomBytes(32).toString('hex');
  const file = resolve(dirname(storage.dir), name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
