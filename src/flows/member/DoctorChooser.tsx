/**
 * The doctor chooser (member-transfer-flow.md section 2 "Doctor selection"):
 * the doctors on the profile as checkboxes with one chosen at a time, 'No
 * doctors found.', the 'Your doctor has been added.' banner, and the buttons
 * that open Find Your Doctor and Add Your Doctor. The page shows it below the
 * list, and the Add Prescription modal shows it when no doctor is chosen yet;
 * the two dialogs are rendered once, by DoctorDialogs.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { doctorsMachine } from '../../../machines/member/doctorsMachine.ts';
import { DOCTOR_MESSAGES, doctorLabel } from '../../../machines/member/rules/doctorForms.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import * as styles from './member.css.ts';

export type DoctorsActor = ActorRefFrom<typeof doctorsMachine>;

export function DoctorChooser({ actor }: { actor: DoctorsActor }) {
  const state = useSelector(actor, (s) => s);
  const { doctors, chosen, added } = state.context;
  if (state.matches('loading') || state.matches('starting')) return <Skeleton lines={3} label="Loading your doctors" />;
  return (
    <div>
      {added && <Alert tone="success">{DOCTOR_MESSAGES.added}</Alert>}
      {doctors.length === 0 ? (
        <p>{DOCTOR_MESSAGES.noDoctors}</p>
      ) : (
        <ul className={styles.doctorList} aria-label="Your doctors">
          {doctors.map((d) => (
            <li key={d.addressId}>
              <Checkbox isSelected={chosen === d.addressId} onChange={() => actor.send({ type: 'doctor.toggled', addressId: d.addressId! })}>
                {doctorLabel(d)}
              </Checkbox>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.actions}>
        <Button variant="secondary" onPress={() => actor.send({ type: 'find.opened' })}>
          Find Your Doctor
        </Button>
        <Button variant="secondary" onPress={() => actor.send({ type: 'add.opened' })}>
          Add Your Doctor
        </Button>
      </div>
    </div>
  );
}
