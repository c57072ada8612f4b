/**
 * Firing requests at the gateway at the same instant, as an attacker (or a
 * double click) would: each request is sent on its own TCP connection but its
 * last byte, then every last byte together, so all of them reach the handlers
 * in one burst and their queries overlap on the PostgreSQL pool.
 */
import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { startGateway, type TestGateway } from '../contract/harness.ts';

/** How many requests each race fires at once. */
export const PARALLEL = 8;
/** Seeded members the races verify as. */
export const MARIA = { memberNumber: 'MMA100001', firstName: 'Maria', lastName: 'Lopez', birthDate: '1958-04-12' };
export const JAMES = { memberNumber: 'MMA100002', firstName: 'James', lastName: 'Carter', birthDate: '1971-09-30' };

/**
 * The gateway a race file fires at: started once for the file on a free loopback port, closed after it.
 * Its per-client limits are lifted: the races send more verifications in a minute than one client may
 * (the limits themselves are tested in test/contract/rate-limit.test.ts).
 */
export function raceGateway(): { readonly gw: TestGateway; readonly port: number } {
  const running = {} as { gw: TestGateway; port: number };
  beforeAll(async () => {
    running.gw = await startGateway({ rateLimits: { appToken: 10_000, verify: 10_000 } });
    running.port = await listening(running.gw.app);
  });
  afterAll(async () => running.gw?.close());
  return running;
}

export interface RawAnswer {
  status: number;
  // Tests read the JSON body freely.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export interface RaceRequest {
  method: 'POST' | 'PUT' | 'GET';
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
}

/** Listens on a free loopback port (once) and answers its port. */
export async function listening(app: FastifyInstance): Promise<number> {
  const address = app.server.address();
  if (address && typeof address === 'object') return address.port;
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as { port: number }).port;
}

function raw({ method, path, headers = {}, body }: RaceRequest): Buffer {
  const payload = body === undefined ? '' : JSON.stringify(body);
  const lines = [
    `${method} ${path} HTTP/1.1`,
    'host: 127.0.0.1',
    'connection: close',
    ...(body === undefined ? [] : ['content-type: application/json', `content-length: ${Buffer.byteLength(payload)}`]),
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n${payload}`);
}

function parse(text: string): RawAnswer {
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
  const rest = text.slice(text.indexOf('\r\n\r\n') + 4);
  let body: unknown;
  try {
    body = rest ? JSON.parse(rest) : undefined;
  } catch {
    body = rest;
  }
  return { status, body };
}

/** Sends every request but its last byte, then all the last bytes at once; answers in the order given. */
export async function lastByteRace(port: number, requests: RaceRequest[]): Promise<RawAnswer[]> {
  const sockets: Socket[] = await Promise.all(requests.map(() => new Promise<Socket>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  })));
  const answers = sockets.map((socket) => new Promise<RawAnswer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.once('error', reject);
    socket.once('end', () => resolve(parse(Buffer.concat(chunks).toString('utf8'))));
  }));
  const bytes = requests.map(raw);
  await Promise.all(sockets.map((socket, i) => new Promise<void>((resolve) => socket.write(bytes[i]!.subarray(0, -1), () => resolve()))));
  // Give the server time to read every head and all but the last byte of every body.
  await new Promise((r) => setTimeout(r, 200));
  sockets.forEach((socket, i) => socket.write(bytes[i]!.subarray(-1)));
  return Promise.all(answers);
}

/** Counts answers by status: { 200: 3, 423: 18 }. */
export const byStatus = (answers: RawAnswer[]) =>
  answers.reduce<Record<number, number>>((counts, a) => ({ ...counts, [a.status]: (counts[a.status] ?? 0) + 1 }), {});
