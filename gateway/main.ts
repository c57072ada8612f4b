/**
 * `npm start`: one process, one port: the built SPA and the reference gateway
 * (/gwapi) over its database, seeded with the demo personas on first start.
 * `npm run reset`: drop, migrate and re-seed, then exit.
 * `--test`: used by the Playwright web server (memory data, fault switch).
 */
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import { buildGateway } from './app.ts';
import { readConfig } from './config.ts';
import { dropAll, migrate, openDatabase } from './db/database.ts';
import { isSeeded, seed } from './db/seed.ts';
import { personaSummary } from './db/personas.ts';
import { securityHeaders } from './headers.ts';

const flags = { test: process.argv.includes('--test'), reset: process.argv.includes('--reset') };
const config = readConfig(process.env, flags);
const db = await openDatabase(config.storage);

if (flags.reset) {
  await dropAll(db);
}
await migrate(db);
if (!(await isSeeded(db))) await seed(db, { now: new Date(), banner: config.banner });
if (flags.reset) {
  console.log('Database reset and re-seeded with the demo personas.');
  await db.destroy();
  process.exit(0);
}

const app = await buildGateway({ db, secret: config.secret, faults: config.faults, logger: !flags.test });
securityHeaders(app);

const dist = fileURLToPath(new URL('../dist', import.meta.url));
if (existsSync(dist)) {
  await app.register(fastifyStatic, { root: dist, wildcard: false, index: false });
  // Client-side routes: any other GET outside /gwapi gets the SPA.
  app.setNotFoundHandler((req, reply) => {
    if (req.method === 'GET' && !req.url.startsWith('/gwapi')) return reply.sendFile('index.html');
    return reply.code(404).send({ messageStatus: false, messageErrorText: 'Not found.', statusCode: 404 });
  });
}

await app.listen({ port: config.port, host: config.host });
const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
console.log(`\nMail Order Pharmacy portal: ${url}\n`);
console.log(`Storage: ${config.storage.kind === 'file' ? config.storage.dir : config.storage.kind}`);
if (config.faults) console.log('Test fault switch is ON (/__test/faults).');
console.log(personaSummary(url));

const stop = async () => {
  await app.close();
  await db.destroy();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
