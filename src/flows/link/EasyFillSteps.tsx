/**
 * Easy Fill steps 2 and 3 (sections 2.15, 4, 5, 8): choose the drugs, the
 * shipping address and the card, Fill Now; then the confirmation with the
 * auto-refill toggles. Renders the Easy Fill machine and sends its events:
 * every rule (Fill Now enablement, which address and card, eligibility, the
 * terms) is the machine's or a pure function of machines/link/rules.
 */
import { useActor } from '@xstate/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Temporal } from 'temporal-polyfill';
import { EASY_FILL_MESSAGES } from '../../../machines/link/easyFillMachine.ts';
import { allSelected, canFillNow, fillNowMissing, selectedTotal } from '../../../machines/link/rules/easyFill.ts';
import { paymentCard, shippingAddress } from '../../../machines/shared/rules/savedChoice.ts';
import { gateway } from '../../api/instance.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { GatedButton } from '../../ui/GatedButton.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { Radio, RadioGroup } from '../../ui/RadioGroup.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { OrderTotalSummary } from '../shared/CostSummary.tsx';
import { AddressForm } from '../shared/AddressForm.tsx';
import { CardForm } from '../shared/CardForm.tsx';
import { provideEasyFill } from './flowActors.ts';
import type { StepsProps } from './stepsProps.ts';
import { AddressText, CardText, DrugFacts } from './LinkParts.tsx';
import { EasyFillConfirmation } from './EasyFillConfirmation.tsx';
import { StepHeading } from '../shared/StepHeading.tsx';
import { AlreadyOrdered } from './Verification.tsx';
import { lazyPart } from '../../ui/lazyPart.tsx';

// Verified, and the link's prescriptions found ordered meanwhile: the order's status below the message.
// Its code (the timeline, Temporal, the card form) loads only in that state.
const LinkOrderStatus = lazyPart(() => import('../orders/LinkOrderStatus.tsx'), (m) => m.default, {
  what: "The order's status",
  fallback: <Skeleton lines={6} label="Loading your order" />,
});
import * as styles from '../shared/flow.css.ts';
import { inspectFlow } from '../../dev/inspectFlow.ts';

