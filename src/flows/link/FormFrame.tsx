/**
 * The frame the address and card forms share: a labelled form that submits
 * through its machine, the call's failure in an alert above the fields, and
 * Cancel / Save (Saving… while the machine is pending).
 */
import type { FormEvent, ReactNode } from 'react';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import * as styles from './forms.css.ts';

export interface FormFrameProps {
  label: string;
  failure: string | null;
  saving: boolean;
  /** Save cannot be pressed yet (the card form, while its hosted field loads). */
  submitDisabled?: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}

export function FormFrame({ label, failure, saving, submitDisabled = false, onSubmit, onCancel, children }: FormFrameProps) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={label}>
      {failure && (
        <div className={styles.wide}>
          <Alert tone="error">{failure}</Alert>
        </div>
      )}
      {children}
      <div className={styles.actions}>
        <Button variant="secondary" onPress={onCancel}>
          Cancel
        </Button>
        <Button type="submit" isPending={saving} isDisabled={submitDisabled}>
          {saving ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
