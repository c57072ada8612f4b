import * as styles from './skeleton.css.ts';
import { visuallyHidden } from './a11y.css.ts';

/** A loading placeholder: grey lines for the eye, 'Loading' for screen readers. */
export function Skeleton({ lines = 4, label = 'Loading' }: { lines?: number; label?: string }) {
  return (
    <div className={styles.skeleton} role="status" aria-busy="true">
      <span className={visuallyHidden}>{label}</span>
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className={styles.line} aria-hidden="true" />
      ))}
    </div>
  );
}
