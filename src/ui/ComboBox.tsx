import { memo, useCallback, useContext, useMemo, useState, type FocusEvent, type HTMLAttributes, type ReactNode } from 'react';
import {
  Button,
  type Key,
  ComboBox as RACComboBox,
  ComboBoxStateContext,
  ComboBoxValueContext,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  type ComboBoxProps as RACComboBoxProps,
  useSlottedContext,
} from 'react-aria-components';
import * as field from './field.css.ts';
import { FieldHelp } from './FieldHelp.tsx';
import * as styles from './combobox.css.ts';
import { Icon } from './Icon.tsx';
import { textOf, type ComboBoxItem, type Narrow } from './comboBoxItem.ts';
import { ArrowsOpenNarrowed, OpenWhenAnswered, StaysOpenWhenThePageShifts } from './ComboBoxOpening.tsx';
import { HydrateWhenUsed } from './HydrateWhenUsed.tsx';

export type { ComboBoxItem, Narrow };


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
   * and the button always does. When the field is left (Tab), or Enter is pressed with no option
   * highlighted, with a text that matches exactly one option, that option is picked: the field shows
   * it in full (and `onInputChange` receives it). Without it the list is narrowed by react-aria's
   * default filter (`defaultItems`) or by the caller (controlled `items`), as before.
   */
  narrow?: Narrow;
  /**
   * With `narrow`: react-aria gets the options only once the field is first focused or hovered.
   * react-aria builds every option of a collection when it renders, open or not; a form of long
   * lists (a date of birth: 164 options) would build them all before the page can answer a tap.
   */
  deferOptions?: boolean;
  /**
   * What the open list says when nothing matches ('No matches'); null: the list stays closed instead,
   * for a lookup whose answer is said elsewhere (a name too short to be looked up has no matches yet).
   */
  noMatches?: string | null;
  /** The `items` are a lookup's answer to the typed text (a drug, an allergy): they open the list when they arrive. */
  lookup?: boolean;
}

/**
 * One option of the list. A function of the module, not of the render: react-aria keeps the options it
 * built while the collection's items and this function stay the same, and an inline function made it
 * build all of them again on every render of the field.
 */
const renderOption = (item: ComboBoxItem) => (
  <ListBoxItem id={item.id} textValue={textOf(item)} className={styles.option}>
    {item.name}
  </ListBoxItem>
);

/** A typeahead: type to filter, arrows to move, Enter to pick (month, day, year, drug, state, allergy, condition). */
function ComboBoxField<T extends ComboBoxItem>({ label, description, errorMessage, placeholder, autoComplete, maxLength, inputMode, narrow, deferOptions = false, noMatches = 'No matches', lookup = false, ...props }: ComboBoxProps<T>) {
  const [armed, setArmed] = useState(!deferOptions);
  const { options, texts, ...narrowing } = useNarrowing(narrow, props, armed) ?? {};
  const armOptions = useCallback(() => setArmed(true), []);
  const arm = armed ? undefined : armOptions;
  // The open list's text when nothing matches: a stable function, as `renderOption` is.
  const emptyState = useCallback(() => <div className={styles.empty}>{noMatches}</div>, [noMatches]);
  return (
    <RACComboBox {...props} {...narrowing} isInvalid={props.isInvalid ?? Boolean(errorMessage)} className={field.field}>
      <InField>
        <Label className={field.label}>{label}</Label>
        <ArrowsOpenNarrowed narrow={narrow} options={options} texts={texts} onArm={arm}>
          <Input className={field.input} placeholder={placeholder} autoComplete={autoComplete} maxLength={maxLength} inputMode={inputMode} />
          <Button className={styles.toggle} aria-label={`Show ${label} options`}>
            <Icon name="chevronDown" />
          </Button>
        </ArrowsOpenNarrowed>
        <FieldHelp description={description} errorMessage={errorMessage} />
        <ValueTarget />
        {lookup && props.items && <OpenWhenAnswered items={props.items} />}
      </InField>
      {/* The list's parts come with its options: until then react-aria has nothing to list, and its collection
          builder, the popover and the list rendered anyway (8-9 components a field as a
          date of birth hydrates). */}
      {armed && (
        <StaysOpenWhenThePageShifts>
          <Popover className={styles.popover}>
            <ListBox<T> className={styles.listBox} renderEmptyState={noMatches === null ? undefined : emptyState}>
              {renderOption}
            </ListBox>
          </Popover>
        </StaysOpenWhenThePageShifts>
      )}
    </RACComboBox>
  );
}

/**
 * react-aria renders a typeahead's children twice: first a hidden copy, from which it builds the list's
 * options (the ListBox inside the Popover), then the field itself. Only the list counts in the copy, but
 * the label, the input's box and the help text rendered there as well, with their hooks, into a
 * <template> of the page, on every render of the field. The copy has no field state above it, so there
 * these render nothing.
 */
function InField({ children }: { children: ReactNode }) {
  return useContext(ComboBoxStateContext) ? children : null;
}

