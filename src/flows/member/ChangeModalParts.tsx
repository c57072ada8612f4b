/**
 * What the review page's change modals share: the failure above the form, the confirmation question that
 * replaces it, and what an Update says while its save is on its way.
 */
import { useEffect, useRef } from 'react';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { GatedButton } from '../../ui/GatedButton.tsx';

/** What an Update says once its save is on its way. */
const SAVING = 'Saving…';

/**
 * A change modal's two buttons: its Update (a GatedButton: until there is something to save, a press says
 * what is missing, `notYet`; while it saves it says 'Saving…' once) and Cancel (or Back).
 */
export function UpdateActions({
  id,
  label = 'Update',
  ready,
  notYet,
  busy,
  onUpdate,
  cancel = 'Cancel',
  onCancel,
  onRefused,
}: {
  id?: string;
  label?: string;
  ready: boolean;
  /** Why it cannot be pressed yet (one reason, or several). */
  notYet: string | readonly string[];
  busy: boolean;
  onUpdate: () => void;
  cancel?: string;
  onCancel: () => void;
  /** A refused press moves the focus to what to fix (which says why) instead of announcing the reason again. */
  onRefused?: () => void;
}) {
  return (
    <>
      <GatedButton
        id={id}
        hint="read"
        missing={busy || ready ? [] : typeof notYet === 'string' ? [notYet] : notYet}
        isPending={busy}
        pendingText={SAVING}
        onPress={onUpdate}
        onRefused={onRefused}
      >
        {label}
      </GatedButton>
      <Button variant="secondary" onPress={onCancel} isDisabled={busy}>
        {cancel}
      </Button>
    </>
  );
}

export function Failure({ text }: { text: string | null }) {
  return text ? <Alert tone="error" title={text} /> : null;
}

/**
 * A confirmation that replaces the dialog's form ('Update' turns into 'Yes, Update'): the question
 * takes the focus, so it is read before anything can be confirmed, and a second Enter confirms nothing.
 * The dialog, now an alert dialog, is described by it too.
 */
export function Question({ children }: { children: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <p ref={ref} tabIndex={-1}>
      {children}
    </p>
  );
}
