/**
 * The Add a Prescription modal (member-transfer-flow.md section 2): the
 * choice, the other ways to send a new prescription, then the medication
 * rows, the pharmacy (active prescriptions) and the doctor. It renders
 * addPrescriptionMachine (a child of the Select Your Prescriptions machine
 * while the modal is open) and sends it what the person does; every rule is
 * the machine's or a pure function of machines/member/rules.
 *
 * Cancel, the close button and Escape all cancel. The doctor is chosen on the
 * page; when none is, the page's chooser is shown here (`doctorSlot`), and it
 * stays while the modal is open, so that a doctor ticked here can be changed
 * or cleared here.
 */
import { useSelector } from '@xstate/react';
import { memo, useState, type ReactNode } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { type addPrescriptionMachine } from '../../../machines/member/addPrescriptionMachine.ts';
import {
  ADD_PRESCRIPTION_MESSAGES as M,
  canAddAnother,
  doctorError,
  KIND_LABELS,
  lookupRetryable,
  autoRefillRefusalOf,
  notAddableReasons,
  REFILL_OPTIONS,
  rowErrorsOf,
  rowHintOf,
  shownPharmacyErrors,
  type AddPrescriptionEvent,
  type FieldKey,
  type PharmacyField,
  type PrescriptionKind,
  type RefillOption,
} from '../../../machines/member/addPrescriptionContext.ts';
import { ROW_LIMITS, ROW_MESSAGES } from '../../../machines/member/rules/medicationRows.ts';
import { PHARMACY_LIMITS, stateOptions } from '../../../machines/member/rules/pharmacy.ts';
import { stateByAbbreviation } from '../../../machines/shared/rules/usStates.ts';
import { contact } from '../../content/contact.ts';
import { Fax, MailingAddress } from '../../content/ContactDetails.tsx';
import { documentHref, documents } from '../../content/documents.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { GatedButton } from '../../ui/GatedButton.tsx';
import { LookupStatus } from '../../ui/LookupStatus.tsx';
import { ComboBox, type ComboBoxItem } from '../../ui/ComboBox.tsx';
import { ExternalLink } from '../../ui/Link.tsx';
import { MaskedField } from '../../ui/MaskedField.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { Radio, RadioGroup } from '../../ui/RadioGroup.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { addPrescriptionFieldId as fieldId } from './addPrescriptionActors.ts';
import { AutoRefillDetailsModal } from './AutoRefillDetailsModal.tsx';
import * as styles from './addPrescription.css.ts';

export type AddPrescriptionActor = ActorRefFrom<typeof addPrescriptionMachine>;
type Snapshot = SnapshotFrom<typeof addPrescriptionMachine>;
type Send = (event: AddPrescriptionEvent) => void;

export interface AddPrescriptionModalProps {
  actor: AddPrescriptionActor;
  /** The page's doctor chooser, shown in 'Your doctor' while no doctor is chosen. */
  doctorSlot: ReactNode;
}

const KINDS = Object.keys(KIND_LABELS) as PrescriptionKind[];

/** Which of the modal's screens is shown: all the shell (title, buttons) depends on. */
type View = 'choosing' | 'otherOptions' | 'form' | 'closed';
const viewOf = (s: Snapshot): View =>
  s.status !== 'active' ? 'closed' : s.matches('otherOptions') ? 'otherOptions' : s.matches('form') ? 'form' : s.matches('choosing') ? 'choosing' : 'closed';

