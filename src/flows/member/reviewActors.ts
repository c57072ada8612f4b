/**
 * The review page's side effects (machines/member/reviewMachine.ts), supplied
 * with `.provide()` over the one gateway client: the profile summary (each
 * part from its own call, all at once) and Finish's transfer submission.
 * Actors throw GatewayCallError (status, displayText).
 */
import { fromPromise } from 'xstate';
import type { TransferSubmission } from '../../../machines/contract.ts';
import { addressChangeMachine } from '../../../machines/member/addressChangeMachine.ts';
import { healthChangeMachine } from '../../../machines/member/healthChangeMachine.ts';
import { addressFormMachine } from '../../../machines/shared/addressFormMachine.ts';
import { addressSaveBody, addressValuesOf } from '../../../machines/shared/rules/addressForm.ts';
import { notificationChangeMachine } from '../../../machines/member/notificationChangeMachine.ts';
import { paymentChangeMachine } from '../../../machines/member/paymentChangeMachine.ts';
import { cardSaveBody, savedCardInput } from '../../../machines/shared/rules/cardForm.ts';
import { provideCardForm } from '../shared/formActors.ts';
import type { CardFieldChannel } from '../shared/cardFieldChannel.ts';
import { reviewMachine, type ChangeablePart } from '../../../machines/member/reviewMachine.ts';
import { notificationChangeCall } from '../../../machines/member/rules/profileChanges.ts';
import { newestSetting, type ReviewSummary, type TransferSubmissionResult } from '../../../machines/member/rules/review.ts';
import { paymentCard, shippingAddress } from '../../../machines/shared/rules/savedChoice.ts';
import { list, lookup, required, type GatewayClient } from '../../api/gateway.ts';
import { focusAfterDialog, focusWhenShown } from '../shared/focusWhenShown.ts';
import { healthCalls, providePhoneChange, saveEmail, saveNotification } from './profileCalls.ts';

/** The review page's prescriptions heading and its error banner (focused after a removal and a failed Finish). */
export const REVIEW_IDS = { requests: 'review-requests', failure: 'review-problems' } as const;
/** The Change button of each part of the profile (the focus comes back to it once its change is saved). */
export const changeButtonId = (part: ChangeablePart) => `review-change-${part}`;

/** The review page's card form: POST a new card, or PUT over the one edited (its token stays: the number cannot change). */
export const provideMemberCardForm = (gateway: GatewayClient, field: CardFieldChannel) =>
  provideCardForm(gateway, field, ({ client }, { paymentMethodId, ...body }) =>
    required(
      paymentMethodId !== undefined
        ? client.PUT('/gwapi/mmar/PaymentMethods/{paymentMethodId}', { params: { path: { paymentMethodId } }, body })
        : client.POST('/gwapi/mmar/PaymentMethods', { body }),
    ),
  );

/** The review page's address form: the member's zip lookup, and POST a new address or PUT over the one edited. */
export function provideMemberAddressForm(gateway: GatewayClient) {
  const { client } = gateway;
  return addressFormMachine.provide({
    actors: {
      lookupZipCode: fromPromise(({ input, signal }) => lookup(client.GET('/gwapi/mmar/ZipCodeLookup/{zipCode}', { params: { path: { zipCode: input.zip } }, signal }))),
      saveAddress: fromPromise(async ({ input }) => {
        const { addressId, ...body } = input;
        return (await required(addressId !== undefined ? client.PUT('/gwapi/mmar/Addresses', { body: { ...body, addressId } }) : client.POST('/gwapi/mmar/Addresses', { body }))).id;
      }),
    },
  });
}

export function provideReview(gateway: GatewayClient) {
  const { client } = gateway;
  const health = healthCalls(gateway);
  return reviewMachine.provide({
    actors: {
      addressChange: addressChangeMachine.provide({
        actors: {
          loadList: fromPromise(() => list(client.GET('/gwapi/mmar/Addresses'))),
          // Select: the address on file, as it is, becomes the default shipping one.
          makeDefault: fromPromise(({ input }) =>
            required(client.PUT('/gwapi/mmar/Addresses', { body: { ...addressSaveBody(addressValuesOf(input)), isDefaultShipping: true, isDefaultBilling: input.defaultBilling, addressId: input.addressId } })),
          ),
        },
      }),
      paymentChange: paymentChangeMachine.provide({
        actors: {
          loadList: fromPromise(() => list(client.GET('/gwapi/mmar/PaymentMethods'))),
          // Select: the card on file, as it is, becomes the default one (its token stands for the number).
          makeDefault: fromPromise(({ input }) => {
            const card = savedCardInput(input)!;
            return required(
              client.PUT('/gwapi/mmar/PaymentMethods/{paymentMethodId}', {
                params: { path: { paymentMethodId: card.paymentMethodId } },
                body: cardSaveBody({ ...card.values, isDefault: true }, card),
              }),
            );
          }),
        },
      }),
      notificationChange: notificationChangeMachine.provide({
        actors: {
          // The setting in force as the gateway holds it when the modal opens.
          loadSetting: fromPromise(async () => newestSetting(await list(client.GET('/gwapi/mmar/Patients/Notification')))),
          saveNotification: fromPromise(({ input }) => saveNotification(gateway, notificationChangeCall(input.values, input.patientId, input.setting))),
          saveEmail: fromPromise(({ input }) => saveEmail(gateway, input.email)),
        },
      }),
      phoneChange: providePhoneChange(gateway),
      healthChange: healthChangeMachine.provide({
        actors: {
          loadCommon: fromPromise(({ input }) => health.common(input.kind)),
          lookupHealth: fromPromise(({ input, signal }) => health.lookup(input.kind, input.text, signal)),
          saveHealth: fromPromise(({ input }) => health.add(input.kind, input.items, input.patientId)),
        },
      }),
      loadSummary: fromPromise<ReviewSummary, { patientId: number }>(async () => {
        const [addresses, phones, cards, settings, email, allergies, conditions] = await Promise.all([
          list(client.GET('/gwapi/mmar/Addresses')),
          list(client.GET('/gwapi/mmar/patient/phones')),
          list(client.GET('/gwapi/mmar/PaymentMethods')),
          list(client.GET('/gwapi/mmar/Patients/Notification')),
          required(client.GET('/gwapi/mmar/patient/emailaddress')),
          list(client.GET('/gwapi/mmar/patient/patientallergies')),
          list(client.GET('/gwapi/mmar/patient/patientconditions')),
        ]);
        return {
          address: shippingAddress(addresses, null),
          phone: phones.find((p) => p.isPrimary) ?? phones[0] ?? null,
          card: paymentCard(cards, null),
          notification: newestSetting(settings),
          email: email.emailAddress,
          allergies: allergies.map((a) => a.allergyDesc),
          conditions: conditions.map((c) => c.diseaseDesc),
        };
      }),
      submitTransfer: fromPromise<TransferSubmissionResult, TransferSubmission>(({ input }) =>
        required(client.POST('/gwapi/mmar/Patient/AutoNewTransferRxs', { body: input })),
      ),
    },
    actions: {
      focusRequests: () => focusAfterDialog(REVIEW_IDS.requests),
      focusFailure: () => focusWhenShown(REVIEW_IDS.failure),
      focusChanged: (_, { part }) => focusAfterDialog(changeButtonId(part)),
    },
  });
}
