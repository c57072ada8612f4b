/**
 * The order-status page (/orderStatus, public): with a token already in the tab's gateway client (a
 * confirmation's "Track this order") the status shows at once; otherwise the check form, with the
 * number from the address bar filled in. The address bar holds the order number only, never anything
 * personal. A token that no longer opens the order brings the check form back.
 */
import { useActor } from '@xstate/react';
import { useEffect, useState } from 'react';
import { isOrderNumber } from '../../../machines/orders/rules/orderNumber.ts';
import { gateway } from '../../api/instance.ts';
import { usePageHeading } from '../../ui/Page.tsx';
import * as page from '../../ui/page.css.ts';
import { FlowErrorBoundary } from '../shared/FlowErrorBoundary.tsx';
import * as styles from '../shared/flow.css.ts';
import { NeedsJavaScript } from '../shared/NeedsJavaScript.tsx';
import { useSessionEndsOnLeave } from '../shared/sessionEnd.ts';
import { localToday } from '../shared/today.ts';
import { OrderCheckForm } from './OrderCheckForm.tsx';
import { lazyPart } from '../../ui/lazyPart.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { provideOrderCheck } from './orderActors.ts';

const orderCheckLogic = provideOrderCheck(gateway);
// The status (its machine, timeline and Temporal) loads once an order opens: the check form, the page's
// first screen for everyone without a token, carries none of it (no more first-load code than a link page).
const Status = lazyPart(() => import('./OrderStatusLive.tsx'), (m) => m.default, {
  what: 'The order status',
  fallback: <Skeleton lines={8} label="Loading your order" />,
});

export default function OrderStatusPage({ orderNumber }: { orderNumber: string }) {
  const heading = usePageHeading('Order Status');
  const number = isOrderNumber(orderNumber) ? orderNumber : '';
  // Arriving with a token (a confirmation's "Track this order"): the status at once. Each lock or new
  // check is a new round (a key), so the machines start again.
  const [round, setRound] = useState<{ n: number; opened: string | null }>(() => ({ n: 0, opened: number && gateway.hasPatientToken() ? number : null }));
  // The token that opened the order (the check's, or a confirmation's carried here) ends with the page.
  useSessionEndsOnLeave({ keepForOrderStatus: false });
  return (
    <div className={page.page}>
      <h1 ref={heading} tabIndex={-1} className={page.title}>
        Order Status
      </h1>
      <NeedsJavaScript />
      <div className={styles.flow}>
        <FlowErrorBoundary>
          {round.opened ? (
            <Status key={round.n} orderNumber={round.opened} onLocked={() => setRound((r) => ({ n: r.n + 1, opened: null }))} />
          ) : (
            <Check key={round.n} orderNumber={number} onOpened={(n) => setRound((r) => ({ n: r.n + 1, opened: n }))} />
          )}
        </FlowErrorBoundary>
      </div>
    </div>
  );
}

function Check({ orderNumber, onOpened }: { orderNumber: string; onOpened: (orderNumber: string) => void }) {
  const [today] = useState(localToday);
  const [thisYear] = useState(() => new Date().getFullYear());
  const [state, send] = useActor(orderCheckLogic, { input: { today, orderNumber } });
  const verified = state.matches('verified');
  useEffect(() => {
    if (verified) onOpened(state.context.form.orderNumber);
  }, [verified, onOpened, state.context.form.orderNumber]);
  return <OrderCheckForm state={state} send={send} thisYear={thisYear} />;
}
