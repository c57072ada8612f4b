/**
 * Page 4, 'Please Review Your Request' (member-transfer-flow.md sections 2
 * and 4): the member's profile as the gateway holds it, the requested
 * prescriptions in two groups (transfers from the pharmacy, new prescriptions
 * from the doctor) with Remove after a confirmation, and Finish, which sends
 * the request. It renders the review machine (machines/member/reviewMachine.ts),
 * the member flow's `review` child; Back and Cancel are the flow's.
 */
import { useState } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { EligibilityResult } from '../../../machines/contract.ts';
import { removingDrug, type ChangeablePart, type reviewMachine } from '../../../machines/member/reviewMachine.ts';
import {
  autoRefillOf,
  requestEstimate,
  requestsOf,
  REVIEW_MESSAGES,
  summaryAddress,
  summaryCard,
  summaryList,
  summaryNotification,
  summaryPhone,
  type RequestedDrug,
  type RequestKind,
  type ReviewSummary,
} from '../../../machines/member/rules/review.ts';
import { doctorName } from '../../../machines/member/rules/doctorForms.ts';
import { requestedName } from '../../../machines/member/rules/transferList.ts';
import { TransferEstimateSummary } from '../shared/CostSummary.tsx';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { GatedButton } from '../../ui/GatedButton.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { StepHeading } from '../shared/StepHeading.tsx';
import { ErrorSummary } from './MemberParts.tsx';
import { changeButtonId, REVIEW_IDS } from './reviewActors.ts';
import { ChangeModal } from './ReviewChanges.tsx';
import { CHANGE_TITLES } from '../../../machines/member/rules/profileChanges.ts';
import * as styles from './review.css.ts';
import * as memberStyles from './member.css.ts';

export type ReviewActor = ActorRefFrom<typeof reviewMachine>;

export interface ReviewStepProps {
  actor: ReviewActor;
  member: EligibilityResult;
  onBack: () => void;
  onCancel: () => void;
}

export function ReviewStep({ actor, member, onBack, onCancel }: ReviewStepProps) {
  const state = useSelector(actor, (s) => s);
  const send = actor.send;
  const c = state.context;
  const submitting = state.matches({ reviewing: { request: 'submitting' } });
  const removing = removingDrug(c);
  const changing = state.matches({ reviewing: { change: 'open' } }) ? c.changing : null;
  /** The prescription last removed: said once the removal is done (the focus goes to the list's heading, its button is gone). */
  const [removed, setRemoved] = useState<string | null>(null);
  return (
    <>
      <StepHeading focusOnMount>{REVIEW_MESSAGES.heading}</StepHeading>
      {c.failure && (
        <div id={REVIEW_IDS.failure} tabIndex={-1} className={styles.banner}>
          <ErrorSummary errors={[c.failure]} />
        </div>
      )}
      <section aria-labelledby="review-profile" className={styles.section}>
        <h3 id="review-profile" className={styles.sectionTitle}>
          Your Information
        </h3>
        {state.matches({ reviewing: { summary: 'loading' } }) && <Skeleton lines={6} label="Loading your information" />}
        {state.matches({ reviewing: { summary: 'failed' } }) && (
          <>
            <ErrorSummary errors={[c.summaryError!]} />
            <Button variant="secondary" onPress={() => send({ type: 'summary.retried' })}>
              Try again
            </Button>
          </>
        )}
        {/* The record of a saved change ('Phone Number Updated'), said once. */}
        <p role="status" className={styles.updated}>
          {c.updated}
        </p>
        {c.summary && (
          <ProfileSummary
            summary={c.summary}
            allowBillMeLater={member.patient.allowBillMeLater}
            today={c.today}
            // The button of the modal open stays pressable (the modal covers it): disabled, it would lose the focus, and the modal could not give it back.
            canChange={(part) => changing === part || state.can({ type: 'change.opened', part })}
            onChange={(part) => send({ type: 'change.opened', part })}
          />
        )}
        {changing && <ChangeModal part={changing} child={state.children.change} onClose={() => send({ type: 'change.closed' })} />}
      </section>
      <section aria-labelledby={REVIEW_IDS.requests} className={styles.section}>
        <h3 id={REVIEW_IDS.requests} tabIndex={-1} className={styles.sectionTitle}>
          Your Prescriptions
        </h3>
        <p className={styles.doctor}>
          Your doctor: <strong>{doctorName(c.choice.physician)}</strong>
        </p>
        <p role="status" className={styles.updated}>
          {removed && !c.drugs.some((d) => requestedName(d) === removed) ? REVIEW_MESSAGES.removed(removed) : null}
        </p>
        {c.drugs.length === 0 ? (
          <Alert tone="warning" title={REVIEW_MESSAGES.allRemoved} />
        ) : (
          (['transfer', 'newRx'] as const).map((kind) => (
            <RequestGroup key={kind} kind={kind} drugs={requestsOf(c.drugs, kind)} busy={submitting} onRemove={(ndc) => send({ type: 'remove.pressed', ndc })} />
          ))
        )}
        {/* Not a live region: a removal, the one change here, is already said above. */}
        {c.drugs.length > 0 && <TransferEstimateSummary estimate={requestEstimate(c.drugs)} />}
      </section>
      <p className={styles.hint}>{REVIEW_MESSAGES.finishHint}</p>
      <div className={memberStyles.actions}>
        <Button variant="secondary" onPress={onBack} isDisabled={submitting}>
          Back
        </Button>
        <GatedButton
          hint="read"
          missing={submitting || state.can({ type: 'finish.pressed' }) ? [] : [REVIEW_MESSAGES.nothingToFinish]}
          isPending={submitting}
          pendingText={REVIEW_MESSAGES.sending}
          onPress={() => send({ type: 'finish.pressed' })}
        >
          Finish
        </GatedButton>
        <Button variant="quiet" onPress={onCancel} isDisabled={submitting}>
          Cancel
        </Button>
      </div>
      <Modal
        isOpen={removing !== null}
        onOpenChange={(open) => !open && send({ type: 'remove.dismissed' })}
        title={REVIEW_MESSAGES.removeTitle}
        role="alertdialog"
        actions={
          <>
            <Button
              onPress={() => {
                setRemoved(removing ? requestedName(removing) : null);
                send({ type: 'remove.confirmed' });
              }}
            >
              {REVIEW_MESSAGES.removeConfirm}
            </Button>
            <Button variant="secondary" onPress={() => send({ type: 'remove.dismissed' })}>
              {REVIEW_MESSAGES.removeDismiss}
            </Button>
          </>
        }
      >
        <p>{removing ? REVIEW_MESSAGES.removeBody(requestedName(removing)) : null}</p>
      </Modal>
    </>
  );
}

