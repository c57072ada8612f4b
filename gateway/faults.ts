/**
 * Test-only fault switch. Exists only when the gateway is started with
 * `--test` and GATEWAY_FAULTS=1 (the Playwright web server does this; `npm start`
 * never does). A test arms it for an operation: the next N calls fail with a
 * status and message, answer 204, answer a given body (`reply`: the model-based
 * browser tests answer each actor with the model's own payload), or are
 * delayed before being served normally. `delayMs` also delays the other modes,
 * so a test can see the waiting state. `held: true` holds the call instead
 * until the test releases it (POST /__test/faults/release {operationId, scope}),
 * so a test can act while the call is in flight and then let it answer.
 *
 * Tests running in parallel give a `scope` (say, the worker's or the test's id)
 * and send the same value in the `x-test-scope` header of their calls: a scoped
 * fault applies only to those calls, so one test's fault never hits another's.
 * A fault without a scope applies to every call.
 *
 * A fault may also name query parameters (`query`): it then applies only to
 * calls whose query holds each of them, so two calls of one operation (the
 * common allergies and the allergy lookup) are held and released apart.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './errors.ts';

export interface Fault {
  operationId: string;
  mode: FaultMode;
  /** How many calls the fault applies to (default 1). */
  count: number;
  status?: number;
  message?: string;
  /** The body of a `reply` (status default 200). */
  body?: unknown;
  delayMs?: number;
  /** Hold the call until released (at most MAX_HOLD_MS), then answer as the mode says. */
  held?: boolean;
  /** Only calls whose x-test-scope header equals this; none: every call. */
  scope?: string;
  /** Only calls whose query holds each of these parameters (values compared as text). */
  query?: Record<string, string>;
}

/** The request header that names a call's scope. */
export const SCOPE_HEADER = 'x-test-scope';

const MAX_DELAY_MS = 10_000;
const MAX_HOLD_MS = 30_000;
const MODES = ['error', 'empty', 'slow', 'reply'] as const;
export type FaultMode = (typeof MODES)[number];

/** A held call's queue: its scope, its operation and the query parameters its fault names. */
const holdKey = (operationId: string, scope: unknown, query: unknown) =>
  `${typeof scope === 'string' ? scope : ''} ${operationId}${isQuery(query) ? ` ${JSON.stringify(Object.entries(query).sort())}` : ''}`;

const isQuery = (q: unknown): q is Record<string, string> =>
  typeof q === 'object' && q !== null && !Array.isArray(q) && Object.values(q).every((v) => typeof v === 'string') && Object.keys(q).length > 0;

/** The call's query holds every parameter the fault names. */
const queryMatches = (fault: Fault, query: unknown) =>
  !fault.query || Object.entries(fault.query).every(([k, v]) => String((query as Record<string, unknown> | undefined)?.[k] ?? '') === v);

/** One switch serves both origins: the gateway's routes arm it, and its hook runs on the gateway and on the tokenizer. */
export interface FaultSwitch {
  /** Applies armed faults to the operations of `app` (any Fastify app whose routes carry an operationId). */
  hook(app: FastifyInstance): void;
}

/** Registers the switch's routes (/__test/faults) and its hook on `app`; returns it for the tokenizer's origin. */
export function registerFaults(app: FastifyInstance): FaultSwitch {
  let armed: Fault[] = [];
  /** Held calls waiting for their release, and releases that came before their call. */
  const waiting = new Map<string, (() => void)[]>();
  const early = new Map<string, number>();

  function hold(key: string): Promise<void> {
    const count = early.get(key) ?? 0;
    if (count > 0) {
      early.set(key, count - 1);
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, MAX_HOLD_MS);
      waiting.set(key, [...(waiting.get(key) ?? []), () => (clearTimeout(timer), resolve())]);
    });
  }

  function release(key: string): void {
    const queue = waiting.get(key) ?? [];
    const next = queue.shift();
    if (next) next();
    else early.set(key, (early.get(key) ?? 0) + 1);
  }

  const onRequest = async (req: FastifyRequest, reply: FastifyReply) => {
    const operationId = (req.routeOptions.schema as { operationId?: string } | undefined)?.operationId;
    if (!operationId) return;
    const scope = req.headers[SCOPE_HEADER];
    // The first armed fault that matches, in the order they were armed.
    const index = armed.findIndex((f) => f.operationId === operationId && (f.scope === undefined || f.scope === scope) && queryMatches(f, req.query));
    if (index < 0) return;
    const fault = armed[index]!;
    fault.count -= 1;
    if (fault.count <= 0) armed.splice(index, 1);
    const delay = fault.delayMs ?? (fault.mode === 'slow' ? 2000 : 0);
    if (fault.held) await hold(holdKey(operationId, fault.scope, fault.query));
    else if (delay > 0) await new Promise((r) => setTimeout(r, Math.min(delay, MAX_DELAY_MS)));
    if (fault.mode === 'slow') return;
    if (fault.mode === 'empty') return reply.code(204).send();
    if (fault.mode === 'reply') return reply.code(fault.status ?? 200).send(fault.body ?? null);
    const status = fault.status ?? 500;
    return reply.code(status).send(errorBody(status, fault.message ?? ''));
  };
  const faultSwitch: FaultSwitch = { hook: (target) => target.addHook('onRequest', onRequest) };
  faultSwitch.hook(app);

  app.post('/__test/faults', async (req, reply) => {
    const f = req.body as Partial<Fault>;
    if (!f || typeof f.operationId !== 'string' || !MODES.includes(f.mode as FaultMode)) {
      return reply.code(400).send(errorBody(400, `operationId and mode (${MODES.join(', ')}) are required`));
    }
    if (f.scope !== undefined && (typeof f.scope !== 'string' || f.scope === '')) {
      return reply.code(400).send(errorBody(400, 'scope must be a non-empty string'));
    }
    if (f.query !== undefined && !isQuery(f.query)) return reply.code(400).send(errorBody(400, 'query must map parameter names to text'));
    armed.push({ ...f, count: f.count ?? 1 } as Fault);
    return reply.code(201).send({ armed: armed.length });
  });

  app.post('/__test/faults/release', async (req, reply) => {
    const { operationId, scope, query } = (req.body ?? {}) as { operationId?: unknown; scope?: unknown; query?: unknown };
    if (typeof operationId !== 'string') return reply.code(400).send(errorBody(400, 'operationId is required'));
    release(holdKey(operationId, scope, query));
    return reply.code(204).send();
  });

  // `?scope=x` disarms only that scope's faults; without it, every fault.
  app.delete('/__test/faults', async (req, reply) => {
    const { scope } = req.query as { scope?: string };
    armed = scope === undefined ? [] : armed.filter((f) => f.scope !== scope);
    for (const key of [...waiting.keys(), ...early.keys()]) {
      if (scope !== undefined && !key.startsWith(`${scope} `)) continue;
      for (const go of waiting.get(key) ?? []) go();
      waiting.delete(key);
      early.delete(key);
    }
    return reply.code(204).send();
  });
  return faultSwitch;
}
