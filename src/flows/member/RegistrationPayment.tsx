/**
 * The registration page's Payment Info (member-transfer-flow.md sections 3, 4
 * and 5, "Payment card"): it renders the registration machine's context and
 * sends it what the person does. The card number is typed into the hosted
 * field (the tokenizer's page): neither this view nor the machine holds it.
 */
import { shownError } from '../../../machines/member/registrationMachine.ts';
import { shownCardType, type PaymentValues } from '../../../machines/member/rules/registration.ts';
import { cardFieldUrl } from '../../../machines/shared/rules/cardField.ts';
import { CARD_LIMITS, CARD_MESSAGES, cardNumberNoteOf } from '../../../machines/shared/rules/cardForm.ts';
import { Button } from '../../ui/Button.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { TextField } from '../../ui/TextField.tsx';
import type { CardFieldChannel } from '../shared/cardFieldChannel.ts';
import { CardExpiryFields } from '../shared/CardExpiryFields.tsx';
import { CardTypeField } from '../shared/CardTypeField.tsx';
import { HostedCardField } from '../shared/HostedCardField.tsx';
import { blurred, fieldId, type PartProps } from './RegistrationParts.tsx';
import * as styles from './registration.css.ts';


/**
 * The payment card: Skip Payment (bill me later, only when allowed), the
 * names, the number in the hosted field (the tokenizer's page: the portal
 * never sees it), the card type (from the number, can be changed), expiry,
 * FSA and default.
 */
export function PaymentFields({ c, send, busy, field, channel }: PartProps & { field: 'opening' | 'ready' | 'unavailable'; channel: CardFieldChannel }) {
  const v = c.values.payment;
  const error = (name: string) => shownError(c, 'payment', name);
  const change = (values: Partial<Omit<PaymentValues, 'skip'>>) => send({ type: 'payment.changed', values });
  const off = v.skip;
  const common = { validationBehavior: 'aria' as const, isReadOnly: busy, isDisabled: off };
  const url = c.serviceUrl ? cardFieldUrl(c.serviceUrl) : null;
  const type = shownCardType(v, c.cardField, c.token);
  return (
    <div className={styles.fields}>
      {c.member.patient.allowBillMeLater && (
        <div className={styles.row}>
          <Checkbox isSelected={v.skip} isReadOnly={busy} onChange={(skip) => send({ type: 'payment.skipped', skip })}>
            Skip Payment
          </Checkbox>
          <p className={styles.note}>Your plan lets us bill you later: you can add a card now or skip it.</p>
        </div>
      )}
      <TextField
        {...common}
        id={fieldId('payment', 'firstName')}
        label="First name on card"
        autoComplete="cc-given-name"
        maxLength={CARD_LIMITS.name}
        isRequired={!off}
        value={v.firstName}
        onChange={(firstName) => change({ firstName })}
        onBlur={blurred(send, 'payment.firstName')}
        errorMessage={error('firstName')}
      />
      <TextField
        {...common}
        id={fieldId('payment', 'lastName')}
        label="Last name on card"
        autoComplete="cc-family-name"
        maxLength={CARD_LIMITS.name}
        isRequired={!off}
        value={v.lastName}
        onChange={(lastName) => change({ lastName })}
        onBlur={blurred(send, 'payment.lastName')}
        errorMessage={error('lastName')}
      />
      <div className={styles.wide}>
        {field === 'ready' && url ? (
          <HostedCardField
            id={fieldId('payment', 'cardNumber')}
            src={url.href}
            channel={channel}
            isDisabled={off}
            view={{ label: 'Card number', note: off ? null : (cardNumberNoteOf(c.token, c.cardField) ?? null), error: off ? null : (error('cardNumber') ?? null), required: !off && c.token === null, readOnly: busy || off }}
          />
        ) : field === 'unavailable' ? (
          <div className={styles.pending} role="alert">
            <p className={styles.error}>{CARD_MESSAGES.fieldUnavailable}</p>
            <Button variant="secondary" onPress={() => send({ type: 'field.retried' })}>
              Try again
            </Button>
          </div>
        ) : (
          <div className={styles.pending}>
            <Skeleton lines={1} label="Loading the secure card number field" />
          </div>
        )}
      </div>
      <div className={styles.wide}>
        <CardTypeField id={fieldId('payment', 'cardType')} value={type} onChange={(cardType) => change({ cardType })} isReadOnly={busy} isDisabled={off} />
      </div>
      <CardExpiryFields
        idPrefix={fieldId('payment', 'expiry')}
        today={c.today}
        month={v.month}
        year={v.year}
        onMonthChange={(month) => change({ month })}
        onYearChange={(year) => change({ year })}
        onBlur={(name) => send({ type: 'field.blurred', field: `payment.${name}` })}
        errors={{ month: error('month'), year: error('year') }}
        isReadOnly={busy}
        isDisabled={off}
      />
      <div className={styles.row}>
        <Checkbox isSelected={v.isFsa} isReadOnly={busy} isDisabled={off} onChange={(isFsa) => change({ isFsa })}>
          This is an FSA or HSA card
        </Checkbox>
      </div>
      <div className={styles.row}>
        <Checkbox isSelected={v.isDefault} isReadOnly={busy} isDisabled={off} onChange={(isDefault) => change({ isDefault })}>
          Make this my default card
        </Checkbox>
      </div>
    </div>
  );
}
