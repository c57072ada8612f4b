import * as styles from './stepper.css.ts';
import { visuallyHidden } from './a11y.css.ts';
import { Icon } from './Icon.tsx';

export interface StepperProps {
  /** Step names, in order. */
  steps: readonly string[];
  /** Index of the current step (0-based). */
  current: number;
  /** Names for screen readers only (Easy Fill's stepper shows no step names). */
  hideNames?: boolean;
}

/** Where the person is in a flow: done steps, the current step (aria-current) and those ahead. */
export function Stepper({ steps, current, hideNames = false }: StepperProps) {
  return (
    <ol className={styles.list} aria-label="Progress">
      {steps.map((name, i) => {
        const state = i < current ? 'done' : i === current ? 'current' : 'upcoming';
        return (
          <li key={name} className={styles.step} data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
            <span className={styles.marker} aria-hidden="true">
              {state === 'done' ? <Icon name="check" /> : i + 1}
            </span>
            <span className={hideNames ? visuallyHidden : undefined}>
              {name}
              {state === 'done' && <span className={visuallyHidden}> (completed)</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
