/**
 * Auto Refill after verification (sections 2.17-2.20): the selection screen
 * with its three lists and the shipping and payment panel, the terms modal,
 * the Order Medication modal, and the result. Renders the Auto Refill machine
 * and sends its events; the lists, preselection, Confirm enablement and the
 * must-order-first rule are pure functions of machines/link/rules.
 */
import { useActor } from '@xstate/react';
import { useEffect, type KeyboardEvent } from 'react';
import { Temporal } from 'temporal-polyfill';
import { AUTO_REFILL_MESSAGES } from '../../../machines/link/autoRefillMachine.ts';
import { autoRefillLists, canConfirm, confirmMissing, mustOrderFirst, orderFirstTotal, type AutoRefillDrug } from '../../../machines/link/rules/autoRefill.ts';
import { addressLine, drugLabel } from '../../../machines/shared/rules/display.ts';
import { longDate, monthDayYear } from '../../../machines/link/rules/dates.ts';
import { gateway } from '../../api/instance.ts';
import { memberPortalUrl } from '../../content/contact.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { GatedButton } from '../../ui/GatedButton.tsx';
import { ExternalLink } from '../../ui/Link.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { OrderTotalSummary } from '../shared/CostSummary.tsx';
import { OrderConfirmation } from '../shared/OrderConfirmation.tsx';
import { provideAutoRefill } from './flowActors.ts';
import type { StepsProps } from './stepsProps.ts';
import { CardText, TermsDialog } from './LinkParts.tsx';
import { StepHeading } from '../shared/StepHeading.tsx';
import * as styles from '../shared/flow.css.ts';
import { inspectFlow } from '../../dev/inspectFlow.ts';

const autoRefillLogic = provideAutoRefill(gateway);
type AutoRefillActor = ReturnType<typeof useActor<typeof autoRefillLogic>>;
type State = AutoRefillActor[0];
type Send = AutoRefillActor[1];

export default function AutoRefillSteps({ allowBillMeLater, onResult }: StepsProps) {
  const [state, send] = useActor(autoRefillLogic, { input: { allowBillMeLater, now: Temporal.Now.instant().toString() }, inspect: inspectFlow() });
  const result = state.matches('success') || state.matches('partial') || state.matches('failed') || state.matches('managing') || state.matches('ordering');
  useEffect(() => {
    if (result) onResult();
  }, [result, onResult]);

  if (state.matches('loading')) return <Skeleton lines={8} label="Loading your prescriptions" />;
  if (result) return <Result state={state} send={send} />;
  return <Selection state={state} send={send} />;
}

function Selection({ state, send }: { state: State; send: Send }) {
  const c = state.context;
  const lists = autoRefillLists(c.drugs);
  const toOrder = mustOrderFirst(c.drugs, c.selected);
  // Enter toggles a drug as well as Space (section 2.17).
  const onEnter = (e: KeyboardEvent<HTMLElement>) => {
    const rxId = (e.target as HTMLElement).closest<HTMLElement>('[data-rx]')?.dataset.rx;
    if (e.key === 'Enter' && rxId) {
      e.preventDefault();
      send({ type: 'drug.toggled', rxId: Number(rxId) });
    }
  };
  const drugList = (title: string, drugs: AutoRefillDrug[], expiring = false) =>
    drugs.length > 0 && (
      <section aria-label={title}>
        <h3 className={styles.listTitle}>{title}</h3>
        <ul className={styles.drugList} onKeyDown={onEnter}>
          {drugs.map((d) => (
            <li key={d.rxId} className={styles.drugRow} data-rx={d.rxId}>
              <Checkbox isSelected={c.selected.includes(d.rxId)} onChange={() => send({ type: 'drug.toggled', rxId: d.rxId })}>
                {drugLabel(d)}
                {expiring && d.autoRefillConsent?.endDate ? ` - Auto Refill expires ${longDate(d.autoRefillConsent.endDate)}` : ''}
              </Checkbox>
            </li>
          ))}
        </ul>
      </section>
    );

  return (
    <>
      <StepHeading focusOnMount>Confirm Auto Refill</StepHeading>
      <p>{AUTO_REFILL_MESSAGES.intro}</p>
      {drugList('This is the medication you asked for:', lists.requested)}
      {drugList('Other medications available for Auto Refill:', lists.others)}
      {drugList('Auto Refill expires soon! Select to renew:', lists.expiring, true)}
      <ShippingPayment state={state} />
      <div className={styles.actions}>
        {/* Focusable when it cannot be pressed, and says why; the terms dialog gives the focus back to it. */}
        <GatedButton
          missing={confirmMissing(c.selected.length, c.shipment, c.payment)}
          // Nothing missing, but not now (a dialog of its own is open): busy, with nothing to explain.
          isPending={canConfirm(c.selected.length, c.shipment, c.payment) && !state.can({ type: 'confirm.pressed' })}
          onPress={() => send({ type: 'confirm.pressed' })}
        >
          Confirm Auto Refill
        </GatedButton>
      </div>

      <TermsDialog
        isOpen={state.matches({ selecting: 'terms' })}
        checked={c.agreeChecked}
        canConfirm={state.can({ type: 'terms.confirmed' })}
        onCheck={(checked) => send({ type: 'terms.checked', checked })}
        onConfirm={() => send({ type: 'terms.confirmed' })}
        onCancel={() => send({ type: 'terms.closed' })}
      />
      <Modal
        isOpen={state.matches({ selecting: 'orderModal' })}
        onOpenChange={(open) => !open && send({ type: 'order.cancelled' })}
        title="Order Medication"
        isDismissable={false}
        role="alertdialog"
        actions={
          <>
            <Button onPress={() => send({ type: 'order.confirmed' })}>Confirm</Button>
            <Button variant="secondary" onPress={() => send({ type: 'order.cancelled' })}>
              Cancel
            </Button>
          </>
        }
      >
        <p>{AUTO_REFILL_MESSAGES.refillNotice}</p>
        <ul className={styles.drugList}>
          {toOrder.map((d) => (
            <li key={d.rxId} className={styles.drugRow}>
              <span className={styles.label}>{drugLabel(d)}</span>
              {d.recommendedRefillDate && <span>Refill Date: {monthDayYear(d.recommendedRefillDate)}</span>}
            </li>
          ))}
        </ul>
        <OrderTotalSummary total={orderFirstTotal(c.drugs, c.selected)} />
      </Modal>
    </>
  );
}

