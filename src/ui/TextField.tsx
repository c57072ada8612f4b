import { FieldError, Input, Label, Text, TextField as RACTextField, type TextFieldProps as RACTextFieldProps } from 'react-aria-components';
import * as styles from './field.css.ts';

export interface TextFieldProps extends Omit<RACTextFieldProps, 'className' | 'style' | 'children'> {
  label: string;
  description?: string;
  /** Shown, and announced, when set; the field is marked invalid. */
  errorMessage?: string;
  placeholder?: string;
}

/** A labelled text input with its description and error, wired for assistive technology by react-aria. */
export function TextField({ label, description, errorMessage, placeholder, ...props }: TextFieldProps) {
  return (
    <RACTextField {...props} isInvalid={props.isInvalid ?? Boolean(errorMessage)} className={styles.field}>
      <Label className={styles.label}>{label}</Label>
      <Input className={styles.input} placeholder={placeholder} />
      {description && (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      )}
      <FieldError className={styles.error}>{errorMessage}</FieldError>
    </RACTextField>
  );
}
