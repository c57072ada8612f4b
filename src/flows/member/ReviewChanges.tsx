/**
 * The review page's change modals (member-transfer-flow.md sections 2, 4 and
 * 5): which one is open, and the allergies and health conditions modal. The
 * others have files of their own: NotificationModal.tsx (with the add/edit
 * email modal and the 'Yes, Update' confirmation), PhoneModal.tsx (list, add,
 * edit), and SavedListModals.tsx (shipping address, payment card). Each renders its machine (machines/member/*ChangeMachine.ts),
 * which the review machine runs as its `change` child, and sends it what the
 * person does; closing a modal is the review machine's `change.closed`.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { addressChangeMachine } from '../../../machines/member/addressChangeMachine.ts';
import type { paymentChangeMachine } from '../../../machines/member/paymentChangeMachine.ts';
import type { healthChangeMachine } from '../../../machines/member/healthChangeMachine.ts';
import { healthChangeError } from '../../../machines/member/healthChangeMachine.ts';
import type { notificationChangeMachine } from '../../../machines/member/notificationChangeMachine.ts';
import type { ChangeablePart } from '../../../machines/member/reviewMachine.ts';
import { CHANGE_TITLES, NOT_YET } from '../../../machines/member/rules/profileChanges.ts';
import { HEALTH_KINDS, noneOnFile } from '../../../machines/member/rules/healthInfo.ts';
import { Modal } from '../../ui/Modal.tsx';
import { HealthListFields } from './HealthInfoFields.tsx';
import { AddressModal, PaymentModal } from './SavedListModals.tsx';
import { Failure, UpdateActions } from './ChangeModalParts.tsx';
import { NotificationModal } from './NotificationModal.tsx';
import { PhoneModal, type PhoneChangeActor } from './PhoneModal.tsx';
import * as styles from './review.css.ts';

type AddressChangeActor = ActorRefFrom<typeof addressChangeMachine>;
type PaymentChangeActor = ActorRefFrom<typeof paymentChangeMachine>;
type HealthChangeActor = ActorRefFrom<typeof healthChangeMachine>;
type NotificationChangeActor = ActorRefFrom<typeof notificationChangeMachine>;

export interface ChangeModalProps {
  part: ChangeablePart;
  child: unknown;
  onClose: () => void;
}

/** The open change modal: the child actor's machine decides which one. */
export function ChangeModal({ part, child, onClose }: ChangeModalProps) {
  if (!child) return null;
  if (part === 'address') return <AddressModal actor={child as AddressChangeActor} onClose={onClose} />;
  if (part === 'payment') return <PaymentModal actor={child as PaymentChangeActor} onClose={onClose} />;
  if (part === 'notifications') return <NotificationModal actor={child as NotificationChangeActor} onClose={onClose} />;
  if (part === 'phone') return <PhoneModal actor={child as PhoneChangeActor} onClose={onClose} />;
  return <HealthModal actor={child as HealthChangeActor} onClose={onClose} />;
}

// ---------------------------------------------------------------- allergies and conditions

function HealthModal({ actor, onClose }: { actor: HealthChangeActor; onClose: () => void }) {
  const state = useSelector(actor, (s) => s);
  const c = state.context;
  const send = actor.send;
  const busy = state.hasTag('pending');
  const common = state.matches({ open: { common: 'loading' } }) ? 'loading' : state.matches({ open: { common: 'unavailable' } }) ? 'unavailable' : (c.common ?? 'loading');
  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && onClose()}
      isDismissable={!busy}
      title={CHANGE_TITLES[c.kind]}
      actions={<UpdateActions ready={state.can({ type: 'update.pressed' })} notYet={NOT_YET[c.kind]} busy={busy} onUpdate={() => send({ type: 'update.pressed' })} onCancel={onClose} />}
    >
      <Failure text={c.failure} />
      <p className={styles.modalNote}>Entries on file cannot be removed here. To remove one, call us.</p>
      {/* Said before Update: the gateway replaces the none entry on file with what is added (docs/member-flow.md). */}
      {noneOnFile(c.kind, c.onFile) && <p className={styles.modalNote}>{HEALTH_KINDS[c.kind].replacesNone}</p>}
      <HealthListFields
        kind={c.kind}
        list={c.list}
        common={common}
        suggestions={c.suggestions}
        looking={state.matches({ open: { lookup: 'looking' } })}
        error={healthChangeError(c)}
        busy={busy}
        send={send}
        onFile={c.onFile.map((desc) => ({ ref: desc, desc }))}
      />
    </Modal>
  );
}
