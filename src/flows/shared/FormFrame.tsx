/**
 * The frame the address and card forms share: a labelled form that submits
 * through its machine, the call's failure in an alert above the fields, and
 * Cancel / Save (Saving… while the machine is pending). Save that cannot be
 * pressed yet stays focusable and says why.
 */
import type { FormEvent, ReactNode } from 'react';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { GatedButton } from '../../ui/GatedButton.tsx';
import * as styles from './forms.css.ts';

export interface FormFrameProps {
  label: string;
  failure: string | null;
  saving: boolean;
  /** Why Save cannot be pressed yet (the card form, while its hosted field loads), or null: it is aria-disabled and says so on every press. */
  notYet?: string | null;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}

export function FormFrame({ label, failure, saving, notYet = null, onSubmit, onCancel, children }: FormFrameProps) {
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
        {/* Busy while saving, but it keeps the focus (a disabled button dropped it to the page). The reason is read, not shown, in the action row. */}
        <GatedButton type="submit" hint="read" missing={notYet === null || saving ? [] : [notYet]} isPending={saving}>
          {saving ? 'Saving…' : 'Save'}
        </GatedButton>
      </div>
    </form>
  );
}
