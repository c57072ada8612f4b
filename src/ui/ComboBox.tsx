import {
  Button,
  ComboBox as RACComboBox,
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
  name: string;
}

export interface ComboBoxProps<T extends ComboBoxItem> extends Omit<RACComboBoxProps<T>, 'className' | 'style' | 'children'> {
  label: string;
  description?: string;
  errorMessage?: string;
  placeholder?: string;
  /** The input's autocomplete token (for example bday-month). */
  autoComplete?: string;
  maxLength?: number;
}

/** A typeahead: type to filter, arrows to move, Enter to pick (month, day, year, drug, state, allergy, condition). */
export function ComboBox<T extends ComboBoxItem>({ label, description, errorMessage, placeholder, autoComplete, maxLength, ...props }: ComboBoxProps<T>) {
  return (
    <RACComboBox {...props} isInvalid={props.isInvalid ?? Boolean(errorMessage)} className={field.field}>
      <Label className={field.label}>{label}</Label>
      <div className={styles.control}>
        <Input className={field.input} placeholder={placeholder} autoComplete={autoComplete} maxLength={maxLength} />
        <Button className={styles.toggle} aria-label={`Show ${label} options`}>
          <Icon name="chevronDown" />
        </Button>
      </div>
      <FieldHelp description={description} errorMessage={errorMessage} />
      <Popover className={styles.popover}>
        <ListBox<T> className={styles.listBox} renderEmptyState={() => <div className={styles.empty}>No matches</div>}>
          {(item) => (
            <ListBoxItem id={item.id} textValue={item.name} className={styles.option}>
              {item.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </RACComboBox>
  );
}
