/**
 * Step 1 of both link flows: the link's state (blocked, expired, already
 * ordered, unavailable) or the verification form (section 5) with its
 * failures (section 8). Renders the link machine's snapshot and sends events;
 * the rules are the machine's.
 */
import { useState, type FormEvent } from 'react';
import type { SnapshotFrom } from 'xstate';
import { MESSAGES, MAX_ATTEMPTS, type linkPageMachine, type LinkPageEvent } from '../../../machines/linkPageMachine.ts';
import { titleCase } from '../../../machines/rules/display.ts';
import { autoSelect, canVerify, DAY_OPTIONS, FIELD_LIMITS, yearOptions } from '../../../machines/rules/verification.ts';
import { MONTHS } from '../../../machines/rules/display.ts';
import { memberPortalUrl } from '../../content/contact.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { button } from '../../ui/button.css.ts';
import { ComboBox, type ComboBoxItem } from '../../ui/ComboBox.tsx';
import { ExternalLink } from '../../ui/Link.tsx';
import { MaskedField } from '../../ui/MaskedField.tsx';
import { CallUs } from '../../content/ContactDetails.tsx';
import { StepHeading } from './StepHeading.tsx';
import * as styles from './link.css.ts';

type Snapshot = SnapshotFrom<typeof linkPageMachine>;

const MONTH_ITEMS: ComboBoxItem[] = MONTHS.map((name, i) => ({ id: String(i + 1), name }));
const DAY_ITEMS: ComboBoxItem[] = DAY_OPTIONS.map((d) => ({ id: d, name: d }));

export interface VerificationProps {
  state: Snapshot;
  send: (event: LinkPageEvent) => void;
  /** The current year, for the year typeahead (the app's clock, read by the caller). */
  thisYear: number;
}

export function Verification({ state, send, thisYear }: VerificationProps) {
  if (state.matches('unavailable')) {
    return (
      <>
        <StepHeading focusOnMount={false}>We could not open your link</StepHeading>
        <Alert tone="error">{state.context.loadError}</Alert>
        <div className={styles.actions}>
          <Button onPress={() => send({ type: 'retry.pressed' })}>Try again</Button>
        </div>
      </>
    );
  }
  if (state.matches('blocked')) {
    return (
      <>
        <StepHeading focusOnMount={false}>Page blocked</StepHeading>
        <Alert tone="error">
          <p>{MESSAGES.blocked}</p>
          <p>
            <CallUs>For help, call us at</CallUs>
          </p>
        </Alert>
      </>
    );
  }
  if (state.matches('expired')) {
    return (
      <>
        <StepHeading focusOnMount={false}>Expired link</StepHeading>
        <Alert tone="warning" announce={false}>
          <p>{MESSAGES.expired}</p>
          <p>
            <ExternalLink href={memberPortalUrl}>Sign in</ExternalLink> to manage your prescriptions, or <CallUs>call us at</CallUs>
          </p>
        </Alert>
      </>
    );
  }
  if (state.matches('alreadyOrdered')) return <AlreadyOrdered />;
  return <VerificationForm state={state} send={send} thisYear={thisYear} />;
}

export function AlreadyOrdered() {
  return (
    <>
      <StepHeading focusOnMount={false}>Already ordered</StepHeading>
      <Alert tone="info">
        <p>{MESSAGES.alreadyOrdered}</p>
        <p>
          <CallUs>If you feel this is an error, please call us at</CallUs>
        </p>
      </Alert>
    </>
  );
}

function VerificationForm({ state, send, thisYear }: VerificationProps) {
  // What the person typed stays theirs; the machine keeps what it means.
  const [month, setMonth] = useState('');
  const [day, setDay] = useState('');
  const [year, setYear] = useState('');
  const [years] = useState(() => yearOptions(thisYear).map((y) => ({ id: y, name: y })));
  const busy = state.hasTag('pending');
  const { failure, form, link } = state.context;

  const typeDay = (text: string) => {
    const picked = autoSelect(DAY_OPTIONS, text);
    setDay(picked ?? text);
    send({ type: 'day.changed', text });
  };
  const typeYear = (text: string) => {
    const picked = autoSelect(years.map((y) => y.id), text);
    setYear(picked ?? text);
    send({ type: 'year.changed', text });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy) send({ type: 'verify.submitted' });
  };

  return (
    <form onSubmit={submit} noValidate aria-describedby="verify-intro">
      <StepHeading focusOnMount={false}>Verify your identity</StepHeading>
      <p id="verify-intro">
        {link?.firstName ? `Hello ${titleCase(link.firstName)}. ` : ''}Enter your date of birth and zip code to continue.
      </p>
      {failure && <FailureAlert failure={failure} remaining={link?.remainingAttempts ?? MAX_ATTEMPTS} />}
      <fieldset className={styles.formGrid} disabled={busy}>
        <legend className={styles.label}>Date of birth</legend>
        <ComboBox
          label="Month"
          items={MONTH_ITEMS}
          inputValue={month}
          allowsCustomValue
          autoComplete="bday-month"
          onInputChange={(text) => {
            setMonth(text);
            send({ type: 'month.changed', text });
          }}
          onSelectionChange={(key) => {
            const name = MONTH_ITEMS.find((m) => m.id === key)?.name;
            if (name) {
              setMonth(name);
              send({ type: 'month.changed', text: name });
            }
          }}
          isRequired
        />
        <ComboBox
          label="Day"
          items={DAY_ITEMS}
          inputValue={day}
          allowsCustomValue
          maxLength={FIELD_LIMITS.day}
          autoComplete="bday-day"
          onInputChange={typeDay}
          onSelectionChange={(key) => key !== null && typeDay(String(key))}
          isRequired
        />
        <ComboBox
          label="Year"
          items={years}
          inputValue={year}
          allowsCustomValue
          maxLength={FIELD_LIMITS.year}
          autoComplete="bday-year"
          onInputChange={typeYear}
          onSelectionChange={(key) => key !== null && typeYear(String(key))}
          isRequired
        />
        <MaskedField label="Zip code" mask="zip" value={form.zip} onChange={(text) => send({ type: 'zip.changed', text })} isRequired />
      </fieldset>
      <div className={styles.actions}>
        {/*
          Disabled until the form is complete (section 5), but announced as
          disabled (aria-disabled) rather than removed from the tab order:
          pressing it then says what is wrong ('Please check your information').
        */}
        <button
          type="submit"
          className={button()}
          aria-disabled={!canVerify(form) || busy}
          data-disabled={!canVerify(form) || busy ? '' : undefined}
        >
          {busy ? 'Verifying…' : 'Verify'}
        </button>
      </div>
    </form>
  );
}

function FailureAlert({ failure, remaining }: { failure: NonNullable<Snapshot['context']['failure']>; remaining: number }) {
  if (failure.kind === 'check') return <Alert tone="error">{MESSAGES.check}</Alert>;
  if (failure.kind === 'message') return <Alert tone="error">{failure.text}</Alert>;
  return (
    <Alert tone="error">
      <p>{MESSAGES.identity}</p>
      <p>Attempts Remaining: {Math.min(failure.remainingAttempts, remaining)}</p>
      <p>{MESSAGES.warning}</p>
    </Alert>
  );
}
