import type { ReactNode } from 'react';
import {
  Label,
  Radio as RACRadio,
  RadioGroup as RACRadioGroup,
  type RadioGroupProps as RACRadioGroupProps,
  type RadioProps as RACRadioProps,
} from 'react-aria-components';
import * as styles from './radio.css.ts';
import { FieldHelp } from './FieldHelp.tsx';

export interface RadioGroupProps extends Omit<RACRadioGroupProps, 'className' | 'style' | 'children'> {
  label: string;
  description?: string;
  errorMessage?: string;
  children: ReactNode;
}

/** One choice out of several; arrow keys move between options. */
export function RadioGroup({ label, description, errorMessage, children, ...props }: RadioGroupProps) {
  return (
    <RACRadioGroup {...props} isInvalid={props.isInvalid ?? Boolean(errorMessage)} className={styles.group}>
      <Label className={styles.label}>{label}</Label>
      {children}
      <FieldHelp description={description} errorMessage={errorMessage} />
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
