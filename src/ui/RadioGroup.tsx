import { useId, type ReactNode } from 'react';
import {
  Label,
  Radio as RACRadio,
  RadioGroup as RACRadioGroup,
  type RadioGroupProps as RACRadioGroupProps,
  type RadioProps as RACRadioProps,
} from 'react-aria-components';
import * as styles from './radio.css.ts';
import * as fieldStyles from './field.css.ts';
import { FieldHelp } from './FieldHelp.tsx';

export interface RadioGroupProps extends Omit<RACRadioGroupProps, 'className' | 'style' | 'children'> {
  label: string;
  description?: string;
  errorMessage?: string;
  children: ReactNode;
}

/**
 * One choice out of several; arrow keys move between options. The description is the group's own
 * element, named in its aria-describedby: react-aria wires a description slot only when it is there at
 * the first render, and a group's description may come later (why an option became unavailable).
 */
export function RadioGroup({ label, description, errorMessage, children, ...props }: RadioGroupProps) {
  const descriptionId = useId();
  const describedBy = [description ? descriptionId : null, props['aria-describedby']].filter(Boolean).join(' ') || undefined;
  return (
    <RACRadioGroup {...props} aria-describedby={describedBy} isInvalid={props.isInvalid ?? Boolean(errorMessage)} className={styles.group}>
      <Label className={styles.label}>{label}</Label>
      {children}
      {description && (
        <p id={descriptionId} className={fieldStyles.description}>
          {description}
        </p>
      )}
      <FieldHelp errorMessage={errorMessage} />
    </RACRadioGroup>
  );
}

export function Radio({ children, ...props }: Omit<RACRadioProps, 'className' | 'style' | 'children'> & { children: ReactNode }) {
  return (
    <RACRadio {...props} className={styles.radio}>
      <span className={styles.dot} aria-hidden="true" />
      <span>{children}</span>
    </RACRadio>
  );
}