/** The profile as a list of terms and values; the parts the member can change here have a Change button. */
function ProfileSummary({
  summary,
  allowBillMeLater,
  today,
  canChange,
  onChange,
}: {
  summary: ReviewSummary;
  allowBillMeLater: boolean;
  today: string;
  canChange: (part: ChangeablePart) => boolean;
  onChange: (part: ChangeablePart) => void;
}) {
  const rows: [string, string, ChangeablePart | null][] = [
    ['Shipping Address', summaryAddress(summary.address), 'address'],
    ['Primary Phone', summaryPhone(summary.phone), 'phone'],
    ['Email', summary.email ?? 'No email on file.', null],
    ['Payment', summaryCard(summary.card, allowBillMeLater, today), 'payment'],
    ['Notification Preference', summaryNotification(summary.notification), 'notifications'],
    ['Allergies', summaryList(summary.allergies), 'allergies'],
    ['Health Conditions', summaryList(summary.conditions), 'conditions'],
  ];
  return (
    <dl className={styles.summary}>
      {rows.map(([term, value, part]) => (
        <div key={term} className={styles.summaryRow}>
          <dt className={styles.term}>{term}</dt>
          <dd className={part ? styles.valueWithChange : styles.value}>
            <span>{value}</span>
            {part && (
              <Button id={changeButtonId(part)} variant="secondary" size="small" aria-label={CHANGE_TITLES[part]} isDisabled={!canChange(part)} onPress={() => onChange(part)}>
                Change
              </Button>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function RequestGroup({ kind, drugs, busy, onRemove }: { kind: RequestKind; drugs: RequestedDrug[]; busy: boolean; onRemove: (ndc: string) => void }) {
  if (!drugs.length) return null;
  const title = kind === 'transfer' ? REVIEW_MESSAGES.transfers : REVIEW_MESSAGES.newRx;
  const id = `review-group-${kind}`;
  return (
    <div className={styles.group}>
      <h4 id={id} className={styles.groupTitle}>
        {title}
      </h4>
      <ul className={styles.requests} aria-labelledby={id}>
        {drugs.map((d) => (
          <li key={d.ndc} className={styles.request}>
            <div>
              <p className={styles.drugName}>{requestedName(d)}</p>
              <p className={styles.facts}>
                {d.daysSupply ? `${d.daysSupply}-day supply · ` : ''}
                {autoRefillOf(d) ? 'Auto Refill' : 'Not Auto Refill'}
              </p>
            </div>
            <Button variant="secondary" size="small" aria-label={`Remove ${requestedName(d)}`} isDisabled={busy} onPress={() => onRemove(d.ndc)}>
              Remove
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
