/** The doctor chooser's gateway calls, supplied with `.provide()` over the one client (204 is no doctor). */
import { fromPromise } from 'xstate';
import type { Physician } from '../../../machines/contract.ts';
import { doctorsMachine, type DoctorSearch } from '../../../machines/member/doctorsMachine.ts';
import { settle, type GatewayClient } from '../../api/gateway.ts';

export function provideDoctors(gateway: GatewayClient) {
  return doctorsMachine.provide({
    actors: {
      loadDoctors: fromPromise<Physician[], { patientId: number }>(async ({ input }) => {
        const found = await settle(gateway.client.POST('/gwapi/mmar/getphysicians', { body: { patientId: input.patientId } }));
        return found?.items ?? [];
      }),
      searchDoctors: fromPromise<Physician[], DoctorSearch>(async ({ input }) => {
        const found = await settle(gateway.client.GET('/gwapi/mmar/physicians', { params: { query: input } }));
        return found?.physicians ?? [];
      }),
    },
  });
}
