/**
 * The gateway's settings, all from the environment:
 * - PORT (8080) and HOST (127.0.0.1): where the one process listens;
 * - DATABASE_URL: a PostgreSQL server; otherwise embedded PGlite, kept in
 *   GATEWAY_DATA (a folder, default .data/pglite) or in memory when
 *   GATEWAY_DATA=memory (tests);
 * - GATEWAY_SECRET: the token-signing secret; without it a random one is made
 *   and kept beside the data (or per process in memory mode);
 * - GATEWAY_FAULTS=1 together with the --test flag: the test-only fault switch;
 * - GATEWAY_BANNER=off: no header banner is served;
 * - GATEWAY_RATE_APPTOKEN (300) and GATEWAY_RATE_VERIFY (60): calls per minute
 *   and client IP of the unauthenticated calls (the app token; member verify and
 *   the link Validate and Verify calls, each counted on its own).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Storage } from './db/database.ts';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './rateLimit.ts';

export interface GatewayConfig {
  port: number;
  host: string;
  storage: Storage;
  secret: string;
  faults: boolean;
  banner: boolean;
  rateLimits: RateLimits;
}

/** A per-minute limit from the environment: a positive whole number, or the default. */
function perMinute(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number of calls per minute (1 or more), not '${value}'.`);
  return n;
}

export function readConfig(env: NodeJS.ProcessEnv, flags: { test: boolean }): GatewayConfig {
  const storage: Storage = env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL }
    : env.GATEWAY_DATA === 'memory'
      ? { kind: 'memory' }
      : { kind: 'file', dir: resolve(env.GATEWAY_DATA ?? '.data/pglite') };
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '127.0.0.1',
    storage,
    secret: env.GATEWAY_SECRET ?? secretFor(storage),
    faults: flags.test && env.GATEWAY_FAULTS === '1',
    banner: env.GATEWAY_BANNER !== 'off',
    rateLimits: {
      appToken: perMinute(env.GATEWAY_RATE_APPTOKEN, 'GATEWAY_RATE_APPTOKEN', DEFAULT_RATE_LIMITS.appToken),
      verify: perMinute(env.GATEWAY_RATE_VERIFY, 'GATEWAY_RATE_VERIFY', DEFAULT_RATE_LIMITS.verify),
    },
  };
}

function secretFor(storage: Storage): string {
  if (storage.kind !== 'file') return randomBytes(32).toString('hex');
  const file = resolve(dirname(storage.dir), 'secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
