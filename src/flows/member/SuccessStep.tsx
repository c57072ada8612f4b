/**
 * The success page (member-transfer-flow.md section 2; pages 6 and 7 of the
 * member stepper): thank-you, next steps, where notifications go, the
 * requested prescriptions with the estimated refill dates of Finish's answer
 * (transferRxResponse.transferInformation), the request's order confirmation
 * (number with "Track this order", date, what, address, payment), and the registration promo for a
 * member whose profile is not linked or the mobile-app promo for one whose
 * profile is. It prints cleanly: the print stylesheet leaves out the header,
 * footer, stepper and buttons, so a member can keep a paper confirmation.
 */
import type { EligibilityResult } from '../../../machines/contract.ts';
import type { ReviewOutput } from '../../../machines/member/reviewMachine.ts';
import { refillDate, SUCCESS_MESSAGES, summaryNotification } from '../../../machines/member/rules/review.ts';
import { REGISTER_STEP } from '../../../machines/shared/rules/stepper.ts';
import { requestPayment, type ConfirmedOrder } from '../../../machines/shared/rules/confirmation.ts';
import { memberPortalUrl } from '../../content/contact.ts';
import { CallUs } from '../../content/ContactDetails.tsx';
import { Button } from '../../ui/Button.tsx';
import { ExternalLink } from '../../ui/Link.tsx';
import { OrderConfirmation } from '../shared/OrderConfirmation.tsx';
import { StepHeading } from '../shared/StepHeading.tsx';
import * as styles from './review.css.ts';

export default function SuccessStep({ member, finished }: { member: EligibilityResult; finished: ReviewOutput }) {
  const lines = finished.result.transferRxResponse.transferInformation;
  const linked = member.registrationStatus.isProfileLinked;
  const request: ConfirmedOrder = {
    orderNumber: finished.result.orderNumber,
    placed: { on: finished.sentOn },
    items: lines.map((l) => l.prescriptionName),
    shipTo: finished.summary?.address ?? null,
    payment: requestPayment(finished.summary?.card ?? null, member.patient.allowBillMeLater),
  };
  return (
    <>
      <StepHeading focusOnMount>{SUCCESS_MESSAGES.heading}</StepHeading>
      <p>
        Request number <strong>{finished.result.requestId}</strong>. Keep it for your records.
      </p>
      <OrderConfirmation order={request} title="Your request" showItems={false} />
      <section aria-labelledby="success-next" className={styles.section}>
        <h3 id="success-next" className={styles.sectionTitle}>
          What Happens Next
        </h3>
        <ol className={styles.steps}>
          {SUCCESS_MESSAGES.nextSteps.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ol>
        {finished.summary && <p>We will send your updates to: {summaryNotification(finished.summary.notification)}</p>}
        <p>
          <CallUs>Questions about your request? Call us at</CallUs>
        </p>
      </section>
      <section aria-labelledby="success-requests" className={styles.section}>
        <h3 id="success-requests" className={styles.sectionTitle}>
          Your Prescriptions
        </h3>
        <table className={styles.table} aria-labelledby="success-requests">
          <thead>
            <tr>
              <th scope="col" className={styles.th}>
                Prescription
              </th>
              <th scope="col" className={styles.th}>
                {SUCCESS_MESSAGES.refillColumn}
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l, i) => (
              <tr key={`${l.prescriptionName}-${i}`}>
                <td className={styles.td}>{l.prescriptionName}</td>
                <td className={styles.td}>{refillDate(l.estimatedRefillDate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <div className={styles.promo} data-print="hide">
        {linked ? (
          <>
            <p className={styles.promoTitle}>{SUCCESS_MESSAGES.appPromo}</p>
            <p>{SUCCESS_MESSAGES.signInLinked}</p>
            <ExternalLink href={memberPortalUrl} variant="primary">
              {SUCCESS_MESSAGES.signIn}
            </ExternalLink>
          </>
        ) : (
          <>
            <p className={styles.promoTitle}>{REGISTER_STEP.name}</p>
            <p>{REGISTER_STEP.note}</p>
            <ExternalLink href={memberPortalUrl} variant="primary">
              {REGISTER_STEP.action}
            </ExternalLink>
            <p>
              {SUCCESS_MESSAGES.signInUnlinked} <ExternalLink href={memberPortalUrl}>{SUCCESS_MESSAGES.signIn}</ExternalLink>
            </p>
          </>
        )}
      </div>
      <div data-print="hide">
        <Button variant="secondary" onPress={() => window.print()}>
          {SUCCESS_MESSAGES.print}
        </Button>
      </div>
    </>
  );
}
