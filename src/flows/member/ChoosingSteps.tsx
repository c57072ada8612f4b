/**
 * The pages after member information (loaded on demand): Select Your
 * Prescriptions with the doctor chooser and the Add Prescription modal, the
 * registration / missing-information page, then the review page.
 */
import { useSelector } from '@xstate/react';
import { useDeferredValue } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { EligibilityResult } from '../../../machines/contract.ts';
import type { addPrescriptionMachine } from '../../../machines/member/addPrescriptionMachine.ts';
import type { doctorsMachine } from '../../../machines/member/doctorsMachine.ts';
import { AddPrescriptionModal } from './AddPrescriptionModal.tsx';
import { DoctorChooser, DoctorModals } from './DoctorChooser.tsx';
import type { CardFieldChannel } from '../shared/cardFieldChannel.ts';
import { PrescriptionsStep, type PrescriptionsActor } from './PrescriptionsStep.tsx';
import { RegistrationStep, type RegistrationActor } from './RegistrationStep.tsx';
import { ReviewStep, type ReviewActor } from './ReviewStep.tsx';

// The later pages' machines load with their views (memberActors.ts binds them into the flow).
// MemberFlowPage reads it off this module's dynamic import, through importAgain, which knip cannot follow.
export { /** @public */ laterStepActors } from './laterStepsActors.ts';

/** The page the member flow is on. */
export type ChoosingPage =
  | { kind: 'prescriptions' }
  | { kind: 'registration'; actor: RegistrationActor; cardField: CardFieldChannel }
  | { kind: 'review'; actor: ReviewActor; member: EligibilityResult };

export interface ChoosingStepsProps {
  prescriptions: PrescriptionsActor;
  page: ChoosingPage;
  onBack: () => void;
  onCancel: () => void;
}

export default function ChoosingSteps({ prescriptions, page, onBack, onCancel }: ChoosingStepsProps) {
  const doctors = useSelector(prescriptions, (s) => s.children.doctors) as ActorRefFrom<typeof doctorsMachine> | undefined;
  // The modal mounts (and unmounts) in a deferred, time-sliced render: the press that opens it is
  // answered in the next frame, and the modal's own render and commit follow (INP at 4x CPU).
  const adding = useDeferredValue(useSelector(prescriptions, (s) => s.children.addPrescription) as ActorRefFrom<typeof addPrescriptionMachine> | undefined);
  if (page.kind === 'registration') return <RegistrationStep actor={page.actor} channel={page.cardField} onBack={onBack} onCancel={onCancel} />;
  if (page.kind === 'review') return <ReviewStep actor={page.actor} member={page.member} onBack={onBack} onCancel={onCancel} />;
  const chooser = doctors ? <DoctorChooser actor={doctors} /> : null;
  return (
    <>
      <PrescriptionsStep
        actor={prescriptions}
        onCancel={onCancel}
        doctors={chooser}
        modal={adding ? <AddPrescriptionModal actor={adding} doctorSlot={chooser} /> : null}
      />
      {doctors && <DoctorModals actor={doctors} />}
    </>
  );
}
