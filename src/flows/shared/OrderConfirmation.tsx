/**
 * An order's confirmation, the one view of Easy Fill's confirmation, Auto Refill's result and the member
 * flow's success page: the order number with "Track this order", the date, what was ordered, the shipping
 * address and the payment method (machines/shared/rules/confirmation.ts), and the way back later without
 * signing in ("Check order status").
 */
import { useId, useState } from 'react';
import { Temporal } from 'temporal-polyfill';
import { BILL_ME_LATER, type ConfirmedOrder } from '../../../machines/shared/rules/confirmation.ts';
import { dateIn, longDate } from '../../../machines/link/rules/dates.ts';
import { Link } from '../../ui/Link.tsx';
import { AddressText, CardText } from '../link/LinkParts.tsx';
import { orderSearch } from './orderSearch.ts';
import * as styles from './flow.css.ts';
import * as own from './orderConfirmation.css.ts';

export interface OrderConfirmationProps {
  order: ConfirmedOrder;
  /** The section's title ('Your order'; the member flow's 'Your request'). */
  title?: string;
  /** Whether the list of what was ordered is shown here (Easy Fill lists it below, each with its Auto Refill switch). */
  showItems?: boolean;
}

export function OrderConfirmation({ order, title = 'Your order', showItems = true }: OrderConfirmationProps) {
  const id = useId();
  // The date as the person's calendar has it: an order's instant in their time zone, a request's date as it is.
  const [date] = useState(() => ('at' in order.placed ? dateIn(order.placed.at, Temporal.Now.timeZoneId()) : longDate(order.placed.on)));
  return (
    <section aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.listTitle}>
        {title}
      </h3>
      <dl className={styles.summary}>
        <div>
          <dt className={styles.label}>Order number</dt>
          <dd>
            {order.orderNumber}{' '}
            {/* The address bar holds the number only; the flow's token, still in the tab's gateway client, opens the order. */}
            <Link to="/orderStatus" search={orderSearch(order.orderNumber)}>
              Track this order
            </Link>
          </dd>
        </div>
        <div>
          <dt className={styles.label}>Order date</dt>
          <dd>{date}</dd>
        </div>
        {showItems && order.items.length > 0 && (
          <div>
            <dt className={styles.label}>Ordered</dt>
            <dd>
              <ul className={own.items}>
                {order.items.map((name, i) => (
                  <li key={`${name}-${i}`}>{name}</li>
                ))}
              </ul>
            </dd>
          </div>
        )}
        {order.shipTo && (
          <div>
            <dt className={styles.label}>Shipping address</dt>
            <dd>
              <AddressText address={order.shipTo} />
            </dd>
          </div>
        )}
        {order.payment && (
          <div>
            <dt className={styles.label}>Payment method</dt>
            <dd>{order.payment.method === 'card' ? <CardText card={order.payment.card} /> : BILL_ME_LATER}</dd>
          </div>
        )}
      </dl>
      <p>
        Later, without signing in: <Link to="/orderStatus">Check order status</Link> with the order number, your date of birth and your zip code.
      </p>
    </section>
  );
}
