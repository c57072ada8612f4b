/**
 * The Cancel Request confirmation (member-transfer-flow.md section 2). Its own
 * module: MemberFlowPage loads it (and the dialog code under it) the first
 * time it opens, so the first screen does not carry it.
 */
import { CANCEL_MESSAGES } from '../../../machines/member/memberFlowMachine.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';

/** The Cancel Request confirmation: Cancel on any page, or a footer link once the member is identified. */
export default function CancelRequestModal({ isOpen, onConfirm, onDismiss }: { isOpen: boolean; onConfirm: () => void; onDismiss: () => void }) {
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => !open && onDismiss()}
      title={CANCEL_MESSAGES.title}
      role="alertdialog"
      actions={
        <>
          <Button onPress={onConfirm}>{CANCEL_MESSAGES.confirm}</Button>
          <Button variant="secondary" onPress={onDismiss}>
            {CANCEL_MESSAGES.dismiss}
          </Button>
        </>
      }
    >
      <p>{CANCEL_MESSAGES.body}</p>
    </Modal>
  );
}
