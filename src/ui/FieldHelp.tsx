import { FieldError, Text } from 'react-aria-components';
import * as styles from './field.css.ts';

/** A field's description and its error message, wired to the field by react-aria (the error is announced). */
export function FieldHelp({ description, errorMessage }: { description?: string; errorMessage?: string }) {
  return (
    <>
      {description && (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      )}
      <FieldError className={styles.error}>{errorMessage}</FieldError>
    </>
  );
}
