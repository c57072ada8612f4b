/**
 * The review page's two list modals (member-transfer-flow.md sections 2, 4,
 * 5 and 8): the shipping address and the payment card. Both render
 * savedListChangeMachine (List, with Select and Edit on each record, and Add)
 * and, for Add and Edit, the form of Easy Fill's modal over the member's
 * calls: AddressForm (addressFormMachine) and CardForm (cardFormMachine,
 * whose new card number goes only to the hosted field).
 */
import { useId, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { formInputOf, type addressChangeMachine } from '../../../machines/member/addressChangeMachine.ts';
import { cardFormInputOf, type paymentChangeMachine } from '../../../machines/member/paymentChangeMachine.ts';
import type { savedListChangeMachine } from '../../../machines/member/savedListChangeMachine.ts';
import { CHANGE_TITLES, EMPTY_LIST, LIST_NOT_READY } from '../../../machines/member/rules/profileChanges.ts';
import { savedCardLine } from '../../../machines/member/rules/review.ts';
import type { Address, PaymentCard } from '../../../machines/contract.ts';
import { addressLine } from '../../../machines/shared/rules/display.ts';
import { gateway } from '../../api/instance.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { GatedButton } from '../../ui/GatedButton.tsx';
import { Modal, useFocusBack } from '../../ui/Modal.tsx';
import { AddressForm } from '../shared/AddressForm.tsx';
import { loadStatus, ModalLoad } from './ModalLoad.tsx';
import { CardForm } from '../shared/CardForm.tsx';
import { provideMemberAddressForm, provideMemberCardForm } from './reviewActors.ts';
import * as styles from './review.css.ts';

type ListActor<Item, Part extends string> = ActorRefFrom<ReturnType<typeof savedListChangeMachine<Item, Part>>>;

/** What a list modal shows of its records. */
interface ListView<Item> {
  title: string;
  /** The list's accessible name ('Your addresses'). */
  listName: string;
  loading: string;
  empty: string;
  addLabel: string;
  /** Why Add waits while the list loads, or after it could not be read. */
  notReady: { loading: string; unavailable: string };
  idOf: (item: Item) => number;
  /** The record in words (also the name its buttons add to Edit and Select). */
  describe: (item: Item) => string;
  isDefault: (item: Item) => boolean;
  /** The add/edit form's modal title and the form's accessible name. */
  form: { edit: { title: string; label: string }; add: { title: string; label: string } };
}

/** What the list gives its form: Save tells the list, Cancel (or Escape) goes back to it. */
interface FormProps {
  label: string;
  autoFocus: true;
  onSaved: () => void;
  onCancel: () => void;
}

/** List, with Select and Edit on each record, Add, and the form once Add or Edit is pressed. */
function SavedListModal<Item, Part extends string>({
  actor,
  view,
  form,
  onClose,
}: {
  actor: ListActor<Item, Part>;
  view: ListView<Item>;
  /** The add/edit form (AddressForm, CardForm); the list puts it in its own modal. */
  form: (props: FormProps) => ReactNode;
  onClose: () => void;
}) {
  const state = useSelector(actor, (s) => s);
  const c = state.context;
  const send = actor.send;
  const busy = state.hasTag('pending');
  // The form replaces the list; Cancel (or Escape) brings the list back with the focus on the button that opened the form.
  const formBack = useFocusBack(state.matches('form'));
  const idBase = useId();
  const ids = { add: `${idBase}-add`, edit: (id: number) => `${idBase}-edit-${id}` };
  // The form's modal takes the list's place (the same dialog, so that closing it later gives the focus back to the Change button).
  if (state.matches('form')) {
    const { title, label } = view.form[c.editing ? 'edit' : 'add'];
    const back = () => send({ type: 'form.back' });
    return (
      <Modal isOpen onOpenChange={(open) => !open && back()} title={title}>
        {form({ label, autoFocus: true, onSaved: () => send({ type: 'form.saved' }), onCancel: back })}
      </Modal>
    );
  }
  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && onClose()}
      isDismissable={!busy}
      title={view.title}
      actions={
        <>
          {/* While the list loads (or after it failed) it stays focusable and says why it waits. */}
          <GatedButton
            id={ids.add}
            hint="read"
            missing={busy || state.can({ type: 'item.addPressed' }) ? [] : [view.notReady[state.matches('unavailable') ? 'unavailable' : 'loading']]}
            isPending={busy}
            onPress={() => {
              formBack(ids.add);
              send({ type: 'item.addPressed' });
            }}
          >
            {view.addLabel}
          </GatedButton>
          <Button variant="secondary" onPress={onClose} isDisabled={busy}>
            Cancel
          </Button>
        </>
      }
    >
      {c.failure && <Alert tone="error" title={c.failure} />}
      <ModalLoad status={loadStatus(state.value)} lines={2} label={view.loading} error={c.loadError} onRetry={() => send({ type: 'list.retried' })} />
      {(state.matches('listing') || state.matches('selecting')) &&
        (c.items.length === 0 ? (
          <p>{view.empty}</p>
        ) : (
          <ul className={styles.choiceList} aria-label={view.listName}>
            {c.items.map((item) => {
              const id = view.idOf(item);
              const words = view.describe(item);
              return (
                <li key={id} className={styles.choice}>
                  <span>
                    {words}
                    {view.isDefault(item) ? <strong> (default)</strong> : null}
                  </span>
                  <span className={styles.choiceButtons}>
                    {state.can({ type: 'item.editPressed', id }) && (
                      <Button
                        id={ids.edit(id)}
                        variant="secondary"
                        size="small"
                        aria-label={`Edit ${words}`}
                        onPress={() => {
                          formBack(ids.edit(id));
                          send({ type: 'item.editPressed', id });
                        }}
                        isDisabled={busy}
                      >
                        Edit
                      </Button>
                    )}
                    {state.can({ type: 'item.selected', id }) && (
                      <Button
                        variant="secondary"
                        size="small"
                        aria-label={`Select ${words}`}
                        onPress={() => send({ type: 'item.selected', id })}
                        isDisabled={busy}
                        isPending={c.selecting !== null && view.idOf(c.selecting) === id}
                      >
                        Select
                      </Button>
                    )}
                  </span>
                </li>
              );
            })}
          </ul>
        ))}
    </Modal>
  );
}

