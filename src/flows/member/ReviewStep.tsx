/**
 * Page 4, 'Please Review Your Request' (member-transfer-flow.md section 2).
 * For now it shows what the member chose and says how to finish by phone:
 * the review page with its changes and Finish (the transfer submission) is
 * the next part of Member flow II.
 */
import type { EligibilityResult } from '../../../machines/contract.ts';
import type { PrescriptionChoice } from '../../../machines/member/prescriptionsMachine.ts';
import { CallUs } from '../../content/ContactDetails.tsx';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { StepHeading } from '../link/StepHeading.tsx';
import * as styles from './member.css.ts';

export function ReviewStep({ choice, onBack, onCancel }: { member: EligibilityResult; choice: PrescriptionChoice; onBack: () => void; onCancel: () => void }) {
  return (
    <>
      <StepHeading focusOnMount>Please Review Your Request</StepHeading>
      <Alert tone="success" announce={false} title="We have everything we need from you." />
      <p className={styles.intro}>
        You chose {choice.drugs.length} prescription{choice.drugs.length === 1 ? '' : 's'} and{' '}
        {choice.physician.firstName} {choice.physician.lastName} as your doctor. Finishing your request online is not available yet.{' '}
        <CallUs>To finish it now, call us at</CallUs>
      </p>
      <div className={styles.actions}>
        <Button variant="secondary" onPress={onBack}>
          Back
        </Button>
        <Button variant="quiet" onPress={onCancel}>
          Cancel
        </Button>
      </div>
    </>
  );
}
