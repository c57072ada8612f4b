/**
 * A card's expiration month and year as two typeaheads, for every card form
 * (Easy Fill's Add a card, the registration page's payment section). The
 * month narrows by any part of '04 - April' (so '4', '04' and 'apr' all find
 * it), the year by its start; the years are this one and the next ten
 * (machines/rules/cardForm.ts). The owner's machine holds the month and year
 * as numbers: an option picked from the list, or the one option the text typed
 * matches when the field is left (typing '4' and Tab picks April, as a list
 * narrowed to one would).
 */
import { useMemo, useRef } from 'react';
import { expiryYears } from '../../../machines/rules/cardForm.ts';
import { MONTHS } from '../../../machines/rules/display.ts';
import { optionsMatching } from '../../../machines/rules/verification.ts';
import { ComboBox, type Narrow } from '../../ui/ComboBox.tsx';

const MONTH_ITEMS = MONTHS.map((name, i) => ({ id: String(i + 1), name: `${String(i + 1).padStart(2, '0')} - ${name}` }));
const BY_NAME: Narrow = (texts, typed) => optionsMatching(texts, typed, 'contains');
const BY_START: Narrow = (texts, typed) => optionsMatching(texts, typed, 'prefix');

const numberOrNull = (key: unknown) => (key === null || key === undefined ? null : Number(key));

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
  const typed = useRef({ month: '', year: '' });
  /** Leaving a field whose text matches one option picks it. */
  const leave = (field: 'month' | 'year') => {
    const items = field === 'month' ? MONTH_ITEMS : yearItems;
    const hits = (field === 'month' ? BY_NAME : BY_START)(items.map((i) => i.name), typed.current[field]);
    const only = typed.current[field].trim() && hits.length === 1 ? items.find((i) => i.name === hits[0]) : undefined;
    if (only && Number(only.id) !== (field === 'month' ? month : year)) (field === 'month' ? onMonthChange : onYearChange)(Number(only.id));
    onBlur?.(field);
  };
  return (
    <>
      <ComboBox
        {...common}
        id={`${idPrefix}-month`}
        label="Expiration month"
        autoComplete="cc-exp-month"
        defaultItems={MONTH_ITEMS}
        narrow={BY_NAME}
        selectedKey={month === null ? null : String(month)}
        onSelectionChange={(key) => onMonthChange(numberOrNull(key))}
        onInputChange={(text) => (typed.current.month = text)}
        onBlur={() => leave('month')}
        errorMessage={errors.month}
      />
      <ComboBox
        {...common}
        id={`${idPrefix}-year`}
        label="Expiration year"
        autoComplete="cc-exp-year"
        inputMode="numeric"
        maxLength={4}
        defaultItems={yearItems}
        narrow={BY_START}
        selectedKey={year === null ? null : String(year)}
        onSelectionChange={(key) => onYearChange(numberOrNull(key))}
        onInputChange={(text) => (typed.current.year = text)}
        onBlur={() => leave('year')}
        errorMessage={errors.year}
      />
    </>
  );
}