export function AddPrescriptionModal({ actor, doctorSlot }: AddPrescriptionModalProps) {
  // The shell (the dialog, its title and buttons) draws again only when the screen changes; what is
  // typed draws the body alone (a keystroke answered within a frame on a slow phone).
  const view = useSelector(actor, viewOf);
  const send = actor.send;
  const cancel = () => send({ type: 'cancel.pressed' });
  // Each refused press says again why (a new alert), as a gated button does.
  const [refusals, setRefusals] = useState(0);
  const submit = () => {
    send({ type: 'submit.pressed' });
    if (notAddableReasons(actor.getSnapshot().context).length) setRefusals((n) => n + 1);
  };

  const actions =
    view === 'otherOptions' ? (
      <Button onPress={() => send({ type: 'done.pressed' })}>I&apos;m Done</Button>
    ) : view === 'form' ? (
      <>
        <Button onPress={submit}>Add Prescription</Button>
        <Button variant="secondary" onPress={cancel}>
          Cancel
        </Button>
      </>
    ) : (
      <>
        <Button onPress={() => send({ type: 'continue.pressed' })}>Continue</Button>
        <Button variant="secondary" onPress={() => send({ type: 'otherOptions.pressed' })}>
          View Other Options
        </Button>
        <Button variant="secondary" onPress={cancel}>
          Cancel
        </Button>
      </>
    );

  return (
    <Modal
      isOpen={view !== 'closed'}
      onOpenChange={(open) => !open && cancel()}
      title={view === 'otherOptions' ? 'Add a New Prescription' : 'Add a Prescription'}
      actions={actions}
    >
      <ModalBody actor={actor} view={view} doctorSlot={doctorSlot} refusals={refusals} />
    </Modal>
  );
}

/** The screen inside the modal, drawn from the machine's whole state (memoised: the shell's renders pass it by). */
const ModalBody = memo(function ModalBody({ actor, view, doctorSlot, refusals }: { actor: AddPrescriptionActor; view: View; doctorSlot: ReactNode; refusals: number }) {
  const state = useSelector(actor, (s) => s);
  const send = actor.send;
  if (view === 'choosing') return <Choice state={state} send={send} />;
  if (view === 'otherOptions') return <OtherOptions />;
  if (view !== 'form') return null;
  return (
    <>
      <Form state={state} send={send} doctorSlot={doctorSlot} refusals={refusals} />
      {/* Inside the modal's tree, so that it nests in the dialog's focus scope. */}
      <AutoRefillDetailsModal isOpen={state.matches({ form: { details: 'open' } })} onClose={() => send({ type: 'autoRefillDetails.closed' })} />
    </>
  );
});

function Choice({ state, send }: { state: Snapshot; send: Send }) {
  const c = state.context;
  return (
    <>
      <p className={styles.intro}>Tell us about the prescription you want to add.</p>
      <RadioGroup
        id={fieldId('choice')}
        label="What kind of prescription is it?"
        isRequired
        validationBehavior="aria"
        value={c.kind}
        onChange={(kind) => send({ type: 'kind.chosen', kind: kind as PrescriptionKind })}
        errorMessage={c.choiceMissing ? M.chooseKind : undefined}
      >
        {KINDS.map((kind) => (
          <Radio key={kind} value={kind}>
            {KIND_LABELS[kind]}
          </Radio>
        ))}
      </RadioGroup>
    </>
  );
}

/** 'Add a New Prescription': mail the order form with the prescription, or the provider e-prescribes or faxes. */
function OtherOptions() {
  return (
    <>
      <p id={fieldId('otherOptions')} tabIndex={-1} className={styles.intro}>
        You can also send us a new prescription in one of these ways.
      </p>
      <section className={styles.way} aria-labelledby="add-rx-way-mail">
        <h3 id="add-rx-way-mail" className={styles.wayTitle}>
          Mail it to us
        </h3>
        <p>
          Print and fill in the <ExternalLink href={documentHref(documents.orderForm)}>{documents.orderForm.title} (PDF)</ExternalLink>, then mail it with
          your original prescription to:
        </p>
        <MailingAddress />
      </section>
      <p className={styles.or}>OR</p>
      <section className={styles.way} aria-labelledby="add-rx-way-provider">
        <h3 id="add-rx-way-provider" className={styles.wayTitle}>
          Ask your doctor to send it
        </h3>
        <p>
          Your healthcare provider can e-prescribe it to us, or fax it to <Fax fax={contact.mailOrder.fax} />. {M.onlyProviderFaxes}
        </p>
      </section>
      <p>Once we receive your prescription, we will contact you for payment and shipping details.</p>
    </>
  );
}

