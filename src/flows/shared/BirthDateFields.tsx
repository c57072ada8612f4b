/**
 * Date of birth as three typeaheads (Month, Day, Year), for the link flows'
 * verification and the member information form. Each field narrows its list
 * by the rule of machines/shared/rules/verification.ts (the month by any part of its
 * name, day and year by their start) and shows the one option a text matches
 * once the field is left. The fields keep what the person types; the owner
 * receives the text as it changes and decides what it means.
 */
import { useMemo } from 'react';
import { MONTHS } from '../../../machines/shared/rules/display.ts';
import { DAY_OPTIONS, FIELD_LIMITS, optionsMatching, type MatchMode } from '../../../machines/shared/rules/verification.ts';
import { yearOptions } from '../../../machines/shared/rules/birthDate.ts';
import { ComboBox, type ComboBoxItem, type Narrow } from '../../ui/ComboBox.tsx';
import * as styles from './birthDateFields.css.ts';

export type BirthDatePart = 'month' | 'day' | 'year';

export interface BirthDateFieldsProps {
  /** The current calendar year (the caller's clock): the years run from it back 120. */
  thisYear: number;
  /** The fields' text, when the owner holds it (then it must follow the callbacks); leave out to let the fields keep it. */
  values?: Partial<Record<BirthDatePart, string>>;
  /** The text the fields start with when they keep it themselves (for example what a machine kept from an earlier visit). */
  defaultValues?: Partial<Record<BirthDatePart, string>>;
  onMonthChange?: (text: string) => void;
  onDayChange?: (text: string) => void;
  onYearChange?: (text: string) => void;
  /** Each field's error message, shown under it and wired to it (read out with the field). */
  errors?: Partial<Record<BirthDatePart, string>>;
  /**
   * While the form's answer is on its way: the fields keep their text and the focus (Enter in Year sent the form)
   * but take no typing. Read-only, not disabled: a disabled field drops the focus to the page.
   */
  isReadOnly?: boolean;
  /** All three are required unless told otherwise. */
  isRequired?: boolean;
  legend?: string;
}

const toItems = (options: readonly string[]): ComboBoxItem[] => options.map((name) => ({ id: name, name }));
const MONTH_ITEMS = toItems(MONTHS);
const DAY_ITEMS = toItems(DAY_OPTIONS);
const narrowBy =
  (mode: MatchMode): Narrow =>
  (texts, typed) =>
    optionsMatching(texts, typed, mode);
const BY_NAME = narrowBy('contains');
const BY_START = narrowBy('prefix');

export function BirthDateFields({
  thisYear,
  values,
  defaultValues,
  onMonthChange,
  onDayChange,
  onYearChange,
  errors,
  isReadOnly,
  isRequired = true,
  legend = 'Date of birth',
}: BirthDateFieldsProps) {
  const yearItems = useMemo(() => toItems(yearOptions(thisYear)), [thisYear]);
  // The options are built on first focus or hover (ComboBox `deferOptions`): the first screen renders none of them.
  const common = { allowsCustomValue: true, isReadOnly, isRequired, validationBehavior: 'aria' as const, deferOptions: true };
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.fields}>
        <div className={styles.month}>
          <ComboBox
            {...common}
            label="Month"
            defaultItems={MONTH_ITEMS}
            narrow={BY_NAME}
            autoComplete="bday-month"
            inputValue={values?.month}
            defaultInputValue={defaultValues?.month}
            onInputChange={onMonthChange}
            errorMessage={errors?.month}
          />
        </div>
        <ComboBox
          {...common}
          label="Day"
          defaultItems={DAY_ITEMS}
          narrow={BY_START}
          maxLength={FIELD_LIMITS.day}
          inputMode="numeric"
          autoComplete="bday-day"
          inputValue={values?.day}
          defaultInputValue={defaultValues?.day}
          onInputChange={onDayChange}
          errorMessage={errors?.day}
        />
        <ComboBox
          {...common}
          label="Year"
          defaultItems={yearItems}
          narrow={BY_START}
          maxLength={FIELD_LIMITS.year}
          inputMode="numeric"
          autoComplete="bday-year"
          inputValue={values?.year}
          defaultInputValue={defaultValues?.year}
          onInputChange={onYearChange}
          errorMessage={errors?.year}
        />
      </div>
    </fieldset>
  );
}
