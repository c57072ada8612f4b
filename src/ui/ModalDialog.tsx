import { useId, type ReactNode } from 'react';
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
   * the title as the dialog opens (issue 27 #16). A dialog that becomes one (a form's confirmation)
   * is described by its new body too.
   */
  role?: 'dialog' | 'alertdialog';
}

/** The modal itself (react-aria); `Modal` loads this file the first time a modal opens. */
export default function ModalDialog({ isOpen, onOpenChange, title, children, actions, isDismissable = true, role = 'dialog' }: ModalProps) {
  const bodyId = useId();
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