function Form({ state, send, doctorSlot, refusals }: { state: Snapshot; send: Send; doctorSlot: ReactNode; refusals: number }) {
  const c = state.context;
  const notAddable = notAddableReasons(c);
  const active = c.kind === 'active';
  // Opened without a doctor, the form keeps the chooser: the doctor ticked in it can be changed or cleared.
  const [chooserKept] = useState(c.physician === null);
  return (
    <>
      <p className={styles.intro}>
        {active
          ? 'Tell us which prescriptions to transfer and which pharmacy fills them now.'
          : 'Tell us which new prescriptions to request from your doctor.'}
      </p>
      {c.rows.map((row, index) => (
        <MedicationRow key={row.id} state={state} send={send} index={index} />
      ))}
      <div className={styles.addAnother}>
        <GatedButton variant="secondary" missing={canAddAnother(c) ? [] : [ROW_MESSAGES.finishRowsFirst]} onPress={() => send({ type: 'row.added' })}>
          Add another prescription
        </GatedButton>
      </div>
      {active && <PharmacyFields state={state} send={send} />}
      <section id={fieldId('doctor')} tabIndex={-1} aria-labelledby="add-rx-doctor-title" className={styles.section}>
        <h3 id="add-rx-doctor-title" className={styles.sectionTitle}>
          Your doctor
        </h3>
        {c.physician && !(chooserKept && doctorSlot) ? (
          <>
            <p className={styles.doctorName}>
              Dr. {c.physician.firstName} {c.physician.lastName}
            </p>
            <p className={styles.note}>Chosen on the Select Your Prescriptions page. We send this doctor&apos;s information with the prescriptions you add here.</p>
          </>
        ) : (
          doctorSlot
        )}
        {doctorError(c) && <Alert tone="error">{doctorError(c)}</Alert>}
      </section>
      {/* Why Add Prescription did not add (a C2 drug…): beside the buttons, announced on every press. */}
      {notAddable.length > 0 && (
        <Alert key={refusals} tone="error" title={M.notAddable}>
          <ul>
            {notAddable.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </Alert>
      )}
    </>
  );
}

interface DrugOption extends ComboBoxItem {
  id: string;
}

function MedicationRow({ state, send, index }: { state: Snapshot; send: Send; index: number }) {
  const c = state.context;
  const row = c.rows[index]!;
  const n = index + 1;
  const key = (field: 'drug' | 'rxNumber' | 'option'): FieldKey => `${field}-${index}`;
  const errors = rowErrorsOf(c, index);
  const hint = rowHintOf(c, index);
  const options: DrugOption[] = (row.suggestions ?? []).map((s) => ({ id: s.ndc, name: s.labelName }));
  const hintId = `${fieldId(key('drug'))}-hint`;
  // Auto refill's one rule: where it refuses, the option is unavailable and the group says why.
  const autoRefillRefused = autoRefillRefusalOf(c, index);
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>Prescription {n}</legend>
      <div className={styles.wide}>
        <ComboBox<DrugOption>
          id={fieldId(key('drug'))}
          label="Drug Name"
          items={options}
          lookup
          inputValue={row.drugName}
          onInputChange={(text) => send({ type: 'drug.typed', index, text })}
          onBlur={() => send({ type: 'drug.blurred', index })}
          // The hint below says Searching… and 'No drugs match…' when a lookup has answered; the list
          // never says 'No matches' for a name too short to be looked up.
          noMatches={null}
          selectedKey={row.drug?.ndc ?? null}
          onSelectionChange={(ndc) => {
            const drug = row.suggestions?.find((s) => s.ndc === ndc);
            if (drug) send({ type: 'drug.picked', index, drug });
          }}
          allowsCustomValue
          maxLength={ROW_LIMITS.drugName}
          autoComplete="off"
          isRequired
          validationBehavior="aria"
          aria-describedby={hintId}
          errorMessage={errors.drug}
        />
        {/*
          The hint (Searching…, no matches, checking, the eligibility message) in one polite status, read with the
          field; a failed lookup has Search again, and the machine moves the focus back to the field.
        */}
        <LookupStatus id={hintId} text={hint} retry={lookupRetryable(c, index) ? { label: ROW_MESSAGES.searchAgain, onPress: () => send({ type: 'lookup.retried', index }) } : null} />
      </div>
      {c.kind === 'active' && (
        <TextField
          id={fieldId(key('rxNumber'))}
          label="Rx Number (Optional)"
          maxLength={ROW_LIMITS.rxNumber}
          autoComplete="off"
          validationBehavior="aria"
          value={row.rxNumber}
          onChange={(text) => send({ type: 'rxNumber.changed', index, text })}
          errorMessage={errors.rxNumber}
        />
      )}
      <div className={styles.refill}>
        <RadioGroup
          id={fieldId(key('option'))}
          label="Refill option"
          orientation="horizontal"
          isRequired
          validationBehavior="aria"
          value={row.option}
          onChange={(option) => send({ type: 'option.chosen', index, option: option as RefillOption })}
          description={autoRefillRefused ?? undefined}
          errorMessage={errors.option}
        >
          {REFILL_OPTIONS.map((o) => (
            <Radio key={o.key} value={o.key} isDisabled={o.key === 'autoRefill' && autoRefillRefused !== null}>
              {o.label}
            </Radio>
          ))}
        </RadioGroup>
        <Button variant="quiet" size="small" onPress={() => send({ type: 'autoRefillDetails.opened' })}>
          Auto Refill Details
        </Button>
      </div>
      {(row.eligibility.status === 'failed' || c.rows.length > 1) && (
        <div className={styles.rowActions}>
          {row.eligibility.status === 'failed' && (
            <Button variant="secondary" size="small" onPress={() => send({ type: 'eligibility.retried', index })}>
              Check again
            </Button>
          )}
          {c.rows.length > 1 && (
            <Button variant="secondary" size="small" aria-label={`Remove Prescription ${n}`} onPress={() => send({ type: 'row.removed', index })}>
              Remove
            </Button>
          )}
        </div>
      )}
    </fieldset>
  );
}

