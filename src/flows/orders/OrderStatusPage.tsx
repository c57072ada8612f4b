/**
 * The order-status page (/orderStatus, public): with a token already in the tab's gateway client (a
 * confirmation's "Track this order") the status shows at once; otherwise the check form, with the
 * number from the address bar filled in. The address bar holds the order number only, never anything
 * personal. A token that no longer opens the order brings the check form back.
 */
import { useActor } from '@xstate/react';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import type { OrderStatus } from '../../../machines/contract.ts';
import { isOrderNumber } from '../../../machines/orders/rules/orderCheck.ts';
import { gateway } from '../../api/instance.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { focusOnceShown, Modal } from '../../ui/Modal.tsx';
import { usePageHeading } from '../../ui/Page.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import * as page from '../../ui/page.css.ts';
import { StepHeading } from '../link/StepHeading.tsx';
import { FlowErrorBoundary } from '../link/FlowErrorBoundary.tsx';
import * as styles from '../link/link.css.ts';
import { NeedsJavaScript } from '../shared/NeedsJavaScript.tsx';
import { localToday } from '../shared/today.ts';
import { OrderCheckForm } from './OrderCheckForm.tsx';
import { OrderStatusView } from './OrderStatusView.tsx';
import { CardForm } from '../link/CardForm.tsx';
import { provideOrderCardForm, provideOrderCheck, provideOrderStatus } from './orderActors.ts';

const orderCheckLogic = provideOrderCheck(gateway);
const orderStatusLogic = provideOrderStatus(gateway);

export default function OrderStatusPage({ orderNumber }: { orderNumber: string }) {
  const heading = usePageHeading('Order Status');
  const number = isOrderNumber(orderNumber) ? orderNumber : '';
  // Arriving with a token (a confirmation's "Track this order"): the status at once. Each lock or new
  // check is a new round (a key), so the machines start again.
  const [round, setRound] = useState<{ n: number; opened: string | null }>(() => ({ n: 0, opened: number && gateway.hasPatientToken() ? number : null }));
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

function Status({ orderNumber, onLocked }: { orderNumber: string; onLocked: () => void }) {
  const [state, send] = useActor(orderStatusLogic, { input: { orderNumber } });
  const locked = state.matches('locked');
  useEffect(() => {
    if (locked) onLocked();
  }, [locked, onLocked]);
  // The poll pauses while the tab is hidden: the machine owns the delay, the page tells it what it sees.
  useEffect(() => {
    const tell = () => send({ type: 'visibility', visible: document.visibilityState === 'visible', at: new Date().toISOString() });
    document.addEventListener('visibilitychange', tell);
    return () => document.removeEventListener('visibilitychange', tell);
  }, [send]);
  // A declined payment's new card: the shared card form, whose save is this order's updateOrderPayment;
  // the status it answers replaces the one shown (the notice goes) and the focus goes to the status's heading.
  const headingId = useId();
  const took = useCallback(
    (status: OrderStatus, at: string) => {
      send({ type: 'status.replaced', status, at });
      focusOnceShown(headingId);
    },
    [send, headingId],
  );
  const provideCard = useMemo(() => provideOrderCardForm(orderNumber, took), [orderNumber, took]);
  if (state.matches('loading')) return <Skeleton lines={8} label="Loading your order" />;
  if (state.matches('failed')) {
    return (
      <>
        <StepHeading focusOnMount>Your order</StepHeading>
        <Alert tone="error">{state.context.loadError || 'Unable to process the request at this time. Please try after some time.'}</Alert>
        <div className={styles.actions}>
          <Button onPress={() => send({ type: 'retry.pressed' })}>Try again</Button>
        </div>
      </>
    );
  }
  return (
    <>
      <StepHeading focusOnMount id={headingId}>
        Your order
      </StepHeading>
      <OrderStatusView state={state} onUpdateCard={() => send({ type: 'card.opened' })} />
      <Modal isOpen={state.context.cardOpen} onOpenChange={(open) => !open && send({ type: 'card.closed' })} title="Update card">
        <CardForm gateway={gateway} provide={provideCard} label="The new card for this order" autoFocus onSaved={noop} onCancel={() => send({ type: 'card.closed' })} />
      </Modal>
    </>
  );
}

/** The status itself says the card was saved (`status.replaced` closes the form): nothing more to do. */
const noop = () => {};
