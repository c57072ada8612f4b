/**
 * The fault sweep's tools (test/flows/faults.gateway.test.ts): the contract's
 * operations with their tags, the member flow's calls as its sources make
 * them, the three faults and the text each must show, and the SPA's gateway
 * client per test over the in-process reference gateway (as test/flows/
 * inProcess.ts) that can make one operation fail: through the gateway's test
 * switch (4xx, 5xx) or by making the request itself fail as an unreachable
 * network does (a rejected fetch).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { CONTRACT_PATH } from '../../gateway/app.ts';
import { createGateway, GatewayCallError, GENERAL_ERROR_TEXT, type GatewayClient } from '../../src/api/gateway.ts';
import type { CardFieldChannel } from '../../src/flows/shared/cardFieldChannel.ts';
import type { EligibilityResult } from '../../machines/contract.ts';
import { TOKENIZER_URL, type TestGateway } from '../contract/harness.ts';

// ------------------------------------------------------------------ the faults

export type FaultName = '4xx' | '5xx' | 'unreachable';
export interface Fault {
  name: FaultName;
  /** The status the SPA's client reports: the answer's, or 400 for a request that could not complete (section 8). */
  status: number;
  /** The server's text (4xx, 5xx). */
  message?: string;
}

/**
 * The three faults of every call. The 4xx carries a plain message and the 5xx
 * what a failing server sends (an internal exception): neither is shown
 * (section 8: the general text when the status is not 2xx), the call's own
 * text or the general one is. Unreachable: the general text, as status 400.
 */
export const FAULTS: readonly Fault[] = [
  { name: '4xx', status: 400, message: 'The pharmacy could not accept this request (fault sweep).' },
  { name: '5xx', status: 500, message: 'java.lang.IllegalStateException: fault sweep' },
  { name: 'unreachable', status: 400 },
];

/** The text section 8's rule gives for every fault (none is 2xx): the general text, unless the call has its own (`own`). */
export const errorText = (_fault: Fault, own: string = GENERAL_ERROR_TEXT): string => own;

// ------------------------------------------------------------------ the contract

export interface ContractOperation {
  operationId: string;
  method: string;
  path: string;
  tags: string[];
}

const contract = parse(readFileSync(CONTRACT_PATH, 'utf8')) as { paths: Record<string, Record<string, { operationId?: string; tags?: string[] }>> };

/** Every operation of openapi/gateway.yaml. */
export const CONTRACT_OPERATIONS: readonly ContractOperation[] = Object.entries(contract.paths).flatMap(([path, item]) =>
  Object.entries(item).flatMap(([method, op]) =>
    op && typeof op === 'object' && op.operationId ? [{ operationId: op.operationId, method: method.toUpperCase(), path, tags: op.tags ?? [] }] : [],
  ),
);

