import { useDeferredValue, useEffect, useRef, useState } from 'react';
import type { ModalProps } from './ModalDialog.tsx';
import { lazyPart } from './lazyPart.tsx';

export type { ModalProps };

// A dialog whose code could not load says so where it would have opened, with Try again (the page stays).
const ModalDialog = lazyPart(() => import('./ModalDialog.tsx'), (m) => m.default, { what: 'This dialog', takesFocus: true, shows: (props: ModalProps) => props.isOpen });

/**
 * The dialog's code is fetched ahead, once the person has started using the page and the browser is idle:
 * a dialog then opens in the frame of the press that opens it. Fetched on its first opening instead, the
 * dialog showed 0.5 s after the key at 4x (its code, then React's reveal of a suspended part). Not
 * before the first key or press: a page's load stays as light as it was (its script time is a budget).
 */
function fetchDialogAhead() {
  if (typeof window === 'undefined') return;
  const whenIdle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(() => void ModalDialog.prefetch(), { timeout: 2000 }) : setTimeout(() => void ModalDialog.prefetch(), 200));
  if (navigator.userActivation?.hasBeenActive) {
    whenIdle();
    return;
  }
  const first = () => {
    removeEventListener('pointerdown', first, true);
    removeEventListener('keydown', first, true);
    whenIdle();
  };
  addEventListener('pointerdown', first, true);
  addEventListener('keydown', first, true);
}
fetchDialogAhead();

/**
 * A modal dialog: focus moves into it on open, stays inside, and returns to
 * the trigger on close. Its react-aria code loads the first time it opens, so
 * a page that only might show a modal does not pay for it on its first load.
 */
export function Modal(props: ModalProps) {
  // The dialog opens in a pass of its own, after the press that opens it has been answered: a dialog's content
  // can take a slow phone's frame and more (the Auto Refill terms: 144 ms at 4x in the press's own task).
  // It closes at once: nothing is left on screen to be pressed a second time.
  const deferredOpen = useDeferredValue(props.isOpen);
  const isOpen = props.isOpen && deferredOpen;
  const [opened, setOpened] = useState(isOpen);
  if (isOpen && !opened) setOpened(true);
  if (!opened) return null;
  return <ModalDialog {...props} isOpen={isOpen} />;
}

/** How many frames a focus move waits at most for its target to render. */
const FRAMES = 30;

/** Focuses the element with this id once it is in the page (the next frames: it renders with the state that shows it). */
export function focusOnceShown(id: string, frames = FRAMES): void {
  requestAnimationFrame(() => {
    const element = document.getElementById(id);
    if (element) element.focus();
    else if (frames > 0) focusOnceShown(id, frames - 1);
  });
}

/**
 * After a press the form refused, the first field to fix in the open dialog takes the focus (its
 * error is read with it), as Add a Prescription and the card form do: a field marked
 * invalid, or inside a group marked so (radio buttons) its checked or first choice.
 */
export function focusFirstInvalid(frames = FRAMES): void {
  requestAnimationFrame(() => {
    const dialog = document.querySelector('[role="dialog"], [role="alertdialog"]') ?? document;
    const invalid = dialog.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!invalid) {
      if (frames > 0) focusFirstInvalid(frames - 1);
      return;
    }
    const target = invalid.matches('input, textarea, select')
      ? invalid
      : invalid.querySelector<HTMLElement>('input:checked, input:not([type="hidden"]):not(:disabled), textarea, select');
    (target ?? invalid).focus();
  });
}

/**
 * A modal whose content turns into a form of its own (Add, Edit, Edit email) and back: the form's
 * opener goes with the list it was in, so on the way back the focus would be lost.
 * `remember(id)` names the button that opened the form; once `inForm` is false again, that button
 * (back in the page) takes the focus.
 */
export function useFocusBack(inForm: boolean): (openerId: string) => void {
  const opener = useRef<string | null>(null);
  const wasInForm = useRef(inForm);
  useEffect(() => {
    if (wasInForm.current && !inForm && opener.current) focusOnceShown(opener.current);
    wasInForm.current = inForm;
  }, [inForm]);
  return (openerId) => {
    opener.current = openerId;
  };
}
