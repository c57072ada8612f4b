/**
 * The link page machine's side effects, supplied with `.provide()`: the two
 * gateway calls of each link flow and keeping the patient token in the
 * client's memory. Actors throw GatewayCallError (status, displayText) on
 * failure, which the machine reads as a CallFailure.
 */
import { fromPromise } from 'xstate';
import { linkPageMachine, type LinkInfo, type LinkVerifyResult, type ValidateLinkInput, type VerifyIdentityInput } from '../../../machines/link/linkPageMachine.ts';
import { displayErrorText, required, type GatewayClient } from '../../api/gateway.ts';
import { resetMemberData } from '../../shell/memberSession.ts';

export function provideLinkPage(gateway: GatewayClient) {
  return linkPageMachine.provide({
    actors: {
      validateLink: fromPromise<LinkInfo, ValidateLinkInput>(({ input }) => {
        const request = { params: { query: { linkId: input.linkId } }, body: { updateClicks: input.countClick } };
        return required(
          input.flow === 'easyFill' ? gateway.client.POST('/gwapi/EasyFill/Validate', request) : gateway.client.POST('/gwapi/AutoRefill/Validate', request),
        );
      }),
      // A failure without a text that may be shown gives '': the machine then asks to check the information (section 8).
      verifyIdentity: fromPromise<LinkVerifyResult, VerifyIdentityInput>(async ({ input }) => {
        const common = { patientId: input.patientId, dateOfBirth: input.dateOfBirth, zipCode: input.zipCode };
        const result = await required(
          input.flow === 'easyFill'
            ? gateway.client.POST('/gwapi/easyfill/verify', { body: { ...common, easyFillCode: input.linkId } })
            : gateway.client.POST('/gwapi/AutoRefill/Verify', { body: { ...common, autoRefillCode: input.linkId } }),
          '',
        );
        const text = displayErrorText(result.messageErrorText, '');
        return text ? { ...result, messageErrorText: text } : { ...result, messageErrorText: undefined };
      }),
    },
    actions: {
      resetSession: () => {
        gateway.clearPatientToken();
        resetMemberData();
      },
      storePatientToken: (_, params: { accessToken: string }) => gateway.setPatientToken(params.accessToken),
    },
  });
}
