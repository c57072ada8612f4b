/**
 * The member flow's side effects, supplied with `.provide()` over the one
 * gateway client: the member flow gets its page machines (each with its own
 * actors), the page machines their gateway calls. Actors throw
 * GatewayCallError (status, displayText), which the machines read as a failure.
 */
import { fromPromise } from 'xstate';
import { memberFlowMachine } from '../../../machines/member/memberFlowMachine.ts';
import { memberInfoMachine, type EligibilityResult, type MemberIdentity } from '../../../machines/member/memberInfoMachine.ts';
import { prescriptionsMachine, type LoadTransfersInput, type TransferPages } from '../../../machines/member/prescriptionsMachine.ts';
import { LIST_LIMITS } from '../../../machines/member/rules/transferList.ts';
import { required, settle, type GatewayClient } from '../../api/gateway.ts';
import { provideAddPrescription } from './addPrescriptionActors.ts';
import { provideDoctors } from './doctorsActors.ts';
import { provideRegistration } from './registrationActors.ts';
import { provideReview } from './reviewActors.ts';
import type { CardFieldChannel } from '../shared/cardFieldChannel.ts';

export function provideMemberInfo(gateway: GatewayClient) {
  return memberInfoMachine.provide({
    actors: {
      verifyMember: fromPromise<{ accessToken: string }, MemberIdentity>(({ input }) => required(gateway.client.POST('/gwapi/mmar/verify', { body: { memberInfo: input } }))),
      loadMemberInfo: fromPromise<EligibilityResult, MemberIdentity>(({ input }) => required(gateway.client.POST('/gwapi/mmar/checkeligibility', { body: input }))),
    },
    actions: {
      storePatientToken: (_, params: { accessToken: string }) => gateway.setPatientToken(params.accessToken),
    },
  });
}

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
export function provideMemberFlow(gateway: GatewayClient, cardField: CardFieldChannel) {
  return memberFlowMachine.provide({
    actors: {
      memberInfo: provideMemberInfo(gateway) as never,
      prescriptions: providePrescriptions(gateway) as never,
      registration: provideRegistration(gateway, cardField) as never,
      review: provideReview(gateway) as never,
    },
  });
}
