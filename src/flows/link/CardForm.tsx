/**
 * The form inside the Easy Fill payment modal: it renders cardFormMachine and
 * sends it what the person does. The card number is held by the machine
 * until the tokenizer accepts it, and only by it.
 */
import { useId, useMemo, useState } from 'react';
import { useActor } from '@xstate/react';
import { cardNumberNote, shownErrors, type CardField } from '../../../machines/cardFormMachine.ts';
import { CARD_LIMITS, expiryYears } from '../../../machines/rules/cardForm.ts';
import { MONTHS } from '../../../machines/rules/display.ts';
import type { GatewayClient } from '../../api/gateway.ts';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { ComboBox } from '../../ui/ComboBox.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { FormFrame } from './FormFrame.tsx';
import { focusById, localToday, provideCardForm } from './formActors.ts';
import * as styles from './forms.css.ts';

export interface CardFormProps {
  gateway: GatewayClient;
  /** The card was added. */
  onSaved: () => void;
  onCancel: () => void;
}

const MONTH_ITEMS = MONTHS.map((name, i) => ({ id: String(i + 1), name: `${String(i + 1).padStart(2, '0')} - ${name}` }));

const numberOrNull = (key: unknown) => (key === null || key === undefined ? null : Number(key));

export function CardForm({ gateway, onSaved, onCancel }: CardFormProps) {
  const formId = useId();
  const idOf = (field: CardField) => `${formId}-${field}`;
  const [today] = useState(localToday);
  const provided = useMemo(() => provideCardForm(gateway), [gateway]);
  const logic = useMemo(
    () =>
      provided.provide({
        actions: {
          focusField: (_, { field }) => focusById(`${formId}-${field}`),
          reportSaved: () => onSaved(),
        },
      }),
    [provided, formId, onSaved],
  );
  const [state, send] = useActor(logic, { input: { today } });
  const { values } = state.context;
  const errors = shownErrors(state.context);
  const saving = state.hasTag('pending');
  const yearItems = useMemo(() => expiryYears(state.context.today).map((y) => ({ id: String(y), name: String(y) })), [state.context.today]);
  const blurred = (field: CardField) => () => send({ type: 'field.blurred', field });

  return (
    <FormFrame
      label="Add a card"
      failure={state.context.failure}
      saving={saving}
      onSubmit={() => send({ type: 'save.submitted' })}
      onCancel={onCancel}
    >
      <TextField
        id={idOf('firstName')}
        label="First name on card"
        autoComplete="cc-given-name"
        maxLength={CARD_LIMITS.name}
        isRequired
        validationBehavior="aria"
        isReadOnly={saving}
        value={values.firstName}
        onChange={(text) => send({ type: 'firstName.changed', text })}
        onBlur={blurred('firstName')}
        errorMessage={errors.firstName}
      />
      <TextField
        id={idOf('lastName')}
        label="Last name on card"
        autoComplete="cc-family-name"
        maxLength={CARD_LIMITS.name}
        isRequired
        validationBehavior="aria"
        isReadOnly={saving}
        value={values.lastName}
        onChange={(text) => send({ type: 'lastName.changed', text })}
        onBlur={blurred('lastName')}
        errorMessage={errors.lastName}
      />
      <div className={styles.wide}>
        {/* No maxLength: a pasted number with spaces must arrive whole; the machine keeps 16 digits. */}
        <TextField
          id={idOf('cardNumber')}
          label="Card number"
          inputMode="numeric"
          autoComplete="cc-number"
          isRequired={state.context.held === null}
          validationBehavior="aria"
          isReadOnly={saving}
          value={values.cardNumber}
          onChange={(text) => send({ type: 'cardNumber.changed', text })}
          onBlur={blurred('cardNumber')}
          description={cardNumberNote(state.context)}
          errorMessage={errors.cardNumber}
        />
      </div>
      <ComboBox
        id={idOf('month')}
        label="Expiration month"
        autoComplete="cc-exp-month"
        defaultItems={MONTH_ITEMS}
        isRequired
        validationBehavior="aria"
        isReadOnly={saving}
        selectedKey={values.month === null ? null : String(values.month)}
        onSelectionChange={(key) => send({ type: 'expiryMonth.changed', month: numberOrNull(key) })}
        onBlur={blurred('month')}
        errorMessage={errors.month}
      />
      <ComboBox
        id={idOf('year')}
        label="Expiration year"
        autoComplete="cc-exp-year"
        defaultItems={yearItems}
        isRequired
        validationBehavior="aria"
        isReadOnly={saving}
        selectedKey={values.year === null ? null : String(values.year)}
        onSelectionChange={(key) => send({ type: 'expiryYear.changed', year: numberOrNull(key) })}
        onBlur={blurred('year')}
        errorMessage={errors.year}
      />
      <div className={styles.checkbox}>
        <Checkbox isSelected={values.isFsa} isReadOnly={saving} onChange={(checked) => send({ type: 'fsa.changed', checked })}>
          This is an FSA or HSA card
        </Checkbox>
      </div>
      <div className={styles.checkbox}>
        <Checkbox isSelected={values.isDefault} isReadOnly={saving} onChange={(checked) => send({ type: 'default.changed', checked })}>
          Make this my default card
        </Checkbox>
      </div>
    </FormFrame>
  );
}
