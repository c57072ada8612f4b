/**
 * One order's status as the page shows it: the timeline as a list with the current stage marked
 * (aria-current="step") and dates written out, each prescription's stage where they differ, what the
 * member must know or do (with the phone number), the shipments, address, payment and total. Live: a
 * stage change is announced politely; data from a while ago says from when. Renders the order-status
 * machine's snapshot; the rules are machines/orders/rules/orderStatus.ts's and orderStages.ts's.
 */
import { useState } from 'react';
import type { SnapshotFrom } from 'xstate';
import { Temporal } from 'temporal-polyfill';
import type { OrderException, OrderItemStatus, OrderStatus } from '../../../machines/contract.ts';
import type { orderStatusMachine } from '../../../machines/orders/orderStatusMachine.ts';
import { exceptionText, itemsDiffer, orderAddressText, orderPaymentText, shipmentDateText, stageDates, staleText, writtenDateIn } from '../../../machines/orders/rules/orderStatus.ts';
import { stageIndex, stageLabel } from '../../../machines/shared/rules/orderStages.ts';
import { formatCopay } from '../../../machines/shared/rules/display.ts';
import { notIncludedText, orderTotal, totalAmount } from '../../../machines/shared/rules/orderCost.ts';
import { CallUs } from '../../content/ContactDetails.tsx';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import * as link from '../shared/flow.css.ts';
import * as styles from './orders.css.ts';

type Snapshot = SnapshotFrom<typeof orderStatusMachine>;

export function OrderStatusView({ state, onUpdateCard }: { state: Snapshot; onUpdateCard?: () => void }) {
  const [zone] = useState(() => Temporal.Now.timeZoneId());
  const { status, dataFrom, announcement } = state.context;
  if (!status) return null;
  const differ = itemsDiffer(status.items);
  // The cost rule of the steps before the order: a copay not available is named, never counted as zero.
  const total = orderTotal(status.items.map((i) => ({ name: i.drugName, copay: i.copay })));
  const missing = notIncludedText(total);
  return (
    <>
      {/* Polite and on the page from the first status (empty), so that a change written into it is read out. */}
      <p role="status" aria-live="polite" className={link.notice}>
        {announcement ?? ''}
      </p>
      {state.matches('stale') && dataFrom && <Alert tone="warning">{staleText(dataFrom, zone)}</Alert>}
      <dl className={link.summary}>
        <div>
          <dt className={link.label}>Order number</dt>
          <dd>{status.orderNumber}</dd>
        </div>
        <div>
          <dt className={link.label}>Order date</dt>
          <dd>{writtenDateIn(status.placedAt, zone)}</dd>
        </div>
      </dl>
      {status.exception && <ExceptionAlert exception={status.exception} onUpdateCard={onUpdateCard} />}
      <h3 className={link.listTitle} id="timeline-title">
        Where your order is
      </h3>
      <Timeline status={status} zone={zone} />
      <h3 className={link.listTitle} id="items-title">
        What was ordered
      </h3>
      <ul className={link.drugList} aria-labelledby="items-title">
        {status.items.map((item) => (
          <Item key={item.itemId} item={item} kind={status.kind} showStage={differ} onUpdateCard={onUpdateCard} />
        ))}
      </ul>
      <dl className={`${link.summary} ${styles.afterList}`}>
        <div>
          <dt className={link.label}>Shipping address</dt>
          <dd>{orderAddressText(status.shippingAddress)}</dd>
        </div>
        <div>
          <dt className={link.label}>Payment method</dt>
          <dd>{orderPaymentText(status.payment)}</dd>
        </div>
        <div>
          <dt className={link.label}>Total</dt>
          <dd>
            <span>{totalAmount(total)}</span>
            {missing && <span>{missing}</span>}
          </dd>
        </div>
      </dl>
    </>
  );
}

function Timeline({ status, zone }: { status: OrderStatus; zone: string }) {
  const current = stageIndex(status.kind, status.stage);
  return (
    <ol className={styles.timeline} aria-labelledby="timeline-title">
      {stageDates(status).map(({ stage, at }, i) => (
        <li key={stage} aria-current={i === current ? 'step' : undefined} className={`${styles.stage} ${i < current ? styles.reached : ''} ${i === current ? styles.current : ''}`}>
          <span className={styles.stageName}>{stageLabel(status.kind, stage)}</span>
          <span className={styles.stageDate}>{i <= current ? (at ? writtenDateIn(at, zone) : 'Done') : 'Not yet'}</span>
        </li>
      ))}
    </ol>
  );
}

function Item({ item, kind, showStage, onUpdateCard }: { item: OrderItemStatus; kind: OrderStatus['kind']; showStage: boolean; onUpdateCard?: () => void }) {
  return (
    <li className={link.drugRow}>
      <span>
        <span className={link.label}>{item.drugName}</span>
        <span className={link.drugFacts}>
          {item.daysSupply ? <span>{item.daysSupply}-day supply</span> : null}
          <span>Copay: {formatCopay(item.copay)}</span>
          {showStage && <span>{stageLabel(kind, item.stage)}</span>}
        </span>
        {item.shipment && (
          <span className={link.drugFacts}>
            <span>Carrier: {item.shipment.carrier}</span>
            <span>Tracking number: {item.shipment.trackingNumber}</span>
            <span>
              {shipmentDateText(item.shipment)}
            </span>
          </span>
        )}
        {item.exception && <ExceptionAlert exception={item.exception} onUpdateCard={onUpdateCard} />}
      </span>
    </li>
  );
}

function ExceptionAlert({ exception, onUpdateCard }: { exception: OrderException; onUpdateCard?: () => void }) {
  const { title, todo } = exceptionText(exception);
  return (
    <Alert tone="warning" announce={false}>
      <p>{title}</p>
      <p>{todo}</p>
      {exception.kind === 'paymentDeclined' && onUpdateCard && (
        <p>
          <Button onPress={onUpdateCard}>Update card</Button>
        </p>
      )}
      <p>
        <CallUs>Questions? Call us at</CallUs>
      </p>
    </Alert>
  );
}
