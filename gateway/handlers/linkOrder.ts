/**
 * A link's order: Easy Fill's Fill Now and Auto Refill's Order Medication place it alike
 * (spec: link-flows-and-public-pages.md 3 and 4).
 */
import type { Call, Context, Handler } from './types.ts';
import { ok } from './types.ts';
import { linkOf } from './scope.ts';
import { placeLinkOrder } from '../store/orders.ts';
import { endSessionByOrder, rememberEndedByOrder } from '../store/sessions.ts';
import { idempotencyKeyOf, idempotent, linkCaller } from '../store/idempotency.ts';

type LinkOrderOperation = 'placeEasyFillOrder' | 'placeAutoRefillOrder';

/**
 * One order per Idempotency-Key: a repeat gets the first answer (store/idempotency.ts). The order ends
 * the link's session (store/sessions.ts): only what shows the order, and Auto Refill's enrolment that
 * follows it, answer it afterwards.
 */
export function linkOrderHandler(ctx: Context, operation: LinkOrderOperation): Handler<'placeEasyFillOrder'> & Handler<'placeAutoRefillOrder'> {
  const { db, now } = ctx;
  // Both answer an order's result; Easy Fill's cart is the shared cart's narrower form (openapi/): one handler serves both.
  return async ({ patient, body, headers }: Pick<Call<'placeAutoRefillOrder'>, 'patient' | 'body' | 'headers'>) => {
    const link = linkOf(patient);
    const at = now();
    const answer = await idempotent(db, { key: idempotencyKeyOf(headers), who: linkCaller(link), operation, body, now: at }, async (tx) => {
      // After the order's own checks: a second order of the same drugs is still told 409 (already ordered).
      const placed = ok(await placeLinkOrder(tx, link, body, at, ctx.dueAt));
      await endSessionByOrder(tx, patient!);
      return placed;
    });
    if (!answer.replayed) await rememberEndedByOrder(db, patient!);
    return answer;
  };
}
