/**
 * The member flow's pages after Member Information, with their gateway calls:
 * Select Your Prescriptions (with its doctor chooser and Add a Prescription),
 * the registration / missing-information page and the review page. Their
 * machines load with their views (ChoosingSteps.tsx re-exports this), not with
 * the first screen: memberActors.ts binds them into the running flow before
 * Member Information can finish.
 */
import { fromPromise } from 'xstate';
import { prescriptionsMachine, type LoadTransfersInput, type TransferPages } from '../../../machines/member/prescriptionsMachine.ts';
import { LIST_LIMITS } from '../../../machines/member/rules/transferList.ts';
import { settle, type GatewayClient } from '../../api/gateway.ts';
import { provideAddPrescription } from './addPrescriptionActors.ts';
import { provideDoctors } from './doctorsActors.ts';
import { provideRegistration } from './registrationActors.ts';
import { provideReview } from './reviewActors.ts';
import type { CardFieldChannel } from '../shared/cardFieldChannel.ts';

export function providePrescriptions(gateway: GatewayClient) {
  return prescriptionsMachine.provide({
    actors: {
      // Pages one after another (the gateway's order); a page answered 204 is an empty page.
      loadTransfers: fromPromise<TransferPages, LoadTransfersInput>(async ({ input }) => {
        const items: TransferPages['items'] = [];
        let totalCount = 0;
        for (const page of input.pages) {
          const body = { page, limit: LIST_LIMITS.pageSize, ...(input.patientId === null ? {} : { patientId: input.patientId }) };
          const answer = await settle(gateway.client.POST('/gwapi/mmar/getautotransferrx', { body }));
          if (!answer) break;
          items.push(...answer.data.allDrugs);
          totalCount = answer.data.count.totalCount;
        }
        return { items, totalCount };
      }),
      // The child machines, with their own gateway calls (the placeholders' types are the machines' interfaces).
      doctors: provideDoctors(gateway) as never,
      addPrescription: provideAddPrescription(gateway) as never,
    },
  });
}

/** `cardField`: the registration page's hosted card field (the page renders it; its actors tokenize through it). */
export function laterStepActors(gateway: GatewayClient, cardField: CardFieldChannel) {
  return {
    prescriptions: providePrescriptions(gateway),
    registration: provideRegistration(gateway, cardField),
    review: provideReview(gateway),
  };
}

export type LaterStepActors = ReturnType<typeof laterStepActors>;
