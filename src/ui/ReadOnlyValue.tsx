import * as styles from './field.css.ts';

/**
 * A value the page fills in for the person (the city and state a zip code
 * gives): shown as text under its label, not as a read-only input, which
 * looks editable and takes a Tab stop for nothing. Its changes are announced
 * with its label ('City Mesa', not a bare 'Mesa').
 */
export function ReadOnlyValue({ id, label, value, empty = 'Filled in from the zip code' }: { id?: string; label: string; value: string; empty?: string }) {
  return (
    <div className={styles.field} id={id} aria-live="polite" aria-atomic="true">
      <span className={styles.label}>{label}</span>
      <span className={value ? styles.readOnlyValue : styles.description}>{value || empty}</span>
    </div>
  );
}
