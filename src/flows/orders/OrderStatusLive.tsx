/**
 * One order's live status on /orderStatus (loaded on demand by OrderStatusPage.tsx once an order opens):
 * the order-status machine, its poll paused while the tab is hidden, and the timeline.
 */
import { useActor } from '@xstate/react';
import { useEffect } from 'react';
import { gateway } from '../../api/instance.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { StepHeading } from '../link/StepHeading.tsx';
import * as styles from '../link/link.css.ts';
import { OrderStatusView } from './OrderStatusView.tsx';
import { provideOrderStatus } from './orderStatusActors.ts';

const orderStatusLogic = provideOrderStatus(gateway);

export default function Status({ orderNumber, onLocked }: { orderNumber: string; onLocked: () => void }) {
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
      <StepHeading focusOnMount>Your order</StepHeading>
      <OrderStatusView state={state} />
    </>
  );
}
