/**
 * The public order check's form: order number, then the link verification's date of birth and zip
 * (the same fields and texts), 3 attempts, then locked. Renders the order-check machine's snapshot.
 */
import { useState, type FormEvent } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { OrderCheckEvent, orderCheckMachine } from '../../../machines/orders/orderCheckMachine.ts';
import { canCheck, orderCheckErrors } from '../../../machines/orders/rules/orderCheck.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { BirthDateFields } from '../shared/BirthDateFields.tsx';
import { CheckButton, FailureAlert, PageBlocked, ZipField } from '../shared/IdentityCheck.tsx';
import { StepHeading } from '../shared/StepHeading.tsx';
import * as styles from '../shared/flow.css.ts';

type Snapshot = SnapshotFrom<typeof orderCheckMachine>;

export function OrderCheckForm({ state, send, thisYear }: { state: Snapshot; send: (event: OrderCheckEvent) => void; thisYear: number }) {
  const [presses, setPresses] = useState(0);
  const busy = state.hasTag('pending');
  const { failure, form, today, submitted } = state.context;
  if (state.matches('locked')) {
    return (
      <PageBlocked focusOnMount>
        <div className={styles.actions}>
          <Button onPress={() => send({ type: 'another.pressed' })}>Check another order</Button>
        </div>
      </PageBlocked>
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
      {failure && <FailureAlert key={presses} failure={failure} />}
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
      <ZipField value={form.zip} onChange={(text) => send({ type: 'field.changed', field: 'zip', text })} busy={busy} error={errors.zip} />
      {/* Like the link's Verify: pressing it while the form is incomplete says what is missing. */}
      <CheckButton ready={ready} busy={busy} label="Check order status" busyLabel="Checking…" />
    </form>
  );
}
