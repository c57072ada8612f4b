import type { ReactNode } from 'react';
import * as styles from './stepper.css.ts';
import { visuallyHidden } from './a11y.css.ts';
import { Icon } from './Icon.tsx';

export interface OptionalStep {
  /** Its name, which says it is optional ('Register (Optional)'). */
  name: string;
  /** Why one would take it. */
  note: ReactNode;
  /** What takes it (a link or button). */
  action?: ReactNode;
}

export interface StepperProps {
  /** Step names, in order. */
  steps: readonly string[];
  /** Index of the current step (0-based). */
  current: number;
  /** Names for screen readers only (Easy Fill's stepper shows no step names). */
  hideNames?: boolean;
  /** A step one may take after the last one, shown after the steps and marked as optional (dashed). */
  optionalStep?: OptionalStep;
}

/**
 * Where the person is in a flow: done steps, the current step (aria-current) and those ahead, then
 * an optional step. Under 768 px the markers stay and only the current step's name shows beneath
 * them, with 'Step N of M'; the other names stay for screen readers.
 */
export function Stepper({ steps, current, hideNames = false, optionalStep }: StepperProps) {
  const currentName = steps[current];
  return (
    <ol className={styles.list} aria-label="Progress" data-print="hide">
      {steps.map((name, i) => {
        const state = i < current ? 'done' : i === current ? 'current' : 'upcoming';
        return (
          <li key={name} className={styles.step} data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
            <span className={styles.marker} aria-hidden="true">
              {state === 'done' ? <Icon name="check" /> : i + 1}
            </span>
            <span className={hideNames ? visuallyHidden : styles.name}>
              {name}
              {state === 'done' && <span className={visuallyHidden}> (completed)</span>}
            </span>
          </li>
        );
      })}
      {/* The compact layout's caption, for the eye only: the list already says all of it. */}
      {!hideNames && currentName !== undefined && (
        <li className={styles.caption} aria-hidden="true">
          <span className={styles.count}>
            Step {current + 1} of {steps.length}
          </span>
          <span className={styles.currentName}>{currentName}</span>
        </li>
      )}
      {optionalStep && (
        <li className={`${styles.step} ${styles.optional}`} data-state="optional">
          <span className={styles.marker} aria-hidden="true">
            {steps.length + 1}
          </span>
          <span className={styles.optionalText}>
            <span className={styles.optionalName}>{optionalStep.name}</span>
            <span className={styles.note}>{optionalStep.note}</span>
            {optionalStep.action && <span className={styles.action}>{optionalStep.action}</span>}
          </span>
        </li>
      )}
    </ol>
  );
}
