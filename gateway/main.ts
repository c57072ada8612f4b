/**
 * `npm start`: one process, two ports: the built SPA and the reference gateway
 * (/gwapi) over its database, seeded with the demo personas on first start;
 * and, on the second port, the hosted card tokenizer's own origin (its field
 * page and its card endpoint, gateway/tokenizer/).
 * `npm run reset`: drop, migrate and re-seed, then exit.
 * `--test`: used by the Playwright web server (memory data, fault switch).
 */
import { fileURLToPath } from 'node:url';
import type { Server } from 'node:http';
import { existsSync } from 'node:fs';
import { buildGateway, faultSwitchOf } from './app.ts';
import { buildTokenizer } from './tokenizer/app.ts';
import { readConfig } from './config.ts';
import { dropAll, isDatabaseUnavailable, MAINTENANCE_LIMITS, migrate, openDatabase, type Db } from './db/database.ts';
import { isSeeded, seed } from './db/seed.ts';
import { personaSummary } from './db/personas.ts';

const flags = { test: process.argv.includes('--test'), reset: process.argv.includes('--reset') };

/** A start that cannot go on: one line saying why (no stack trace), exit 1. */
function giveUp(reason: string): never {
  console.error(`The gateway could not start: ${reason}`);
  process.exit(1);
}

const config = (() => {
  try {
    return readConfig(process.env, flags);
  } catch (e) {
    return giveUp(e instanceof Error ? e.message : String(e));
  }
})();

/** What an error says in one line: its code and its first line, never a query's parameters. */
const oneLine = (e: unknown) => {
  const { code, message } = (e ?? {}) as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' && message ? message.split('\n')[0]! : String(e);
  return typeof code === 'string' && !text.includes(code) ? `${text} (${code})` : text;
};

/**
 * Migrations and the seed, on a connection without statement or lock limits
 * (a migration may run long, or wait for another instance's). A database that
 * does not answer yet (starting, restarting, unreachable) is tried again with
 * backoff (0.5 s doubling to 5 s) for GATEWAY_DB_STARTUP_RETRY_S, one log line
 * each try; then the start gives up with a one-line reason.
 */
async function prepare(): Promise<Db> {
  const deadline = Date.now() + config.startupRetryMs;
  // PGlite is this process's own: the database that is prepared is the one that serves.
  const own = config.storage.kind !== 'postgres';
  for (let attempt = 1, wait = 500; ; attempt++, wait = Math.min(wait * 2, 5000)) {
    let maintenance: Db | undefined;
    try {
      maintenance = await openDatabase(config.storage, MAINTENANCE_LIMITS);
      if (flags.reset) await dropAll(maintenance);
      await migrate(maintenance);
      if (!(await isSeeded(maintenance))) await seed(maintenance, { now: new Date(), banner: config.banner });
      if (own && !flags.reset) {
        const served = maintenance;
        maintenance = undefined;
        return served;
      }
      return openDatabase(config.storage, config.databaseLimits);
    } catch (e) {
      // Migration failures come wrapped (migrate): their cause says whether the database was unreachable.
      const unavailable = isDatabaseUnavailable(e) || isDatabaseUnavailable((e as { cause?: unknown })?.cause);
      const left = deadline - Date.now();
      if (!unavailable || own) giveUp(oneLine(e));
      if (left <= 0) giveUp(`the database did not answer within ${config.startupRetryMs / 1000} s (${oneLine(e)}).`);
      console.warn(JSON.stringify({ level: 'warn', msg: `database: not answering at start, trying again in ${Math.min(wait, left) / 1000} s`, attempt, code: oneLine(e) }));
      await new Promise((r) => setTimeout(r, Math.min(wait, left)));
    } finally {
      await maintenance?.destroy().catch(() => undefined);
    }
  }
}

const db = await prepare();
if (flags.reset) {
  console.log('Database reset and re-seeded with the demo personas.');
  await db.destroy();
} else {
  await serve(db);
}

