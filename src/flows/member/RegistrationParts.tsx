/**
 * The sections of the registration page (member-transfer-flow.md sections 2,
 * 3 and 5): Shipping and Contact Info, Notification Preferences, and the
 * agreements (Payment Info is RegistrationPayment.tsx, Health Info
 * HealthInfoFields.tsx). Each renders the registration machine's
 * context and sends it what the person does; every rule (errors, which
 * notification choices are available, the card type) comes from
 * machines/member/rules through the machine's selectors.
 */
import { Fragment, type ReactNode } from 'react';
import { shownError, type RegistrationContext, type RegistrationEvent } from '../../../machines/member/registrationMachine.ts';
import { CONTACT_LIMITS, CONTACT_MESSAGES, PHONE_TYPES, SHIPPING_TYPES, type PhoneTypeId, type ShippingTypeId } from '../../../machines/member/rules/contactInfo.ts';
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
import { notificationContact, phoneChangeable, PRIVACY_MESSAGES, type PrivacyValues } from '../../../machines/member/rules/registration.ts';
import { CHANGE_TITLES } from '../../../machines/member/rules/profileChanges.ts';
import { summaryPhone } from '../../../machines/member/rules/review.ts';
import { REGISTRATION_PHONE_CHANGE_ID } from './registrationActors.ts';
import { placeKey, ZIP_LOOKUP_MESSAGES } from '../../../machines/shared/rules/addressForm.ts';
import { optionsMatching } from '../../../machines/shared/rules/verification.ts';
import { Button } from '../../ui/Button.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { LookupStatus } from '../../ui/LookupStatus.tsx';
import { OptionPick, type Narrow } from '../../ui/ComboBox.tsx';
import { MaskedField } from '../../ui/MaskedField.tsx';
import { Radio, RadioGroup } from '../../ui/RadioGroup.tsx';
import { ReadOnlyValue } from '../../ui/ReadOnlyValue.tsx';
import { TextField } from '../../ui/TextField.tsx';
import * as styles from './registration.css.ts';

export interface PartProps {
  c: RegistrationContext;
  send: (event: RegistrationEvent) => void;
  /** The page is being submitted: the fields wait. */
  busy: boolean;
}

/** The id of a field, for labels and the focus: `reg-shipping-line1`. */
export const fieldId = (section: string, field: string) => `reg-${section}-${field}`;

/** Where a field's error sends the focus when its own id names no focusable element (a value shown, not typed). */
const FOCUS_TARGETS: Record<string, string[]> = {
  'shipping.city': ['shipping-city', 'shipping-zip'],
  'shipping.state': ['shipping-zip'],
  'payment.month': ['payment-expiry-month'],
  'payment.year': ['payment-expiry-year'],
  'allergies.': ['allergies-list'],
  'conditions.': ['conditions-list'],
};

const FOCUSABLE = 'input:not([disabled]):not([type="hidden"]), textarea:not([disabled]), select:not([disabled]), iframe, button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Puts the focus in a field of the page (the banner's links, issue 27 #10): the element with its id, or the
 * first focusable one inside it (a radio group's checked or first choice, a list's first box).
 */
export function focusField(section: string, field: string): void {
  const ids = FOCUS_TARGETS[`${section}.${field}`] ?? [`${section}-${field}`];
  for (const id of ids) {
    const element = document.getElementById(`reg-${id}`);
    if (!element) continue;
    const target = element.matches(FOCUSABLE) ? element : (element.querySelector<HTMLElement>('input:checked:not([disabled])') ?? element.querySelector<HTMLElement>(FOCUSABLE));
    if (target) {
      target.focus();
      return;
    }
  }
}

/** A titled section of the page. */
export function PartSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.sectionTitle}>
        {title}
      </h3>
      {children}
    </section>
  );
}

/** A field left: its error shows from now on. */
export const blurred = (send: PartProps['send'], field: string) => () => send({ type: 'field.blurred', field });

/** What the zip's lookup says (zipStatus), and whether Search again is offered (the last lookup failed). */
export interface ZipLookupView {
  status: string;
  retryable: boolean;
}

