import { useId, useState, type ReactNode } from 'react';
import { visuallyHidden } from './a11y.css.ts';
import { button } from './button.css.ts';
import * as field from './field.css.ts';

export interface GatedButtonProps {
  children: ReactNode;
  /** Why it cannot be pressed yet (empty: it can). Shown under it and given as its description. */
  missing: readonly string[];
  /** Busy (an order being placed): announced as disabled, and pressing it does nothing. */
  isPending?: boolean;
  onPress: () => void;
}

/**
 * A button that cannot be pressed yet but stays in the Tab order and says why (issue 14 #12, as the
 * link page's Verify does): aria-disabled rather than disabled, described by what is missing, and
 * pressing it says that again (an alert, announced on every press). Keeping it focusable also keeps
 * the focus on it when a dialog it opened closes, or when the state behind it changes.
 */
export function GatedButton({ children, missing, isPending = false, onPress }: GatedButtonProps) {
  const hintId = useId();
  const [refused, setRefused] = useState(0);
  const blocked = missing.length > 0;
  const why = missing.join(' ');
  return (
    <>
      <button
        type="button"
        className={button()}
        aria-disabled={blocked || isPending ? true : undefined}
        data-disabled={blocked || isPending ? '' : undefined}
        aria-describedby={blocked ? hintId : undefined}
        onClick={() => {
          if (isPending) return;
          if (blocked) setRefused((n) => n + 1);
          else {
            setRefused(0);
            onPress();
          }
        }}
      >
        {children}
      </button>
      {blocked && (
        <span id={hintId} className={field.description}>
          {why}
        </span>
      )}
      {/* A new element on every refused press, so it is announced each time. */}
      {blocked && refused > 0 && (
        <span key={refused} role="alert" className={visuallyHidden}>
          {why}
        </span>
      )}
    </>
  );
}
