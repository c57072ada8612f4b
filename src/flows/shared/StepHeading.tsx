import { useEffect, useRef } from 'react';
import * as styles from './flow.css.ts';

/**
 * A step's heading. When a step replaces another (not on the page's first
 * screen), focus moves to it so keyboard and screen-reader users start there.
 */
export function StepHeading({ children, focusOnMount, id }: { children: string; focusOnMount: boolean; id?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);
  return (
    <h2 ref={ref} id={id} tabIndex={-1} className={styles.stepHeading}>
      {children}
    </h2>
  );
}
