/**
 * The production build served by the reference gateway (memory mode) on a
 * free loopback port, for the measuring tools (perf, screenshots).
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The flags Debian's Chromium needs on these machines. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface RunningGateway {
  url: string;
  /** The gateway's process id. */
  pid: number;
  stop(): Promise<void>;
  alive(): boolean;
}

export interface GatewayOptions {
  /** Settings (docs/gateway.md, "Settings") over the defaults: memory mode. */
  env?: Record<string, string>;
  /** `--test` (the test-only switches); on unless false. */
  test?: boolean;
  /** Node's own flags (e.g. --cpu-prof). */
  nodeArgs?: string[];
  /** Modules loaded into the gateway's process before it starts (`--import`, after tsx), relative to `cwd`. */
  imports?: string[];
  /** The checkout whose gateway runs (its gateway/main.ts); this one unless given. */
  cwd?: string;
}

/**
 * Starts the gateway as `npx tsx gateway/main.ts --test` does, but as one node process
 * (`node --import tsx`) in our process group: stop() ends it, and so does a Ctrl-C
 * even if tsx's own signal relay has SIGKILLed this script while it was busy.
 * Ready when it says so (`/readyz`: its database answers).
 */
export async function startGateway(port: number, options: GatewayOptions = {}): Promise<RunningGateway> {
  // The card tokenizer's own origin gets a free port too.
  const tokenizerPort = await freePort();
  const imports = (options.imports ?? []).flatMap((m) => ['--import', m]);
  const args = [...(options.nodeArgs ?? []), '--import', 'tsx', ...imports, 'gateway/main.ts', ...(options.test === false ? [] : ['--test'])];
  const child = spawn(process.execPath, args, {
    ...(options.cwd ? { cwd: options.cwd } : {}),
    env: { ...process.env, GATEWAY_DATA: 'memory', GATEWAY_DRAIN_MS: '0', ...options.env, PORT: String(port), TOKENIZER_PORT: String(tokenizerPort), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  let stopping = false;
  const alive = () => child.exitCode === null && child.signalCode === null;
  /** SIGTERM (the gateway closes itself), SIGKILL if it is still there after 5 s. */
  const stop = async () => {
    if (!alive()) return;
    stopping = true;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    if ((await Promise.race([exited, new Promise((r) => setTimeout(() => r('timeout'), 5000))])) === 'timeout') child.kill('SIGKILL');
  };
  const url = `http://127.0.0.1:${port}`;
  let ready = false;
  child.once('exit', (code, signal) => {
    if (ready && !stopping) console.error(`the gateway exited during the run (${code ?? signal}):\n${output}`);
  });
  // A hang catcher, as Playwright's: the gateway took about 70 s to start at a load average of 15.
  for (const deadline = Date.now() + 180_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 250))) {
    if (!alive()) throw new Error(`gateway exited (${child.exitCode ?? child.signalCode}):\n${output}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) {
        ready = true;
        return { url, pid: child.pid!, stop, alive };
      }
    } catch { /* not listening yet */ }
  }
  await stop();
  throw new Error(`gateway did not answer on ${url} within 180 s:\n${output}`);
}
