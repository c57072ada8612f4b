/**
 * The Auto Refill Details modal of the Add Prescription rows: what Auto
 * Refill does, with the product's facts (member-transfer-flow.md section 9).
 * Opened from a row; the machine holds whether it is open.
 */
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import * as styles from './addPrescription.css.ts';

export interface AutoRefillDetailsModalProps {
  isOpen: boolean;
  onClose: () => void;
}

export function AutoRefillDetailsModal({ isOpen, onClose }: AutoRefillDetailsModalProps) {
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      title="Auto Refill Details"
      actions={<Button onPress={onClose}>I&apos;m Done</Button>}
    >
      <p className={styles.intro}>With Auto Refill, we refill your prescription and ship it to you automatically, so you do not run out.</p>
      <ul className={styles.facts}>
        <li>Your first auto refill ships 14 days before your current supply runs out.</li>
        <li>After that, refills ship about every 90 days.</li>
        <li>To stop a refill, turn Auto Refill off at least 1 day before its scheduled date.</li>
        <li>Auto Refill is not available for controlled substances, for fills of fewer than 84 days, or for members of government-funded plans.</li>
        <li>Standard shipping is free. Once a refill has shipped, it cannot be returned or refunded.</li>
      </ul>
    </Modal>
  );
}
