import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button, Dialog, Heading, Modal as RACModal, ModalOverlay } from 'react-aria-components';
import * as styles from './modal.css.ts';
import { Icon } from './Icon.tsx';

export interface ModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  children: ReactNode;
  /** The buttons at the bottom (Confirm, Cancel, I'M DONE). */
  actions?: ReactNode;
  /**
   * Whether Escape, a click outside and the close button dismiss it. The
   * Auto Refill terms and Order Medication modals must not close on Escape.
   */
  isDismissable?: boolean;
  /**
   * Dialogs that ask for a decision announce themselves as alert dialogs, described by their body
   * (their message: 'Remove … from your request?'), so that a screen reader reads the question with
   * the title as the dialog opens. A dialog that becomes one (a form's confirmation)
   * is described by its new body too.
   */
  role?: 'dialog' | 'alertdialog';
}

/** Frames to wait, once a dialog has closed, for react-aria to give the focus back before checking it did. */
const RESTORE_FRAMES = 3;

/**
 * A safety net under react-aria's own focus restore: when the dialog has closed and, a few frames
 * later, the focus is on nothing (the page's body), the element that had it when the dialog opened
 * takes it back, if it is still in the page. react-aria restores it a frame after the dialog goes; on
 * a busy machine that restore was sometimes lost (Continue on the better-match step left
 * the focus on the body). Focus that a flow moved on purpose (elsewhere than the body) is left alone.
 */
function useFocusBackIfLost(isOpen: boolean) {
  const [opener, setOpener] = useState<Element | null>(null);
  // Read while rendering the open dialog: its focus scope moves the focus inside only after this render.
  if (isOpen && opener === null && typeof document !== 'undefined' && document.activeElement) setOpener(document.activeElement);
  if (!isOpen && opener !== null) setOpener(null);
  const closedFrom = useRef<Element | null>(null);
  useEffect(() => {
    if (isOpen) {
      closedFrom.current = opener;
      return;
    }
    const element = closedFrom.current;
    closedFrom.current = null;
    if (!(element instanceof HTMLElement) || element === document.body) return;
    let frames = RESTORE_FRAMES;
    let request = 0;
    const check = () => {
      if (frames-- > 0) {
        request = requestAnimationFrame(check);
        return;
      }
      const lost = document.activeElement === null || document.activeElement === document.body;
      if (lost && element.isConnected) element.focus();
    };
    request = requestAnimationFrame(check);
    return () => cancelAnimationFrame(request);
  }, [isOpen, opener]);
}

/** The modal itself (react-aria); `Modal` loads this file the first time a modal opens. */
export default function ModalDialog({ isOpen, onOpenChange, title, children, actions, isDismissable = true, role = 'dialog' }: ModalProps) {
  const bodyId = useId();
  useFocusBackIfLost(isOpen);
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      isKeyboardDismissDisabled={!isDismissable}
      className={styles.overlay}
    >
      <RACModal className={styles.modal}>
        <Dialog className={styles.dialog} role={role} aria-describedby={role === 'alertdialog' ? bodyId : undefined}>
          {({ close }) => (
            <>
              <div className={styles.header}>
                <Heading slot="title" className={styles.title}>
                  {title}
                </Heading>
                {isDismissable && (
                  <Button className={styles.close} onPress={close} aria-label="Close">
                    <Icon name="close" />
                  </Button>
                )}
              </div>
              <div id={bodyId} className={styles.body}>
                {children}
              </div>
              {actions && <div className={styles.actions}>{actions}</div>}
            </>
          )}
        </Dialog>
      </RACModal>
    </ModalOverlay>
  );
}
