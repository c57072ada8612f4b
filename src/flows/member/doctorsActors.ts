/**
 * The doctor chooser's side effects, supplied with `.provide()` over the one
 * gateway client: the doctors on the profile (POST /mmar/getphysicians) and
 * the doctor search of Find Your Doctor and of Add Your Doctor's better match
 * (GET /mmar/physicians); a 204 is an empty list (`list`), any other failure
 * a GatewayCallError, which the machine shows as 'No doctors found.'. And the
 * focus moved to the first field to fix after a refused Search or Continue.
 *
 * One dialog is open at a time, so their fields have fixed ids
 * (doctorFieldId): the views give them, the focus action finds them.
 */
import { fromPromise, type ActorRefFrom } from 'xstate';
import type { Physician } from '../../../machines/contract.ts';
import { doctorsMachine, type DoctorFieldKey, type DoctorSearch } from '../../../machines/member/doctorsMachine.ts';
import { list, type GatewayClient } from '../../api/gateway.ts';

/** The doctor chooser's running machine, as the chooser and its two modals hold it. */
export type DoctorsActor = ActorRefFrom<typeof doctorsMachine>;

/** The DOM id of a field of Find Your Doctor or Add Your Doctor. */
export const doctorFieldId = (field: DoctorFieldKey) => `doctor-${field}`;

/** Focuses the field's input, after the next frame so that the error just shown is read with it. */
function focusDoctorField(field: DoctorFieldKey): void {
  requestAnimationFrame(() => {
    const element = document.getElementById(doctorFieldId(field));
    const target = element instanceof HTMLInputElement ? element : element?.querySelector<HTMLInputElement>('input');
    target?.focus();
  });
}

export function provideDoctors(gateway: GatewayClient) {
  const { client } = gateway;
  return doctorsMachine.provide({
    actors: {
      loadDoctors: fromPromise<Physician[], { patientId: number }>(({ input, signal }) =>
        list(client.POST('/gwapi/mmar/getphysicians', { body: { patientId: input.patientId }, signal }).then(({ data, ...rest }) => ({ ...rest, data: data?.items }))),
      ),
      // Closing the dialog stops the actor; the signal drops its request.
      searchDoctors: fromPromise<Physician[], DoctorSearch>(({ input, signal }) =>
        list(client.GET('/gwapi/mmar/physicians', { params: { query: input }, signal }).then(({ data, ...rest }) => ({ ...rest, data: data?.physicians }))),
      ),
    },
    actions: {
      focusField: (_, { field }) => focusDoctorField(field),
    },
  });
}