const templates = CONTRACT_OPERATIONS.map((op) => ({
  op,
  pattern: new RegExp(`^${op.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));

/** The operation a request is (method and path without the query), if any. */
export function operationOf(method: string, pathname: string): string | null {
  return templates.find((t) => t.op.method === method.toUpperCase() && t.pattern.test(pathname))?.op.operationId ?? null;
}

const MEMBER_FLOW_DIR = fileURLToPath(new URL('../../src/flows/member/', import.meta.url));

/**
 * The operations the member flow's sources call through the client
 * (`client.POST('/gwapi/…'`), each with the files that call it: what the
 * browser can send, read from the code itself.
 */
export function memberFlowCalls(): Map<string, string[]> {
  const calls = new Map<string, string[]>();
  for (const file of readdirSync(MEMBER_FLOW_DIR).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))) {
    const text = readFileSync(join(MEMBER_FLOW_DIR, file), 'utf8');
    for (const [, method, path] of text.matchAll(/\.(GET|POST|PUT|PATCH|DELETE)\(\s*'(\/[^']*)'/g)) {
      const op = CONTRACT_OPERATIONS.find((o) => o.method === method && o.path === path);
      const id = op?.operationId ?? `${method} ${path} (not in the contract)`;
      calls.set(id, [...new Set([...(calls.get(id) ?? []), file])]);
    }
  }
  return calls;
}

// ------------------------------------------------------------------ a client per test

export interface SweepClient {
  /** The SPA's client (src/api/gateway.ts) over the in-process gateway. */
  gateway: GatewayClient;
  /** The operations requested so far, in order (the app token's included). */
  calls: string[];
  /** Makes the next `count` calls of the operation fail with the fault. */
  arm(operationId: string, fault: Fault, count?: number): Promise<void>;
  /** Drops what is still armed. */
  disarm(): Promise<void>;
  /**
   * The hosted card field as the registration page's channel sees it: asked to tokenize, it posts the
   * number to the tokenizer from its own origin; once the tokenizer accepted it, the field empties
   * itself and says so (`emptied`: what HostedCardField then sends the page), as the real one does.
   */
  field(cardNumber: string, emptied: () => void): CardFieldChannel;
  /** Verifies a member as step 1 does and keeps the patient token; the member information. */
  verify(identity: MemberIdentity): Promise<EligibilityResult>;
}

export interface MemberIdentity {
  memberNumber: string;
  firstName: string;
  lastName: string;
  birthDate: string;
}

let clients = 0;

/**
 * A client of its own: its own fault scope (x-test-scope), so nothing armed
 * for one test reaches another, and its own client address, so the
 * gateway's per-address limits on app tokens and verifications count each
 * test on its own. An operation armed `unreachable` rejects the fetch with
 * a TypeError, as the browser's fetch does when the network is down.
 */
export function sweepClient(server: TestGateway): SweepClient {
  const n = ++clients;
  const scope = `fault-sweep-${n}`;
  const remoteAddress = `10.77.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
  const unreachable = new Map<string, number>();
  const calls: string[] = [];
  const cutOff = (operationId: string) => {
    const left = unreachable.get(operationId) ?? 0;
    if (left > 0) unreachable.set(operationId, left - 1);
    return left > 0;
  };

  // inProcess.ts's fetch, with the gateway's clock for the app token's life (the seeded day, not today's) and
  // this client's scope, address and network.
  const gateway = createGateway({
    baseUrl: 'http://gateway.test',
    now: () => server.clock.now.getTime(),
    fetch: async (request) => {
      const url = new URL(request.url);
      const operationId = operationOf(request.method, url.pathname);
      if (operationId) calls.push(operationId);
      if (operationId && cutOff(operationId)) throw new TypeError('fetch failed');
      const answer = await server.app.inject({
        method: request.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
        url: url.pathname + url.search,
        remoteAddress,
        headers: { ...Object.fromEntries(request.headers), 'x-test-scope': scope },
        ...(request.method === 'GET' ? {} : { payload: await request.text() }),
      });
      return new Response(answer.statusCode === 204 ? null : answer.body, { status: answer.statusCode, headers: answer.headers as Record<string, string> });
    },
  });

  return {
    gateway,
    calls,
    async arm(operationId, fault, count = 1) {
      if (fault.name === 'unreachable') {
        unreachable.set(operationId, count);
        return;
      }
      const r = await server.app.inject({ method: 'POST', url: '/__test/faults', payload: { operationId, mode: 'error', status: fault.status, message: fault.message, count, scope } });
      if (r.statusCode !== 201) throw new Error(`arming ${operationId}: ${r.statusCode} ${r.body}`);
    },
    async disarm() {
      unreachable.clear();
      await server.app.inject({ method: 'DELETE', url: `/__test/faults?scope=${scope}` });
    },
    field(cardNumber, emptied) {
      return {
        // As the portal's channel reads the field's answer: the tokenizer's failure status, or 503 when no answer came.
        tokenize: async (accessToken: string) => {
          calls.push('tokenizeCard');
          if (cutOff('tokenizeCard')) throw new GatewayCallError(503, GENERAL_ERROR_TEXT);
          const r = await server.tokenizer.inject({
            method: 'POST',
            url: '/cards',
            remoteAddress,
            headers: { 'content-type': 'application/json', origin: TOKENIZER_URL, 'x-test-scope': scope },
            payload: { accessToken, cardNumber },
          });
          if (r.statusCode !== 200) throw new GatewayCallError(r.statusCode, GENERAL_ERROR_TEXT);
          emptied();
        },
      } as unknown as CardFieldChannel;
    },
    async verify(identity) {
      const verified = await gateway.client.POST('/gwapi/mmar/verify', { body: { memberInfo: identity } });
      if (!verified.data) throw new Error(`verify ${identity.memberNumber}: ${verified.response.status}`);
      gateway.setPatientToken(verified.data.accessToken);
      const info = await gateway.client.POST('/gwapi/mmar/checkeligibility', { body: identity });
      if (!info.data) throw new Error(`checkeligibility ${identity.memberNumber}: ${info.response.status}`);
      return info.data;
    },
  };
}
