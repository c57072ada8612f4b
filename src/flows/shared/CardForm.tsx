/**
 * The form inside the Easy Fill payment modal: it renders cardFormMachine and
 * sends it what the person does. The card number is typed into the hosted
 * field (the tokenizer's own page in an iframe): neither this form, nor its
 * machine, nor any request of the portal ever holds it.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { useActor } from '@xstate/react';
import { cardNumberNote, fieldUrlOf, shownErrors, type CardField, type CardFormInput } from '../../../machines/shared/cardFormMachine.ts';
import { CARD_LIMITS, CARD_MESSAGES, CARD_TYPE_NAMES, shownCardType } from '../../../machines/shared/rules/cardForm.ts';
import { cardEnding } from '../../../machines/shared/rules/display.ts';
import type { GatewayClient } from '../../api/gateway.ts';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { Button } from '../../ui/Button.tsx';
import { ReadOnlyValue } from '../../ui/ReadOnlyValue.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { CardFieldChannel } from './cardFieldChannel.ts';
import { CardExpiryFields } from './CardExpiryFields.tsx';
import { CardTypeField } from './CardTypeField.tsx';
import { HostedCardField } from './HostedCardField.tsx';
import * as hosted from './hostedCardField.css.ts';
import { FormFrame } from './FormFrame.tsx';
import { focusById, provideCardForm } from './formActors.ts';
import { localToday } from './today.ts';
import * as styles from './forms.css.ts';
import { inspectFlow } from '../../dev/inspectFlow.ts';

export interface CardFormProps {
  gateway: GatewayClient;
  /** The form's actors (Easy Fill's by default; the review page gives the member's). */
  provide?: typeof provideCardForm;
  /** The review page's modal: the card edited (its number stays), or a new one. */
  review?: CardFormInput['review'];
  label?: string;
  /** The form opens a modal of its own (the review page): its first field takes the focus. */
  autoFocus?: boolean;
  /** The card was added or updated. */
  onSaved: () => void;
  onCancel: () => void;
}

export function CardForm({ gateway, provide = provideCardForm, review, label = 'Add a card', autoFocus, onSaved, onCancel }: CardFormProps) {
  const formId = useId();
  const idOf = (field: CardField) => `${formId}-${field}`;
  const [today] = useState(localToday);
  const [channel] = useState(() => new CardFieldChannel());
  const provided = useMemo(() => provide(gateway, channel), [provide, gateway, channel]);
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
  const [state, send] = useActor(logic, { input: { today, review }, inspect: inspectFlow() });
  const edited = review?.editing ?? null;
  useEffect(() => {
    channel.listen({
      state: (number) => send({ type: 'cardNumber.changed', state: number }),
      blur: () => send({ type: 'field.blurred', field: 'cardNumber' }),
      submit: () => send({ type: 'save.submitted' }),
    });
  }, [channel, send]);
  const fieldUrl = fieldUrlOf(state.context);
  /** Until the hosted field is there (and while saving) the form waits: "hosted tokenization must finish before Add or Update is enabled". */
  const waiting = !state.matches('editing');
  const { values } = state.context;
  const errors = shownErrors(state.context);
  const saving = state.hasTag('pending');
  // Why Save waits (the machine refuses it until the field is there): still loading, or Try again first.
  const notYet = saving || state.can({ type: 'save.submitted' }) ? null : state.matches('unavailable') ? CARD_MESSAGES.fieldRetry : CARD_MESSAGES.fieldLoading;
  const blurred = (field: CardField) => () => send({ type: 'field.blurred', field });

  return (
    <FormFrame
      label={label}
      failure={state.context.failure}
      saving={saving}
      notYet={notYet}
      onSubmit={() => send({ type: 'save.submitted' })}
      onCancel={onCancel}
    >
      <TextField
        id={idOf('firstName')}
        label="First name on card"
        autoFocus={autoFocus}
        autoComplete="cc-given-name"
        maxLength={CARD_LIMITS.name}
        isRequired
        validationBehavior="aria"
        isReadOnly={waiting}
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
        isReadOnly={waiting}
        value={values.lastName}
        onChange={(text) => send({ type: 'lastName.changed', text })}
        onBlur={blurred('lastName')}
        errorMessage={errors.lastName}
      />
      <div className={styles.wide}>
        {edited ? (
          // An edited card keeps its number (section 5: not editable when editing): no card field.
          <ReadOnlyValue label="Card number" value={cardEnding(CARD_TYPE_NAMES[edited.cardTypeNum], edited.lastDigits)} />
        ) : fieldUrl ? (
          <HostedCardField
            id={idOf('cardNumber')}
            src={fieldUrl}
            channel={channel}
            view={{ label: 'Card number', note: cardNumberNote(state.context) ?? null, error: errors.cardNumber ?? null, required: state.context.held === null, readOnly: saving }}
          />
        ) : state.matches('unavailable') ? (
          <div className={hosted.pending}>
            <Button variant="secondary" onPress={() => send({ type: 'field.retried' })}>
              Try again
            </Button>
          </div>
        ) : (
          <div className={hosted.pending}>
            <Skeleton lines={1} label="Loading the secure card number field" />
          </div>
        )}
      </div>
      <div className={styles.wide}>
        <CardTypeField
          id={`${formId}-cardType`}
          value={shownCardType(values, state.context.number, state.context.held)}
          onChange={(cardType) => send({ type: 'cardType.changed', cardType })}
          isReadOnly={waiting}
        />
      </div>
      <CardExpiryFields
        idPrefix={formId}
        today={state.context.today}
        month={values.month}
        year={values.year}
        onMonthChange={(month) => send({ type: 'expiryMonth.changed', month })}
        onYearChange={(year) => send({ type: 'expiryYear.changed', year })}
        onBlur={(field) => send({ type: 'field.blurred', field })}
        errors={errors}
        isReadOnly={waiting}
      />
      <div className={styles.checkbox}>
        <Checkbox isSelected={values.isFsa} isReadOnly={waiting} onChange={(checked) => send({ type: 'fsa.changed', checked })}>
          This is an FSA or HSA card
        </Checkbox>
      </div>
      <div className={styles.checkbox}>
        <Checkbox isSelected={values.isDefault} isReadOnly={waiting} onChange={(checked) => send({ type: 'default.changed', checked })}>
          Make this my default card
        </Checkbox>
      </div>
    </FormFrame>
  );
}
