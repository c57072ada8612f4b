/**
 * Below an Easy Fill link's "already ordered" message: that order's status, live (the link's token sees its
 * link's orders), instead of a dead end. The same status as the order-status page (OrderStatusPanel), loaded
 * on demand only in this state, so the link route's first load does not carry it.
 */
import { useActor } from '@xstate/react';
import { useState } from 'react';
import { gateway } from '../../api/instance.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import * as styles from '../shared/flow.css.ts';
import { provideLinkOrder } from './orderStatusActors.ts';
import { Status } from './OrderStatusPanel.tsx';

const linkOrderLogic = provideLinkOrder(gateway);

export default function LinkOrderStatus() {
  const [state, send] = useActor(linkOrderLogic);
  // A token that no longer opens the order (the link's session ended): the message alone, as before.
  const [locked, setLocked] = useState(false);
  if (state.hasTag('pending')) return <Skeleton lines={6} label="Loading your order" />;
  if (state.matches('failed')) {
    return (
      <>
        <Alert tone="error">{state.context.failure}</Alert>
        <div className={styles.actions}>
          <Button onPress={() => send({ type: 'retry.pressed' })}>Try again</Button>
        </div>
      </>
    );
  }
  const { orderNumber } = state.context;
  if (!orderNumber || locked) return null;
  return <Status orderNumber={orderNumber} focusOnMount={false} onLocked={() => setLocked(true)} />;
}
