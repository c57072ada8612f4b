/** One option of a typeahead (src/ui/ComboBox.tsx). */
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
export const textOf = (item: ComboBoxItem) => item.value ?? item.name;

/** The option texts that the typed text matches (the app's rule, from machines/shared/rules). */
export type Narrow = (texts: readonly string[], typed: string) => readonly string[];