/** 'Shipping & Payment': the defaults this flow always uses. */
function ShippingPayment({ state }: { state: State }) {
  const { shipment, payment } = state.context;
  return (
    <section className={styles.panel} aria-labelledby="ar-ship-pay">
      <h3 id="ar-ship-pay" className={`${styles.panelTitle} ${styles.panelWide}`}>
        Shipping &amp; Payment
      </h3>
      <p className={styles.panelWide}>Your default shipping and payment will be used.</p>
      <div className={styles.panelPart}>
        <h4 className={styles.label}>Shipping address</h4>
        <span>{shipment?.address1 ? addressLine(shipment) : AUTO_REFILL_MESSAGES.noAddress}</span>
      </div>
      <div className={styles.panelPart}>
        <h4 className={styles.label}>Payment method</h4>
        {payment?.cardNumber ? <CardText card={payment} /> : <span>{AUTO_REFILL_MESSAGES.noPayment}</span>}
      </div>
    </section>
  );
}

function Result({ state, send }: { state: State; send: Send }) {
  const c = state.context;
  if (state.hasTag('pending')) {
    return (
      <>
        <StepHeading focusOnMount>Updating Auto Refill</StepHeading>
        <Skeleton lines={6} label="Updating Auto Refill" />
      </>
    );
  }
  if (state.matches('failed')) {
    return (
      <>
        <StepHeading focusOnMount>Auto Refill was not updated</StepHeading>
        <Alert tone="error">{AUTO_REFILL_MESSAGES.failure}</Alert>
        <div className={styles.actions}>
          <Button onPress={() => send({ type: 'retry.pressed' })}>Try again</Button>
        </div>
        {/* The order went through before the enrolment failed: it is placed all the same. */}
        {c.order && <OrderConfirmation order={c.order} />}
      </>
    );
  }
  const updated = c.drugs.filter((d) => c.updated.includes(d.rxId));
  const label = (rxId: number) => {
    const drug = c.drugs.find((d) => d.rxId === rxId);
    return drug ? drugLabel(drug) : `Prescription ${rxId}`;
  };
  return (
    <>
      <StepHeading focusOnMount>Auto Refill result</StepHeading>
      {state.matches('partial') ? <Alert tone="error">{AUTO_REFILL_MESSAGES.partial}</Alert> : <Alert tone="success">{AUTO_REFILL_MESSAGES.success}</Alert>}
      {c.notUpdated.length > 0 && (
        <>
          <h3 id="ar-not-updated" className={styles.listTitle}>
            {AUTO_REFILL_MESSAGES.notUpdatedList}
          </h3>
          <ul className={styles.drugList} aria-labelledby="ar-not-updated">
            {c.notUpdated.map(({ rxId, reason }) => (
              <li key={rxId} className={styles.drugRow}>
                <span>
                  <span className={styles.label}>{label(rxId)}</span>
                  {reason ? `: ${reason}` : ''}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      {updated.length > 0 && (
        <>
          <h3 id="ar-updated" className={styles.listTitle}>
            {c.hadManageInfo ? AUTO_REFILL_MESSAGES.updatedList : AUTO_REFILL_MESSAGES.turnedOnList}
          </h3>
          <ul className={styles.drugList} aria-labelledby="ar-updated">
            {updated.map((d) => (
              <li key={d.rxId} className={styles.drugRow}>
                <span>
                  {drugLabel(d)}
                  {d.isConsentExtension ? ' - Renewed!' : ''}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      {/* An order placed first (the Order Medication modal): its confirmation says where and how; else the defaults panel. */}
      {c.order ? <OrderConfirmation order={c.order} /> : <ShippingPayment state={state} />}
      <p>
        <ExternalLink href={memberPortalUrl}>Sign in</ExternalLink> to manage your prescriptions, profile or notification settings.
      </p>
    </>
  );
}