interface StateOption extends ComboBoxItem {
  id: string;
}


function PharmacyFields({ state, send }: { state: Snapshot; send: Send }) {
  const c = state.context;
  const v = c.pharmacy;
  const errors = shownPharmacyErrors(c);
  const change = (field: PharmacyField) => (text: string) => send({ type: 'pharmacy.changed', field, text });
  const blur = (field: PharmacyField) => () => send({ type: 'pharmacy.blurred', field });
  const common = (field: PharmacyField) => ({
    id: fieldId(`pharmacy-${field}`),
    autoComplete: 'off',
    validationBehavior: 'aria' as const,
    onBlur: blur(field),
    errorMessage: errors[field],
  });
  // Offered as 'Arizona (AZ)'; a picked state fills in its abbreviation, which the form keeps.
  const states: StateOption[] = stateOptions(v.state).map((s) => ({ id: s.abbreviation, name: `${s.name} (${s.abbreviation})`, value: s.abbreviation }));
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>Pharmacy</legend>
      <p className={`${styles.wide} ${styles.note}`}>The pharmacy that fills this prescription now. Only its name is required.</p>
      <div className={styles.wide}>
        <TextField {...common('name')} label="Pharmacy Name" isRequired maxLength={PHARMACY_LIMITS.name} value={v.name} onChange={change('name')} />
      </div>
      <MaskedField {...common('zip')} mask="zip" label="Zip Code" value={v.zip} onChange={change('zip')} />
      <TextField {...common('address')} label="Address" maxLength={PHARMACY_LIMITS.address} value={v.address} onChange={change('address')} />
      <TextField {...common('city')} label="City" maxLength={PHARMACY_LIMITS.city} value={v.city} onChange={change('city')} />
      <ComboBox<StateOption>
        {...common('state')}
        label="State"
        items={states}
        inputValue={v.state}
        onInputChange={change('state')}
        selectedKey={stateByAbbreviation(v.state)?.abbreviation ?? null}
        onSelectionChange={(abbreviation) => abbreviation !== null && change('state')(String(abbreviation))}
        allowsCustomValue
      />
      <MaskedField {...common('phone')} mask="phone" label="Phone Number" value={v.phone} onChange={change('phone')} />
    </fieldset>
  );
}
