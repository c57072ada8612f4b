/**
 * Where is my order: a caller's orders, one order's status (conditional: ETag, 304), a declined order's new
 * card, and the public check by order number, date of birth and zip. Every read is scoped by the token's
 * audience (store/orderStatus.ts `orderScopeOf`): another's order is 404, exactly as an unknown number.
 */
import type { Context, Handlers } from './types.ts';
import { empty, ok } from './types.ts';
import { conflict } from '../errors.ts';
import { bumpVersion, etagOf, findOrder, listOrders, matchesEtag, orderScopeOf, paymentDeclined, statusOf } from '../store/orderStatus.ts';
import { checkOrder } from '../store/orderCheck.ts';
import { saveCard } from '../store/cards.ts';
import { idempotencyKeyOf, idempotent, patientCaller } from '../store/idempotency.ts';
import { lockPatient } from '../store/locks.ts';

type OrderOps = 'listOrders' | 'getOrderStatus' | 'updateOrderPayment' | 'checkOrderStatus';

/** The 409 of a new card for an order whose payment was not declined. */
export const PAYMENT_NOT_DECLINED = "This order's payment was not declined.";

export function orderHandlers(ctx: Context): Pick<Handlers, OrderOps> {
  const { db, tokens, now, dueAt } = ctx;
  return {
    async listOrders({ patient }) {
      const orders = await listOrders(db, orderScopeOf(patient));
      return orders.length ? ok(orders) : empty();
    },

    async getOrderStatus({ patient, params, headers }) {
      const order = await findOrder(db, orderScopeOf(patient), params.orderNumber);
      const etag = etagOf(order);
      if (matchesEtag(headers['if-none-match'], etag)) return { status: 304, headers: { etag } };
      return { ...ok(await statusOf(db, order)), headers: { etag } };
    },

    // The card is the patient's (one card per token, store/cards.ts) and the order's; the order goes on being filled.
    async updateOrderPayment({ patient, params, body, headers }) {
      const scope = orderScopeOf(patient);
      const order = await findOrder(db, scope, params.orderNumber);
      if (order.patientId === null) throw conflict(PAYMENT_NOT_DECLINED);
      const pid = order.patientId;
      const at = now();
      return idempotent(db, { key: idempotencyKeyOf(headers), who: patientCaller(pid), operation: 'updateOrderPayment', body, now: at }, async (tx) => {
        // Behind the patient's lock (the card's own), so two cards for one order queue and the second is told 409.
        await lockPatient(tx, pid);
        const current = await findOrder(tx, scope, params.orderNumber);
        if (!(await paymentDeclined(tx, current))) throw conflict(PAYMENT_NOT_DECLINED);
        const cardSeqNum = await saveCard(tx, pid, body, at);
        await tx.updateTable('orders').set({ paymentCardId: cardSeqNum, paymentMethodTypeId: null, exceptionKind: null, exceptionReason: null })
          .where('orderId', '=', current.orderId).execute();
        // A payment is declined while being filled: its items go on from there, due again on the worker's schedule.
        await tx.updateTable('orderItems').set({ exceptionKind: null, exceptionReason: null, nextAt: dueAt(at) })
          .where('orderId', '=', current.orderId).where('exceptionKind', '=', 'paymentDeclined').execute();
        await bumpVersion(tx, current.orderId, at);
        return ok(await statusOf(tx, await findOrder(tx, scope, params.orderNumber)));
      });
    },

    async checkOrderStatus({ body, audit }) {
      return ok(await checkOrder(db, tokens, body, audit));
    },
  };
}
