/**
 * One order's status, live (the order-status machine over the tab's gateway client), as the order-status
 * page and an Easy Fill link's "already ordered" state show it: the first load (or its failure with Try
 * again), the status view, and a declined payment's Update card (the shared card form in a dialog).
 */
import { useActor } from '@xstate/react';
import { useCallback, useEffect, useId, useMemo } from 'react';
import type { OrderStatus } from '../../../machines/contract.ts';
import { GENERAL_ERROR_TEXT } from '../../../machines/shared/rules/calls.ts';
import { gateway } from '../../api/instance.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { focusOnceShown, Modal } from '../../ui/Modal.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { CardForm } from '../shared/CardForm.tsx';
import { StepHeading } from '../shared/StepHeading.tsx';
import * as styles from '../shared/flow.css.ts';
import { OrderStatusView } from './OrderStatusView.tsx';
import { provideOrderCardForm, provideOrderStatus } from './orderStatusActors.ts';

const orderStatusLogic = provideOrderStatus(gateway);

export interface StatusProps {
  orderNumber: string;
  /** The token no longer opens the order. */
  onLocked: () => void;
  /** Whether its heading takes the focus when the status comes (the status page: yes; below a link's message: no). */
  focusOnMount?: boolean;
}

export function Status({ orderNumber, onLocked, focusOnMount = true }: StatusProps) {
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
        <StepHeading focusOnMount={focusOnMount}>Your order</StepHeading>
        <Alert tone="error">{state.context.loadError || GENERAL_ERROR_TEXT}</Alert>
        <div className={styles.actions}>
          <Button onPress={() => send({ type: 'retry.pressed' })}>Try again</Button>
        </div>
      </>
    );
  }
  return (
    <>
      <StepHeading focusOnMount={focusOnMount} id={headingId}>
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
