/**
 * The address and card forms' side effects, supplied with `.provide()` over
 * the one gateway client. Actors throw GatewayCallError (status, displayText),
 * which the machines read as a CallFailure. The views add the two actions that
 * touch the page: focusField (focusById, below) and reportSaved (their onSaved).
 *
 * The card number never passes here: the hosted field (the tokenizer's own
 * page, in an iframe) posts it to the tokenizer when the channel asks it to.
 */
import { fromPromise } from 'xstate';
import { addressFormMachine, type AddressSave, type ZipPlace } from '../../../machines/shared/addressFormMachine.ts';
import { cardFormMachine, type CardSaveInput, type TokenizeCardInput, type TokenizedCard, type TokenizerCredentials } from '../../../machines/shared/cardFormMachine.ts';
import { list, required, type GatewayClient } from '../../api/gateway.ts';
import type { CardFieldChannel } from './cardFieldChannel.ts';

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

/** Easy Fill saves a new card under the link's patient. */
const saveEasyFillCard = ({ client }: GatewayClient, input: CardSaveInput) => required(client.POST('/gwapi/easyfill/paymentmethods', { body: input }));

/**
 * The card form over the gateway client and its hosted field's channel (the
 * field tokenizes; the number never passes here). `save` stores the card:
 * Easy Fill's by default, the member's on the review page.
 */
export function provideCardForm(gateway: GatewayClient, field: CardFieldChannel, save: (gateway: GatewayClient, input: CardSaveInput) => Promise<{ id: number }> = saveEasyFillCard) {
  const { client } = gateway;
  return cardFormMachine.provide({
    actors: {
      getTokenizerCredentials: fromPromise<TokenizerCredentials>(() => required(client.GET('/gwapi/Payment/PaymetricCredentials'))),
      tokenizeCard: fromPromise<void, TokenizeCardInput>(({ input }) => field.tokenize(input.accessToken)),
      getTokenizedCard: fromPromise<TokenizedCard, { accessToken: string }>(({ input }) =>
        required(client.GET('/gwapi/Payment/GetTokenizedCardNumber', { params: { query: { accessToken: input.accessToken } } })),
      ),
      saveCard: fromPromise<number, CardSaveInput>(async ({ input }) => (await save(gateway, input)).id),
    },
  });
}

/**
 * The views' focusField action: the field with this id (a TextField's input,
 * or the hosted card field's frame), or the checked (else the first) radio of
 * the group with this id.
 */
export function focusById(id: string): void {
  const element = document.getElementById(id);
  // The hosted card field's frame: focusing it passes the focus on to the field inside (HostedCardField).
  if (element instanceof HTMLIFrameElement) return element.focus();
  const target = element instanceof HTMLInputElement ? element : element?.querySelector<HTMLInputElement>('input:checked, input:not([type="hidden"])');
  target?.focus();
}
