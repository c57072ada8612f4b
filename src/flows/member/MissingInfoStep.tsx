/**
 * Page 3, registration / missing information (member-transfer-flow.md section
 * 2): the banner that says what is missing. The form itself comes with Member
 * flow II; until then the page lists what is missing, says how to finish by
 * phone, and goes back.
 */
import type { EligibilityResult } from '../../../machines/contract.ts';
import type { PrescriptionChoice } from '../../../machines/member/prescriptionsMachine.ts';
import { missingGreeting, missingParts } from '../../../machines/member/rules/missingInfo.ts';
import { CallUs } from '../../content/ContactDetails.tsx';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { StepHeading } from '../link/StepHeading.tsx';
import * as styles from './member.css.ts';

export function MissingInfoStep({ member, choice, onBack, onCancel }: { member: EligibilityResult; choice: PrescriptionChoice; onBack: () => void; onCancel: () => void }) {
  const greeting = missingGreeting(member);
  const parts = missingParts(member);
  return (
    <>
      <StepHeading focusOnMount>Verification</StepHeading>
      {greeting ? (
        <Alert tone="info" title={greeting}>
          <p>We need:</p>
          <ul className={styles.missingList}>
            {parts.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </Alert>
      ) : (
        <Alert tone="success" announce={false} title="We have everything we need from you." />
      )}
      <p className={styles.intro}>
        You chose {choice.drugs.length} prescription{choice.drugs.length === 1 ? '' : 's'} and{' '}
        {choice.physician.firstName} {choice.physician.lastName} as your doctor. Completing your request online is not available yet.{' '}
        <CallUs>To finish it now, call us at</CallUs>
      </p>
      <div className={styles.actions}>
        <Button onPress={onBack}>Back</Button>
        <Button variant="secondary" onPress={onCancel}>
          Cancel
        </Button>
      </div>
    </>
  );
}
