/**
 * A throwaway PostgreSQL cluster for the test suite: `initdb` into a temporary
 * folder (as the `postgres` user when we are root, since PostgreSQL refuses to
 * run as root), started on a free loopback port with its socket in that folder,
 * trust authentication for the loopback only. `stop()` stops it and deletes the
 * folder; it is safe to call twice. A watchdog process does the same when this
 * process ends without calling it (a Ctrl-C relayed as SIGKILL, a crash).
 *
 * The binaries are found in PG_BIN, else in Debian's /usr/lib/postgresql/<version>/bin
 * (the newest), else on the PATH.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './serve.ts';

export interface Cluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres: the maintenance database (tests create their own). */
  url: string;
  stop(): void;
}

/** A cluster this process started, with the fault suite's controls. */
export interface OwnCluster extends Cluster {
  /** The fault suite's controls (test/faults/): the server's processes stopped (SIGSTOP) and continued (SIGCONT). */
  pause(): void;
  resume(): void;
  /** The server shut down (fast: sessions ended) and started again, keeping its data. */
  shutdown(): void;
  start(): void;
}

export function postgresBin(): string | undefined {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian).filter((v) => existsSync(join(debian, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(debian, versions[0], 'bin');
  }
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  return which.status === 0 ? join(which.stdout.trim(), '..') : undefined;
}

const isRoot = () => process.getuid?.() === 0;

const asPostgres = (bin: string, program: string, args: string[]) =>
  isRoot() ? ['runuser', '-u', 'postgres', '--', join(bin, program), ...args] : [join(bin, program), ...args];

/** Runs a PostgreSQL program, as `postgres` when we are root. */
function run(bin: string, program: string, args: string[]): void {
  const command = asPostgres(bin, program, args);
  const result = spawnSync(command[0]!, command.slice(1), { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.status !== 0) throw new Error(`${program} failed (${result.status ?? result.signal}):\n${result.stdout}${result.stderr}`);
}

export async function startCluster(): Promise<OwnCluster> {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed (no initdb): install Debian\'s `postgresql`, set PG_BIN, or set DATABASE_URL to a server of your own.');
  const dir = mkdtempSync(join(tmpdir(), 'mop-postgres-'));
  if (isRoot()) {
    const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    if (id.status !== 0) throw new Error('Running as root, but there is no `postgres` user to run PostgreSQL as.');
    chownSync(dir, Number(id.stdout), Number(gid.stdout));
  }
  const data = join(dir, 'data');
  const port = await freePort();
  let running = false;
  const stop = () => {
    try {
      if (running) run(bin, 'pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w']);
    } catch {
      // Already gone: the folder is removed all the same.
    }
    running = false;
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    run(bin, 'initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '--no-sync']);
    // Durability is not wanted from a cluster that is deleted at the end: faster writes.
    const settings = [
      `-p ${port}`, '-h 127.0.0.1', `-k ${dir}`, '-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off', '-c max_connections=300',
    ].join(' ');
    run(bin, 'pg_ctl', ['start', '-D', data, '-w', '-t', '60', '-l', join(dir, 'server.log'), '-o', settings]);
    running = true;
    const quote = (a: string) => `'${a.replace(/'/g, `'\\''`)}'`;
    const stopCommand = asPostgres(bin, 'pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w']).map(quote).join(' ');
    spawn('sh', ['-c', `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; ${stopCommand} >/dev/null 2>&1; rm -rf ${quote(dir)}`], {
      detached: true,
      stdio: 'ignore',
    }).unref();
  } catch (e) {
    stop();
    throw e;
  }
  const settings = [
    `-p ${port}`, '-h 127.0.0.1', `-k ${dir}`, '-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off', '-c max_connections=300',
  ].join(' ');
  /** Every process of the server: the postmaster (first line of postmaster.pid) and its children. */
  const signalAll = (signal: 'STOP' | 'CONT') => {
    const postmaster = readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]!.trim();
    const children = spawnSync('pgrep', ['-P', postmaster], { encoding: 'utf8' }).stdout.split(/\s+/).filter(Boolean);
    spawnSync('kill', [`-${signal}`, postmaster, ...children]);
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    pause: () => signalAll('STOP'),
    resume: () => signalAll('CONT'),
    shutdown: () => {
      if (!running) return;
      run(bin, 'pg_ctl', ['stop', '-D', data, '-m', 'fast', '-w']);
      running = false;
    },
    start: () => {
      if (running) return;
      run(bin, 'pg_ctl', ['start', '-D', data, '-w', '-t', '60', '-l', join(dir, 'server.log'), '-o', settings]);
      running = true;
    },
  };
}
