/**
 * Find Your Doctor (member-transfer-flow.md sections 2 and 5): first name,
 * last name and state; Search; the doctors found, each with Select (which
 * adds it to the list, chooses it and closes), or 'No doctors found.'.
 * Cancel, the close button and Escape close it. Focus moves to First Name
 * when it opens; a field shows its error once it is left, every field after
 * a refused Search (the machine then moves the focus to the first to fix).
 */
import { useSelector } from '@xstate/react';
import type { Physician } from '../../../machines/contract.ts';
import { shownFindErrors, type FindField } from '../../../machines/member/doctorsMachine.ts';
import { DOCTOR_LIMITS, DOCTOR_MESSAGES, doctorAddress, doctorLabel, doctorName, doctorPhone } from '../../../machines/member/rules/doctorForms.ts';
import { optionsMatching } from '../../../machines/shared/rules/verification.ts';
import { US_STATES } from '../../../machines/shared/rules/usStates.ts';
import { Button } from '../../ui/Button.tsx';
import { ComboBox, type ComboBoxItem } from '../../ui/ComboBox.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { TextField } from '../../ui/TextField.tsx';
import type { DoctorsActor } from './doctorsActors.ts';
import { doctorFieldId } from './doctorsActors.ts';
import * as styles from './doctors.css.ts';

/** A doctor's name, not the member's: no autofill; required, errors wired by aria (the machine decides them). */
export const NAME_FIELD = { isRequired: true, validationBehavior: 'aria', autoComplete: 'off', maxLength: DOCTOR_LIMITS.name } as const;

export function FindDoctorModal({ actor }: { actor: DoctorsActor }) {
  const open = useSelector(actor, (s) => s.matches({ ready: 'finding' }));
  const close = () => actor.send({ type: 'dialog.closed' });
  return (
    <Modal
      isOpen={open}
      onOpenChange={(isOpen) => !isOpen && close()}
      title="Find Your Doctor"
      actions={
        <Button variant="secondary" onPress={close}>
          Cancel
        </Button>
      }
    >
      {open && <FindForm actor={actor} />}
    </Modal>
  );
}

function FindForm({ actor }: { actor: DoctorsActor }) {
  const state = useSelector(actor, (s) => s);
  const { find, found } = state.context;
  const errors = shownFindErrors(state.context);
  const busy = state.hasTag('pending');
  const field = (name: FindField) => ({
    id: doctorFieldId(`find-${name}`),
    onBlur: () => actor.send({ type: 'find.blurred', field: name }),
    errorMessage: errors[name] ?? undefined,
  });
  const change = (name: FindField) => (text: string) => actor.send({ type: 'find.changed', field: name, text });
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'find.submitted' });
      }}
    >
      <p className={styles.intro}>Search by your doctor&apos;s name and the state of the practice.</p>
      <div className={styles.formGrid}>
        <TextField {...field('firstName')} {...NAME_FIELD} label="First Name" autoFocus value={find.firstName} onChange={change('firstName')} />
        <TextField {...field('lastName')} {...NAME_FIELD} label="Last Name" value={find.lastName} onChange={change('lastName')} />
        <StateField {...field('state')} value={find.state} onChange={change('state')} />
      </div>
      <div className={styles.actions}>
        <Button type="submit" isPending={busy}>
          Search
        </Button>
      </div>
      {/* Searching… while the search runs, then what it found: one polite region, there from the start. */}
      <p role="status" className={styles.notice}>
        {busy ? DOCTOR_MESSAGES.searching : found === null ? '' : found.length === 0 ? DOCTOR_MESSAGES.noDoctors : `${found.length} ${found.length === 1 ? 'doctor' : 'doctors'} found.`}
      </p>
      {found && found.length > 0 && !busy && (
        <DoctorResults label="Doctors found" doctors={found} onSelect={(addressId) => actor.send({ type: 'found.selected', addressId })} />
      )}
    </form>
  );
}

const STATE_ITEMS: ComboBoxItem[] = US_STATES.map((s) => ({ id: s.abbreviation, name: `${s.abbreviation} - ${s.name}`, value: s.abbreviation }));
const byStart = (texts: readonly string[], typed: string) => optionsMatching(texts, typed, 'prefix');

export interface StateFieldProps {
  id: string;
  value: string;
  onChange: (text: string) => void;
  onBlur: () => void;
  errorMessage?: string;
}

/** The state typeahead: the 2-letter abbreviation, typed or picked from the list (which names each state). */
export function StateField({ id, value, onChange, onBlur, errorMessage }: StateFieldProps) {
  return (
    <ComboBox
      id={id}
      label="State"
      defaultItems={STATE_ITEMS}
      narrow={byStart}
      allowsCustomValue
      inputValue={value}
      onInputChange={onChange}
      onBlur={onBlur}
      maxLength={DOCTOR_LIMITS.state}
      autoComplete="off"
      errorMessage={errorMessage}
      isRequired
      validationBehavior="aria"
    />
  );
}

export interface DoctorResultsProps {
  /** The list's name ('Doctors found', 'Better matches'). */
  label: string;
  doctors: Physician[];
  onSelect: (addressId: number) => void;
}

/** Doctors of a search, each with its Select button (named 'Select ' and the doctor's name and address). */
export function DoctorResults({ label, doctors, onSelect }: DoctorResultsProps) {
  return (
    <ul className={styles.results} aria-label={label}>
      {doctors.map((d) => {
        const phone = doctorPhone(d);
        return (
          <li key={d.addressId} className={styles.result}>
            <span className={styles.resultText}>
              <span className={styles.doctorName}>{doctorName(d)}</span>
              <span className={styles.doctorAddress}>{doctorAddress(d)}</span>
              {phone && <span className={styles.doctorAddress}>Phone: {phone}</span>}
            </span>
            <Button size="small" aria-label={`Select ${doctorLabel(d)}`} onPress={() => onSelect(d.addressId!)}>
              Select
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
