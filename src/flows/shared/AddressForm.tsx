/**
 * The form inside the Easy Fill address modal: it renders addressFormMachine
 * and sends it what the person does. The machine decides everything else.
 */
import { useId, useMemo, useState } from 'react';
import { useActor } from '@xstate/react';
import { formAlert, shownErrors, zipStatus, type AddressField, type AddressFormInput } from '../../../machines/shared/addressFormMachine.ts';
import { ADDRESS_LIMITS, offeredAddressTypes, placeKey, ZIP_LOOKUP_MESSAGES, type AddressTypeKey } from '../../../machines/shared/rules/addressForm.ts';
import type { GatewayClient } from '../../api/gateway.ts';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { LookupStatus } from '../../ui/LookupStatus.tsx';
import { MaskedField } from '../../ui/MaskedField.tsx';
import { Radio, RadioGroup } from '../../ui/RadioGroup.tsx';
import { ReadOnlyValue } from '../../ui/ReadOnlyValue.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { FormFrame } from './FormFrame.tsx';
import { focusById, provideAddressForm } from './formActors.ts';
import { localToday } from './today.ts';
import * as styles from './forms.css.ts';
import { inspectFlow } from '../../dev/inspectFlow.ts';

export interface AddressFormProps {
  gateway: GatewayClient;
  /** The form's actors (Easy Fill's by default; the review page gives the member's). */
  provide?: (gateway: GatewayClient) => ReturnType<typeof provideAddressForm>;
  /** The review page's modal: the address edited and those on file. */
  review?: AddressFormInput['review'];
  label?: string;
  /** The form opens a modal of its own (the review page): its first field takes the focus. */
  autoFocus?: boolean;
  /** The address was added; its id. */
  onSaved: (addressId: number) => void;
  onCancel: () => void;
}

export function AddressForm({ gateway, provide = provideAddressForm, review, label = 'Add an address', autoFocus, onSaved, onCancel }: AddressFormProps) {
  const formId = useId();
  const idOf = (field: AddressField) => `${formId}-${field}`;
  const [today] = useState(localToday);
  const provided = useMemo(() => provide(gateway), [provide, gateway]);
  const logic = useMemo(
    () =>
      provided.provide({
        actions: {
          focusField: (_, { field }) => focusById(`${formId}-${field}`),
          reportSaved: (_, { addressId }) => onSaved(addressId),
        },
      }),
    [provided, formId, onSaved],
  );
  const [state, send] = useActor(logic, { input: { today, review }, inspect: inspectFlow() });
  const { values, places } = state.context;
  const errors = shownErrors(state.context);
  const saving = state.hasTag('pending');
  const blurred = (field: AddressField) => () => send({ type: 'field.blurred', field });

  return (
    <FormFrame
      label={label}
      failure={formAlert(state.context)}
      saving={saving}
      onSubmit={() => send({ type: 'save.submitted' })}
      onCancel={onCancel}
    >
      <div className={styles.wide}>
        <TextField
          id={idOf('line1')}
          label="Address line 1"
          autoFocus={autoFocus}
          autoComplete="shipping address-line1"
          maxLength={ADDRESS_LIMITS.line}
          isRequired
          validationBehavior="aria"
          isReadOnly={saving}
          value={values.line1}
          onChange={(text) => send({ type: 'line1.changed', text })}
          onBlur={blurred('line1')}
          errorMessage={errors.line1}
        />
      </div>
      <div className={styles.wide}>
        <TextField
          id={idOf('line2')}
          label="Address line 2 (optional)"
          description="Apartment, suite or unit"
          autoComplete="shipping address-line2"
          maxLength={ADDRESS_LIMITS.line}
          validationBehavior="aria"
          isReadOnly={saving}
          value={values.line2}
          onChange={(text) => send({ type: 'line2.changed', text })}
          onBlur={blurred('line2')}
          errorMessage={errors.line2}
        />
      </div>
      <div>
        <MaskedField
          id={idOf('zip')}
          mask="zip"
          label="Zip code"
          autoComplete="shipping postal-code"
          description={ZIP_LOOKUP_MESSAGES.help}
          aria-describedby={`${idOf('zip')}-status`}
          isRequired
          validationBehavior="aria"
          isReadOnly={saving}
          value={values.zip}
          onChange={(text) => send({ type: 'zip.changed', text })}
          onBlur={blurred('zip')}
          errorMessage={errors.zip}
        />
        {/* 'Looking up the city and state…' while the lookup runs, a failure's text with Search again (the machine puts the focus back in the zip). */}
        <LookupStatus
          id={`${idOf('zip')}-status`}
          text={zipStatus(state)}
          retry={state.can({ type: 'zip.retried' }) ? { label: ZIP_LOOKUP_MESSAGES.searchAgain, onPress: () => send({ type: 'zip.retried' }) } : null}
        />
      </div>
      {places.length > 1 ? (
        <RadioGroup
          id={idOf('city')}
          label="City"
          description="This zip code has more than one city."
          isRequired
          validationBehavior="aria"
          isReadOnly={saving}
          value={values.city ? placeKey(values) : null}
          onChange={(key) => {
            const place = places.find((p) => placeKey(p) === key);
            if (place) send({ type: 'city.chosen', city: place.city, state: place.state });
          }}
          errorMessage={errors.city}
        >
          {places.map((p) => (
            <Radio key={placeKey(p)} value={placeKey(p)}>
              {p.city}, {p.state}
            </Radio>
          ))}
        </RadioGroup>
      ) : (
        <ReadOnlyValue id={idOf('city')} label="City" value={values.city} />
      )}
      <ReadOnlyValue label="State" value={values.state} />
      <div className={styles.wide}>
        <RadioGroup
          id={idOf('addressType')}
          label="Address type"
          isRequired
          validationBehavior="aria"
          isReadOnly={saving}
          value={values.addressType}
          onChange={(key) => send({ type: 'addressType.changed', addressType: key as AddressTypeKey })}
          errorMessage={errors.addressType}
        >
          {offeredAddressTypes(state.context.review !== null).map((t) => (
            <Radio key={t.key} value={t.key}>
              {t.label}
            </Radio>
          ))}
        </RadioGroup>
      </div>
      {values.addressType === 'temporary' && (
        <>
          <MaskedField
            id={idOf('startDate')}
            mask="date"
            label="Start date"
            description="MM/DD/YYYY, today or later"
            isRequired
            validationBehavior="aria"
            isReadOnly={saving}
            value={values.startDate}
            onChange={(text) => send({ type: 'startDate.changed', text })}
            onBlur={blurred('startDate')}
            errorMessage={errors.startDate}
          />
          <MaskedField
            id={idOf('endDate')}
            mask="date"
            label="End date"
            description="MM/DD/YYYY, after the start date"
            isRequired
            validationBehavior="aria"
            isReadOnly={saving}
            value={values.endDate}
            onChange={(text) => send({ type: 'endDate.changed', text })}
            onBlur={blurred('endDate')}
            errorMessage={errors.endDate}
          />
        </>
      )}
      <div className={styles.checkbox}>
        <Checkbox isSelected={values.isDefault} isReadOnly={saving} onChange={(checked) => send({ type: 'default.changed', checked })}>
          Make this my default shipping address
        </Checkbox>
      </div>
    </FormFrame>
  );
}
