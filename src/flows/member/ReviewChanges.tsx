/**
 * The review page's change modals (member-transfer-flow.md sections 2, 4 and
 * 5): notifications (with the add/edit email modal and the 'Yes, Update'
 * confirmation), the primary phone (list, add, edit), allergies and health
 * conditions; the shipping address and payment card modals are in
 * SavedListModals.tsx. Each renders its machine (machines/member/*ChangeMachine.ts),
 * which the review machine runs as its `change` child, and sends it what the
 * person does; closing a modal is the review machine's `change.closed`.
 */
import { useEffect, useId, useRef } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { addressChangeMachine } from '../../../machines/member/addressChangeMachine.ts';
import type { paymentChangeMachine } from '../../../machines/member/paymentChangeMachine.ts';
import type { healthChangeMachine } from '../../../machines/member/healthChangeMachine.ts';
import { healthChangeError } from '../../../machines/member/healthChangeMachine.ts';
import { notificationChangeErrors, notificationContactOf, type notificationChangeMachine } from '../../../machines/member/notificationChangeMachine.ts';
import { primaryOf, shownPhoneErrors, type phoneChangeMachine } from '../../../machines/member/phoneChangeMachine.ts';
import type { ChangeablePart } from '../../../machines/member/reviewMachine.ts';
import { CONTACT_LIMITS, PHONE_TYPES, type PhoneTypeId } from '../../../machines/member/rules/contactInfo.ts';
import { CHANGE_TITLES, emailSavable, LIST_NOT_READY, NOT_YET, phoneName } from '../../../machines/member/rules/profileChanges.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { GatedButton } from '../../ui/GatedButton.tsx';
import { MaskedField } from '../../ui/MaskedField.tsx';
import { focusFirstInvalid, Modal, useFocusBack } from '../../ui/Modal.tsx';
import { Radio, RadioGroup } from '../../ui/RadioGroup.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { HealthListFields } from './HealthInfoFields.tsx';
import { loadStatus, ModalLoad } from './ModalLoad.tsx';
import { NotificationChoiceFields } from './RegistrationParts.tsx';
import { AddressModal, PaymentModal } from './SavedListModals.tsx';
import * as styles from './review.css.ts';

/** What an Update says once its save is on its way (issue 28 #3). */
const SAVING = 'Saving…';

type AddressChangeActor = ActorRefFrom<typeof addressChangeMachine>;
type PaymentChangeActor = ActorRefFrom<typeof paymentChangeMachine>;
type NotificationChangeActor = ActorRefFrom<typeof notificationChangeMachine>;
export type PhoneChangeActor = ActorRefFrom<typeof phoneChangeMachine>;
type HealthChangeActor = ActorRefFrom<typeof healthChangeMachine>;


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

function Failure({ text }: { text: string | null }) {
  return text ? <Alert tone="error" title={text} /> : null;
}

/**
 * A confirmation that replaces the dialog's form ('Update' turns into 'Yes, Update'): the question
 * takes the focus, so it is read before anything can be confirmed, and a second Enter confirms nothing
 * (issue 27 #8). The dialog, now an alert dialog, is described by it too.
 */
function Question({ children }: { children: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <p ref={ref} tabIndex={-1}>
      {children}
    </p>
  );
}

// ---------------------------------------------------------------- notifications

