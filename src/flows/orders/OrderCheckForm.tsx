/**
 * The public order check's form: order number, then the link verification's date of birth and zip
 * (the same fields and texts), 3 attempts, then locked. Renders the order-check machine's snapshot.
 */
import { useState, type FormEvent } from 'react';
import type { SnapshotFrom } from 'xstate';
import { checkFailureText, MESSAGES, type OrderCheckEvent, type orderCheckMachine } from '../../../machines/orders/orderCheckMachine.ts';
import { canCheck, orderCheckErrors } from '../../../machines/orders/rules/orderCheck.ts';
import { CallUs } from '../../content/ContactDetails.tsx';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { button } from '../../ui/button.css.ts';
import { MaskedField } from '../../ui/MaskedField.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { BirthDateFields } from '../shared/BirthDateFields.tsx';
import { StepHeading } from '../shared/StepHeading.tsx';
import * as styles from '../shared/flow.css.ts';

type Snapshot = SnapshotFrom<typeof orderCheckMachine>;

export function OrderCheckForm({ state, send, thisYear }: { state: Snapshot; send: (event: OrderCheckEvent) => void; thisYear: number }) {
  const [presses, setPresses] = useState(0);
  const busy = state.hasTag('pending');
  const { failure, form, today, submitted } = state.context;
  if (state.matches('locked')) {
    return (
      <>
        <StepHeading focusOnMount>Page blocked</StepHeading>
        <Alert tone="error">
          <p>{MESSAGES.blocked}</p>
          <p>
            <CallUs>For help, call us at</CallUs>
          </p>
        </Alert>
        <div className={styles.actions}>
          <Button onPress={() => send({ type: 'another.pressed' })}>Check another order</Button>
        </div>
      </>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setPresses((n) => n + 1);
    send({ type: 'check.submitted' });
  };
  const ready = canCheck(form, today);
  const errors = submitted && !ready ? orderCheckErrors(form, today) : {};
  return (
    <form onSubmit={submit} noValidate aria-describedby="check-intro">
      <StepHeading focusOnMount={false}>Check your order</StepHeading>
      <p id="check-intro">Enter your order number, date of birth and zip code to see where your order is.</p>
      {failure && (
        <Alert key={presses} tone="error">
          <p>{checkFailureText(failure)}</p>
          {failure.kind === 'identity' && (
            <>
              <p>Attempts Remaining: {failure.remainingAttempts}</p>
              <p>{MESSAGES.warning}</p>
            </>
          )}
        </Alert>
      )}
      <div className={styles.formGrid}>
        <TextField
          label="Order number"
          inputMode="numeric"
          autoComplete="off"
          value={form.orderNumber}
          onChange={(text) => send({ type: 'orderNumber.changed', text })}
          isReadOnly={busy}
          isRequired
          validationBehavior="aria"
          isInvalid={Boolean(errors.orderNumber)}
          errorMessage={errors.orderNumber}
        />
      </div>
      <BirthDateFields
        thisYear={thisYear}
        isReadOnly={busy}
        errors={{ month: errors.month, day: errors.day, year: errors.year }}
        onMonthChange={(text) => send({ type: 'field.changed', field: 'month', text })}
        onDayChange={(text) => send({ type: 'field.changed', field: 'day', text })}
        onYearChange={(text) => send({ type: 'field.changed', field: 'year', text })}
      />
      <div className={styles.formGrid}>
        <MaskedField
          label="Zip code"
          mask="zip"
          value={form.zip}
          onChange={(text) => send({ type: 'field.changed', field: 'zip', text })}
          isReadOnly={busy}
          isRequired
          validationBehavior="aria"
          errorMessage={errors.zip}
        />
      </div>
      <div className={styles.actions}>
        {/* Announced as disabled rather than removed from the tab order, like the link's Verify: pressing it says what is missing. */}
        <button type="submit" className={button()} aria-disabled={!ready || busy} data-disabled={!ready || busy ? '' : undefined}>
          {busy ? 'Checking…' : 'Check order status'}
        </button>
      </div>
    </form>
  );
}
