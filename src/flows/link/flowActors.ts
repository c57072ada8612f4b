/**
 * The Easy Fill and Auto Refill machines' side effects, supplied with
 * `.provide()` over the one gateway client. Actors throw GatewayCallError
 * (status, displayText), which the machines read as a CallFailure. A 200 order
 * answer whose messageStatus is false is a failure too, with the server's text
 * (filtered by the general error-text rule).
 */
import { fromPromise } from 'xstate';
import { autoRefillMachine, type AutoRefillSelection } from '../../../machines/link/autoRefillMachine.ts';
import { easyFillMachine, type OrderOptions, type OrderResult, type ToggleResult } from '../../../machines/link/easyFillMachine.ts';
import type { ManageAutoRefillResult } from '../../../machines/link/rules/autoRefill.ts';
import type { Address, EasyFillDrug, EasyFillOrderCart, PaymentCard } from '../../../machines/link/rules/easyFill.ts';
import type { OrderCart } from '../../../machines/link/rules/orderCart.ts';
import { displayErrorText, GatewayCallError, list, required, settle, type GatewayClient } from '../../api/gateway.ts';

/** Scroll-to-top delay after an order failure (section 9). */
export const SCROLL_TO_TOP_MS = 40;

/**
 * The order carts hold `patientId: null` (a null-only property the contract requires), which
 * openapi-typescript-helpers' Writable<> mistakes for a read-only one and types as absent. So the
 * cart is typed for the client without that one key; every other key is checked against the
 * contract's request body, and the whole cart, patientId too, is what is sent.
 */
const cartBody = <T extends { patientId: null }>(cart: T): Omit<T, 'patientId'> => cart;

/** An order answer counts only when the gateway accepted it. */
async function accepted(call: Promise<OrderResult>): Promise<OrderResult> {
  const result = await call;
  if (result.messageStatus !== true) throw new GatewayCallError(200, displayErrorText(result.messageErrorText));
  return result;
}

export function provideEasyFill(gateway: GatewayClient) {
  const { client } = gateway;
  const addresses = () => list<Address>(client.GET('/gwapi/easyfill/addresses'));
  const cards = () => list<PaymentCard>(client.GET('/gwapi/easyfill/paymentmethods'));
  return easyFillMachine.provide({
    actors: {
      loadOrderOptions: fromPromise<OrderOptions>(async () => {
        const [drugs, a, c] = await Promise.all([list<EasyFillDrug>(client.GET('/gwapi/easyfill/prescriptions')), addresses(), cards()]);
        return { drugs, addresses: a, cards: c };
      }),
      reloadAddresses: fromPromise<Address[]>(addresses),
      reloadCards: fromPromise<PaymentCard[]>(cards),
      placeOrder: fromPromise<OrderResult, EasyFillOrderCart>(({ input }) => accepted(required(client.POST('/gwapi/easyfill/order', { body: cartBody(input) })))),
      loadSelectedDetails: fromPromise<EasyFillDrug[], { rxIds: number[] }>(({ input }) =>
        required(client.POST('/gwapi/easyfill/prescriptiondetailbyids', { body: { rxIds: input.rxIds } })),
      ),
      toggleAutoRefill: fromPromise<ToggleResult, { rxs: number[]; autoRefill: boolean }>(async ({ input }) => {
        const result = await required(client.PUT('/gwapi/easyfill/manageautorefillrxs', { body: input }));
        if (result.messageStatus !== true) throw new GatewayCallError(200, displayErrorText(undefined));
        return result;
      }),
    },
    actions: {
      scrollToTop: () => {
        setTimeout(() => window.scrollTo({ top: 0, behavior: 'smooth' }), SCROLL_TO_TOP_MS);
      },
    },
  });
}

export function provideAutoRefill(gateway: GatewayClient) {
  const { client } = gateway;
  return autoRefillMachine.provide({
    actors: {
      loadSelection: fromPromise<AutoRefillSelection>(async () => {
        const [drugs, shipment, payment] = await Promise.all([
          list(client.GET('/gwapi/AutoRefill/Prescriptions')),
          settle(client.GET('/gwapi/AutoRefill/ShipmentAddress')),
          settle(client.GET('/gwapi/AutoRefill/Payment')),
        ]);
        return { drugs, shipment: shipment ?? null, payment: payment ?? null };
      }),
      placeOrder: fromPromise<OrderResult, OrderCart>(({ input }) => accepted(required(client.POST('/gwapi/AutoRefill/Order', { body: cartBody(input) })))),
      manageAutoRefill: fromPromise<ManageAutoRefillResult, { rxIds: number[] }>(async ({ input }) => {
        const result = await required(client.PUT('/gwapi/autorefill', { body: input.rxIds.map((rxId) => ({ rxId, autoRefill: true as const })) }));
        // A drug's reason reaches the screen under the general rule for server texts (section 8): none when missing or internal.
        return { ...result, manageARInfo: result.manageARInfo.map((i) => ({ ...i, messageErrorText: displayErrorText(i.messageErrorText, '') || null })) };
      }),
    },
    actions: {
      endSession: () => gateway.endSession(),
    },
  });
}
