/**
 * The primary phone modal (member-transfer-flow.md sections 2, 4 and 5): the list, Select, Add and Edit.
 * Renders phoneChangeMachine: the review machine's `change` child, and the registration page's
 * Change Primary Phone.
 */
import { useId } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { primaryOf, shownPhoneErrors, type phoneChangeMachine } from '../../../machines/member/phoneChangeMachine.ts';
import { PHONE_TYPES, type PhoneTypeId } from '../../../machines/member/rules/contactInfo.ts';
import { CHANGE_TITLES, LIST_NOT_READY, NOT_YET, phoneName } from '../../../machines/member/rules/profileChanges.ts';
import { Button } from '../../ui/Button.tsx';
import { GatedButton } from '../../ui/GatedButton.tsx';
import { MaskedField } from '../../ui/MaskedField.tsx';
import { focusFirstInvalid, Modal, useFocusBack } from '../../ui/Modal.tsx';
import { Radio, RadioGroup } from '../../ui/RadioGroup.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { loadStatus, ModalLoad } from './ModalLoad.tsx';
import { Failure, UpdateActions } from './ChangeModalParts.tsx';
import * as styles from './review.css.ts';

export type PhoneChangeActor = ActorRefFrom<typeof phoneChangeMachine>;

const PHONE_FAILURES = { select: 'Your primary phone could not be changed.', edit: 'Your phone number could not be updated.', add: 'Your phone number could not be added.' } as const;

export function PhoneModal({ actor, onClose }: { actor: PhoneChangeActor; onClose: () => void }) {
  const state = useSelector(actor, (s) => s);
  const c = state.context;
  const send = actor.send;
  const busy = state.hasTag('pending');
  const failure = c.failure ? `${PHONE_FAILURES[c.failure.action]} ${c.failure.text}` : null;
  const inForm = state.matches('form') || state.matches('savingForm');
  // Back from the form, the button that opened it (Add Number, Edit) has the focus again.
  const formBack = useFocusBack(inForm);
  const idBase = useId();
  const ids = { add: `${idBase}-add`, edit: `${idBase}-edit` };
  if (inForm) {
    const errors = shownPhoneErrors(c);
    const update = () => {
      send({ type: 'update.pressed' });
      // Refused: the first field to fix takes the focus, with its error.
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
          <UpdateActions
            label={c.editing ? 'Update' : 'Add'}
            ready={state.can({ type: 'update.pressed' })}
            notYet={NOT_YET.phone}
            busy={busy}
            onUpdate={update}
            cancel="Back"
            onCancel={() => send({ type: 'form.back' })}
          />
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
          {/* While the list loads (or after it failed) it stays focusable and says why it waits. Keyed: the
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
