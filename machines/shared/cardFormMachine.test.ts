/**
 * What the review page changes in the card form (the paths themselves are in
 * test/model/cardForm.model.ts): the tokenizing failure's text, and the body
 * of an edit.
 */
import { expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { cardFormMachine, type CardSaveInput } from './cardFormMachine.ts';
import { cardFieldState } from './rules/cardField.ts';
import { CARD_MESSAGES } from './rules/cardForm.ts';

const session = { merchantId: 'M', accessToken: 'tzs_1', serviceUrl: 'http://127.0.0.1:8182' };

async function failTokenizing(review: boolean) {
  const machine = cardFormMachine.provide({
    actors: {
      getTokenizerCredentials: fromPromise(async () => session),
      tokenizeCard: fromPromise<void, { accessToken: string }>(async () => {
        throw { status: 503, displayText: 'The card tokenizer is unavailable.' };
      }),
    },
  });
  const actor = createActor(machine, { input: { today: '2026-11-22', ...(review && { review: { editing: null } }) } }).start();
  await waitFor(actor, (s) => s.matches('editing'));
  for (const event of [
    { type: 'firstName.changed', text: 'Maria' },
    { type: 'lastName.changed', text: 'Lopez' },
    { type: 'cardNumber.changed', state: cardFieldState('4111111111111111') },
    { type: 'expiryMonth.changed', month: 12 },
    { type: 'expiryYear.changed', year: 2030 },
    { type: 'save.submitted' },
  ] as const)
    actor.send(event);
  return (await waitFor(actor, (s) => s.matches('editing') && s.context.failure !== null)).context.failure;
}

test("a failed tokenizing: the provider's text in Easy Fill, the general text with 'Card Tokenization.' on review (section 8)", async () => {
  expect(await failTokenizing(false)).toBe(CARD_MESSAGES.provider(503));
  expect(await failTokenizing(true)).toBe('Unable to process the request at this time. Please try after some time. Card Tokenization.');
});

test('an edited card is saved over itself with its own token: no session, no tokenizing', async () => {
  let sent: CardSaveInput | null = null;
  let opened = false;
  const machine = cardFormMachine.provide({
    actors: {
      getTokenizerCredentials: fromPromise(async () => {
        opened = true;
        return session;
      }),
      saveCard: fromPromise(async ({ input }) => {
        sent = input;
        return 5;
      }),
    },
  });
  const editing = { paymentMethodId: 5, values: { firstName: 'Maria', lastName: 'Lopez', month: 8, year: 2029, isFsa: false, isDefault: true, cardType: null }, lastDigits: '1111', pciToken: 'tok_seed', cardTypeNum: 1 as const };
  const actor = createActor(machine, { input: { today: '2026-11-22', review: { editing } } }).start();
  actor.send({ type: 'lastName.changed', text: 'Lopez-Garcia' });
  actor.send({ type: 'save.submitted' });
  await waitFor(actor, (s) => s.status === 'done');
  expect(opened).toBe(false);
  expect(sent).toEqual({ defaultCard: true, cardFirstName: 'Maria', cardLastName: 'Lopez-Garcia', cardTypeNum: 1, cardMonthNum: 8, cardYear: 2029, pciToken: 'tok_seed', isFsaCard: false, paymentMethodId: 5 });
});
