/**
 * Find Your Doctor and Add Your Doctor (member-transfer-flow.md sections 2 and
 * 5): the doctor chooser's two dialogs, rendered once for the page (the
 * chooser may show twice: on the page and in the Add Prescription modal).
 * Fields show their errors once the person pressed Search or Continue.
 */
import { useSelector } from '@xstate/react';
import type { Physician } from '../../../machines/contract.ts';
import { addErrors, DOCTOR_LIMITS, DOCTOR_MESSAGES, doctorLabel, findErrors, type AddField, type FindField } from '../../../machines/member/rules/doctorForms.ts';
import { optionsMatching } from '../../../machines/rules/verification.ts';
import { US_STATES } from '../../../machines/rules/usStates.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { ComboBox, type ComboBoxItem } from '../../ui/ComboBox.tsx';
import { MaskedField } from '../../ui/MaskedField.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { formatMasked } from '../../ui/masks.ts';
import type { DoctorsActor } from './DoctorChooser.tsx';
import * as styles from './member.css.ts';

const STATE_ITEMS: ComboBoxItem[] = US_STATES.map((s) => ({ id: s.abbreviation, name: s.abbreviation }));
const byStart = (texts: readonly string[], typed: string) => optionsMatching(texts, typed, 'prefix');

export function DoctorDialogs({ actor }: { actor: DoctorsActor }) {
  const state = useSelector(actor, (s) => s);
  const close = () => actor.send({ type: 'dialog.closed' });
  return (
    <>
      <Modal isOpen={state.matches({ ready: 'finding' })} onOpenChange={(open) => !open && close()} title="Find Your Doctor">
        {state.matches({ ready: 'finding' }) && <FindForm actor={actor} />}
      </Modal>
      <Modal isOpen={state.matches({ ready: 'adding' })} onOpenChange={(open) => !open && close()} title="Add Your Doctor">
        {state.matches({ ready: 'adding' }) && <AddForm actor={actor} />}
      </Modal>
    </>
  );
}

function FindForm({ actor }: { actor: DoctorsActor }) {
  const state = useSelector(actor, (s) => s);
  const { find, findTried, found } = state.context;
  const errors = findTried ? findErrors(find) : null;
  const busy = state.hasTag('pending');
  const change = (field: FindField) => (text: string) => actor.send({ type: 'find.changed', field, text });
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'find.submitted' });
      }}
    >
      <div className={styles.formGrid}>
        <TextField label="First Name" value={find.firstName} onChange={change('firstName')} maxLength={DOCTOR_LIMITS.name} autoComplete="off" errorMessage={errors?.firstName ?? undefined} isRequired />
        <TextField label="Last Name" value={find.lastName} onChange={change('lastName')} maxLength={DOCTOR_LIMITS.name} autoComplete="off" errorMessage={errors?.lastName ?? undefined} isRequired />
        <StateField value={find.state} onChange={change('state')} error={errors?.state ?? undefined} />
      </div>
      <div className={styles.actions}>
        <Button type="submit" isDisabled={busy}>
          {busy ? 'Searching…' : 'Search'}
        </Button>
        <Button variant="secondary" onPress={() => actor.send({ type: 'dialog.closed' })}>
          Cancel
        </Button>
      </div>
      {found !== null && !busy && <Results doctors={found} onSelect={(addressId) => actor.send({ type: 'found.selected', addressId })} />}
    </form>
  );
}

function AddForm({ actor }: { actor: DoctorsActor }) {
  const state = useSelector(actor, (s) => s);
  const { add, addTried, matches } = state.context;
  const errors = addTried ? addErrors(add) : null;
  const busy = state.hasTag('pending');
  const change = (field: AddField) => (text: string) => actor.send({ type: 'add.changed', field, text });
  const error = (field: AddField) => errors?.[field] ?? undefined;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'add.submitted' });
      }}
    >
      {state.matches({ ready: { adding: 'matches' } }) ? (
        <>
          <Alert tone="info">{DOCTOR_MESSAGES.betterMatch}</Alert>
          <Results doctors={matches ?? []} onSelect={(addressId) => actor.send({ type: 'match.selected', addressId })} />
        </>
      ) : (
        <div className={styles.formGrid}>
          <TextField label="First Name" value={add.firstName} onChange={change('firstName')} maxLength={DOCTOR_LIMITS.name} autoComplete="off" errorMessage={error('firstName')} isRequired />
          <TextField label="Last Name" value={add.lastName} onChange={change('lastName')} maxLength={DOCTOR_LIMITS.name} autoComplete="off" errorMessage={error('lastName')} isRequired />
          <TextField label="Street Address" value={add.street} onChange={change('street')} maxLength={DOCTOR_LIMITS.street} autoComplete="off" errorMessage={error('street')} isRequired />
          <TextField label="Unit" value={add.unit} onChange={change('unit')} maxLength={DOCTOR_LIMITS.street} autoComplete="off" />
          <TextField label="City" value={add.city} onChange={change('city')} maxLength={DOCTOR_LIMITS.city} autoComplete="off" errorMessage={error('city')} isRequired />
          <StateField value={add.state} onChange={change('state')} error={error('state')} />
          <MaskedField label="Zip Code" mask="zip" value={add.zip} onChange={change('zip')} autoComplete="off" errorMessage={error('zip')} isRequired />
          <MaskedField label="Phone Number" mask="phone" value={formatMasked('phone', add.phone)} onChange={change('phone')} autoComplete="off" errorMessage={error('phone')} isRequired />
          <MaskedField label="Fax Number" mask="phone" value={formatMasked('phone', add.fax)} onChange={change('fax')} autoComplete="off" errorMessage={error('fax')} />
        </div>
      )}
      <div className={styles.actions}>
        <Button type="submit" isDisabled={busy || !state.can({ type: 'add.submitted' })}>
          {busy ? 'Checking…' : 'Continue'}
        </Button>
        <Button variant="secondary" onPress={() => actor.send({ type: 'dialog.closed' })}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function StateField({ value, onChange, error }: { value: string; onChange: (text: string) => void; error?: string }) {
  return (
    <ComboBox
      label="State"
      defaultItems={STATE_ITEMS}
      narrow={byStart}
      allowsCustomValue
      inputValue={value}
      onInputChange={onChange}
      maxLength={2}
      autoComplete="off"
      errorMessage={error}
      isRequired
      validationBehavior="aria"
    />
  );
}

function Results({ doctors, onSelect }: { doctors: Physician[]; onSelect: (addressId: number) => void }) {
  if (!doctors.length) return <p role="status">{DOCTOR_MESSAGES.noDoctors}</p>;
  return (
    <ul className={styles.results} aria-label="Doctors found">
      {doctors.map((d) => (
        <li key={d.addressId} className={styles.result}>
          <span>{doctorLabel(d)}</span>
          <Button size="small" onPress={() => onSelect(d.addressId!)} aria-label={`Select ${doctorLabel(d)}`}>
            Select
          </Button>
        </li>
      ))}
    </ul>
  );
}
