import { useContext, useMemo, useState, type FocusEvent, type HTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';
import {
  Button,
  type Key,
  ComboBox as RACComboBox,
  ComboBoxStateContext,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  type ComboBoxProps as RACComboBoxProps,
} from 'react-aria-components';
import * as field from './field.css.ts';
import { FieldHelp } from './FieldHelp.tsx';
import * as styles from './combobox.css.ts';
import { Icon } from './Icon.tsx';

export interface ComboBoxItem {
  id: string;
  /** What the option shows (and is named by). */
  name: string;
  /**
   * The text the field takes when the option is picked, when it is not the name: a state shown as
   * 'AZ - Arizona' fills in 'AZ'. The field's text then is what the form keeps, so picking an option
   * closes the list (a picked text that the form rewrote would reopen it).
   */
  value?: string;
}

/** The text a picked option puts in the field. */
const textOf = (item: ComboBoxItem) => item.value ?? item.name;

/** The option texts that the typed text matches (the app's rule, from machines/rules). */
export type Narrow = (texts: readonly string[], typed: string) => readonly string[];

export interface ComboBoxProps<T extends ComboBoxItem> extends Omit<RACComboBoxProps<T>, 'className' | 'style' | 'children'> {
  label: string;
  description?: string;
  errorMessage?: string;
  placeholder?: string;
  /** The input's autocomplete token (for example bday-month). */
  autoComplete?: string;
  maxLength?: number;
  /** The keyboard a phone shows (numeric for a day or year). */
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  /**
   * Narrows the options (`items` or `defaultItems`, all of them) to those the typed text matches,
   * as one types. The arrow keys open the list the text matches (the first or last of them
   * highlighted), so type, ArrowDown, Enter picks what was typed even once the list has closed
   * (Escape, or react-aria closing it when the page scrolls); with no text they open the whole list,
   * and the button always does. When the field is left
   * with a text that matches exactly one option, the field shows that option in full (and
   * `onInputChange` receives it). Without it the list is narrowed by react-aria's default filter
   * (`defaultItems`) or by the caller (controlled `items`), as before.
   */
  narrow?: Narrow;
}

/** A typeahead: type to filter, arrows to move, Enter to pick (month, day, year, drug, state, allergy, condition). */
export function ComboBox<T extends ComboBoxItem>({ label, description, errorMessage, placeholder, autoComplete, maxLength, inputMode, narrow, ...props }: ComboBoxProps<T>) {
  const narrowing = useNarrowing(narrow, props);
  return (
    <RACComboBox {...props} {...narrowing} isInvalid={props.isInvalid ?? Boolean(errorMessage)} className={field.field}>
      <Label className={field.label}>{label}</Label>
      <ArrowsOpenNarrowed narrow={narrow} texts={narrowing ? Array.from(narrowing.defaultItems ?? [], textOf) : undefined}>
        <Input className={field.input} placeholder={placeholder} autoComplete={autoComplete} maxLength={maxLength} inputMode={inputMode} />
        <Button className={styles.toggle} aria-label={`Show ${label} options`}>
          <Icon name="chevronDown" />
        </Button>
      </ArrowsOpenNarrowed>
      <FieldHelp description={description} errorMessage={errorMessage} />
      <Popover className={styles.popover}>
        <ListBox<T> className={styles.listBox} renderEmptyState={() => <div className={styles.empty}>No matches</div>}>
          {(item) => (
            <ListBoxItem id={item.id} textValue={textOf(item)} className={styles.option}>
              {item.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </RACComboBox>
  );
}

/**
 * The field and its button. With `narrow`, an arrow key on the closed list opens it narrowed to the
 * typed text (react-aria would open every option with the first highlighted, so type, ArrowDown,
 * Enter gave January, 1 or this year: issue 14 #1).
 */
function ArrowsOpenNarrowed({ narrow, texts, children }: { narrow: Narrow | undefined; texts: readonly string[] | undefined; children: ReactNode }) {
  const state = useContext(ComboBoxStateContext);
  const onKeyDownCapture = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!narrow || !state || !texts || state.isOpen || e.altKey || (e.key !== 'ArrowDown' && e.key !== 'ArrowUp')) return;
    if (!(e.target instanceof HTMLInputElement)) return;
    const typed = state.inputValue;
    if (!typed.trim() || narrow(texts, typed).length === 0) return;
    e.preventDefault();
    e.stopPropagation();
    state.open(e.key === 'ArrowDown' ? 'first' : 'last', 'input');
  };
  return (
    <div className={styles.control} onKeyDownCapture={onKeyDownCapture}>
      {children}
    </div>
  );
}

type NarrowedProps<T extends ComboBoxItem> = Pick<
  RACComboBoxProps<T>,
  'items' | 'defaultItems' | 'defaultFilter' | 'inputValue' | 'onInputChange' | 'onBlur' | 'selectedKey' | 'onSelectionChange'
>;

/**
 * The props that make react-aria narrow the list by the app's rule. The options go to react-aria as
 * `defaultItems`, the one way it filters (controlled `items` are never filtered), so a picked option
 * is always found and the toggle still shows them all. The typed text is held here unless the
 * caller controls it, so that leaving the field can complete it.
 */
function useNarrowing<T extends ComboBoxItem>(narrow: Narrow | undefined, props: RACComboBoxProps<T>): NarrowedProps<T> | undefined {
  const [ownText, setOwnText] = useState(props.defaultInputValue ?? '');
  /** The option picked from the list; selected while the text is its text. */
  const [picked, setPicked] = useState<Key | null>(null);
  const source = props.items ?? props.defaultItems;
  // The same array while the caller's is the same: react-aria rebuilds its collection on a new one.
  const options = useMemo(() => [...(source ?? [])], [source]);
  if (!narrow) return undefined;
  const text = props.inputValue ?? ownText;
  const pickedItem = picked === null ? undefined : options.find((o) => o.id === picked);
  const change = (typed: string) => {
    setOwnText(typed);
    props.onInputChange?.(typed);
  };
  return {
    items: undefined,
    defaultItems: options,
    defaultFilter: (optionText, typed) => narrow([optionText], typed).length > 0,
    inputValue: text,
    onInputChange: change,
    // The selection is held here too, so that react-aria leaves the text alone: left to it, clearing the
    // field cleared its selection a render later and then reset the text to that empty selection's,
    // wiping a key typed in between (issue 14). Only an option picked from the list is selected, and only
    // while the field shows its text (a text typed in full keeps the list open on it).
    selectedKey: props.selectedKey !== undefined ? props.selectedKey : pickedItem && textOf(pickedItem) === text ? picked : null,
    onSelectionChange: (key: Key | null) => {
      const item = key === null ? undefined : options.find((o) => o.id === key);
      if (item) {
        setPicked(item.id);
        change(textOf(item));
      }
      props.onSelectionChange?.(key);
    },
    // react-aria calls this only when focus leaves the field (not into its list or button), before
    // it commits what was typed as a custom value; the completed text replaces it right after.
    onBlur: (e: FocusEvent<HTMLInputElement>) => {
      const hits = narrow(options.map(textOf), text);
      if (text.trim() && hits.length === 1 && hits[0] !== text) change(hits[0]!);
      props.onBlur?.(e);
    },
  };
}