/** The shipping address: type, street, zip (city and state from it), Temporary dates, the billing box. */
export function ShippingFields({ c, send, busy, zipLookup }: PartProps & { zipLookup: ZipLookupView }) {
  const v = c.values.shipping;
  const error = (field: string) => shownError(c, 'shipping', field);
  const change = (values: Partial<RegistrationContext['values']['shipping']>) => send({ type: 'shipping.changed', values });
  const common = { validationBehavior: 'aria' as const, isReadOnly: busy };
  const zipStatusId = `${fieldId('shipping', 'zip')}-status`;
  return (
    <div className={styles.fields}>
      <div className={styles.wide}>
        <RadioGroup
          {...common}
          id={fieldId('shipping', 'addressType')}
          label="Address type"
          orientation="horizontal"
          isRequired
          value={v.addressType === null ? null : String(v.addressType)}
          onChange={(key) => change({ addressType: Number(key) as ShippingTypeId })}
          errorMessage={error('addressType')}
        >
          {SHIPPING_TYPES.map((t) => (
            <Radio key={t.id} value={String(t.id)}>
              {t.label}
            </Radio>
          ))}
        </RadioGroup>
      </div>
      <div className={styles.wide}>
        <TextField
          {...common}
          id={fieldId('shipping', 'line1')}
          label="Street address"
          autoComplete="shipping address-line1"
          maxLength={CONTACT_LIMITS.line}
          isRequired
          value={v.line1}
          onChange={(line1) => change({ line1: line1.trimStart() })}
          onBlur={blurred(send, 'shipping.line1')}
          errorMessage={error('line1')}
        />
      </div>
      <div className={styles.wide}>
        <TextField
          {...common}
          id={fieldId('shipping', 'line2')}
          label="Apartment, suite or unit (optional)"
          autoComplete="shipping address-line2"
          maxLength={CONTACT_LIMITS.line}
          value={v.line2}
          onChange={(line2) => change({ line2 })}
          onBlur={blurred(send, 'shipping.line2')}
          errorMessage={error('line2')}
        />
      </div>
      <div>
        <MaskedField
          {...common}
          id={fieldId('shipping', 'zip')}
          mask="zip"
          label="Zip code"
          autoComplete="shipping postal-code"
          description={ZIP_LOOKUP_MESSAGES.help}
          aria-describedby={zipStatusId}
          isRequired
          value={v.zip}
          onChange={(zip) => change({ zip })}
          onBlur={blurred(send, 'shipping.zip')}
          errorMessage={error('zip')}
        />
        {/* Issue 28 #2: 'Looking up the city and state…' while the lookup runs, a failure's text with Search again (the focus back in the zip). */}
        <LookupStatus
          id={zipStatusId}
          text={zipLookup.status}
          retry={
            zipLookup.retryable
              ? {
                  label: ZIP_LOOKUP_MESSAGES.searchAgain,
                  isDisabled: busy,
                  onPress: () => {
                    send({ type: 'zip.retried' });
                    focusField('shipping', 'zip');
                  },
                }
              : null
          }
        />
      </div>
      {c.places.length > 1 ? (
        <RadioGroup
          {...common}
          id={fieldId('shipping', 'city')}
          label="City"
          description="This zip code has more than one city."
          isRequired
          value={v.city ? placeKey(v) : null}
          onChange={(key) => {
            const place = c.places.find((p) => placeKey(p) === key);
            if (place) send({ type: 'shipping.placePicked', place });
          }}
        >
          {c.places.map((p) => (
            <Radio key={placeKey(p)} value={placeKey(p)}>
              {p.city}, {p.state}
            </Radio>
          ))}
        </RadioGroup>
      ) : (
        <ReadOnlyValue id={fieldId('shipping', 'city')} label="City" value={v.city} />
      )}
      <ReadOnlyValue label="State" value={v.state} />
      {v.addressType === 5 && (
        <>
          <MaskedField
            {...common}
            id={fieldId('shipping', 'startDate')}
            mask="date"
            label="Start date"
            description="MM/DD/YYYY, today or later"
            isRequired
            value={v.startDate}
            onChange={(startDate) => change({ startDate })}
            onBlur={blurred(send, 'shipping.startDate')}
            errorMessage={error('startDate')}
          />
          <MaskedField
            {...common}
            id={fieldId('shipping', 'endDate')}
            mask="date"
            label="End date"
            description="MM/DD/YYYY, after the start date"
            isRequired
            value={v.endDate}
            onChange={(endDate) => change({ endDate })}
            onBlur={blurred(send, 'shipping.endDate')}
            errorMessage={error('endDate')}
          />
        </>
      )}
      <div className={styles.row}>
        <Checkbox isSelected={v.billing} isReadOnly={busy} onChange={(billing) => change({ billing })}>
          {CONTACT_MESSAGES.billing}
        </Checkbox>
      </div>
    </div>
  );
}

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

const AGREEMENTS: { key: keyof PrivacyValues; label: string }[] = [
  { key: 'privacy', label: 'I have read and agree to the Privacy Notice' },
  { key: 'terms', label: 'I have read and agree to the Terms of Use' },
  { key: 'acknowledge', label: 'I confirm that the information I have given is true and complete' },
];

/** The three agreements; an unticked one is flagged after Next. The Terms of Use open in a modal whose I'm Done ticks its box. */
export function PrivacyFields({ c, send, busy, privacyHref }: PartProps & { privacyHref: ReactNode }) {
  return (
    <div>
      <p className={styles.note}>Please read our {privacyHref} and our Terms of Use before you agree to them.</p>
      <p className={styles.note}>
        <Button variant="quiet" onPress={() => send({ type: 'terms.opened' })}>
          Read the Terms of Use
        </Button>
      </p>
      <div className={styles.checks}>
        {AGREEMENTS.map(({ key, label }) => {
          const error = c.nextPressed && !c.values.privacy[key] ? PRIVACY_MESSAGES[key] : undefined;
          return (
            <div key={key}>
              <Checkbox
                id={fieldId('privacy', key)}
                isSelected={c.values.privacy[key]}
                isReadOnly={busy}
                isInvalid={Boolean(error)}
                aria-describedby={error ? fieldId('privacy', `${key}-error`) : undefined}
                onChange={(on) => send({ type: 'privacy.changed', values: { [key]: on } })}
              >
                {label}
              </Checkbox>
              {error && (
                <p id={fieldId('privacy', `${key}-error`)} className={styles.error}>
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
