/**
 * The public check's side effects, supplied with `.provide()` (its token kept in the gateway client's
 * memory only). One order's status has its own file (orderStatusActors.ts): the check form is the
 * page's first screen, and the status machine, its rules and Temporal load only once an order opens.
 */
import { fromPromise } from 'xstate';
import { orderCheckMachine, type CheckOrderInput } from '../../../machines/orders/orderCheckMachine.ts';
import type { LinkVerifyResult } from '../../../machines/contract.ts';
import { displayErrorText, required, type GatewayClient } from '../../api/gateway.ts';

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