const easyFillLogic = provideEasyFill(gateway);
export default function EasyFillSteps({ allowBillMeLater, onResult }: StepsProps) {
  const [state, send] = useActor(easyFillLogic, { input: { allowBillMeLater, now: Temporal.Now.instant().toString() }, inspect: inspectFlow() });
  const { context: c } = state;
  const confirming = state.matches('confirmation');
  useEffect(() => {
    if (confirming) onResult();
  }, [confirming, onResult]);

  // Once a new address or card is saved and shown, the focus is on the panel's button that opened the
  // modal. react-aria gives it back when the modal closes, but on a busy machine the reload that
  // follows could leave it elsewhere (seen on Fill Now): so it is put there again once the list is back.
  const addressButton = useRef<HTMLButtonElement>(null);
  const cardButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const target = c.notice === EASY_FILL_MESSAGES.addressAdded ? addressButton.current : c.notice === EASY_FILL_MESSAGES.cardAdded ? cardButton.current : null;
    if (target && !document.activeElement?.closest('[role="dialog"], [role="alertdialog"], input, textarea')) target.focus();
  }, [c.notice]);

  if (state.matches('loading')) return <Skeleton lines={8} label="Loading your prescriptions" />;
  if (state.matches('alreadyOrdered')) {
    return (
      <AlreadyOrdered focusOnMount>
        <LinkOrderStatus />
      </AlreadyOrdered>
    );
  }
  if (state.matches('loadFailed')) {
    return (
      <>
        <StepHeading focusOnMount>Choose your prescriptions</StepHeading>
        <Alert tone="error">{c.orderError}</Alert>
        <div className={styles.actions}>
          <Button onPress={() => send({ type: 'retry.pressed' })}>Try again</Button>
        </div>
      </>
    );
  }
  if (confirming) return <EasyFillConfirmation state={state} send={send} />;

  const address = shippingAddress(c.addresses, c.chosenAddressId);
  const card = paymentCard(c.cards, c.chosenCardSeq);
  const placing = state.matches('ordering') || state.matches('loadingDetails');
  const reloadingAddresses = state.matches({ selecting: 'reloadingAddresses' });
  const reloadingCards = state.matches({ selecting: 'reloadingCards' });
  const all = allSelected(c.drugs, c.selected);
  const modal = state.matches({ selecting: 'addressModal' }) ? 'address' : state.matches({ selecting: 'paymentModal' }) ? 'payment' : null;
  const fillNowCheck = { selectedCount: c.selected.length, hasAddress: address !== null, hasCard: card !== null, allowBillMeLater: c.allowBillMeLater };

  return (
    <>
      <StepHeading focusOnMount>Choose your prescriptions</StepHeading>
      {c.orderError && <Alert tone="error">{c.orderError}</Alert>}
      <div className={styles.stack}>
        <Checkbox isSelected={all} onChange={() => send({ type: 'all.toggled' })} isDisabled={placing}>
          Select all
        </Checkbox>
        <ul className={styles.drugList} aria-label="Prescriptions">
          {c.drugs.map((d) => (
            <li key={d.rxId} className={styles.drugRow}>
              {/* The supply and copay describe the box: a screen reader hears them with the drug's name. */}
              <Checkbox
                isSelected={c.selected.includes(d.rxId)}
                onChange={() => send({ type: 'drug.toggled', rxId: d.rxId })}
                isDisabled={placing}
                aria-describedby={`drug-facts-${d.rxId}`}
              >
                {d.dispensedMedName}
              </Checkbox>
              <DrugFacts drug={d} id={`drug-facts-${d.rxId}`} />
            </li>
          ))}
        </ul>
      </div>

      <section className={styles.panel} aria-labelledby="ship-pay-title">
        <h3 id="ship-pay-title" className={`${styles.panelTitle} ${styles.panelWide}`}>
          Shipping &amp; Payment
        </h3>
        <div className={styles.panelPart}>
          <h4 className={styles.label}>Shipping address</h4>
          {reloadingAddresses ? (
            <Skeleton lines={2} label="Updating your addresses" />
          ) : address ? (
            <AddressText address={address} />
          ) : (
            <Alert tone="warning" announce={false}>
              {EASY_FILL_MESSAGES.noAddress}
            </Alert>
          )}
          {/* One button whatever the panel shows, kept (pending) while the list reloads: the modal gives the focus back to it. */}
          <Button
            variant="secondary"
            size="small"
            ref={addressButton}
            isPending={reloadingAddresses}
            onPress={() => send({ type: 'addressModal.opened' })}
            aria-label={address ? 'Change shipping address' : undefined}
          >
            {address ? 'CHANGE' : 'Add Shipping'}
          </Button>
        </div>
        <div className={styles.panelPart}>
          <h4 className={styles.label}>Payment method</h4>
          {reloadingCards ? (
            <Skeleton lines={2} label="Updating your cards" />
          ) : card ? (
            <CardText card={card} />
          ) : (
            <Alert tone={allowBillMeLater ? 'info' : 'warning'} announce={false}>
              {allowBillMeLater ? EASY_FILL_MESSAGES.paymentOptional : EASY_FILL_MESSAGES.paymentRequired}
            </Alert>
          )}
          <Button
            ref={cardButton}
            variant="secondary"
            size="small"
            isPending={reloadingCards}
            onPress={() => send({ type: 'paymentModal.opened' })}
            aria-label={card ? 'Change payment method' : undefined}
          >
            {card ? 'CHANGE' : 'Add Payment'}
          </Button>
        </div>
      </section>
      {/* Said once, after a new address or card is saved and shown (always there, so it is announced when it fills). */}
      <p role="status" className={styles.notice}>
        {c.notice}
      </p>

      <OrderTotalSummary total={selectedTotal(c.drugs, c.selected)} live />
      <div className={styles.actions}>
        {/* Focusable when it cannot be pressed, and says why. */}
        <GatedButton
          missing={fillNowMissing(fillNowCheck)}
          // Nothing missing, but not now (an order being placed, a list reloading): busy, with nothing to explain.
          isPending={placing || (canFillNow(fillNowCheck) && !state.can({ type: 'fillNow.pressed' }))}
          onPress={() => send({ type: 'fillNow.pressed' })}
        >
          Fill Now
        </GatedButton>
      </div>
      {placing && <Skeleton lines={3} label="Placing your order" />}

      <Chooser
        isOpen={modal === 'address'}
        title="Shipping address"
        addLabel="Add a new address"
        currentId={address?.addressId ?? null}
        options={c.addresses.filter((a) => a.active).map((a) => ({ id: a.addressId, content: <AddressText address={a} /> }))}
        onChoose={(addressId) => send({ type: 'address.chosen', addressId })}
        onClose={() => send({ type: 'modal.closed' })}
        form={(cancel, saved) => (
          <AddressForm
            gateway={gateway}
            onSaved={(addressId) => {
              saved();
              send({ type: 'address.added', addressId });
            }}
            onCancel={cancel}
          />
        )}
      />
      <Chooser
        isOpen={modal === 'payment'}
        title="Payment method"
        addLabel="Add a new card"
        currentId={card?.cardSeqNum ?? null}
        options={c.cards.map((k) => ({ id: k.cardSeqNum, content: <CardText card={k} /> }))}
        onChoose={(cardSeqNum) => send({ type: 'card.chosen', cardSeqNum })}
        onClose={() => send({ type: 'modal.closed' })}
        form={(cancel, saved) => (
          <CardForm
            gateway={gateway}
            onSaved={() => {
              saved();
              send({ type: 'card.added' });
            }}
            onCancel={cancel}
          />
        )}
      />
    </>
  );
}

