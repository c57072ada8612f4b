/**
 * The cost before the order, as words of the one rule (machines/shared/rules/orderCost.ts): an
 * order's total with free standard shipping, or a transfer's estimated mail-order total and saving.
 * Nothing here adds or rounds money.
 */
import { orderTotalText, SHIPPING_LINE, transferEstimateText, type OrderTotal, type TransferEstimate } from '../../../machines/shared/rules/orderCost.ts';
import * as styles from './cost.css.ts';

/**
 * An order's total. `live`: said politely once each time it changes (the selection changed), as one
 * sentence; the first rendering is not said (the step's heading is).
 */
export function OrderTotalSummary({ total, live = false, label = 'Order total' }: { total: OrderTotal; live?: boolean; label?: string }) {
  return (
    <section className={styles.cost} aria-label={label}>
      <p className={styles.total} role={live ? 'status' : undefined} aria-atomic={live ? true : undefined}>
        {orderTotalText(total)}
      </p>
      <p className={styles.line}>{SHIPPING_LINE}</p>
    </section>
  );
}

/** A transfer request's estimated mail-order total, its saving where both copays are known, and those with no estimate. */
export function TransferEstimateSummary({ estimate }: { estimate: TransferEstimate }) {
  const text = transferEstimateText(estimate);
  return (
    <section className={styles.cost} aria-label="Estimated cost">
      <p className={styles.total}>{text.total}</p>
      {text.saving && <p className={styles.line}>{text.saving}</p>}
      {text.noEstimate && <p className={styles.line}>{text.noEstimate}</p>}
      <p className={styles.line}>{SHIPPING_LINE}</p>
    </section>
  );
}
