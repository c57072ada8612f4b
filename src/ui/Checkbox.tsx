import type { ReactNode } from 'react';
import {
  Checkbox as RACCheckbox,
  CheckboxGroup as RACCheckboxGroup,
  Label,
  type CheckboxGroupProps as RACCheckboxGroupProps,
  type CheckboxProps as RACCheckboxProps,
} from 'react-aria-components';
import * as styles from './checkbox.css.ts';
import { FieldHelp } from './FieldHelp.tsx';

export interface CheckboxProps extends Omit<RACCheckboxProps, 'className' | 'style' | 'children'> {
  children: ReactNode;
}

/** A checkbox with a visible box; Space toggles it, as everywhere. */
export function Checkbox({ children, ...props }: CheckboxProps) {
  return (
    <RACCheckbox {...props} className={styles.checkbox}>
      {({ isSelected, isIndeterminate }) => (
        <>
          <span className={styles.box} aria-hidden="true">
            {isIndeterminate ? (
              <svg viewBox="0 0 18 18" className={styles.mark}>
                <path d="M4 9h10" />
              </svg>
            ) : isSelected ? (
              <svg viewBox="0 0 18 18" className={styles.mark}>
                <path d="M3.5 9.5l3.5 3.5 7.5-8" />
              </svg>
            ) : null}
          </span>
          <span>{children}</span>
        </>
      )}
    </RACCheckbox>
  );
}

export interface CheckboxGroupProps extends Omit<RACCheckboxGroupProps, 'className' | 'style' | 'children'> {
  label: string;
  description?: string;
  errorMessage?: string;
  children: ReactNode;
}

/** Several checkboxes under one label (for example allergies or conditions). */
export function CheckboxGroup({ label, description, errorMessage, children, ...props }: CheckboxGroupProps) {
  return (
    <RACCheckboxGroup {...props} isInvalid={props.isInvalid ?? Boolean(errorMessage)} className={styles.group}>
      <Label className={styles.groupLabel}>{label}</Label>
      {children}
      <FieldHelp description={description} errorMessage={errorMessage} />
    </RACCheckboxGroup>
  );
}