interface ChooserProps {
  isOpen: boolean;
  title: string;
  addLabel: string;
  currentId: number | null;
  options: { id: number; content: ReactNode }[];
  onChoose: (id: number) => void;
  onClose: () => void;
  /** The add form; `cancel` returns to the list (or closes when there is nothing to choose), `saved` before reporting the new one. */
  form: (cancel: () => void, saved: () => void) => ReactNode;
}

/** One modal frame for both: a radio list with 'Use this', or the add form. */
function Chooser({ isOpen, title, addLabel, currentId, options, onChoose, onClose, form }: ChooserProps) {
  const [adding, setAdding] = useState(false);
  const empty = options.length === 0;
  const [picked, setPicked] = useState<string | null>(null);
  const showForm = adding || empty;
  // Every way out resets the modal, so the next opening starts from the list (or the form when nothing is on file).
  const reset = () => {
    setAdding(false);
    setPicked(null);
  };
  const close = () => {
    reset();
    onClose();
  };
  const value = picked ?? (currentId === null ? null : String(currentId));
  // 'Add a new …' turns the list into the form: the title says so and the focus goes to its first field.
  useEffect(() => {
    if (!adding) return;
    const frame = requestAnimationFrame(() => document.querySelector<HTMLElement>('[role="dialog"] input:not([type="hidden"])')?.focus());
    return () => cancelAnimationFrame(frame);
  }, [adding]);
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => !open && close()}
      title={showForm && !empty ? `New ${title.toLowerCase()}` : title}
      actions={
        showForm ? undefined : (
          <>
            <Button
              isDisabled={value === null}
              onPress={() => {
                reset();
                if (value !== null) onChoose(Number(value));
              }}
            >
              Use this
            </Button>
            <Button variant="secondary" onPress={() => setAdding(true)}>
              {addLabel}
            </Button>
            <Button variant="secondary" onPress={close}>
              Cancel
            </Button>
          </>
        )
      }
    >
      {showForm ? (
        form(() => (empty ? close() : setAdding(false)), reset)
      ) : (
        <RadioGroup label={`Choose your ${title.toLowerCase()}`} value={value} onChange={setPicked}>
          {options.map((o) => (
            <Radio key={o.id} value={String(o.id)}>
              <span className={styles.choice}>{o.content}</span>
            </Radio>
          ))}
        </RadioGroup>
      )}
    </Modal>
  );
}
