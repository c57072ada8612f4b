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
  stop(): void;
  alive(): boolean;
}

/** Starts the gateway in its own process group (npx -> tsx -> node), so stop() ends all of it. */
export async function startGateway(port: number): Promise<RunningGateway> {
  const child = spawn('npx', ['tsx', 'gateway/main.ts', '--test'], {
    env: { ...process.env, GATEWAY_DATA: 'memory', PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  let stopping = false;
  const stop = () => {
    stopping = true;
    if (child.exitCode === null && child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
    }
  };
  const url = `http://127.0.0.1:${port}`;
  let ready = false;
  child.once('exit', (code, signal) => {
    if (ready && !stopping) console.error(`the gateway exited during the run (${code ?? signal}):\n${output}`);
  });
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 250))) {
    if (child.exitCode !== null) throw new Error(`gateway exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${url}/`)).ok) {
        ready = true;
        return { url, stop, alive: () => child.exitCode === null && child.signalCode === null };
      }
    } catch {
      /* not listening yet */
    }
  }
  stop();
  throw new Error(`gateway did not answer on ${url} within 60 s:\n${output}`);
}
