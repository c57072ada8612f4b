/**
 * What a change modal shows of the records it reads when it opens (the
 * review page's address, payment, phone and notification modals): a skeleton
 * while they load, and when they could not be read, the gateway's text with
 * Try again. Once they are read the modal shows them itself (`ready`).
 */
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
  if (status === 'loading') return <Skeleton lines={lines} label={label} />;
  if (status === 'ready') return null;
  return (
    <>
      <Alert tone="error" title={error ?? ''} />
      <Button variant="secondary" onPress={onRetry}>
        Try again
      </Button>
    </>
  );
}

/** A modal machine's load status from its state value (its top-level 'loading' and 'unavailable' states). */
export const loadStatus = (value: unknown): ModalLoadProps['status'] => (value === 'loading' ? 'loading' : value === 'unavailable' ? 'unavailable' : 'ready');
