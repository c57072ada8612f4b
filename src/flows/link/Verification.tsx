/**
 * Step 1 of both link flows: the link's state (blocked, expired, already
 * ordered, unavailable) or the verification form (section 5) with its
 * failures (section 8). Renders the link machine's snapshot and sends events;
 * the rules are the machine's.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import type { SnapshotFrom } from 'xstate';
import { MESSAGES, MAX_ATTEMPTS, type linkPageMachine, type LinkPageEvent } from '../../../machines/link/linkPageMachine.ts';
import { titleCase } from '../../../machines/shared/rules/display.ts';
import { canVerify, verificationErrors } from '../../../machines/shared/rules/verification.ts';
import { memberPortalUrl } from '../../content/contact.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { ExternalLink } from '../../ui/Link.tsx';
import { CallUs } from '../../content/ContactDetails.tsx';
import { BirthDateFields } from '../shared/BirthDateFields.tsx';
import { CheckButton, FailureAlert, PageBlocked, ZipField } from '../shared/IdentityCheck.tsx';
import { StepHeading } from '../shared/StepHeading.tsx';
import * as styles from '../shared/flow.css.ts';

type Snapshot = SnapshotFrom<typeof linkPageMachine>;

export interface VerificationProps {
  state: Snapshot;
  send: (event: LinkPageEvent) => void;
  /** The current year, for the year typeahead (the app's clock, read by the caller). */
  thisYear: number;
}

export function Verification({ state, send, thisYear }: VerificationProps) {
  // Whether the form was on screen before: a page that ends up blocked or expired after an attempt
  // moves the focus to its heading; one that opens so does not.
  const [sawForm, setSawForm] = useState(false);
  if (!sawForm && state.matches('verification')) setSawForm(true);
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
  if (state.matches('blocked')) return <PageBlocked focusOnMount={sawForm} />;
  if (state.matches('expired')) {
    return (
      <>
        <StepHeading focusOnMount={sawForm}>Expired link</StepHeading>
        <Alert tone="warning" announce={false}>
          <p>{MESSAGES.expired}</p>
          <p>
            <ExternalLink href={memberPortalUrl}>Sign in</ExternalLink> to manage your prescriptions, or <CallUs>call us at</CallUs>
          </p>
        </Alert>
      </>
    );
  }
  if (state.matches('alreadyOrdered')) {
    return (
      <AlreadyOrdered>
        {/* An Easy Fill link's order has a status; it is personal, so the person verifies first. */}
        {state.can({ type: 'orderStatus.requested' }) && (
          <div className={styles.actions}>
            <Button onPress={() => send({ type: 'orderStatus.requested' })}>See this order's status</Button>
          </div>
        )}
      </AlreadyOrdered>
    );
  }
  return <VerificationForm state={state} send={send} thisYear={thisYear} />;
}

/**
 * `children`: what shows below the message (Easy Fill's steps give the order's status once verified;
 * before verification there is no token to read it with: a way on to verify). `focusOnMount`: shown after
 * Verify, whose form is gone, the heading takes the focus; on opening the link the page's title has it.
 */
export function AlreadyOrdered({ children, focusOnMount = false }: { children?: ReactNode; focusOnMount?: boolean }) {
  return (
    <>
      <StepHeading focusOnMount={focusOnMount}>Already ordered</StepHeading>
      <Alert tone="info">
        <p>{MESSAGES.alreadyOrdered}</p>
        <p>
          <CallUs>If you feel this is an error, please call us at</CallUs>
        </p>
      </Alert>
      {children}
    </>
  );
}

function VerificationForm({ state, send, thisYear }: VerificationProps) {
  // The date fields keep what the person typed; the machine keeps what it means.
  const busy = state.hasTag('pending');
  const { failure, form, link, today, seeingOrder } = state.context;
  // Every press of Verify: the failure it gets is a new alert, so it is announced again.
  const [presses, setPresses] = useState(0);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setPresses((n) => n + 1);
    send({ type: 'verify.submitted' });
  };
  // Verify pressed with the form incomplete: each field that is missing or not understood is
  // marked invalid and says what it needs; each error goes as the field is put right.
  const ready = canVerify(form, today);
  const errors = failure?.kind === 'check' && !ready ? verificationErrors(form, today) : {};

  return (
    <form onSubmit={submit} noValidate aria-describedby="verify-intro">
      {/* Opened from "See this order's status", whose button is gone: the focus comes to the new step's heading. */}
      <StepHeading focusOnMount={seeingOrder}>Verify your identity</StepHeading>
      <p id="verify-intro">
        {link?.firstName ? `Hello ${titleCase(link.firstName)}. ` : ''}Enter your date of birth and zip code to{' '}
        {seeingOrder ? "see your order's status" : 'continue'}.
      </p>
      {failure && <FailureAlert key={presses} failure={failure} remaining={link?.remainingAttempts ?? MAX_ATTEMPTS} />}
      <BirthDateFields
        thisYear={thisYear}
        isReadOnly={busy}
        errors={{ month: errors.month, day: errors.day, year: errors.year }}
        onMonthChange={(text) => send({ type: 'month.changed', text })}
        onDayChange={(text) => send({ type: 'day.changed', text })}
        onYearChange={(text) => send({ type: 'year.changed', text })}
      />
      <ZipField value={form.zip} onChange={(text) => send({ type: 'zip.changed', text })} busy={busy} error={errors.zip} />
      <CheckButton ready={ready} busy={busy} label="Verify" busyLabel="Verifying…" />
    </form>
  );
}
