import * as styles from './field.css.ts';

/**
 * A value the page fills in for the person (the city and state a zip code
 * gives): shown as text under its label, not as a read-only input, which
 * looks editable and takes a Tab stop for nothing. Its changes are announced.
 */
export function ReadOnlyValue({ id, label, value, empty = 'Filled in from the zip code' }: { id?: string; label: string; value: string; empty?: string }) {
  return (
    <div className={styles.field} id={id}>
      <span className={styles.label}>{label}</span>
      <span className={value ? styles.readOnlyValue : styles.description} aria-live="polite">
        {value || empty}
      </span>
    </div>
  );
}
