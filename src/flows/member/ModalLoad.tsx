/**
 * What a change modal shows of the records it reads when it opens (the
 * review page's address, payment, phone and notification modals): a skeleton
 * while they load, and when they could not be read, the gateway's text with
 * Try again. Once they are read the modal shows them itself (`ready`).
 */
import { useEffect, useRef } from 'react';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';

export interface ModalLoadProps {
  status: 'loading' | 'unavailable' | 'ready';
  /** The skeleton's name for assistive technology ('Loading your phone numbers'). */
  label: string;
  lines: number;
  /** The failure's text (the documents' error text). */
  error: string | null;
  onRetry: () => void;
}

export function ModalLoad({ status, label, lines, error, onRetry }: ModalLoadProps) {
  // Try again goes as it is pressed (the skeleton takes its place): the focus waits on this box, in the
  // dialog, rather than falling to the page, and moves on to what the records bring once
  // they are read, or to Try again if they failed again.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const here = box.current;
    if (!here || document.activeElement !== here || status === 'loading') return;
    const dialog = here.closest('[role="dialog"], [role="alertdialog"]') ?? document.body;
    const next = [...dialog.querySelectorAll<HTMLElement>('button, input, select, textarea, a[href], [tabindex="0"]')].find(
      (el) => !el.hasAttribute('disabled') && (here.contains(el) || here.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING),
    );
    next?.focus();
  }, [status]);
  const retry = () => {
    box.current?.focus();
    onRetry();
  };
  return (
    <div ref={box} tabIndex={-1}>
      {status === 'loading' ? (
        <Skeleton lines={lines} label={label} />
      ) : status === 'unavailable' ? (
        <>
          <Alert tone="error" title={error ?? ''} />
          <Button variant="secondary" onPress={retry}>
            Try again
          </Button>
        </>
      ) : null}
    </div>
  );
}

/** A modal machine's load status from its state value (its top-level 'loading' and 'unavailable' states). */
export const loadStatus = (value: unknown): ModalLoadProps['status'] => (value === 'loading' ? 'loading' : value === 'unavailable' ? 'unavailable' : 'ready');
