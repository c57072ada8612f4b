/**
 * `npm start`: one process, two ports: the built SPA and the reference gateway
 * (/gwapi) over its database, seeded with the demo personas on first start;
 * and, on the second port, the hosted card tokenizer's own origin (its field
 * page and its card endpoint, gateway/tokenizer/).
 * `npm run reset`: drop, migrate and re-seed, then exit.
 * `--test`: used by the Playwright web server (memory data, fault switch).
 */
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { buildGateway, faultSwitchOf } from './app.ts';
import { buildTokenizer } from './tokenizer/app.ts';
import { readConfig } from './config.ts';
import { dropAll, migrate, openDatabase, type Db } from './db/database.ts';
import { isSeeded, seed } from './db/seed.ts';
import { personaSummary } from './db/personas.ts';

const flags = { test: process.argv.includes('--test'), reset: process.argv.includes('--reset') };
const config = readConfig(process.env, flags);
const db = await openDatabase(config.storage);

if (flags.reset) await dropAll(db);
await migrate(db);
if (!(await isSeeded(db))) await seed(db, { now: new Date(), banner: config.banner });

if (flags.reset) {
  console.log('Database reset and re-seeded with the demo personas.');
  await db.destroy();
} else {
  await serve(db);
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
   * SIGTERM (and SIGINT): /readyz answers 503 from now on, the servers stop
   * taking connections and finish the requests in flight (Fastify's close; a
   * request arriving on a kept-alive connection meanwhile gets 503), then the
   * pool is closed. A second signal, or SHUTDOWN_TIMEOUT_MS, ends it at once.
   */
  const stop = async (signal: string) => {
    if (shuttingDown) process.exit(1);
    shuttingDown = true;
    console.log(`${signal}: finishing the requests in flight, then closing the database.`);
    const timer = setTimeout(() => {
      console.error('Shutdown timed out: exiting with requests still in flight.');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    await Promise.all([tokenizer.close(), app.close()]);
    await db.destroy();
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
