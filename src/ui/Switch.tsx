import type { ReactNode } from 'react';
import { Switch as RACSwitch, type SwitchProps as RACSwitchProps } from 'react-aria-components';
import * as styles from './switch.css.ts';

export interface SwitchProps extends Omit<RACSwitchProps, 'className' | 'style' | 'children'> {
  /** The accessible name, for example the drug it turns auto refill on for. */
  children: ReactNode;
  /** Show ON / OFF beside the track (the auto-refill toggles do). */
  showState?: boolean;
}

/** An on/off switch (the auto-refill toggle). */
export function Switch({ children, showState = false, ...props }: SwitchProps) {
  return (
    <RACSwitch {...props} className={styles.root}>
      {({ isSelected }) => (
        <>
          <span className={styles.track} aria-hidden="true">
            <span className={styles.thumb} />
          </span>
          {showState && (
            <span className={styles.state} aria-hidden="true">
              {isSelected ? 'ON' : 'OFF'}
            </span>
          )}
          <span>{children}</span>
        </>
      )}
    </RACSwitch>
  );
}
