/**
 * The review page's side effects (machines/member/reviewMachine.ts), supplied
 * with `.provide()` over the one gateway client: the profile summary (each
 * part from its own call, all at once) and Finish's transfer submission.
 * Actors throw GatewayCallError (status, displayText).
 */
import { fromPromise } from 'xstate';
import type { TransferSubmission } from '../../../machines/contract.ts';
import { reviewMachine } from '../../../machines/member/reviewMachine.ts';
import type { ReviewSummary, TransferSubmissionResult } from '../../../machines/member/rules/review.ts';
import { paymentCard, shippingAddress } from '../../../machines/rules/easyFill.ts';
import { list, required, type GatewayClient } from '../../api/gateway.ts';
import { focusAfterDialog, focusWhenShown } from '../shared/focusWhenShown.ts';

/** The review page's prescriptions heading and its error banner (focused after a removal and a failed Finish). */
export const REVIEW_IDS = { requests: 'review-requests', failure: 'review-problems' } as const;

export function provideReview(gateway: GatewayClient) {
  const { client } = gateway;
  return reviewMachine.provide({
    actors: {
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
          // The newest setting is the one in force.
          notification: settings.reduce<(typeof settings)[number] | null>((newest, s) => (!newest || s.id > newest.id ? s : newest), null),
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
    },
  });
}
