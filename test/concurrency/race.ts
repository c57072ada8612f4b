/**
 * Firing requests at the gateway at the same instant, as an attacker (or a
 * double click) would: each request is sent on its own TCP connection but its
 * last byte, then every last byte together, so all of them reach the handlers
 * in one burst and their queries overlap on the PostgreSQL pool.
 */
import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

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
