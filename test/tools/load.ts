/**
 * `npm run load`: the gateway under load, on loopback only, bounded in time
 * and count. A patient-scoped list (GET /gwapi/mmar/Addresses, Maria's) at a
 * fixed arrival rate from a pool of keep-alive connections, in one run:
 * - on PostgreSQL (a throwaway cluster, test/tools/postgres.ts), one instance;
 * - on PGlite (a file database in a temporary folder, as `npm start` keeps it), one instance;
 * - on PostgreSQL, the same load spread over two instances (one secret, one database).
 * Prints p50, p97.5 and p99 per run and checks the latency targets
 * (PostgreSQL p99 < 20 ms, PGlite p99 < 100 ms); exits 1 when one is missed.
 * Every answer must be 200: an error or a timeout fails the run.
 *
 * The load (test/tools/pacer.ts): one request every 1000 / LOAD_RATE ms, each
 * on a free connection of the pool, from a child process; a latency counts
 * from when its request was due. The generator runs at niceness LOAD_NICE (0,
 * as any other process, unless set: 10 lets the gateway and PostgreSQL go first,
 * as if the clients were elsewhere, but on a busy machine starves the
 * generator, whose lateness counts). Each row also
 * says what the run cost: CPU ms per call of the gateway(s), PostgreSQL and the
 * generator, the machine's idle share and its load average.
 *
 * Settings: LOAD_RATE (requests per second, 500), LOAD_CONNECTIONS (50),
 * LOAD_SECONDS (20, after a 3 s warm-up), LOAD_ONLY (a comma list of run
 * names: postgres, pglite, two), LOAD_NICE (0), LOAD_GENERATOR (paced; or
 * autocannon, the generator used until 2026-11-26, whose bursts and percentiles
 * pacer.ts describes, for comparison; autocannon-raw, the same bursts with
 * each answer counted once), LOAD_GATEWAY_DIR (another checkout whose
 * gateway runs, for A/B against an older revision; its node_modules must be
 * installed), LOAD_PROBE=1 (each gateway reports its event loop's delay and
 * its garbage collections: test/tools/loadprobe.ts), LOAD_PROFILE_DIR (each
 * gateway writes a V8 CPU profile there as it stops: open it in Chromium's
 * DevTools, Performance, or read it with test/tools/cpuprofile.ts).
 * Run it on a quiet machine: anything else on the two cores shows in p99.
 */
import autocannon from 'autocannon';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startCluster, type Cluster } from './postgres.ts';
import { freePort, startGateway, type RunningGateway } from './serve.ts';
import { pace, type Percentiles } from './pacer.ts';
import type { ProbeReport } from './loadprobe.ts';

const RATE = Number(process.env.LOAD_RATE ?? 500);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 20);
const WARM_UP_SECONDS = 3;
const NICE = Number(process.env.LOAD_NICE ?? 0);
const GENERATOR = process.env.LOAD_GENERATOR ?? 'paced';
const GATEWAY_DIR = process.env.LOAD_GATEWAY_DIR ? resolve(process.env.LOAD_GATEWAY_DIR) : undefined;
const PROBE = process.env.LOAD_PROBE === '1';
const ONLY = process.env.LOAD_ONLY?.split(',').map((s) => s.trim());
const PATH = '/gwapi/mmar/Addresses';
const SECRET = 'load-test-secret-shared-by-the-instances';
if (!['paced', 'autocannon', 'autocannon-raw'].includes(GENERATOR)) throw new Error(`LOAD_GENERATOR: paced, autocannon or autocannon-raw, not ${GENERATOR}`);

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

/** CPU time (ms) of a process and all its descendants, from /proc (Linux). */
function cpuOfTree(root: number): number {
  const tick = 10; // USER_HZ is 100 on Linux.
  const stats = new Map<number, { ppid: number; ms: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Fields after the command (which may hold spaces), from ") ": state ppid ... utime(14th) stime(15th).
      const text = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = text.slice(text.lastIndexOf(') ') + 2).split(' ');
      stats.set(Number(entry), { ppid: Number(fields[1]), ms: (Number(fields[11]) + Number(fields[12])) * tick });
    } catch { /* the process ended meanwhile */ }
  }
  let ms = 0;
  const within = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, s] of stats) {
      if (!within.has(pid) && within.has(s.ppid)) {
        within.add(pid);
        grew = true;
      }
    }
  }
  for (const pid of within) ms += stats.get(pid)?.ms ?? 0;
  return ms;
}

/** The machine's CPU times (all cores): busy and total, in ticks. */
function machineTicks() {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  // idle and iowait.
  return { total, idle: fields[3]! + (fields[4] ?? 0) };
}

