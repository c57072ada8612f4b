/**
 * The load generator of `npm run load`: requests at an even arrival rate (one
 * every 1000 / rate ms, the n-th due at start + n × interval), each on a free
 * keep-alive connection of a fixed pool, in a child process of its own.
 *
 * Why not autocannon (test/tools/load.ts used it until 2026-11-26): with
 * `overallRate` each of its connections sends back to back until it has made
 * its share of the second (rate / connections), then waits for a timer that
 * refills every connection at the same moment (node_modules/autocannon/lib/
 * httpClient.js, `rateInterval`), so each second's requests arrive together in
 * the first ~100 ms; and its coordinated-omission correction records every
 * answer of L ms as the L values L, L-1, ... 1 (lib/run.js passes
 * `Math.ceil(1 / rate)` = 1 ms as the expected interval, for a connection
 * that sends every 1000 / rate ms), so its percentiles weigh each answer by
 * its latency: 2,550 answers gave a histogram of 17,990 values.
 *
 * Here a request's latency is counted from when it was due, not from when it
 * was written: a generator that falls behind, or a pool with no free
 * connection, adds to it (no coordinated omission). The time from the write
 * (`service`) and how late requests were written (`late`) are reported beside it.
 *
 * The child may run at a lower CPU priority (`nice`, os.setPriority), as if the
 * clients were not on the gateway's cores; its lateness still counts, so a
 * starved generator makes the latency worse, never better.
 */
import { fork } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';

export interface PaceOptions {
  /** Base URLs (http://host:port); requests go to them in turn, the connections are shared out among them. */
  urls: string[];
  path: string;
  headers: Record<string, string>;
  /** Requests a second. */
  rate: number;
  connections: number;
  /** Measured seconds, after `warmUpSeconds` not measured (the same pace). */
  seconds: number;
  warmUpSeconds: number;
  /** The child's niceness (0: as the caller; 10: the scheduler prefers everything else). */
  nice: number;
}

export interface Percentiles {
  p50: number;
  p97_5: number;
  p99: number;
  max: number;
}

export interface PaceResult {
  /** Requests due in the measured seconds, and those answered 2xx, other statuses, connection errors, unanswered at the end. */
  due: number;
  ok: number;
  non2xx: number;
  errors: number;
  unanswered: number;
  /** From when each request was due to its answer's last byte (ms). */
  latency: Percentiles;
  /** From each request's write to its answer's last byte (ms). */
  service: Percentiles;
  /** How late each request was written after it was due (ms): the generator's own delay, or no free connection. */
  late: Percentiles;
  /** The generator's CPU time in the measured seconds (ms), and its niceness. */
  cpuMs: number;
  nice: number;
  seconds: number;
}

/** Runs the generator in a child process (its own event loop, its own priority); `onMeasuring` when the warm-up ends. */
export function pace(options: PaceOptions, onMeasuring: () => void = () => {}): Promise<PaceResult> {
  const child = fork(fileURLToPath(import.meta.url), ['--pacer-child'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.on('message', (m: { measuring?: true; result?: PaceResult; error?: string }) => {
      if (m.measuring) return onMeasuring();
      child.disconnect();
      if (m.result) resolve(m.result);
      else reject(new Error(`the load generator failed: ${m.error}`));
    });
    child.once('exit', (code) => reject(new Error(`the load generator exited (${code}) without a result`)));
    child.send(options);
  });
}

export function percentiles(values: Float64Array | number[]): Percentiles {
  const sorted = Float64Array.from(values).sort();
  // The nearest-rank percentile: the smallest value with at least p% of the values at or below it.
  const at = (p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0);
  const round = (v: number) => Math.round(v * 100) / 100;
  return { p50: round(at(50)), p97_5: round(at(97.5)), p99: round(at(99)), max: round(sorted.at(-1) ?? 0) };
}

const HEADER_END = Buffer.from('\r\n\r\n');

/** A request on the wire: its number, when it was due and when it was written (performance.now(), ms). */
interface InFlight {
  n: number;
  due: number;
  written: number;
}

/** One keep-alive connection: one request at a time, its answer read by Content-Length. */
class Connection {
  socket!: Socket;
  current: InFlight | null = null;
  private pending: Buffer[] = [];
  private pendingLength = 0;
  /** The answer's length (head and body) once its head has arrived, else -1. */
  private expected = -1;
  private status = 0;
  private closeAfter = false;

  constructor(
    private readonly host: string,
    private readonly port: number,
    private readonly request: Buffer,
    private readonly onAnswer: (c: Connection, status: number, answered: InFlight) => void,
    /** The connection closed (`lost`: the request it was carrying, if any); it is opening again. */
    private readonly onClose: (c: Connection, lost: InFlight | null) => void,
  ) {
    this.open();
  }

