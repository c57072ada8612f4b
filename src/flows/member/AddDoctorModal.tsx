/**
 * Add Your Doctor (member-transfer-flow.md sections 2 and 5): the doctor's
 * names and practice address, phone and fax. Continue is enabled once every
 * required field is filled and the state has 2 letters (until then it says what
 * is missing, and stays focusable); it first searches for
 * a better match: none adds the doctor as entered and closes, matches show
 * 'We may have found a better match! …' with Select on each, or Continue for
 * the doctor as entered. Cancel, the close button and Escape close it. Focus
 * moves to First Name when it opens, and to the message when matches show.
 */
import { useEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { shownAddErrors, type AddField } from '../../../machines/member/doctorsMachine.ts';
import { addNotYet, DOCTOR_LIMITS, DOCTOR_MESSAGES, formatPhone } from '../../../machines/member/rules/doctorForms.ts';
import { Button } from '../../ui/Button.tsx';
import { GatedButton } from '../../ui/GatedButton.tsx';
import { MaskedField } from '../../ui/MaskedField.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { TextField } from '../../ui/TextField.tsx';
import type { DoctorsActor } from './doctorsActors.ts';
import { doctorFieldId } from './doctorsActors.ts';
import * as styles from './doctors.css.ts';
import { DoctorResults, NAME_FIELD, StateField } from './FindDoctorModal.tsx';

/** The doctor's address fields: not the member's, so no autofill; errors wired by aria (the machine decides them). */
const LINE_FIELD = { validationBehavior: 'aria', autoComplete: 'off' } as const;

export function AddDoctorModal({ actor }: { actor: DoctorsActor }) {
  const open = useSelector(actor, (s) => s.matches({ ready: 'adding' }));
  const matches = useSelector(actor, (s) => s.matches({ ready: { adding: 'matches' } }));
  const busy = useSelector(actor, (s) => s.hasTag('pending'));
  const canContinue = useSelector(actor, (s) => s.can({ type: 'add.submitted' }));
  // Why it waits: the fields still empty (only while the machine refuses Continue, and nothing is on its way).
  const notYet = useSelector(actor, (s) => addNotYet(s.context.add));
  const close = () => actor.send({ type: 'dialog.closed' });
  return (
    <Modal
      isOpen={open}
      onOpenChange={(isOpen) => !isOpen && close()}
      title="Add Your Doctor"
      actions={
        <>
          {/* The form's submit button: Enter in a field presses it too. Until every field is filled it stays
              focusable and says what is missing, on every press. */}
          <GatedButton
            type="submit"
            form="add-doctor-form"
            hint="read"
            missing={canContinue || busy || notYet === null ? [] : [notYet]}
            isPending={busy}
          >
            Continue
          </GatedButton>
          <Button variant="secondary" onPress={close}>
            Cancel
          </Button>
        </>
      }
    >
      {open &&
        (matches ? (
          <BetterMatches actor={actor} />
        ) : (
          <AddForm actor={actor} />
        ))}
    </Modal>
  );
}

function AddForm({ actor }: { actor: DoctorsActor }) {
  const state = useSelector(actor, (s) => s);
  const { add } = state.context;
  const errors = shownAddErrors(state.context);
  const busy = state.hasTag('pending');
  const field = (name: AddField) => ({
    id: doctorFieldId(`add-${name}`),
    onBlur: () => actor.send({ type: 'add.blurred', field: name }),
    errorMessage: errors[name] ?? undefined,
    isReadOnly: busy,
  });
  const change = (name: AddField) => (text: string) => actor.send({ type: 'add.changed', field: name, text });
  return (
    <form
      id="add-doctor-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'add.submitted' });
      }}
    >
      <p className={styles.intro}>Tell us your doctor&apos;s name and the practice&apos;s address and phone. Unit and fax are optional.</p>
      <div className={styles.formGrid}>
        <TextField {...field('firstName')} {...NAME_FIELD} label="First Name" autoFocus value={add.firstName} onChange={change('firstName')} />
        <TextField {...field('lastName')} {...NAME_FIELD} label="Last Name" value={add.lastName} onChange={change('lastName')} />
        <div className={styles.wide}>
          <TextField {...field('street')} {...LINE_FIELD} isRequired label="Street Address" maxLength={DOCTOR_LIMITS.street} value={add.street} onChange={change('street')} />
        </div>
        <TextField {...field('unit')} {...LINE_FIELD} label="Unit" maxLength={DOCTOR_LIMITS.street} value={add.unit} onChange={change('unit')} />
        <TextField {...field('city')} {...LINE_FIELD} isRequired label="City" maxLength={DOCTOR_LIMITS.city} value={add.city} onChange={change('city')} />
        <StateField {...field('state')} value={add.state} onChange={change('state')} />
        <MaskedField {...field('zip')} {...LINE_FIELD} isRequired mask="zip" label="Zip Code" value={add.zip} onChange={change('zip')} />
        <MaskedField {...field('phone')} {...LINE_FIELD} isRequired mask="phone" label="Phone Number" value={formatPhone(add.phone)} onChange={change('phone')} />
        <MaskedField {...field('fax')} {...LINE_FIELD} mask="phone" label="Fax Number" value={formatPhone(add.fax)} onChange={change('fax')} />
      </div>
      {/* While Continue's better-match search runs, the form says so: a polite region, there from the start. */}
      <p role="status" className={styles.notice}>
        {busy ? DOCTOR_MESSAGES.matching : ''}
      </p>
    </form>
  );
}

/** The better matches: Select one, or Continue with the doctor as entered. */
function BetterMatches({ actor }: { actor: DoctorsActor }) {
  const matches = useSelector(actor, (s) => s.context.matches ?? []);
  const message = useRef<HTMLParagraphElement>(null);
  // The fields are gone: the message takes the focus, so that it is read first.
  useEffect(() => message.current?.focus(), []);
  return (
    <form
      id="add-doctor-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'add.submitted' });
      }}
    >
      <p ref={message} tabIndex={-1} className={styles.intro}>
        {DOCTOR_MESSAGES.betterMatch}
      </p>
      <DoctorResults label="Better matches" doctors={matches} onSelect={(addressId) => actor.send({ type: 'match.selected', addressId })} />
    </form>
  );
}