/**
 * react-aria names, in the input's `aria-describedby`, the id of an element that shows the chosen
 * option (its ComboBoxValue, for a list of several picks), and in an effect after each render that
 * changed the choice takes the id out again when no element has it. That state update rendered the
 * whole field a second time: as a page loads (three typeaheads of the date of birth: 54 components
 * after the hydration) and after every pick. Here the input shows the pick itself, so the element
 * is there, empty and hidden: it describes nothing, and the id stays.
 */
function ValueTarget() {
  const id = useSlottedContext(ComboBoxValueContext)?.id;
  return id ? <span id={id} hidden /> : null;
}

export type OptionPickProps = Omit<ComboBoxProps<ComboBoxItem>, 'items' | 'defaultItems' | 'narrow' | 'inputValue' | 'onInputChange' | 'selectedKey' | 'onSelectionChange'> & {
  items: readonly ComboBoxItem[];
  narrow: Narrow;
  /** The id of the option chosen, or null. */
  value: string | null;
  onValueChange: (value: string | null) => void;
};

/**
 * A typeahead over a fixed list whose text the person types freely (a card's expiry month and year,
 * a time zone): the value is the option the text names (picked, typed in full, or the one option the
 * text matches once the field is left or Enter is pressed), else null. A value set from outside (a
 * reset) replaces the text. Every edit is reported, a text that names no option too (as null): the
 * field has been changed, so leaving it shows its error (otherwise 'Foo' and Tab would say nothing
 * until Save).
 */
export function OptionPick({ items, narrow, value, onValueChange, ...props }: OptionPickProps) {
  const nameOf = (v: string | null) => {
    const item = items.find((i) => i.id === v);
    return item ? textOf(item) : '';
  };
  const [text, setText] = useState(() => nameOf(value));
  const [shown, setShown] = useState(value);
  /** The value this field reported last: its echo must not replace what is being typed. */
  const [reported, setReported] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (value !== reported) {
      setReported(value);
      setText(nameOf(value));
    }
  }
  const change = (typed: string) => {
    setText(typed);
    const named = items.find((i) => textOf(i) === typed);
    const next = named ? named.id : null;
    setReported(next);
    onValueChange(next);
  };
  return <ComboBox {...props} defaultItems={items} narrow={narrow} allowsCustomValue inputValue={text} onInputChange={change} />;
}

const NO_OPTIONS: never[] = [];

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
function useNarrowing<T extends ComboBoxItem>(
  narrow: Narrow | undefined,
  props: RACComboBoxProps<T>,
  armed: boolean,
): (NarrowedProps<T> & { options: readonly T[]; texts: readonly string[] }) | undefined {
  const [ownText, setOwnText] = useState(props.defaultInputValue ?? '');
  /** The option picked from the list; selected while the text is its text. */
  const [picked, setPicked] = useState<Key | null>(null);
  const source = props.items ?? props.defaultItems;
  // The same array while the caller's is the same: react-aria rebuilds its collection on a new one.
  const options = useMemo(() => [...(source ?? [])], [source]);
  const texts = useMemo(() => options.map(textOf), [options]);
  // One filter function for the field's life: a new one each render makes react-aria filter every option again.
  const defaultFilter = useCallback((optionText: string, typed: string) => (narrow ? narrow([optionText], typed).length > 0 : true), [narrow]);
  if (!narrow) return undefined;
  const text = props.inputValue ?? ownText;
  const pickedItem = picked === null ? undefined : options.find((o) => o.id === picked);
  const change = (typed: string) => {
    setOwnText(typed);
    props.onInputChange?.(typed);
  };
  return {
    options,
    texts,
    items: undefined,
    defaultItems: armed ? options : NO_OPTIONS,
    defaultFilter,
    inputValue: text,
    onInputChange: change,
    // The selection is held here too, so that react-aria leaves the text alone: left to it, clearing the
    // field cleared its selection a render later and then reset the text to that empty selection's,
    // wiping a key typed in between. Only an option picked from the list is selected, and only
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
      const hits = narrow(texts, text);
      if (text.trim() && hits.length === 1 && hits[0] !== text) change(hits[0]!);
      props.onBlur?.(e);
    },
  };
}

/**
 * Memoised as TextField is: the date of birth's three typeaheads render again only when their own
 * props change (a pick in Month leaves Day and Year alone). `memo` drops the generic; the cast keeps it.
 */
/** On a served page, React takes the field over when it is first used (src/ui/HydrateWhenUsed.tsx). */
function HeldComboBox<T extends ComboBoxItem>(props: ComboBoxProps<T>) {
  return (
    <HydrateWhenUsed watch={[props.inputValue, props.selectedKey, props.errorMessage, props.description, props.isReadOnly, props.isRequired, props.isDisabled, props.isInvalid, props.items]}>
      <ComboBoxField {...props} />
    </HydrateWhenUsed>
  );
}

export const ComboBox = memo(HeldComboBox) as typeof ComboBoxField;
