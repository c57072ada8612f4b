import { memo } from 'react';
import { Input, Label, TextField as RACTextField, type TextFieldProps as RACTextFieldProps } from 'react-aria-components';
import * as styles from './field.css.ts';
import { FieldHelp } from './FieldHelp.tsx';
import { HydrateWhenUsed } from './HydrateWhenUsed.tsx';

export interface TextFieldProps extends Omit<RACTextFieldProps, 'className' | 'style' | 'children'> {
  label: string;
  description?: string;
  /** Shown, and announced, when set; the field is marked invalid. */
  errorMessage?: string;
  placeholder?: string;
}

/**
 * A labelled text input with its description and error, wired for assistive technology by react-aria.
 * Memoised: a form renders again on every change of its machine, and a field whose props did not
 * change (its owner passes stable callbacks) is skipped, which keeps a keystroke or a pick elsewhere cheap.
 */
export const TextField = memo(function TextField({ label, description, errorMessage, placeholder, ...props }: TextFieldProps) {
  // On a served page, React takes the field over when it is first used (src/ui/HydrateWhenUsed.tsx).
  return (
    <HydrateWhenUsed watch={[props.value, errorMessage, description, props.isReadOnly, props.isRequired, props.isDisabled, props.isInvalid]}>
      <RACTextField {...props} isInvalid={props.isInvalid ?? Boolean(errorMessage)} className={styles.field}>
        <Label className={styles.label}>{label}</Label>
        <Input className={styles.input} placeholder={placeholder} />
        <FieldHelp description={description} errorMessage={errorMessage} />
      </RACTextField>
    </HydrateWhenUsed>
  );
});
