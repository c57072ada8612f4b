/**
 * Typed operation handlers. Each handler receives the request already checked
 * against the contract (body, query, path, tokens) and answers with a status and
 * a body typed from the same contract (src/api/gateway.gen.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '../../src/api/gateway.gen.ts';
import type { Db } from '../db/database.ts';
import type { PatientClaims, Tokens } from '../auth/tokens.ts';
import type { RevocationFold } from '../store/sessions.ts';
import { auditOf, type Audit } from '../securityLog.ts';

export type OperationId = keyof operations;

type JsonOf<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type Op<K extends OperationId> = operations[K];

export type BodyOf<K extends OperationId> = Op<K> extends { requestBody: infer R }
  ? JsonOf<R>
  : Op<K> extends { requestBody?: infer R }
    ? JsonOf<NonNullable<R>> | undefined
    : undefined;
type ParamsOf<K extends OperationId> = Op<K> extends { parameters: { path: infer P } } ? P : never;
type QueryOf<K extends OperationId> = Op<K> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
type ResponseOf<K extends OperationId, S extends number> = Op<K>['responses'] extends Record<S, infer R> ? JsonOf<R> : never;

export type Answer<K extends OperationId> = (
  | { status: 200; body: ResponseOf<K, 200> }
  | (204 extends keyof Op<K>['responses'] ? { status: 204 } : never)
  | (207 extends keyof Op<K>['responses'] ? { status: 207; body: ResponseOf<K, 207> } : never)
  | (304 extends keyof Op<K>['responses'] ? { status: 304 } : never)
) & {
  /** Headers of the answer (an ETag). */
  headers?: Record<string, string>;
  /** The first answer to the request's Idempotency-Key, given again (store/idempotency.ts): header Idempotent-Replayed. */
  replayed?: true;
};

export type Call<K extends OperationId> = {
  body: BodyOf<K>;
  params: ParamsOf<K>;
  query: QueryOf<K>;
  /** Claims of the patient access token, on operations that require one. */
  patient: PatientClaims | undefined;
  /**
   * The token's revocation lookup, when the operation folds it into its query
   * (app.ts, `REVOCATION_FOLDED`; only on PostgreSQL): pass it to the store. If
   * no query settles it, it is made on its own before the answer (toRouteHandlers).
   */
  revocation: RevocationFold | undefined;
  headers: FastifyRequest['headers'];
  /** The request's security events (securityLog.ts): whom a refusal concerns, and a refusal answered 200. */
  audit: Audit;
};

export interface Context {
  db: Db;
  tokens: Tokens;
  now: () => Date;
  /** The hosted tokenizer's origin as the browser reaches it (getTokenizerCredentials' serviceUrl). */
  tokenizerUrl: string;
  /** True once the process has been told to stop (SIGTERM): readiness answers 503. */
  shuttingDown: () => boolean;
  /** How long readiness waits for the database (ms) before it answers 503. */
  readyTimeoutMs: number;
  /** When a new order's prescriptions are due to move a stage on (the fulfillment worker's schedule, fulfillment.ts). */
  dueAt: (now: Date) => Date;
}

export type Handler<K extends OperationId> = (call: Call<K>) => Promise<Answer<K>>;
export type Handlers = { [K in OperationId]: Handler<K> };

export const ok = <T>(body: T) => ({ status: 200 as const, body });
export const empty = () => ({ status: 204 as const });

/** Adapts typed handlers to fastify-openapi-glue's (request, reply) handlers. */
export function toRouteHandlers(handlers: Handlers) {
  const routes: Record<string, (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>> = {};
  for (const [operationId, handler] of Object.entries(handlers) as [OperationId, Handler<OperationId>][]) {
    routes[operationId] = async (req, reply) => {
      let answer: { status: number; body?: unknown; replayed?: true; headers?: Record<string, string> };
      try {
        answer = await handler({
          body: req.body as never,
          params: req.params as never,
          query: req.query as never,
          patient: req.patient,
          revocation: req.revocation,
          headers: req.headers,
          audit: auditOf(req),
        });
      } catch (e) {
        // A revoked session's call is refused as revoked (401) before anything else it did.
        await req.revocation?.ensure();
        throw e;
      }
      // Settled by the handler's query, or looked up now: never an answer without it.
      await req.revocation?.ensure();
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      for (const [name, value] of Object.entries(answer.headers ?? {})) reply.header(name, value);
      if (answer.status === 204 || answer.status === 304) return reply.code(answer.status).send();
      return reply.code(answer.status).send(answer.body);
    };
  }
  return routes;
}

/**
 * Serves operation `To` with the handler of operation `From` (the same call
 * under another path prefix). Compiles only when both take the same body, path
 * and query and give the same answers.
 */
export function alias<From extends OperationId, To extends OperationId>(
  handler: Handler<From>,
  ..._sameShape: [BodyOf<To>, ParamsOf<To>, QueryOf<To>, Answer<From>] extends [BodyOf<From>, ParamsOf<From>, QueryOf<From>, Answer<To>] ? [] : [never]
): Handler<To> {
  return handler as unknown as Handler<To>;
}
