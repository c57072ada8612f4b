/**
 * One order's status, supplied with `.provide()`: asked conditionally with the ETag the machine holds
 * (a 304 is "unchanged"); a declined payment's new card (the shared card form's save, PUT over the
 * order: the order's status comes back); and an Easy Fill link's orders. The clock of an answer is read
 * here, not in the machine. Apart from the check's actors (orderActors.ts), so the check form's first
 * load carries none of the status.
 */
import { fromPromise } from 'xstate';
import { linkOrderMachine, type OrderSummary } from '../../../machines/orders/linkOrderMachine.ts';
import { orderStatusMachine, type FetchStatusInput, type FetchStatusOutput } from '../../../machines/orders/orderStatusMachine.ts';
import type { OrderStatus } from '../../../machines/contract.ts';
import { GatewayCallError, list, required, settle, type GatewayClient } from '../../api/gateway.ts';
import { provideCardForm } from '../shared/formActors.ts';
import type { CardFieldChannel } from '../shared/cardFieldChannel.ts';

export function provideOrderStatus(gateway: GatewayClient) {
  return orderStatusMachine.provide({
    actors: {
      fetchStatus: fromPromise<FetchStatusOutput, FetchStatusInput>(async ({ input, signal }) => {
        const call = gateway.client.GET('/gwapi/orders/{orderNumber}', {
          params: { path: { orderNumber: input.orderNumber }, header: input.etag ? { 'If-None-Match': input.etag } : {} },
          signal,
        });
        let outcome: Awaited<typeof call>;
        try {
          outcome = await call;
        } catch {
          throw new GatewayCallError(0, '');
        }
        const at = new Date().toISOString();
        if (outcome.response.status === 304) return { kind: 'unchanged', at };
        const status = await settle(Promise.resolve(outcome));
        if (!status) throw new GatewayCallError(204, '');
        return { kind: 'changed', status, etag: outcome.response.headers.get('ETag'), at };
      }),
    },
  });
}

/**
 * The card form of a declined payment: the shared card form (the hosted field, the tokenizer's calls),
 * whose save is updateOrderPayment for this order (the gateway client gives it its Idempotency-Key, so a
 * Save pressed again after a lost answer places it once). The order's status it answers is handed to
 * `took`, for the order-status machine (`status.replaced`).
 */
export function provideOrderCardForm(orderNumber: string, took: (status: OrderStatus, at: string) => void) {
  return (gateway: GatewayClient, field: CardFieldChannel) =>
    provideCardForm(gateway, field, async ({ client }, { paymentMethodId: _, ...body }) => {
      const status = await required(client.PUT('/gwapi/orders/{orderNumber}/payment', { params: { path: { orderNumber } }, body }));
      took(status, new Date().toISOString());
      // The card form reports a save by an id; the order's card has none of its own here.
      return { id: 0 };
    });
}

/** An Easy Fill link's orders, read with the link's token (it sees its link's orders only). */
export function provideLinkOrder(gateway: GatewayClient) {
  return linkOrderMachine.provide({
    actors: {
      listOrders: fromPromise<OrderSummary[]>(({ signal }) => list(gateway.client.GET('/gwapi/orders', { signal }))),
    },
  });
}