// ---------------------------------------------------------------- shipping address

const ADDRESS_VIEW: ListView<Address> = {
  title: CHANGE_TITLES.address,
  listName: 'Your addresses',
  loading: 'Loading your addresses',
  empty: EMPTY_LIST.address,
  addLabel: 'Add a new address',
  notReady: LIST_NOT_READY.address,
  idOf: (a) => a.addressId,
  describe: addressLine,
  isDefault: (a) => a.defaultShipping,
  form: { edit: { title: 'Edit Shipping Address', label: 'Edit the address' }, add: { title: 'New Shipping Address', label: 'Add an address' } },
};

export function AddressModal({ actor, onClose }: { actor: ActorRefFrom<typeof addressChangeMachine>; onClose: () => void }) {
  return (
    <SavedListModal
      actor={actor}
      view={ADDRESS_VIEW}
      onClose={onClose}
      form={(props) => <AddressForm gateway={gateway} provide={provideMemberAddressForm} review={formInputOf(actor.getSnapshot().context)} {...props} />}
    />
  );
}

// ---------------------------------------------------------------- payment card

export function PaymentModal({ actor, onClose }: { actor: ActorRefFrom<typeof paymentChangeMachine>; onClose: () => void }) {
  const today = useSelector(actor, (s) => s.context.today);
  const view: ListView<PaymentCard> = {
    title: CHANGE_TITLES.payment,
    listName: 'Your cards',
    loading: 'Loading your cards',
    empty: EMPTY_LIST.payment,
    addLabel: 'Add a new card',
    notReady: LIST_NOT_READY.payment,
    idOf: (card) => card.cardSeqNum,
    describe: (card) => savedCardLine(card, today),
    isDefault: (card) => card.defaultCard,
    form: { edit: { title: 'Edit Payment Card', label: 'Edit the card' }, add: { title: 'New Payment Card', label: 'Add a card' } },
  };
  return (
    <SavedListModal
      actor={actor}
      view={view}
      onClose={onClose}
      form={(props) => <CardForm gateway={gateway} provide={provideMemberCardForm} review={cardFormInputOf(actor.getSnapshot().context)} {...props} />}
    />
  );
}