  private open() {
    this.pending = [];
    this.pendingLength = 0;
    this.expected = -1;
    this.closeAfter = false;
    const socket = connect(this.port, this.host);
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.read(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      if (socket !== this.socket) return;
      const lost = this.current;
      this.current = null;
      this.open();
      this.onClose(this, lost);
    });
    this.socket = socket;
  }

  send(n: number, due: number) {
    this.current = { n, due, written: performance.now() };
    this.socket.write(this.request);
  }

  private read(chunk: Buffer) {
    this.pending.push(chunk);
    this.pendingLength += chunk.length;
    let data = this.pending.length === 1 ? chunk : Buffer.concat(this.pending, this.pendingLength);
    if (this.expected < 0) {
      const end = data.indexOf(HEADER_END);
      if (end < 0) return;
      const head = data.toString('latin1', 0, end);
      const length = /\r\ncontent-length: *(\d+)/i.exec(head);
      if (!length) throw new Error(`an answer without Content-Length: ${head.split('\r\n')[0]}`);
      this.expected = end + HEADER_END.length + Number(length[1]);
      this.status = Number(head.slice(9, 12));
      this.closeAfter = /\r\nconnection: *close/i.test(head);
    }
    if (data.length < this.expected) {
      this.pending = [data];
      return;
    }
    data = data.subarray(this.expected);
    this.pending = data.length ? [data] : [];
    this.pendingLength = data.length;
    this.expected = -1;
    const answered = this.current!;
    this.current = null;
    if (this.closeAfter) {
      const old = this.socket;
      this.open();
      old.destroy();
    }
    this.onAnswer(this, this.status, answered);
  }
}

async function run(o: PaceOptions): Promise<PaceResult> {
  if (o.nice) setPriority(0, o.nice);
  const interval = 1000 / o.rate;
  const targets = o.urls.map((u) => new URL(u));
  const total = Math.round(o.rate * (o.warmUpSeconds + o.seconds));
  const firstMeasured = Math.round(o.rate * o.warmUpSeconds);
  const measured = total - firstMeasured;
  const latency = new Float64Array(measured).fill(NaN);
  const service = new Float64Array(measured).fill(NaN);
  const late = new Float64Array(measured).fill(NaN);
  let ok = 0, non2xx = 0, errors = 0, outstanding = 0;
  let start = 0;
  let cpuAtMeasure: NodeJS.CpuUsage | undefined;
  /** Per target: its idle connections, and the requests due that found none (their numbers, oldest first). */
  const idle = targets.map(() => [] as Connection[]);
  const waiting = targets.map(() => [] as number[]);
  const targetOf = new Map<Connection, number>();
  const dueAt = (n: number) => start + n * interval;

  const write = (c: Connection, n: number) => {
    c.send(n, dueAt(n));
    if (n >= firstMeasured) late[n - firstMeasured] = c.current!.written - dueAt(n);
  };
  /** A connection is free: the oldest request waiting for one, else idle. */
  const free = (c: Connection) => {
    const t = targetOf.get(c)!;
    const n = waiting[t]!.shift();
    if (n === undefined) idle[t]!.push(c);
    else write(c, n);
  };
  const onAnswer = (c: Connection, status: number, { n, due, written }: InFlight) => {
    const now = performance.now();
    outstanding -= 1;
    if (n >= firstMeasured) {
      if (status >= 200 && status < 300) ok += 1;
      else non2xx += 1;
      latency[n - firstMeasured] = now - due;
      service[n - firstMeasured] = now - written;
    }
    free(c);
  };
  const onClose = (c: Connection, lost: InFlight | null) => {
    if (lost) {
      outstanding -= 1;
      if (lost.n >= firstMeasured) errors += 1;
    }
    const list = idle[targetOf.get(c)!]!;
    if (list.includes(c)) list.splice(list.indexOf(c), 1);
    c.socket.once('connect', () => free(c));
  };

  const request = (u: URL) =>
    Buffer.from(`GET ${o.path} HTTP/1.1\r\nHost: ${u.host}\r\n${Object.entries(o.headers).map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`, 'latin1');
  const connections: Connection[] = [];
  for (let i = 0; i < o.connections; i++) {
    const t = i % targets.length;
    const u = targets[t]!;
    const c = new Connection(u.hostname, Number(u.port), request(u), onAnswer, onClose);
    targetOf.set(c, t);
    connections.push(c);
    await new Promise((r) => c.socket.once('connect', r));
    idle[t]!.push(c);
  }

  // The n-th request is due at start + n × interval: a timer wakes for the next one due and writes all that are.
  let n = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (n < total && dueAt(n) <= now) {
        if (n === firstMeasured) {
          cpuAtMeasure = process.cpuUsage();
          process.send!({ measuring: true });
        }
        const t = n % targets.length;
        outstanding += 1;
        const c = idle[t]!.pop();
        if (c) write(c, n);
        else waiting[t]!.push(n);
        n += 1;
      }
      if (n < total) setTimeout(tick, Math.max(0, dueAt(n) - performance.now()));
      else resolve();
    };
    start = performance.now() + 10;
    setTimeout(tick, 10);
  });
  // The last answers, for at most 10 s.
  for (const deadline = performance.now() + 10_000; outstanding > 0 && performance.now() < deadline;) await new Promise((r) => setTimeout(r, 5));
  const cpu = process.cpuUsage(cpuAtMeasure);
  for (const c of connections) {
    c.socket.removeAllListeners('close');
    c.socket.destroy();
  }
  const answered = latency.filter((v) => !Number.isNaN(v));
  return {
    due: measured,
    ok,
    non2xx,
    errors,
    unanswered: measured - answered.length - errors,
    latency: percentiles(answered),
    service: percentiles(service.filter((v) => !Number.isNaN(v))),
    late: percentiles(late.filter((v) => !Number.isNaN(v))),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    nice: o.nice,
    seconds: o.seconds,
  };
}

if (process.argv.includes('--pacer-child')) {
  process.once('uncaughtException', (e) => process.send!({ error: e.stack ?? String(e) }, () => process.exit(1)));
  process.once('message', (options: PaceOptions) => {
    run(options).then(
      (result) => process.send!({ result }, () => process.exit(0)),
      (e: Error) => process.send!({ error: e.stack ?? String(e) }, () => process.exit(1)),
    );
  });
}
