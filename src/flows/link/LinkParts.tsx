/** Pieces the link flows show: an address, a card, a drug's supply and copay, and the Auto Refill terms dialog. */
import { addressLine, cardLabel } from '../../../machines/shared/rules/display.ts';
import { addressTypeLabel } from '../../../machines/link/rules/dates.ts';
import type { Address, EasyFillDrug, PaymentCard } from '../../../machines/link/rules/easyFill.ts';
import { formatCopay } from '../../../machines/shared/rules/display.ts';
import type { ShipmentAddress } from '../../../machines/link/rules/autoRefill.ts';
import { EASY_FILL_MESSAGES } from '../../../machines/link/easyFillMachine.ts';
import { contact } from '../../content/contact.ts';
import { Phone } from '../../content/ContactDetails.tsx';
import { Button } from '../../ui/Button.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { Modal } from '../../ui/Modal.tsx';
import * as styles from '../shared/flow.css.ts';

/** An address, with its type when it has one (Auto Refill's default shipping address has none). */
export function AddressText({ address }: { address: Address | ShipmentAddress }) {
  return (
    <>
      {'addressType' in address && <span className={styles.label}>{addressTypeLabel(address)}</span>}
      <span>{addressLine(address)}</span>
    </>
  );
}

export function CardText({ card }: { card: Pick<PaymentCard, 'cardType' | 'cardTypeDesc' | 'cardNumber' | 'fsaCard'> }) {
  return (
    <span>
      {cardLabel(card)}
      {card.fsaCard && <span className={styles.badge}>FSA</span>}
    </span>
  );
}

/** 'Call us at {phone} (TTY 711)' */

export const TERMS_TITLE = 'Agree to Auto Refill Program Terms & Conditions';

export interface TermsDialogProps {
  isOpen: boolean;
  checked: boolean;
  /** Whether Confirm may be pressed (the machine's guard, read by the caller). */
  canConfirm: boolean;
  busy?: boolean;
  onCheck: (checked: boolean) => void;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The Auto Refill terms (section 2.18): Escape does not close it; Confirm waits for the box. */
export function TermsDialog({ isOpen, checked, canConfirm, busy = false, onCheck, onConfirm, onCancel }: TermsDialogProps) {
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => !open && onCancel()}
      title={TERMS_TITLE}
      isDismissable={false}
      role="alertdialog"
      actions={
        <>
          <Button onPress={onConfirm} isDisabled={!canConfirm || busy}>
            Confirm
          </Button>
          <Button variant="secondary" onPress={onCancel}>
            Cancel
          </Button>
        </>
      }
    >
      <ul className={styles.terms}>
        <li>Tell the pharmacy at least 1 day before the next fill date to discontinue.</li>
        <li>Tell the pharmacy on an address change or a temporary different address.</li>
        <li>Shipped medicines are not returnable.</li>
        <li>Not available for controlled substances or fills of under 84 days' supply.</li>
        <li>
          To discontinue or opt out, use the member website or phone <Phone phone={contact.mailOrder.phone} />, TTY {contact.mailOrder.tty}.
        </li>
      </ul>
      <p>{EASY_FILL_MESSAGES.agree}</p>
      <Checkbox isSelected={checked} onChange={onCheck}>
        Select to agree to the Auto Refill Program Terms of Service
      </Checkbox>
    </Modal>
  );
}

/** A drug's supply and copay, in the selection list and on the confirmation. */
export function DrugFacts({ drug, id }: { drug: EasyFillDrug; id?: string }) {
  return (
    <span className={styles.drugFacts} id={id}>
      {drug.daysSupply ? <span>{drug.daysSupply}-day supply</span> : null}
      <span>Copay: {formatCopay(drug.copay)}</span>
    </span>
  );
}
