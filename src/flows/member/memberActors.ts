/**
 * The member flow's side effects, supplied with `.provide()` over the one
 * gateway client: the member flow gets its page machines (each with its own
 * actors), the page machines their gateway calls. Actors throw
 * GatewayCallError (status, displayText), which the machines read as a failure.
 *
 * Only Member Information comes with the first screen. The later pages'
 * machines (laterStepsActors.ts) load with their views; `bindLaterSteps` puts
 * them into the flow's implementations, where XState looks each invoked actor
 * up by name when its state is entered. Member Information cannot finish
 * before they are bound: its last call waits for them (`laterSteps`).
 */
import { fromPromise, type AnyStateMachine } from 'xstate';
import { memberFlowMachine } from '../../../machines/member/memberFlowMachine.ts';
import { memberInfoMachine, type EligibilityResult, type MemberIdentity } from '../../../machines/member/memberInfoMachine.ts';
import type { MissingAlerts } from '../../../machines/contract.ts';
import { withPatientAlerts } from '../../../machines/member/rules/missingInfo.ts';
import { required, type GatewayClient } from '../../api/gateway.ts';
import type { LaterStepActors } from './laterStepsActors.ts';

/**
 * `laterSteps`: loads and binds the later pages (the same promise every time);
 * the first call starts it, eligibility's answer waits for it. Tests that run
 * the page alone leave it out.
 */
export function provideMemberInfo(gateway: GatewayClient, laterSteps: () => Promise<void> = async () => {}) {
  return memberInfoMachine.provide({
    actors: {
      verifyMember: fromPromise<{ accessToken: string }, MemberIdentity>(({ input }) => {
        void laterSteps().catch(() => {});
        return required(gateway.client.POST('/gwapi/mmar/verify', { body: { memberInfo: input } }));
      }),
      loadMemberInfo: fromPromise<EligibilityResult, MemberIdentity>(async ({ input }) => {
        const [result] = await Promise.all([required(gateway.client.POST('/gwapi/mmar/checkeligibility', { body: input })), laterSteps()]);
        return withPatientAlerts(result, await patientAlerts(gateway, result));
      }),
    },
    actions: {
      storePatientToken: (_, params: { accessToken: string }) => gateway.setPatientToken(params.accessToken),
    },
  });
}

/**
 * The missing-information flags of a registered member (section 7: PUT /mmar/Patient/Alerts, its
 * patientId), asked once eligibility has answered: what Member Information's outcome and the
 * registration page go by. null when there is no patient to ask about, or the call failed (the
 * eligibility answer's flags are then the fallback: `withPatientAlerts`).
 */
async function patientAlerts(gateway: GatewayClient, member: EligibilityResult): Promise<MissingAlerts | null> {
  const { patientId } = member.patient;
  if (patientId === null) return null;
  try {
    return await required(gateway.client.PUT('/gwapi/mmar/Patient/Alerts', { body: { patientId } }));
  } catch {
    return null;
  }
}

/**
 * `leaveFlow`: how the page leaves the flow for a shell link (it navigates). One `.provide()`: each builds the
 * whole flow machine anew, on the first screen's main thread.
 */
export function provideMemberFlow(gateway: GatewayClient, laterSteps: () => Promise<void>, leaveFlow: (to: string) => void) {
  return memberFlowMachine.provide({
    actors: {
      memberInfo: provideMemberInfo(gateway, laterSteps) as never,
    },
    actions: {
      endSession: () => gateway.endSession(),
      leaveFlow: (_, { to }: { to: string }) => leaveFlow(to),
    },
  });
}

/** The later pages' machines into the flow's own implementations (the machine that runs, after its last `.provide()`). */
export function bindLaterSteps(flow: AnyStateMachine, actors: LaterStepActors): void {
  Object.assign(flow.implementations.actors, actors);
}
