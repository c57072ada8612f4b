/**
 * Step 1 of both link flows: the link's state (blocked, expired, already
 * ordered, unavailable) or the verification form (section 5) with its
 * failures (section 8). Renders the link machine's snapshot and sends events;
 * the rules are the machine's.
 */
import type { FormEvent } from 'react';
import type { SnapshotFrom } from 'xstate';
import { MESSAGES, MAX_ATTEMPTS, type linkPageMachine, type LinkPageEvent } from '../../../machines/linkPageMachine.ts';
import { titleCase } from '../../../machines/rules/display.ts';
import { canVerify } from '../../../machines/rules/verification.ts';
import { memberPortalUrl } from '../../content/contact.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { button } from '../../ui/button.css.ts';
import { ExternalLink } from '../../ui/Link.tsx';
import { MaskedField } from '../../ui/MaskedField.tsx';
import { CallUs } from '../../content/ContactDetails.tsx';
import { BirthDateFields } from '../shared/BirthDateFields.tsx';
import { StepHeading } from './StepHeading.tsx';
import * as styles from './link.css.ts';

type Snapshot = SnapshotFrom<typeof linkPageMachine>;

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
  // The date fields keep what the person typed; the machine keeps what it means.
  const busy = state.hasTag('pending');
  const { failure, form, link } = state.context;
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
      <BirthDateFields
        thisYear={thisYear}
        isDisabled={busy}
        onMonthChange={(text) => send({ type: 'month.changed', text })}
        onDayChange={(text) => send({ type: 'day.changed', text })}
        onYearChange={(text) => send({ type: 'year.changed', text })}
      />
      <div className={styles.formGrid}>
        <MaskedField label="Zip code" mask="zip" value={form.zip} onChange={(text) => send({ type: 'zip.changed', text })} isDisabled={busy} isRequired />
      </div>
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
