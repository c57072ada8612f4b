import { useId, useState, type MouseEvent, type ReactNode } from 'react';
import { visuallyHidden } from './a11y.css.ts';
import { button, type ButtonVariants } from './button.css.ts';
import * as field from './field.css.ts';

export interface GatedButtonProps extends ButtonVariants {
  children: ReactNode;
  id?: string;
  /**
   * Where the reason shows: under the button (a page's main action), or only to assistive technology
   * (a modal's action row, where a line of text between its buttons would break the row; the button
   * still looks unavailable).
   */
  hint?: 'shown' | 'read';
  /** Why it cannot be pressed yet (empty: it can). Shown under it and given as its description. */
  missing: readonly string[];
  /** Busy (an order being placed): announced as disabled, and pressing it does nothing. */
  isPending?: boolean;
  /** A form's submit button (the form's onSubmit acts; Enter in a field presses it): a refused press does not submit. */
  type?: 'button' | 'submit';
  /** Pressed while it can be (a plain button). */
  onPress?: () => void;
  /**
   * The id of what already says what is missing on the page (an error summary, issue 27 #1): the button is
   * described by it, nothing is repeated under it, and a refused press calls onRefused (to move the focus
   * there) instead of announcing it again.
   */
  describedBy?: string;
  onRefused?: () => void;
}

/**
 * A button that cannot be pressed yet but stays in the Tab order and says why (issue 14 #12, as the
 * link page's Verify does): aria-disabled rather than disabled, described by what is missing, and
 * pressing it says that again (an alert, announced on every press). Keeping it focusable also keeps
 * the focus on it when a dialog it opened closes, or when the state behind it changes (issue 27 #1:
 * a button that disabled itself while focused dropped the focus to the page).
 */
export function GatedButton({
  children,
  id,
  variant,
  size,
  hint = 'shown',
  missing,
  isPending = false,
  type = 'button',
  onPress,
  describedBy,
  onRefused,
}: GatedButtonProps) {
  const hintId = useId();
  const [refused, setRefused] = useState(0);
  const blocked = missing.length > 0;
  const why = missing.join(' ');
  const ownHint = blocked && describedBy === undefined;
  const onClick = (e: MouseEvent) => {
    if (isPending || blocked) e.preventDefault();
    if (isPending) return;
    if (blocked) {
      if (onRefused) onRefused();
      else setRefused((n) => n + 1);
    } else {
      setRefused(0);
      if (type === 'button') onPress?.();
    }
  };
  return (
    <>
      <button
        id={id}
        type={type}
        className={button({ variant, size })}
        aria-disabled={blocked || isPending ? true : undefined}
        data-disabled={blocked || isPending ? '' : undefined}
        aria-describedby={blocked ? (describedBy ?? hintId) : undefined}
        onClick={onClick}
      >
        {children}
      </button>
      {ownHint && (
        <span id={hintId} className={hint === 'shown' ? field.description : visuallyHidden}>
          {why}
        </span>
      )}
      {/* A new element on every refused press, so it is announced each time. */}
      {ownHint && refused > 0 && (
        <span key={refused} role="alert" className={visuallyHidden}>
          {why}
        </span>
      )}
    </>
  );
}
