/**
 * The parts of the identity check that a link's verification (Easy Fill, Auto Refill) and the public
 * order check share (link-flows-and-public-pages.md sections 5 and 8): the failed attempt's alert, the
 * blocked page, the zip field and the submit button that stays in the tab order while the form is
 * incomplete. Each form keeps its own fields, texts and machine; what they say alike is said here once.
 */
import type { ReactNode } from 'react';
import { ATTEMPT_MESSAGES, failureText, type VerifyFailure } from '../../../machines/shared/rules/verifyAttempts.ts';
import { CallUs } from '../../content/ContactDetails.tsx';
import { Alert } from '../../ui/Alert.tsx';
import { button } from '../../ui/button.css.ts';
import { MaskedField } from '../../ui/MaskedField.tsx';
import { StepHeading } from './StepHeading.tsx';
import * as styles from './flow.css.ts';

/**
 * A failed attempt. Give it a new `key` on every press, so the same failure is a new alert and is
 * announced again. `remaining`: the attempts left (the failure's own count unless the caller knows
 * fewer); with none left the page turns into Page blocked, whose alert is the one announced.
 */
export function FailureAlert({ failure, remaining }: { failure: VerifyFailure; remaining?: number }) {
  if (failure.kind !== 'identity') {
    return (
      <Alert tone="error">
        <p>{failureText(failure)}</p>
      </Alert>
    );
  }
  const left = Math.min(failure.remainingAttempts, remaining ?? failure.remainingAttempts);
  return (
    <Alert tone="error" announce={left > 0}>
      <p>{failureText(failure)}</p>
      <p>Attempts Remaining: {left}</p>
      <p>{ATTEMPT_MESSAGES.warning}</p>
    </Alert>
  );
}

/**
 * After MAX_ATTEMPTS failed attempts (section 8). `focusOnMount`: the heading takes the focus when the
 * page turned blocked after an attempt (the form the focus was in is gone). `children`: what follows,
 * such as a way to check another order.
 */
export function PageBlocked({ focusOnMount, children }: { focusOnMount: boolean; children?: ReactNode }) {
  return (
    <>
      <StepHeading focusOnMount={focusOnMount}>Page blocked</StepHeading>
      <Alert tone="error">
        <p>{ATTEMPT_MESSAGES.blocked}</p>
        <p>
          <CallUs>For help, call us at</CallUs>
        </p>
      </Alert>
      {children}
    </>
  );
}

export interface ZipFieldProps {
  value: string;
  onChange: (text: string) => void;
  /** An attempt is on its way: read-only, not disabled (Enter here sent it, and the focus stays). */
  busy: boolean;
  error?: string;
}

/** The zip code of the identity check, masked to five digits. */
export function ZipField({ value, onChange, busy, error }: ZipFieldProps) {
  return (
    <div className={styles.formGrid}>
      <MaskedField label="Zip code" mask="zip" value={value} onChange={onChange} isReadOnly={busy} isRequired validationBehavior="aria" errorMessage={error} />
    </div>
  );
}

/**
 * The check's submit button. Disabled until the form is complete (section 5), but announced as
 * disabled (aria-disabled) rather than removed from the tab order: pressing it then says what is
 * wrong. While an attempt is on its way it says so (`busyLabel`).
 */
export function CheckButton({ ready, busy, label, busyLabel }: { ready: boolean; busy: boolean; label: string; busyLabel: string }) {
  const off = !ready || busy;
  return (
    <div className={styles.actions}>
      <button type="submit" className={button()} aria-disabled={off} data-disabled={off ? '' : undefined}>
        {busy ? busyLabel : label}
      </button>
    </div>
  );
}
