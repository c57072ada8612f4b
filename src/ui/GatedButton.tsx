import { useId, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
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
  /**
   * For a button that sends (Finish, Continue, Update): said politely, once, when the press's request starts
   * (it says it is working), from a status region that is there, empty, until then. Without it
   * there is no such region (a button busy for another reason, a lookup, says nothing of its own).
   */
  pendingText?: string;
  /** A form's submit button (the form's onSubmit acts; Enter in a field presses it): a refused press does not submit. */
  type?: 'button' | 'submit';
  /** The id of the form it submits, when it sits outside it (a modal's action row). */
  form?: string;
  /** Pressed while it can be (a plain button). */
  onPress?: () => void;
  /**
   * The id of what already says what is missing on the page (an error summary): the button is
   * described by it, nothing is repeated under it, and a refused press calls onRefused (to move the focus
   * there) instead of announcing it again.
   */
  describedBy?: string;
  onRefused?: () => void;
}

/**
 * A button that cannot be pressed yet but stays in the Tab order and says why (as the
 * link page's Verify does): aria-disabled rather than disabled, described by what is missing, and
 * pressing it says that again (an alert, announced on every press). Keeping it focusable also keeps
 * the focus on it when a dialog it opened closes, or when the state behind it changes (a
 * button that disabled itself while focused dropped the focus to the page).
 */
export function GatedButton({
  children,
  id,
  variant,
  size,
  hint = 'shown',
  missing,
  isPending,
  pendingText,
  type = 'button',
  form,
  onPress,
  describedBy,
  onRefused,
}: GatedButtonProps) {
  const hintId = useId();
  const blocked = missing.length > 0;
  const why = missing.join(' ');
  // The refused presses, and what they were told: once the reason changes (a field filled), the old alert goes, unread.
  const [refused, setRefused] = useState({ presses: 0, why: '' });
  // Pressable again: forgotten, so that blocked again later it says nothing until pressed.
  if (!blocked && refused.presses > 0) setRefused({ presses: 0, why: '' });
  const ownHint = blocked && describedBy === undefined;
  /** A press, however it came: refused while blocked (said again, or onRefused), ignored while pending; true when it goes through. */
  const goesThrough = (): boolean => {
    if (isPending === true) return false;
    if (!blocked) return true;
    if (onRefused) onRefused();
    else setRefused((r) => ({ presses: r.presses + 1, why }));
    return false;
  };
  // A pointer's click, a screen reader's, or Enter in a field of its form (a submit button's click submits the form).
  const onClick = (e: MouseEvent) => {
    if (!goesThrough()) e.preventDefault();
    else if (type === 'button') onPress?.();
  };
  // Enter and Space act on the key, as react-aria's buttons do, not through the click the browser makes
  // of them: a click with no pointer tells react-aria a screen reader's virtual cursor pressed it, and
  // then a field that takes the focus as it appears (autoFocus: the form Add a new address opens) waits
  // for the page's transitions, and the dialog gave the focus to its first button meanwhile.
  const spaceDown = useRef(false);
  const byKey = (button: HTMLButtonElement) => {
    if (!goesThrough()) return;
    if (type === 'submit') button.form?.requestSubmit(button);
    else onPress?.();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if ((e.key !== 'Enter' && e.key !== ' ') || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    if (e.key === ' ') spaceDown.current = true;
    else if (!e.repeat) byKey(e.currentTarget);
  };
  const onKeyUp = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key !== ' ' || !spaceDown.current) return;
    spaceDown.current = false;
    e.preventDefault();
    byKey(e.currentTarget);
  };
  return (
    <>
      <button
        id={id}
        type={type}
        form={form}
        className={button({ variant, size })}
        aria-disabled={blocked || isPending ? true : undefined}
        data-disabled={blocked || isPending ? '' : undefined}
        aria-describedby={blocked ? (describedBy ?? hintId) : undefined}
        onClick={onClick}
        onKeyDown={onKeyDown}
        onKeyUp={onKeyUp}
        onBlur={() => (spaceDown.current = false)}
      >
        {children}
      </button>
      {ownHint && (
        <span id={hintId} className={hint === 'shown' ? field.description : visuallyHidden}>
          {why}
        </span>
      )}
      {pendingText !== undefined && (
        <span role="status" className={visuallyHidden}>
          {isPending ? pendingText : ''}
        </span>
      )}
      {/* A new element on every refused press, so it is announced each time. */}
      {ownHint && refused.presses > 0 && refused.why === why && (
        <span key={refused.presses} role="alert" className={visuallyHidden}>
          {why}
        </span>
      )}
    </>
  );
}
