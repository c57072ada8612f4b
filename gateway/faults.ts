/**
 * Test-only fault switch. Exists only when the gateway is started with
 * `--test` and GATEWAY_FAULTS=1 (the Playwright web server does this; `npm start`
 * never does). A test arms it for an operation: the next N calls fail with a
 * status and message, answer 204, answer a given body (`reply`: the model-based
 * browser tests answer each actor with the model's own payload), or are
 * delayed before being served normally. `delayMs` also delays the other modes,
 * so a test can see the waiting state.
 *
 * Tests running in parallel give a `scope` (say, the worker's or the test's id)
 * and send the same value in the `x-test-scope` header of their calls: a scoped
 * fault applies only to those calls, so one test's fault never hits another's.
 * A fault without a scope applies to every call.
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
  /** Only calls whose x-test-scope header equals this; none: every call. */
  scope?: string;
}

/** The request header that names a call's scope. */
export const SCOPE_HEADER = 'x-test-scope';

const MAX_DELAY_MS = 10_000;
const MODES = ['error', 'empty', 'slow', 'reply'] as const;
export type FaultMode = (typeof MODES)[number];

export function registerFaults(app: FastifyInstance): void {
  let armed: Fault[] = [];

  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    const operationId = (req.routeOptions.schema as { operationId?: string } | undefined)?.operationId;
    if (!operationId) return;
    const scope = req.headers[SCOPE_HEADER];
    // The first armed fault that matches, in the order they were armed.
    const index = armed.findIndex((f) => f.operationId === operationId && (f.scope === undefined || f.scope === scope));
    if (index < 0) return;
    const fault = armed[index]!;
    fault.count -= 1;
    if (fault.count <= 0) armed.splice(index, 1);
    const delay = fault.delayMs ?? (fault.mode === 'slow' ? 2000 : 0);
    if (delay > 0) await new Promise((r) => setTimeout(r, Math.min(delay, MAX_DELAY_MS)));
    if (fault.mode === 'slow') return;
    if (fault.mode === 'empty') return reply.code(204).send();
    if (fault.mode === 'reply') return reply.code(fault.status ?? 200).send(fault.body ?? null);
    const status = fault.status ?? 500;
    return reply.code(status).send(errorBody(status, fault.message ?? ''));
  });

  app.post('/__test/faults', async (req, reply) => {
    const f = req.body as Partial<Fault>;
    if (!f || typeof f.operationId !== 'string' || !MODES.includes(f.mode as FaultMode)) {
      return reply.code(400).send(errorBody(400, `operationId and mode (${MODES.join(', ')}) are required`));
    }
    if (f.scope !== undefined && (typeof f.scope !== 'string' || f.scope === '')) {
      return reply.code(400).send(errorBody(400, 'scope must be a non-empty string'));
    }
    armed.push({ ...f, count: f.count ?? 1 } as Fault);
    return reply.code(201).send({ armed: armed.length });
  });

  // `?scope=x` disarms only that scope's faults; without it, every fault.
  app.delete('/__test/faults', async (req, reply) => {
    const { scope } = req.query as { scope?: string };
    armed = scope === undefined ? [] : armed.filter((f) => f.scope !== scope);
    return reply.code(204).send();
  });
}
