/**
 * The Add Prescription modal's side effects, supplied with `.provide()` over
 * the one gateway client: the drug-name lookup (204 is no suggestion), the
 * eligibility of a picked drug, and the focus moved to the first field to fix
 * after a Continue or Submit that cannot go on. Actors throw GatewayCallError
 * (status, displayText), which the machine reads as a failure.
 *
 * The modal is one at a time, so its fields have fixed ids (addPrescriptionFieldId):
 * the view gives them, the focus action finds them.
 */
import { fromPromise } from 'xstate';
import { addPrescriptionMachine } from '../../../machines/member/addPrescriptionMachine.ts';
import {
  type CheckEligibilityInput,
  type DrugSuggestion,
  type FieldKey,
  type NewRxEligibilityResult,
} from '../../../machines/member/addPrescriptionContext.ts';
import { required, settle, type GatewayClient } from '../../api/gateway.ts';

/** The DOM id of a field of the modal. */
export const addPrescriptionFieldId = (field: FieldKey) => `add-rx-${field}`;

/**
 * Focuses the field (an input), or inside it the checked or first input (a
 * radio group), or the element itself (a section). After the next frame, so
 * that the error just shown is rendered and read with the field.
 */
export function focusAddPrescriptionField(field: FieldKey): void {
  requestAnimationFrame(() => {
    const element = document.getElementById(addPrescriptionFieldId(field));
    if (!element) return;
    const target = element instanceof HTMLInputElement ? element : element.querySelector<HTMLInputElement>('input:checked, input:not([type="hidden"]):not(:disabled)');
    (target ?? element).focus();
  });
}

export function provideAddPrescription(gateway: GatewayClient) {
  const { client } = gateway;
  return addPrescriptionMachine.provide({
    actors: {
      // A newer text stops the actor; the signal drops its request.
      lookupDrugs: fromPromise<DrugSuggestion[], { text: string }>(
        async ({ input, signal }) => (await settle(client.GET('/gwapi/mmar/prescriptions/{drugName}', { params: { path: { drugName: input.text } }, signal })))?.items ?? [],
      ),
      checkEligibility: fromPromise<NewRxEligibilityResult, CheckEligibilityInput>(({ input, signal }) =>
        required(
          client.POST('/gwapi/mmar/prescriptions/patient/getautotransfernewrx/{ndc}/eligibility', {
            params: { path: { ndc: input.ndc }, query: { gpi: input.gpi } },
            body: { index: input.index },
            signal,
          }),
        ),
      ),
    },
    actions: {
      focusField: (_, { field }) => focusAddPrescriptionField(field),
    },
  });
}