function NotificationModal({ actor, onClose }: { actor: NotificationChangeActor; onClose: () => void }) {
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
    // Refused: the first field to fix takes the focus, with its error (issue 27 #9).
    const after = actor.getSnapshot();
    if (after.matches('editing') && Object.keys(notificationChangeErrors(after.context)).length) focusFirstInvalid();
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
        <>
          <GatedButton
            id={ids.update}
            hint="read"
            missing={busy || state.can({ type: 'update.pressed' }) ? [] : [NOT_YET.notifications]}
            isPending={busy}
            pendingText={SAVING}
            onPress={update}
          >
            Update
          </GatedButton>
          <Button variant="secondary" onPress={onClose} isDisabled={busy}>
            Cancel
          </Button>
        </>
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

// ---------------------------------------------------------------- phone

const PHONE_FAILURES = { select: 'Your primary phone could not be changed.', edit: 'Your phone number could not be updated.', add: 'Your phone number could not be added.' } as const;

export function PhoneModal({ actor, onClose }: { actor: PhoneChangeActor; onClose: () => void }) {
  const state = useSelector(actor, (s) => s);
  const c = state.context;
  const send = actor.send;
  const busy = state.hasTag('pending');
  const failure = c.failure ? `${PHONE_FAILURES[c.failure.action]} ${c.failure.text}` : null;
  const inForm = state.matches('form') || state.matches('savingForm');
  // Back from the form, the button that opened it (Add Number, Edit) has the focus again (issue 27 #14).
  const formBack = useFocusBack(inForm);
  const idBase = useId();
  const ids = { add: `${idBase}-add`, edit: `${idBase}-edit` };
  if (inForm) {
    const errors = shownPhoneErrors(c);
    const update = () => {
      send({ type: 'update.pressed' });
      // Refused: the first field to fix takes the focus, with its error (issue 27 #9).
      const after = actor.getSnapshot();
      if (after.matches('form') && Object.keys(shownPhoneErrors(after.context)).length) focusFirstInvalid();
    };
    return (
      <Modal
        isOpen
        onOpenChange={(open) => !open && send({ type: 'form.back' })}
        isDismissable={!busy}
        title={c.editing ? 'Edit Phone Number' : 'Add Phone Number'}
        actions={
          <>
            <GatedButton hint="read" missing={busy || state.can({ type: 'update.pressed' }) ? [] : [NOT_YET.phone]} isPending={busy} pendingText={SAVING} onPress={update}>
              {c.editing ? 'Update' : 'Add'}
            </GatedButton>
            <Button variant="secondary" onPress={() => send({ type: 'form.back' })} isDisabled={busy}>
              Back
            </Button>
          </>
        }
      >
        <Failure text={failure} />
        <div className={styles.modalFields}>
          <MaskedField
            mask="phone"
            label="Phone number"
            autoFocus
            isRequired
            validationBehavior="aria"
            isReadOnly={busy}
            value={c.values.phone}
            onChange={(phone) => send({ type: 'form.changed', values: { phone } })}
            onBlur={() => send({ type: 'field.blurred', field: 'phone' })}
            errorMessage={errors.phone}
          />
          <RadioGroup
            label="Phone type"
            orientation="horizontal"
            isRequired
            validationBehavior="aria"
            isReadOnly={busy}
            value={c.values.phoneType === null ? null : String(c.values.phoneType)}
            onChange={(key) => send({ type: 'form.changed', values: { phoneType: Number(key) as PhoneTypeId } })}
            errorMessage={errors.phoneType}
          >
            {PHONE_TYPES.map((t) => (
              <Radio key={t.id} value={String(t.id)}>
                {t.label}
              </Radio>
            ))}
          </RadioGroup>
          <TextField
            label="Extension (optional)"
            inputMode="numeric"
            maxLength={7}
            isReadOnly={busy}
            validationBehavior="aria"
            value={c.values.extension}
            onChange={(extension) => send({ type: 'form.changed', values: { extension } })}
            onBlur={() => send({ type: 'field.blurred', field: 'extension' })}
            errorMessage={errors.extension}
          />
        </div>
      </Modal>
    );
  }
  const primary = primaryOf(c.phones);
  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && onClose()}
      isDismissable={!busy}
      title={CHANGE_TITLES.phone}
      actions={
        <>
          {/* While the list loads (or after it failed) it stays focusable and says why it waits (issue 27 #1). Keyed: the
              form's Add in the same place is another button, not this one with the focus kept. */}
          <GatedButton
            key="add-number"
            id={ids.add}
            hint="read"
            missing={busy || state.can({ type: 'phone.addPressed' }) ? [] : [LIST_NOT_READY.phone[state.matches('unavailable') ? 'unavailable' : 'loading']]}
            isPending={busy}
            onPress={() => {
              formBack(ids.add);
              send({ type: 'phone.addPressed' });
            }}
          >
            Add Number
          </GatedButton>
          <Button variant="secondary" onPress={onClose} isDisabled={busy}>
            Cancel
          </Button>
        </>
      }
    >
      <Failure text={failure} />
      <ModalLoad status={loadStatus(state.value)} lines={2} label="Loading your phone numbers" error={c.loadError} onRetry={() => send({ type: 'phones.retried' })} />
      {(state.matches('listing') || state.matches('selecting')) && (
        <ul className={styles.choiceList} aria-label="Your phone numbers">
          {c.phones.map((p) => (
            <li key={p.phoneId} className={styles.choice}>
              <span>
                {phoneName(p)}
                {p.isPrimary ? <strong> (primary)</strong> : null}
              </span>
              {p === primary ? (
                <Button
                  id={ids.edit}
                  variant="secondary"
                  size="small"
                  aria-label={`Edit ${phoneName(p)}`}
                  onPress={() => {
                    formBack(ids.edit);
                    send({ type: 'phone.editPressed' });
                  }}
                  isDisabled={busy}
                >
                  Edit
                </Button>
              ) : (
                <Button
                  variant="secondary"
                  size="small"
                  aria-label={`Select ${phoneName(p)}`}
                  onPress={() => send({ type: 'phone.selected', phoneId: p.phoneId })}
                  isDisabled={busy}
                  isPending={c.selecting?.phoneId === p.phoneId}
                >
                  Select
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
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
      actions={
        <>
          <GatedButton
            hint="read"
            missing={busy || state.can({ type: 'update.pressed' }) ? [] : [NOT_YET[c.kind]]}
            isPending={busy}
            pendingText={SAVING}
            onPress={() => send({ type: 'update.pressed' })}
          >
            Update
          </GatedButton>
          <Button variant="secondary" onPress={onClose} isDisabled={busy}>
            Cancel
          </Button>
        </>
      }
    >
      <Failure text={c.failure} />
      <p className={styles.modalNote}>Entries on file cannot be removed here. To remove one, call us.</p>
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
