/**
 * The pages after member information (loaded on demand): Select Your
 * Prescriptions with the doctor chooser and the Add Prescription modal, then
 * the missing-information page.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { EligibilityResult } from '../../../machines/contract.ts';
import type { addPrescriptionMachine } from '../../../machines/member/addPrescriptionMachine.ts';
import type { doctorsMachine } from '../../../machines/member/doctorsMachine.ts';
import type { PrescriptionChoice } from '../../../machines/member/prescriptionsMachine.ts';
import { AddPrescriptionModal } from './AddPrescriptionModal.tsx';
import { DoctorChooser, DoctorModals } from './DoctorChooser.tsx';
import { MissingInfoStep } from './MissingInfoStep.tsx';
import { PrescriptionsStep, type PrescriptionsActor } from './PrescriptionsStep.tsx';

export interface ChoosingStepsProps {
  prescriptions: PrescriptionsActor;
  /** Set on the missing-information page. */
  missingInfo: { member: EligibilityResult; choice: PrescriptionChoice } | null;
  onBack: () => void;
  onCancel: () => void;
}

export default function ChoosingSteps({ prescriptions, missingInfo, onBack, onCancel }: ChoosingStepsProps) {
  const doctors = useSelector(prescriptions, (s) => s.children.doctors) as ActorRefFrom<typeof doctorsMachine> | undefined;
  const adding = useSelector(prescriptions, (s) => s.children.addPrescription) as ActorRefFrom<typeof addPrescriptionMachine> | undefined;
  if (missingInfo) return <MissingInfoStep member={missingInfo.member} choice={missingInfo.choice} onBack={onBack} onCancel={onCancel} />;
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
