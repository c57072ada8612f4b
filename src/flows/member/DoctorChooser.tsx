/**
 * The doctor chooser (member-transfer-flow.md section 2 "Doctor selection"):
 * the doctors listed as a radio group, one chosen at a time (a
 * radio per doctor-address, named by the doctor's name and address, the
 * phone read as its description); 'No doctors found.'; 'Your doctor has been
 * added.' as a status; Clear doctor choice while one is chosen; Find Your Doctor and Add Your Doctor. The page gives
 * the heading.
 *
 * The chooser may show twice (on the page, and in the Add Prescription modal
 * while no doctor is chosen), so the two dialogs are not in it: the page
 * renders `DoctorModals` once, beside the chooser.
 */
import { useId, useRef } from 'react';
import { useSelector } from '@xstate/react';
import type { DoctorsActor } from './doctorsActors.ts';
import { DOCTOR_MESSAGES, doctorAddress, doctorLabel, doctorName, doctorPhone } from '../../../machines/member/rules/doctorForms.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Radio, RadioGroup } from '../../ui/RadioGroup.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { AddDoctorModal } from './AddDoctorModal.tsx';
import * as styles from './doctors.css.ts';
import { FindDoctorModal } from './FindDoctorModal.tsx';


export function DoctorChooser({ actor }: { actor: DoctorsActor }) {
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const doctors = useSelector(actor, (s) => s.context.doctors);
  const chosen = useSelector(actor, (s) => s.context.chosen);
  const added = useSelector(actor, (s) => s.context.added);
  // The chooser may show twice: its ids are its own.
  const uid = useId();
  const group = useRef<HTMLDivElement>(null);
  if (loading) return <Skeleton lines={3} label="Loading your doctors" />;
  const toggle = (addressId: number) => actor.send({ type: 'doctor.toggled', addressId });
  return (
    <div>
      {/* Always there, so that the banner is announced when it appears. */}
      <div role="status">{added && <Alert tone="success" announce={false}>{DOCTOR_MESSAGES.added}</Alert>}</div>
      {doctors.length === 0 ? (
        <p className={styles.empty}>{DOCTOR_MESSAGES.noDoctors}</p>
      ) : (
        <>
          {/*
            One doctor at a time (section 9: 'Only one physician address is selected at a time'), so a radio
            group: ticking a checkbox silently unticked another. The specification clears the
            choice by choosing the chosen doctor again, which radios cannot say; 'Clear doctor choice' does it
            (our decision), and gives the focus back to the group.
          */}
          <div ref={group}>
            <RadioGroup label="Your doctors" value={chosen === null ? null : String(chosen)} onChange={(value) => value !== String(chosen) && toggle(Number(value))}>
              <ul className={styles.doctorList}>
                {doctors.map((d) => {
                  const phone = doctorPhone(d);
                  const phoneId = `${uid}-phone-${d.addressId}`;
                  return (
                    <li key={d.addressId} className={styles.doctorItem} data-chosen={chosen === d.addressId}>
                      <Radio value={String(d.addressId)} aria-label={doctorLabel(d)} aria-describedby={phone ? phoneId : undefined}>
                        <span className={styles.doctorName}>{doctorName(d)}</span>
                        <span className={styles.doctorAddress}>{doctorAddress(d)}</span>
                      </Radio>
                      {phone && (
                        <p id={phoneId} className={styles.doctorPhone}>
                          Phone: {phone}
                        </p>
                      )}
                    </li>
                  );
                })}
              </ul>
            </RadioGroup>
          </div>
          {chosen !== null && (
            <Button
              variant="quiet"
              size="small"
              onPress={() => {
                toggle(chosen);
                // The button goes with the choice: the focus goes to the group (its first doctor, none chosen).
                requestAnimationFrame(() => group.current?.querySelector<HTMLInputElement>('input[type="radio"]')?.focus());
              }}
            >
              Clear doctor choice
            </Button>
          )}
        </>
      )}
      <div className={styles.buttons}>
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

/** Find Your Doctor and Add Your Doctor, rendered once for the page (the chooser's buttons open them). */
export function DoctorModals({ actor }: { actor: DoctorsActor }) {
  return (
    <>
      <FindDoctorModal actor={actor} />
      <AddDoctorModal actor={actor} />
    </>
  );
}
