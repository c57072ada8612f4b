import { useContext } from 'react';
import { FieldError, FieldErrorContext, Text } from 'react-aria-components';
import * as styles from './field.css.ts';

/**
 * A field's description and its error message, wired to the field by react-aria (the error is announced).
 *
 * Both are always in the page, empty and hidden when there is nothing to say. react-aria names them in
 * the field's aria-describedby from its first render, then, in a layout effect, drops the name of one
 * that is not in the document (useField's useSlotId): a state update inside React's commit, which React
 * renders synchronously, every field of the form again in the same task (the hydration's commit on
 * Member Information, and each time a field's error came or went). With both present the names hold,
 * nothing is rendered again, and the served page names no element it does not have.
 */
export function FieldHelp({ description, errorMessage }: { description?: string; errorMessage?: string }) {
  const validation = useContext(FieldErrorContext);
  const showsError = Boolean(validation?.isInvalid && (errorMessage ?? validation.validationErrors.join(' ')));
  return (
    <>
      {description ? (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      ) : (
        <Text slot="description" hidden />
      )}
      {showsError ? <FieldError className={styles.error}>{errorMessage}</FieldError> : <Text slot="errorMessage" hidden />}
    </>
  );
}