/** The postmaster of a cluster on this machine, by its port (PostgreSQL's own postmaster.pid names its port on line 4). */
function postmasterOf(url: string): number | undefined {
  const port = new URL(url).port;
  for (const dir of readdirSync(tmpdir()).filter((d) => d.startsWith('mop-postgres-'))) {
    try {
      const lines = readFileSync(join(tmpdir(), dir, 'data', 'postmaster.pid'), 'utf8').split('\n');
      if (lines[3]?.trim() === port) return Number(lines[0]);
    } catch { /* not ours, or gone */ }
  }
  return undefined;
}

interface Measured {
  latency: Percentiles;
  /** From the write (paced), else the same as latency. */
  service: Percentiles | null;
  late: Percentiles | null;
  requests: number;
  perSecond: number;
  bad: number;
  generatorCpuMs: number | null;
}

/** The warm-up, then the measured seconds (`onMeasuring` between them). */
async function measure(urls: string[], onMeasuring: () => void): Promise<Measured> {
  const headers = await tokensOf(urls[0]!);
  if (GENERATOR === 'paced') {
    const options = { urls, path: PATH, headers, rate: RATE, connections: CONNECTIONS, seconds: SECONDS, warmUpSeconds: WARM_UP_SECONDS, nice: NICE };
    const r = await pace(options, onMeasuring);
    return {
      latency: r.latency, service: r.service, late: r.late, requests: r.due, perSecond: (r.ok + r.non2xx) / SECONDS,
      bad: r.non2xx + r.errors + r.unanswered, generatorCpuMs: r.cpuMs,
    };
  }
  // autocannon spreads the connections over several URLs (its README); its types name one.
  const url = urls.map((u) => u + PATH) as unknown as string;
  await autocannon({ url, headers, connections: CONNECTIONS, overallRate: RATE, duration: WARM_UP_SECONDS });
  onMeasuring();
  const cpu = process.cpuUsage();
  const r = await autocannon({ url, headers, connections: CONNECTIONS, overallRate: RATE, duration: SECONDS, ignoreCoordinatedOmission: GENERATOR === 'autocannon-raw' });
  const used = process.cpuUsage(cpu);
  const { p50, p97_5, p99, max } = r.latency;
  return {
    latency: { p50, p97_5, p99, max }, service: null, late: null, requests: r.requests.total, perSecond: r.requests.average,
    bad: r.non2xx + r.errors + r.timeouts, generatorCpuMs: Math.round((used.user + used.system) / 1000),
  };
}

const cleanups: (() => Promise<void> | void)[] = [];
async function cleanUp() {
  for (const c of cleanups.reverse()) await c();
  cleanups.length = 0;
}
process.on('SIGINT', () => void cleanUp().finally(() => process.exit(130)));

const probeModule = pathToFileURL(fileURLToPath(new URL('./loadprobe.ts', import.meta.url))).href;
const ms = (v: number | undefined) => (v === undefined ? '-' : v < 10 ? v.toFixed(1) : v.toFixed(0));
/**
 * Below this share of idle CPU (both cores, the measured seconds) the run says so: the gateway,
 * PostgreSQL and the generator take about 16-27% of this machine at 500 calls a second, so the rest was other work.
 */
