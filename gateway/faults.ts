/**
 * Test-only fault switch. Exists only when the gateway is started with
 * `--test` and GATEWAY_FAULTS=1 (the Playwright web server does this; `npm start`
 * never does). A test arms it for an operation: the next N calls fail with a
 * status and message, answer 204, or are delayed before being served normally.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './errors.ts';

export interface Fault {
  operationId: string;
  mode: 'error' | 'empty' | 'slow';
  /** How many calls the fault applies to (default 1). */
  count: number;
  status?: number;
  message?: string;
  delayMs?: number;
}

const MAX_DELAY_MS = 10_000;

export function registerFaults(app: FastifyInstance): void {
  const armed: Fault[] = [];

  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    const operationId = (req.routeOptions.schema as { operationId?: string } | undefined)?.operationId;
    if (!operationId) return;
    const index = armed.findIndex((f) => f.operationId === operationId);
    if (index < 0) return;
    const fault = armed[index]!;
    fault.count -= 1;
    if (fault.count <= 0) armed.splice(index, 1);
    if (fault.mode === 'slow') {
      await new Promise((r) => setTimeout(r, Math.min(fault.delayMs ?? 2000, MAX_DELAY_MS)));
      return;
    }
    if (fault.mode === 'empty') return reply.code(204).send();
    const status = fault.status ?? 500;
    return reply.code(status).send(errorBody(status, fault.message ?? ''));
  });

  app.post('/__test/faults', async (req, reply) => {
    const f = req.body as Partial<Fault>;
    if (!f || typeof f.operationId !== 'string' || !['error', 'empty', 'slow'].includes(f.mode ?? '')) {
      return reply.code(400).send(errorBody(400, 'operationId and mode (error, empty, slow) are required'));
    }
    armed.push({ ...f, count: f.count ?? 1 } as Fault);
    return reply.code(201).send({ armed: armed.length });
  });

  app.delete('/__test/faults', async (_req, reply) => {
    armed.length = 0;
    return reply.code(204).send();
  });
}
