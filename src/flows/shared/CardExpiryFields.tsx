/**
 * A card's expiration month and year as two typeaheads, for every card form
 * (Easy Fill's Add a card, the registration page's payment section). The
 * month narrows by any part of '04 - April' (so '4', '04' and 'apr' all find
 * it), the year by its start; the years are this one and the next ten
 * (machines/shared/rules/cardForm.ts). The owner's machine holds the month and year
 * as numbers: the option picked from the list, or the one option the text
 * matches when the field is left (typing '4' and Tab picks April, as a list
 * narrowed to one would); any other text is no month yet, and once left it
 * shows the field's error.
 */
import { useMemo } from 'react';
import { expiryYears } from '../../../machines/shared/rules/cardForm.ts';
import { MONTHS } from '../../../machines/shared/rules/display.ts';
import { optionsMatching } from '../../../machines/shared/rules/verification.ts';
import { OptionPick, type Narrow, type OptionPickProps } from '../../ui/ComboBox.tsx';

const MONTH_ITEMS = MONTHS.map((name, i) => ({ id: String(i + 1), name: `${String(i + 1).padStart(2, '0')} - ${name}` }));
const BY_NAME: Narrow = (texts, typed) => optionsMatching(texts, typed, 'contains');
const BY_START: Narrow = (texts, typed) => optionsMatching(texts, typed, 'prefix');

export interface CardExpiryFieldsProps {
  /** The fields' ids (`${idPrefix}-month`, `${idPrefix}-year`), which the form's focusField uses. */
  idPrefix: string;
  /** Today, YYYY-MM-DD: the years offered start at its year. */
  today: string;
  month: number | null;
  year: number | null;
  onMonthChange: (month: number | null) => void;
  onYearChange: (year: number | null) => void;
  onBlur?: (field: 'month' | 'year') => void;
  errors: { month?: string | undefined; year?: string | undefined };
  isReadOnly?: boolean;
  isDisabled?: boolean;
}

export function CardExpiryFields({ idPrefix, today, month, year, onMonthChange, onYearChange, onBlur, errors, isReadOnly, isDisabled }: CardExpiryFieldsProps) {
  const yearItems = useMemo(() => expiryYears(today).map((y) => ({ id: String(y), name: String(y) })), [today]);
  const common = { isRequired: !isDisabled, validationBehavior: 'aria' as const, isReadOnly, isDisabled };
  return (
    <>
      <NumberPick
        {...common}
        id={`${idPrefix}-month`}
        label="Expiration month"
        autoComplete="cc-exp-month"
        items={MONTH_ITEMS}
        narrow={BY_NAME}
        value={month}
        onValueChange={onMonthChange}
        onBlur={() => onBlur?.('month')}
        errorMessage={errors.month}
      />
      <NumberPick
        {...common}
        id={`${idPrefix}-year`}
        label="Expiration year"
        autoComplete="cc-exp-year"
        inputMode="numeric"
        maxLength={4}
        items={yearItems}
        narrow={BY_START}
        value={year}
        onValueChange={onYearChange}
        onBlur={() => onBlur?.('year')}
        errorMessage={errors.year}
      />
    </>
  );
}

type NumberPickProps = Omit<OptionPickProps, 'value' | 'onValueChange'> & {
  value: number | null;
  onValueChange: (value: number | null) => void;
};

/** The shared typeahead over a fixed list (OptionPick), whose options are numbered: the value is the option's number. */
function NumberPick({ value, onValueChange, ...props }: NumberPickProps) {
  return <OptionPick {...props} value={value === null ? null : String(value)} onValueChange={(picked) => onValueChange(picked === null ? null : Number(picked))} />;
}
