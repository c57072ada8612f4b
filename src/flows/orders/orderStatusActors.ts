/**
 * One order's status, supplied with `.provide()`: asked conditionally with the ETag the machine holds
 * (a 304 is "unchanged"). The clock of an answer is read here, not in the machine. Apart from the
 * check's actors (orderActors.ts), so the check form's first load carries none of the status.
 */
import { fromPromise } from 'xstate';
import { orderStatusMachine, type FetchStatusInput, type FetchStatusOutput } from '../../../machines/orders/orderStatusMachine.ts';
import { GatewayCallError, settle, type GatewayClient } from '../../api/gateway.ts';

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
