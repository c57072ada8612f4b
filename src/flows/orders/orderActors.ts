/**
 * The order machines' side effects, supplied with `.provide()`: the public check (its token kept in
 * the gateway client's memory only) and one order's status, asked conditionally with the ETag the
 * machine holds (a 304 is "unchanged"). The clock of an answer is read here, not in the machine.
 */
import { fromPromise } from 'xstate';
import { orderCheckMachine, type CheckOrderInput } from '../../../machines/orders/orderCheckMachine.ts';
import { orderStatusMachine, type FetchStatusInput, type FetchStatusOutput } from '../../../machines/orders/orderStatusMachine.ts';
import type { LinkVerifyResult } from '../../../machines/contract.ts';
import { displayErrorText, GatewayCallError, required, settle, type GatewayClient } from '../../api/gateway.ts';

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
