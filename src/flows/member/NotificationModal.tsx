/**
 * The review page's notification modal (member-transfer-flow.md sections 2, 4 and 5): how the member is
 * told about orders, with the add/edit email modal and the 'Yes, Update' confirmation. Renders
 * notificationChangeMachine, the review machine's `change` child.
 */
import { useId } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { notificationChangeErrors, notificationContactOf, notificationUpdateMissing, type notificationChangeMachine } from '../../../machines/member/notificationChangeMachine.ts';
import { CONTACT_LIMITS } from '../../../machines/member/rules/contactInfo.ts';
import { CHANGE_TITLES, emailSavable, NOT_YET } from '../../../machines/member/rules/profileChanges.ts';
import { Button } from '../../ui/Button.tsx';
import { GatedButton } from '../../ui/GatedButton.tsx';
import { focusFirstInvalid, Modal, useFocusBack } from '../../ui/Modal.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { loadStatus, ModalLoad } from './ModalLoad.tsx';
import { NotificationChoiceFields } from './RegistrationContact.tsx';
import { Failure, Question, UpdateActions } from './ChangeModalParts.tsx';
import * as styles from './review.css.ts';

type NotificationChangeActor = ActorRefFrom<typeof notificationChangeMachine>;

export function NotificationModal({ actor, onClose }: { actor: NotificationChangeActor; onClose: () => void }) {
  const state = useSelector(actor, (s) => s);
  const c = state.context;
  const send = actor.send;
  const busy = state.hasTag('pending');
  const errors = c.submitted ? notificationChangeErrors(c) : {};
  const email = c.newEmail ?? c.email;
  const idBase = useId();
  const ids = { email: `${idBase}-email`, update: `${idBase}-update` };
  // The email modal and the confirmation replace the form; coming back, the button that opened them has the focus again.
  const emailBack = useFocusBack(state.matches('email'));
  const confirmBack = useFocusBack(state.matches('confirming'));
  const update = () => {
    confirmBack(ids.update);
    send({ type: 'update.pressed' });
  };
  // Update is gated (section 5): it says why while nothing changed; with a change that is not valid yet (call or
  // text without a time zone), a press shows the fields' errors and the first field to fix takes the focus.
  const changedButInvalid = state.can({ type: 'update.refused' });
  const refuse = () => {
    send({ type: 'update.refused' });
    focusFirstInvalid();
  };
  if (state.matches('email')) {
    return (
      <Modal
        isOpen
        onOpenChange={(open) => !open && send({ type: 'email.dismissed' })}
        title={c.email ? 'Edit Email' : 'Add Email'}
        actions={
          <>
            <GatedButton hint="read" missing={emailSavable(c.emailDraft, email) ? [] : [NOT_YET.email]} onPress={() => send({ type: 'email.saved' })}>
              Save
            </GatedButton>
            <Button variant="secondary" onPress={() => send({ type: 'email.dismissed' })}>
              Cancel
            </Button>
          </>
        }
      >
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          autoFocus
          maxLength={CONTACT_LIMITS.email}
          value={c.emailDraft}
          onChange={(text) => send({ type: 'email.typed', text })}
          description="It is saved once your notification preference is updated."
        />
      </Modal>
    );
  }
  if (state.matches('confirming')) {
    return (
      <Modal
        isOpen
        role="alertdialog"
        onOpenChange={(open) => !open && send({ type: 'update.dismissed' })}
        title="Update Notification Preference"
        actions={
          <>
            <Button onPress={() => send({ type: 'update.confirmed' })}>Yes, Update</Button>
            <Button variant="secondary" onPress={() => send({ type: 'update.dismissed' })}>
              No
            </Button>
          </>
        }
      >
        <Question>Do you want to update how we tell you about your orders?</Question>
      </Modal>
    );
  }
  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && onClose()}
      isDismissable={!busy}
      title={CHANGE_TITLES.notifications}
      actions={
        <UpdateActions
          id={ids.update}
          ready={state.can({ type: 'update.pressed' })}
          notYet={notificationUpdateMissing(c)}
          busy={busy}
          onUpdate={update}
          onCancel={onClose}
          onRefused={changedButInvalid ? refuse : undefined}
        />
      }
    >
      <Failure text={c.failure} />
      <ModalLoad status={loadStatus(state.value)} lines={3} label="Loading your notification preference" error={c.loadError} onRetry={() => send({ type: 'setting.retried' })} />
      {loadStatus(state.value) === 'ready' && (
        <>
      <NotificationChoiceFields
        section="review-notification"
        contact={notificationContactOf(c)}
        values={c.values}
        onChange={(values) => send({ type: 'notification.changed', values })}
        errors={errors}
        busy={busy}
      />
      <div className={styles.modalRow}>
        <p>
          Email: <strong>{email ?? 'none on file'}</strong>
          {c.newEmail !== null && c.newEmail !== c.email ? ' (saved when you update)' : ''}
        </p>
        <Button
          id={ids.email}
          variant="secondary"
          size="small"
          onPress={() => {
            emailBack(ids.email);
            send({ type: 'email.opened' });
          }}
          isDisabled={busy}
        >
          {email ? 'Edit email' : 'Add email'}
        </Button>
      </div>
        </>
      )}
    </Modal>
  );
}
