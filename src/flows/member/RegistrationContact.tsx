/**
 * The registration page's contact info and notification preferences
 * (member-transfer-flow.md sections 2, 3 and 5): the primary phone (and Change
 * Primary Phone), its type, the email; Automated Call, SMS Text, Email or
 * None, with a time zone for call and text. NotificationChoiceFields serves
 * the review page's notification modal too.
 */
import { Fragment } from 'react';
import { shownError, type RegistrationContext } from '../../../machines/member/registrationMachine.ts';
import { CONTACT_LIMITS, PHONE_TYPES, type PhoneTypeId } from '../../../machines/member/rules/contactInfo.ts';
import {
  needsTimeZone,
  noneAllowed,
  notificationOptions,
  TIME_ZONE_PLACEHOLDER,
  TIME_ZONES,
  type NotificationChoice,
  type NotificationContact,
  type NotificationValues,
  type TimeZoneCode,
} from '../../../machines/member/rules/notifications.ts';
import { notificationContact, phoneChangeable } from '../../../machines/member/rules/registration.ts';
import { CHANGE_TITLES } from '../../../machines/member/rules/profileChanges.ts';
import { summaryPhone } from '../../../machines/member/rules/review.ts';
import { REGISTRATION_PHONE_CHANGE_ID } from './registrationActors.ts';
import { optionsMatching } from '../../../machines/shared/rules/verification.ts';
import { Button } from '../../ui/Button.tsx';
import { OptionPick, type Narrow } from '../../ui/ComboBox.tsx';
import { MaskedField } from '../../ui/MaskedField.tsx';
import { Radio, RadioGroup } from '../../ui/RadioGroup.tsx';
import { TextField } from '../../ui/TextField.tsx';
import * as styles from './registration.css.ts';
import { blurred, fieldId, type PartProps } from './RegistrationParts.tsx';

/** The primary phone, its type, and the email. */
export function ContactFields({ c, send, busy }: PartProps) {
  const v = c.values.contact;
  const error = (field: string) => shownError(c, 'contact', field);
  const change = (values: Partial<RegistrationContext['values']['contact']>) => send({ type: 'contact.changed', values });
  const common = { validationBehavior: 'aria' as const, isReadOnly: busy, isRequired: true };
  return (
    <div className={styles.fields}>
      <MaskedField
        {...common}
        id={fieldId('contact', 'phone')}
        mask="phone"
        label="Primary phone"
        value={v.phone}
        onChange={(phone) => change({ phone })}
        onBlur={blurred(send, 'contact.phone')}
        errorMessage={error('phone')}
      />
      <RadioGroup
        {...common}
        id={fieldId('contact', 'phoneType')}
        label="Phone type"
        orientation="horizontal"
        value={v.phoneType === null ? null : String(v.phoneType)}
        onChange={(key) => change({ phoneType: Number(key) as PhoneTypeId })}
        errorMessage={error('phoneType')}
      >
        {PHONE_TYPES.map((t) => (
          <Radio key={t.id} value={String(t.id)}>
            {t.label}
          </Radio>
        ))}
      </RadioGroup>
      <div className={styles.wide}>
        <TextField
          {...common}
          id={fieldId('contact', 'email')}
          label="Email"
          type="email"
          autoComplete="email"
          maxLength={CONTACT_LIMITS.email}
          value={v.email}
          onChange={(email) => change({ email })}
          onBlur={blurred(send, 'contact.email')}
          errorMessage={error('email')}
        />
      </div>
    </div>
  );
}

const TIME_ZONE_ITEMS = TIME_ZONES.map((z) => ({ id: z.code, name: z.label }));
/** A zone is found by the start of its name ('moun', 'pac'), as the other fixed-list typeaheads narrow. */
const TIME_ZONE_NARROW: Narrow = (texts, typed) => optionsMatching(texts, typed, 'prefix');

/** Automated Call, SMS Text, Email or None; a time zone for call and text. Choices without their contact are greyed out, with why. */
export function NotificationFields({ c, send, busy }: PartProps) {
  const phone = c.member.patient.phone;
  return (
    <>
      {phoneChangeable(c.member) && phone && (
        <div className={styles.row}>
          <p className={styles.note}>
            Calls and text messages go to your primary phone: <strong>{summaryPhone(phone)}</strong>
          </p>
          <Button id={REGISTRATION_PHONE_CHANGE_ID} variant="secondary" size="small" isDisabled={busy} onPress={() => send({ type: 'phone.opened' })}>
            {CHANGE_TITLES.phone}
          </Button>
        </div>
      )}
      <NotificationChoiceFields
      section="notification"
      contact={notificationContact({ member: c.member, values: c.values })}
      values={c.values.notification}
      onChange={(values) => send({ type: 'notification.changed', values })}
      errors={{ choice: shownError(c, 'notification', 'choice'), timeZone: shownError(c, 'notification', 'timeZone') }}
      busy={busy}
    />
    </>
  );
}

/** The notification choice and its time zone, for the registration page and the review page's modal (`section` keeps their ids apart). */
export function NotificationChoiceFields({
  section,
  contact,
  values: v,
  onChange: change,
  errors,
  busy,
}: {
  section: string;
  contact: NotificationContact;
  values: NotificationValues;
  onChange: (values: Partial<NotificationValues>) => void;
  errors: { choice?: string; timeZone?: string };
  busy: boolean;
}) {
  const options = notificationOptions(contact);
  return (
    <div className={styles.fields}>
      <div className={styles.wide}>
        <RadioGroup
          id={fieldId(section, 'choice')}
          label="How should we tell you about your orders?"
          description={noneAllowed(contact) ? undefined : 'Order notifications are required for your plan or state.'}
          isRequired
          validationBehavior="aria"
          isReadOnly={busy}
          value={v.choice}
          onChange={(choice) => change({ choice: choice as NotificationChoice })}
          errorMessage={errors.choice}
        >
          {options.map((o) => (
            <Fragment key={o.key}>
              <Radio value={o.key} isDisabled={o.unavailable !== null} aria-describedby={o.unavailable ? fieldId(section, `${o.key}-why`) : undefined}>
                {o.label}
              </Radio>
              {o.unavailable && (
                <p id={fieldId(section, `${o.key}-why`)} className={styles.optionNote}>
                  {o.unavailable}
                </p>
              )}
            </Fragment>
          ))}
        </RadioGroup>
      </div>
      {needsTimeZone(v.choice) && (
        <OptionPick
          id={fieldId(section, 'timeZone')}
          label="Time zone"
          placeholder={TIME_ZONE_PLACEHOLDER}
          items={TIME_ZONE_ITEMS}
          narrow={TIME_ZONE_NARROW}
          isRequired
          validationBehavior="aria"
          isReadOnly={busy}
          value={v.timeZone}
          onValueChange={(code) => change({ timeZone: (code as TimeZoneCode | null) ?? null })}
          errorMessage={errors.timeZone}
        />
      )}
    </div>
  );
}