/**
 * How long the connections still open when the listener closes may finish
 * before those left idle are cut (ms). Node's close cuts every connection
 * without a request in progress at once, and a connection whose request is
 * still arriving counts as one: its client would see a reset. For a second,
 * such a request is answered (with `Connection: close`) instead.
 */
const LINGER_MS = 1000;

function lingerOnClose(server: Server): void {
  const closeIdle = server.closeIdleConnections.bind(server);
  server.closeIdleConnections = () => void setTimeout(closeIdle, LINGER_MS).unref();
}

/** How long SIGTERM waits for requests in flight before it closes the pool anyway. */
const SHUTDOWN_TIMEOUT_MS = 25_000;

async function serve(db: Db): Promise<void> {
  let shuttingDown = false;
  const dist = fileURLToPath(new URL('../dist', import.meta.url));
  const fieldDir = fileURLToPath(new URL('../dist/card-field', import.meta.url));
  if (!existsSync(dist)) console.warn('No dist/ folder: run `npm run build` (npm start does) to serve the SPA.');
  const app = await buildGateway({
    db,
    secret: config.secret,
    faults: config.faults,
    rateLimits: config.rateLimits,
    logger: !flags.test,
    spaDir: existsSync(dist) ? dist : undefined,
    tokenizerUrl: config.tokenizer.publicUrl,
    banner: config.banner,
    trustProxy: config.trustProxy,
    hsts: config.hsts,
    shuttingDown: () => shuttingDown,
    readyTimeoutMs: config.readyTimeoutMs,
    memberWritesInFlight: config.memberWritesInFlight,
    fulfillment: config.fulfillment,
  });
  const tokenizer = await buildTokenizer({
    db,
    secret: config.tokenizer.secret,
    publicUrl: config.tokenizer.publicUrl,
    portalOrigins: config.tokenizer.portalOrigins,
    fieldDir: existsSync(fieldDir) ? fieldDir : undefined,
    faults: faultSwitchOf(app),
    rateLimits: config.rateLimits,
    logger: !flags.test,
    trustProxy: config.trustProxy,
    hsts: config.hsts,
  });
  await app.listen({ port: config.port, host: config.host });
  await tokenizer.listen({ port: config.tokenizer.port, host: config.host });

  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
  console.log(`\nMail Order Pharmacy portal: ${url}\n`);
  console.log(`Card tokenizer (its own origin): ${config.tokenizer.publicUrl}, framed by ${config.tokenizer.portalOrigins.join(' ')}`);
  console.log(`Storage: ${config.storage.kind === 'file' ? config.storage.dir : config.storage.kind}`);
  if (config.faults) console.log('Test switches are ON (/__test/faults, /__test/links, /__test/members).');
  console.log(personaSummary(url));

  /**
   * SIGTERM (and SIGINT), a rolling restart's step: from this moment /readyz
   * answers 503 and every answer carries `Connection: close` (app.ts), while
   * the servers keep listening for GATEWAY_DRAIN_MS, so the load balancer sees
   * the 503 and moves its traffic, and each kept-alive connection is closed by
   * its own next answer instead of being cut. Then the listeners close and the
   * requests in flight finish (Fastify's close), then the pool is closed. A
   * second signal, or SHUTDOWN_TIMEOUT_MS after the drain, ends it at once.
   */
  const stop = async (signal: string) => {
    if (shuttingDown) process.exit(1);
    shuttingDown = true;
    console.log(`${signal}: /readyz answers 503; draining for ${config.drainMs / 1000} s, then finishing the requests in flight and closing the database.`);
    await new Promise((r) => setTimeout(r, config.drainMs));
    const timer = setTimeout(() => {
      console.error('Shutdown timed out: exiting with requests still in flight.');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    for (const server of [app.server, tokenizer.server]) lingerOnClose(server);
    await Promise.all([tokenizer.close(), app.close()]);
    await db.destroy();
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
