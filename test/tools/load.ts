/**
 * `npm run load`: the gateway under load, on loopback only, bounded in time
 * and count. A patient-scoped list (GET /gwapi/mmar/Addresses, Maria's) at a
 * fixed rate from many connections, in one run:
 * - on PostgreSQL (a throwaway cluster, test/tools/postgres.ts), one instance;
 * - on PGlite (a file database in a temporary folder, as `npm start` keeps it), one instance;
 * - on PostgreSQL, the same load spread over two instances (one secret, one database).
 * Prints p50, p97.5 and p99 per run and checks the targets of issue 26
 * (PostgreSQL p99 < 20 ms, PGlite p99 < 100 ms); exits 1 when one is missed.
 * Every answer must be 200: an error or a timeout fails the run.
 *
 * Settings: LOAD_RATE (requests per second, 500), LOAD_CONNECTIONS (50),
 * LOAD_SECONDS (20), LOAD_ONLY (a comma list of run names: postgres, pglite, two),
 * LOAD_PROFILE_DIR (each gateway writes a V8 CPU profile there as it stops:
 * open it in Chromium's DevTools, Performance, or read it with test/tools/cpuprofile.ts).
 * Run it on a quiet machine: anything else on the two cores shows in p99.
 */
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCluster, type Cluster } from './postgres.ts';
import { freePort, startGateway, type RunningGateway } from './serve.ts';

const RATE = Number(process.env.LOAD_RATE ?? 500);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 20);
const ONLY = process.env.LOAD_ONLY?.split(',').map((s) => s.trim());
const PATH = '/gwapi/mmar/Addresses';
const SECRET = 'load-test-secret-shared-by-the-instances';

interface Run {
  name: 'postgres' | 'pglite' | 'two';
  what: string;
  targetP99: number;
}
const RUNS: Run[] = [
  { name: 'postgres', what: 'PostgreSQL, one instance', targetP99: 20 },
  { name: 'pglite', what: 'PGlite, one instance', targetP99: 100 },
  { name: 'two', what: 'PostgreSQL, two instances', targetP99: 20 },
];

/** A verified member's tokens: the list is Maria's addresses. */
async function tokensOf(url: string) {
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }).then(async (r) => {
      if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
      return r.json() as Promise<Record<string, unknown>>;
    });
  const app = (await post('/gwapi/apptoken', { clientId: 'mmar-web' })).token as string;
  const verified = await post('/gwapi/mmar/verify', { memberInfo: { memberNumber: 'MMA100001', firstName: 'Maria', lastName: 'Lopez', birthDate: '1958-04-12' } }, { 'x-app-token': app });
  const patient = verified.accessToken as string;
  if (!patient) throw new Error(`verify gave no patient token: ${JSON.stringify(Object.keys(verified))}`);
  return { 'x-app-token': app, 'x-access-token': patient };
}

async function measure(urls: string[]): Promise<autocannon.Result> {
  const headers = await tokensOf(urls[0]!);
  // autocannon spreads the connections over several URLs (its README); its types name one.
  const url = urls.map((u) => u + PATH) as unknown as string;
  // A warm-up (connections, the query plans, the JIT), not measured.
  await autocannon({ url, headers, connections: CONNECTIONS, overallRate: RATE, duration: 3 });
  return autocannon({ url, headers, connections: CONNECTIONS, overallRate: RATE, duration: SECONDS });
}

const cleanups: (() => Promise<void> | void)[] = [];
async function cleanUp() {
  for (const c of cleanups.reverse()) await c();
  cleanups.length = 0;
}
process.on('SIGINT', () => void cleanUp().finally(() => process.exit(130)));

const rows: string[] = [];
let missed = 0;
try {
  let cluster: Cluster | undefined;
  const postgres = async () => {
    if (!cluster) {
      cluster = process.env.DATABASE_URL ? { url: process.env.DATABASE_URL, stop: () => {} } : await startCluster();
      cleanups.push(cluster.stop);
    }
    return cluster.url;
  };
  const gateway = async (env: Record<string, string>): Promise<RunningGateway> => {
    const nodeArgs = process.env.LOAD_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.LOAD_PROFILE_DIR}`] : [];
    const g = await startGateway(await freePort(), { test: false, nodeArgs, env: { GATEWAY_SECRET: SECRET, ...env } });
    cleanups.push(g.stop);
    return g;
  };
  for (const run of RUNS.filter((r) => !ONLY || ONLY.includes(r.name))) {
    let gateways: RunningGateway[];
    if (run.name === 'pglite') {
      const dir = mkdtempSync(join(tmpdir(), 'mop-load-pglite-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      gateways = [await gateway({ GATEWAY_DATA: dir })];
    } else {
      const url = await postgres();
      gateways = [await gateway({ DATABASE_URL: url })];
      if (run.name === 'two') gateways.push(await gateway({ DATABASE_URL: url }));
    }
    const result = await measure(gateways.map((g) => g.url));
    const { p50, p97_5, p99, max } = result.latency;
    const bad = result.non2xx + result.errors + result.timeouts;
    const ok = p99 < run.targetP99 && bad === 0;
    if (!ok) missed += 1;
    rows.push(
      `| ${run.what} | ${result.requests.average.toFixed(0)} | ${result.requests.total} | ${p50} | ${p97_5} | ${p99} | ${max} | ${bad} | < ${run.targetP99} ms ${ok ? 'met' : 'MISSED'} |`,
    );
    console.log(rows.at(-1));
    for (const g of gateways) await g.stop();
  }
} finally {
  await cleanUp();
}

console.log(`\nGET ${PATH} at ${RATE} req/s, ${CONNECTIONS} connections, ${SECONDS} s per run (latency in ms)\n`);
console.log('| run | req/s | requests | p50 | p97.5 | p99 | max | errors | p99 target |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const row of rows) console.log(row);
process.exit(missed ? 1 : 0);
