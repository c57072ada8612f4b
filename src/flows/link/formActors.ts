/**
 * The address and card forms' side effects, supplied with `.provide()` over
 * the one gateway client. Actors throw GatewayCallError (status, displayText),
 * which the machines read as a CallFailure. The views add the two actions that
 * touch the page: focusField (focusById, below) and reportSaved (their onSaved).
 *
 * The card number travels once: in the body of the tokenizer post, which does
 * not go through the gateway client, so that neither gateway token (nor a
 * cookie or the referrer) goes with it to the card provider. It is never in a
 * URL, never logged, and the error thrown carries only a status.
 */
import { fromPromise } from 'xstate';
import { addressFormMachine, type AddressSave, type ZipPlace } from '../../../machines/addressFormMachine.ts';
import { cardFormMachine, type CardSave, type TokenizeCardInput, type TokenizedCard, type TokenizerCredentials } from '../../../machines/cardFormMachine.ts';
import { tokenizerCardsUrl } from '../../../machines/rules/cardForm.ts';
import type { components } from '../../api/gateway.gen.ts';
import { GatewayCallError, GENERAL_ERROR_TEXT, isSuccessStatus, list, required, type GatewayClient } from '../../api/gateway.ts';

type TokenizeCardResult = components['schemas']['TokenizeCardResult'];

export function provideAddressForm(gateway: GatewayClient) {
  const { client } = gateway;
  return addressFormMachine.provide({
    actors: {
      // A newer zip stops the actor; the signal drops its request.
      lookupZipCode: fromPromise<ZipPlace[], { zip: string }>(({ input, signal }) =>
        list(client.GET('/gwapi/easyfill/zipcodelookup/{zipCode}', { params: { path: { zipCode: input.zip } }, signal })),
      ),
      saveAddress: fromPromise<number, AddressSave>(async ({ input }) => (await required(client.POST('/gwapi/easyfill/addresses', { body: input }))).id),
    },
  });
}

export interface TokenizerTransport {
  /** The gateway's origin, for a tokenizer serviceUrl that is a path ('' is this origin, as the SPA's client). */
  gatewayBaseUrl: string;
  fetch: (request: Request) => Promise<Response>;
}

const defaultTransport: TokenizerTransport = {
  gatewayBaseUrl: import.meta.env.VITE_GATEWAY_URL ?? '',
  fetch: (request) => globalThis.fetch(request),
};

/** Posts the number to the tokenizer: JSON body only, no gateway headers, no cookies, no referrer, nothing cached. */
async function postToTokenizer(transport: TokenizerTransport, input: TokenizeCardInput, signal: AbortSignal): Promise<void> {
  const url = tokenizerCardsUrl(input.serviceUrl, transport.gatewayBaseUrl);
  if (url === null) throw new GatewayCallError(400, GENERAL_ERROR_TEXT);
  const answer = transport
    .fetch(
      new Request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ accessToken: input.accessToken, cardNumber: input.cardNumber }),
        credentials: 'omit',
        referrerPolicy: 'no-referrer',
        cache: 'no-store',
        signal,
      }),
    )
    .then(async (response) => {
      const body: unknown = await response.json().catch(() => undefined);
      return isSuccessStatus(response.status) ? { data: body as TokenizeCardResult, response } : { error: body, response };
    });
  const result = await required(answer);
  if (result.status !== 'accepted') throw new GatewayCallError(422, GENERAL_ERROR_TEXT);
}

export function provideCardForm(gateway: GatewayClient, transport: TokenizerTransport = defaultTransport) {
  const { client } = gateway;
  return cardFormMachine.provide({
    actors: {
      getTokenizerCredentials: fromPromise<TokenizerCredentials>(() => required(client.GET('/gwapi/Payment/PaymetricCredentials'))),
      tokenizeCard: fromPromise<void, TokenizeCardInput>(({ input, signal }) => postToTokenizer(transport, input, signal)),
      getTokenizedCard: fromPromise<TokenizedCard, { accessToken: string }>(({ input }) =>
        required(client.GET('/gwapi/Payment/GetTokenizedCardNumber', { params: { query: { accessToken: input.accessToken } } })),
      ),
      saveCard: fromPromise<number, CardSave>(async ({ input }) => (await required(client.POST('/gwapi/easyfill/paymentmethods', { body: input }))).id),
    },
  });
}

/** Today in the person's time zone, YYYY-MM-DD: the forms' machine input. */
export function localToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * The views' focusField action: the field with this id (a TextField's input),
 * or the checked (else the first) radio of the group with this id.
 */
export function focusById(id: string): void {
  const element = document.getElementById(id);
  const target = element instanceof HTMLInputElement ? element : element?.querySelector<HTMLInputElement>('input:checked, input:not([type="hidden"])');
  target?.focus();
}
