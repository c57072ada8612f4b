/**
 * Easy Fill's step 3, the confirmation: the order as placed (number, date, what, where to, how paid) and an
 * Auto Refill switch per eligible drug. Its own file: the selection step and the confirmation change apart.
 */
import { useState } from 'react';
import { Temporal } from 'temporal-polyfill';
import type { SnapshotFrom } from 'xstate';
import { EASY_FILL_MESSAGES, type EasyFillEvent, type PlacedOrder, type easyFillMachine } from '../../../machines/link/easyFillMachine.ts';
import { offersAutoRefill } from '../../../machines/link/rules/easyFill.ts';
import { dateIn } from '../../../machines/link/rules/dates.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Link } from '../../ui/Link.tsx';
import { orderSearch } from '../shared/orderSearch.ts';
import { Switch } from '../../ui/Switch.tsx';
import { AddressText, CardText, DrugFacts, TermsDialog } from './LinkParts.tsx';
import { StepHeading } from '../shared/StepHeading.tsx';
import * as styles from '../shared/flow.css.ts';

/** Ours: the payment method of an order placed with no card (bill-me-later allowed). */
const BILL_ME_LATER = 'Bill me later';

/** Step 3: the order (number, date, what, where to, how paid), with an auto-refill switch per eligible drug. */
export function EasyFillConfirmation({ state, send }: { state: SnapshotFrom<typeof easyFillMachine>; send: (event: EasyFillEvent) => void }) {
  const { context: c } = state;
  const saving = state.matches({ confirmation: 'saving' });
  const withoutDetails = state.matches({ confirmation: 'detailsFailed' }) || state.matches({ confirmation: 'reloadingDetails' });
  return (
    <>
      <StepHeading focusOnMount>Order confirmation</StepHeading>
      <Alert tone="success">{EASY_FILL_MESSAGES.orderSuccess}</Alert>
      {c.order && <OrderSummary order={c.order} />}
      {c.toggleError && <Alert tone="error">{c.toggleError}</Alert>}
      {withoutDetails && c.order ? (
        <>
          <Alert tone="warning">{EASY_FILL_MESSAGES.detailsFailed}</Alert>
          <ul className={styles.drugList} aria-label="Ordered prescriptions">
            {c.order.items.map((d) => (
              <li key={d.rxId} className={styles.drugRow}>
                <span>
                  <span className={styles.label}>{d.dispensedMedName}</span>
                  {d.daysSupply ? <span className={styles.drugFacts}>{d.daysSupply}-day supply</span> : null}
                </span>
              </li>
            ))}
          </ul>
          <div className={styles.actions}>
            <Button isPending={state.matches({ confirmation: 'reloadingDetails' })} onPress={() => send({ type: 'retry.pressed' })}>
              Try again
            </Button>
          </div>
        </>
      ) : (
        <ul className={styles.drugList} aria-label="Ordered prescriptions">
          {c.ordered.map((d) => (
            <li key={d.rxId} className={styles.drugRow}>
              <span>
                <span className={styles.label}>{d.dispensedMedName}</span>
                <DrugFacts drug={d} />
              </span>
              {offersAutoRefill(d) ? (
                <span>
                  {/*
                    Read-only, not disabled, while a toggle is saved: a disabled switch would drop the
                    focus to the page, so it stays on the switch through the terms dialog and the save.
                    The 'Saved' notice (section 2.16) is a live region that is always there and fills
                    once, so it is announced once.
                  */}
                  <Switch
                    showState
                    isSelected={d.autoFillStatusValue === true}
                    isReadOnly={saving}
                    onChange={(on) => send({ type: 'autoRefill.toggled', rxId: d.rxId, on })}
                  >
                    Auto Refill<span className={styles.muted}> for {d.dispensedMedName}</span>
                  </Switch>
                  <span className={styles.saved} role="status">
                    {c.savedRxId === d.rxId ? 'Saved' : ''}
                  </span>
                </span>
              ) : (
                <span className={styles.notEligible}>
                  OFF · NOT ELIGIBLE<span className={styles.muted}> for Auto Refill</span>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      <TermsDialog
        isOpen={state.matches({ confirmation: 'terms' })}
        checked={c.agreeChecked}
        canConfirm={state.can({ type: 'terms.confirmed' })}
        onCheck={(checked) => send({ type: 'terms.checked', checked })}
        onConfirm={() => send({ type: 'terms.confirmed' })}
        onCancel={() => send({ type: 'terms.cancelled' })}
      />
    </>
  );
}

/** The order as placed: its number, its date in the person's time zone, the shipping address and the payment method. */
function OrderSummary({ order }: { order: PlacedOrder }) {
  const [date] = useState(() => dateIn(order.placedAt, Temporal.Now.timeZoneId()));
  return (
    <section aria-labelledby="order-summary-title">
      <h3 id="order-summary-title" className={styles.listTitle}>
        Your order
      </h3>
      <dl className={styles.summary}>
        <div>
          <dt className={styles.label}>Order number</dt>
          <dd>
            {order.orderNumber}{' '}
            {/* The address bar holds the number only; the link's token opens the order (it sees its link's orders). */}
            <Link to="/orderStatus" search={orderSearch(order.orderNumber)}>
              Track this order
            </Link>
          </dd>
        </div>
        <div>
          <dt className={styles.label}>Order date</dt>
          <dd>{date}</dd>
        </div>
        <div>
          <dt className={styles.label}>Shipping address</dt>
          <dd>
            <AddressText address={order.shipTo} />
          </dd>
        </div>
        <div>
          <dt className={styles.label}>Payment method</dt>
          <dd>{order.payment.method === 'card' ? <CardText card={order.payment.card} /> : BILL_ME_LATER}</dd>
        </div>
      </dl>
    </section>
  );
}
