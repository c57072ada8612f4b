/**
 * The session's side effects (machines/member/sessionMachine.ts), supplied
 * with `.provide()` over the one gateway client: the patient token's renewal
 * (POST /mmar/session/renew, the new token replaces the old one), the
 * session's end at expiry (the gateway revokes it, fire-and-forget), and what
 * Start New Session does, which the page gives (clear every member data and
 * reload).
 */
import { fromPromise } from 'xstate';
import { sessionMachine } from '../../../machines/member/sessionMachine.ts';
import { required, type GatewayClient } from '../../api/gateway.ts';

export function provideSession(gateway: GatewayClient, startNewSession: () => void) {
  return sessionMachine.provide({
    actors: {
      renewSession: fromPromise<void>(async () => {
        const { accessToken } = await required(gateway.client.POST('/gwapi/mmar/session/renew'));
        gateway.setPatientToken(accessToken);
      }),
    },
    actions: { startNewSession, endSession: () => gateway.endSession() },
  });
}