const BUSY_BELOW_IDLE_PERCENT = 50;
const rows: string[] = [];
const notes: string[] = [];
const warnings: string[] = [];
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
  const probeDir = mkdtempSync(join(tmpdir(), 'mop-load-probe-'));
  cleanups.push(() => rmSync(probeDir, { recursive: true, force: true }));
  let started = 0;
  const gateway = async (env: Record<string, string>): Promise<RunningGateway & { probeFile: string }> => {
    const nodeArgs = process.env.LOAD_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.LOAD_PROFILE_DIR}`] : [];
    const probeFile = join(probeDir, `gateway-${(started += 1)}.json`);
    const g = await startGateway(await freePort(), {
      test: false, nodeArgs, cwd: GATEWAY_DIR, imports: PROBE ? [probeModule] : [],
      env: { GATEWAY_SECRET: SECRET, ...env, ...(PROBE ? { LOAD_PROBE_FILE: probeFile } : {}) },
    });
    cleanups.push(g.stop);
    return { ...g, probeFile };
  };
  for (const run of RUNS.filter((r) => !ONLY || ONLY.includes(r.name))) {
    let gateways: (RunningGateway & { probeFile: string })[];
    let postmaster: number | undefined;
    if (run.name === 'pglite') {
      const dir = mkdtempSync(join(tmpdir(), 'mop-load-pglite-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      gateways = [await gateway({ GATEWAY_DATA: dir })];
    } else {
      const url = await postgres();
      postmaster = postmasterOf(url);
      gateways = [await gateway({ DATABASE_URL: url })];
      if (run.name === 'two') gateways.push(await gateway({ DATABASE_URL: url }));
    }
    // The gateways', PostgreSQL's and the machine's CPU in the measured seconds; the probes' window is the same.
    const load = loadavg()[0]!;
    const snapshot = () => ({ gateways: gateways.map((g) => cpuOfTree(g.pid)), postgres: postmaster ? cpuOfTree(postmaster) : 0, machine: machineTicks() });
    const signalProbes = () => PROBE && gateways.forEach((g) => process.kill(g.pid, 'SIGUSR2'));
    let cpuBefore = snapshot();
    const result = await measure(gateways.map((g) => g.url), () => {
      signalProbes();
      cpuBefore = snapshot();
    });
    signalProbes();
    const machine = machineTicks();
    const perCall = (msTotal: number) => (msTotal / result.requests).toFixed(2);
    const gatewayCpu = gateways.reduce((sum, g, i) => sum + cpuOfTree(g.pid) - cpuBefore.gateways[i]!, 0);
    const postgresCpu = postmaster ? cpuOfTree(postmaster) - cpuBefore.postgres : undefined;
    const idle = (100 * (machine.idle - cpuBefore.machine.idle)) / (machine.total - cpuBefore.machine.total);
    const { p50, p97_5, p99, max } = result.latency;
    const ok = p99 < run.targetP99 && result.bad === 0;
    if (!ok) missed += 1;
    rows.push(
      `| ${run.what} | ${result.perSecond.toFixed(0)} | ${result.requests} | ${ms(p50)} | ${ms(p97_5)} | ${ms(p99)} | ${ms(max)} | ${ms(result.service?.p99)} | ${ms(result.late?.p99)} | ${result.bad} `
      + `| ${perCall(gatewayCpu)} / ${postgresCpu === undefined ? '-' : perCall(postgresCpu)} / ${result.generatorCpuMs === null ? '-' : (result.generatorCpuMs / result.requests).toFixed(2)} `
      + `| ${idle.toFixed(0)}% | ${load.toFixed(1)} | < ${run.targetP99} ms ${ok ? 'met' : 'MISSED'} |`,
    );
    console.log(rows.at(-1));
    if (idle < BUSY_BELOW_IDLE_PERCENT) {
      warnings.push(`${run.what}: the machine was ${idle.toFixed(0)}% idle (load average ${load.toFixed(1)}): other work shared the cores, and this p99 says more about it than about the gateway.`);
    }
    for (const g of gateways) await g.stop();
    if (PROBE) {
      for (const [i, g] of gateways.entries()) {
        try {
          const p = JSON.parse(readFileSync(g.probeFile, 'utf8')) as ProbeReport;
          notes.push(`${run.what}${gateways.length > 1 ? ` #${i + 1}` : ''}: event loop delay p50 ${p.loopDelay.p50} ms, p99 ${p.loopDelay.p99} ms, max ${p.loopDelay.max} ms; `
            + `GC ${p.gc.count} (${p.gc.minor} minor, ${p.gc.major} major) ${p.gc.totalMs} ms in all, longest ${p.gc.maxMs} ms; CPU ${p.cpuMs} ms`);
        } catch {
          notes.push(`${run.what}: no probe report (${GATEWAY_DIR ? 'another checkout' : 'the gateway'} did not write one)`);
        }
      }
      console.log(notes.slice(-gateways.length).join('\n'));
    }
  }
} finally {
  await cleanUp();
}

const how = GENERATOR === 'paced'
  ? `paced: one request every ${(1000 / RATE).toFixed(1)} ms on a free connection of ${CONNECTIONS}, latency from when each was due; generator niceness ${NICE}`
  : `${GENERATOR} (overallRate: bursts${GENERATOR === 'autocannon' ? '; latency-weighted percentiles' : ''}, test/tools/pacer.ts), ${CONNECTIONS} connections, in this process`;
console.log(`\nGET ${PATH} at ${RATE} req/s, ${SECONDS} s per run after ${WARM_UP_SECONDS} s of warm-up; ${how}${GATEWAY_DIR ? `; gateway of ${GATEWAY_DIR}` : ''} (latency in ms)\n`);
console.log('| run | req/s | requests | p50 | p97.5 | p99 | max | p99 from the write | written late, p99 | errors | CPU ms a call: gateway / PostgreSQL / generator | machine idle | load average | p99 target |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const row of rows) console.log(row);
if (notes.length) console.log(`\n${notes.join('\n')}`);
if (warnings.length) console.log(`\n${warnings.join('\n')}`);
process.exit(missed ? 1 : 0);
