/**
 * The order machines' side effects, supplied with `.provide()`: the public check (its token kept in
 * the gateway client's memory only) and one order's status, asked conditionally with the ETag the
 * machine holds (a 304 is "unchanged"), and a declined payment's new card (the shared card form's save,
 * PUT over the order: the order's status comes back). The clock of an answer is read here, not in the machine.
 */
import { fromPromise } from 'xstate';
import { orderCheckMachine, type CheckOrderInput } from '../../../machines/orders/orderCheckMachine.ts';
import { linkOrderMachine, type OrderSummary } from '../../../machines/orders/linkOrderMachine.ts';
import { orderStatusMachine, type FetchStatusInput, type FetchStatusOutput } from '../../../machines/orders/orderStatusMachine.ts';
import type { LinkVerifyResult, OrderStatus } from '../../../machines/contract.ts';
import { displayErrorText, GatewayCallError, list, required, settle, type GatewayClient } from '../../api/gateway.ts';
import { provideCardForm } from '../shared/formActors.ts';
import type { CardFieldChannel } from '../shared/cardFieldChannel.ts';

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

export function provideOrderCheck(gateway: GatewayClient) {
  return orderCheckMachine.provide({
    actors: {
      // A failure without a text that may be shown gives '': the machine then asks to check the information (section 8).
      checkOrder: fromPromise<LinkVerifyResult, CheckOrderInput>(async ({ input }) => {
        const result = await required(gateway.client.POST('/gwapi/orders/check', { body: input }), '');
        const text = displayErrorText(result.messageErrorText, '');
        return text ? { ...result, messageErrorText: text } : { ...result, messageErrorText: undefined };
      }),
    },
    actions: {
      storePatientToken: (_, params: { accessToken: string }) => gateway.setPatientToken(params.accessToken),
    },
  });
}

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

/** An Easy Fill link's orders, read with the link's token (it sees its link's orders only). */
export function provideLinkOrder(gateway: GatewayClient) {
  return linkOrderMachine.provide({
    actors: {
      listOrders: fromPromise<OrderSummary[]>(({ signal }) => list(gateway.client.GET('/gwapi/orders', { signal }))),
    },
  });
}
