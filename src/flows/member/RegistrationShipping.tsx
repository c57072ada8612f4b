/**
 * The registration page's shipping address (member-transfer-flow.md sections
 * 2, 3 and 5): type, street, zip (city and state looked up from it, with the
 * lookup's status and Search again), the Temporary dates and the billing box.
 */
import { shownError, type RegistrationContext } from '../../../machines/member/registrationMachine.ts';
import { CONTACT_LIMITS, CONTACT_MESSAGES, SHIPPING_TYPES, type ShippingTypeId } from '../../../machines/member/rules/contactInfo.ts';
import { placeKey, ZIP_LOOKUP_MESSAGES } from '../../../machines/shared/rules/addressForm.ts';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { LookupStatus } from '../../ui/LookupStatus.tsx';
import { MaskedField } from '../../ui/MaskedField.tsx';
import { Radio, RadioGroup } from '../../ui/RadioGroup.tsx';
import { ReadOnlyValue } from '../../ui/ReadOnlyValue.tsx';
import { TextField } from '../../ui/TextField.tsx';
import * as styles from './registration.css.ts';
import { blurred, fieldId, focusField, type PartProps } from './RegistrationParts.tsx';

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
        {/* 'Looking up the city and state…' while the lookup runs, a failure's text with Search again (the focus back in the zip). */}
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
