/**
 * When a typeahead's list opens or stays open by itself, beyond what react-aria does: a lookup's answer
 * opens it, and the browser's own scrolls do not close it. Both watch react-aria's state from inside the
 * field (src/ui/ComboBox.tsx).
 */
import { useContext, useEffect, useEffectEvent, useRef, type ReactNode } from 'react';
import { ComboBoxStateContext, OverlayTriggerStateContext, PopoverContext, useSlottedContext } from 'react-aria-components';
import { textOf, type ComboBoxItem } from './comboBoxItem.ts';

/**
 * A lookup's suggestions (controlled `items`) open when they arrive. react-aria opens the list only
 * when the text changes while it has options; a lookup answers after the last key (a phone waits
 * 150-400 ms a call, more than a key takes) or after a paste, so the list never opened and only
 * 'Please choose a drug from the list' showed. Each new answer with options opens the
 * list while the field has the focus and holds no picked option; Escape still closes it until the
 * next answer.
 */
export function OpenWhenAnswered({ items }: { items: Iterable<ComboBoxItem> }) {
  const state = useContext(ComboBoxStateContext);
  const options = [...items];
  // The options by their ids: a caller may build a new array on every render, which is no new answer.
  const answer = options.map((i) => i.id).join('\n');
  const shown = useRef(answer);
  useEffect(() => {
    if (shown.current === answer) return;
    shown.current = answer;
    if (!state || answer === '' || !state.isFocused || state.isOpen || state.selectedKey != null) return;
    // A text that already names an option (one just picked) asks for nothing more.
    if (options.some((o) => textOf(o) === state.inputValue)) return;
    // After react-aria's own effect of this commit (a parent's effects run after a child's): when its
    // list had closed for want of options, react-aria reopens it itself and forgets that it had. Had
    // this opened it first, react-aria would remember, and reopen the list after the next pick.
    queueMicrotask(() => state.open(null, 'manual'));
  });
  return null;
}

/** The keys with which a person closes an open list: another key typed reopens it through react-aria itself. */
const CLOSING_KEYS = new Set(['Escape', 'Enter', 'Tab']);

/**
 * The list stays open when the browser, not the person, scrolls the page. react-aria closes an open list
 * on any scroll of the page, since the list would no longer sit under its field. But when something above
 * the field changes height, the browser scrolls the page itself so that the focused field stays where it
 * is on screen (scroll anchoring): the error summary losing the month's line as 'Ap' is typed. The list
 * closed there, and someone typing on quickly ('Apr' within the browser's next frame) was left with no
 * list at all. So react-aria's close is watched where its list takes it (the popover's state): a close
 * for a scroll that left the focused field where it was on screen is the browser's, and once it has
 * happened the list is opened again, narrowed to the text and placed anew under the field. A scroll
 * that moves the field is the person's, and any other close (Escape, a pick, a press elsewhere) is
 * left alone.
 */
export function StaysOpenWhenThePageShifts({ children }: { children: ReactNode }) {
  const state = useContext(ComboBoxStateContext);
  const field = useSlottedContext(PopoverContext)?.triggerRef;
  const isOpen = state?.isOpen ?? false;
  /** Where the field is on screen (its top) since the list opened or the last scroll. */
  const top = useRef(0);
  /** The list was closed for a scroll that left the focused field in place. */
  const shifted = useRef(false);
  // Not after a pick: the list closes for it anyway, and the scroll can come first (the pick shortens a summary too).
  const reopen = useEffectEvent(() => {
    if (state && state.selectedKey == null) state.open(null, 'input');
  });
  useEffect(() => {
    const element = field?.current;
    if (!element) return;
    if (!isOpen) {
      if (shifted.current && element.contains(document.activeElement)) reopen();
      shifted.current = false;
      return;
    }
    top.current = element.getBoundingClientRect().top;
    // Read again once every listener has seen the scroll (react-aria's may come after this one), for the next one.
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        top.current = element.getBoundingClientRect().top;
      });
    };
    // A key or press of the person's that closes a list (Escape, a pick, leaving, the toggle) can come before the
    // page renders the scroll's close (a busy phone): it is the person's close then, and the list stays closed.
    const onIntent = (e: Event) => {
      if (!(e instanceof KeyboardEvent) || CLOSING_KEYS.has(e.key)) shifted.current = false;
    };
    window.addEventListener('scroll', onScroll, { capture: true, passive: true });
    window.addEventListener('keydown', onIntent, { capture: true });
    window.addEventListener('pointerdown', onIntent, { capture: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll, { capture: true });
      window.removeEventListener('keydown', onIntent, { capture: true });
      window.removeEventListener('pointerdown', onIntent, { capture: true });
    };
  }, [isOpen, field]);
  // A new object each render, as react-aria's own state is.
  const watched = state && {
    ...state,
    close: () => {
      const element = field?.current;
      const inPlace = element != null && element.contains(document.activeElement) && Math.abs(element.getBoundingClientRect().top - top.current) < 1;
      if (window.event?.type === 'scroll' && inPlace) shifted.current = true;
      state.close();
    },
  };
  return <OverlayTriggerStateContext.Provider value={watched}>{children}</OverlayTriggerStateContext.Provider>;
}
