/**
 * When a typeahead's list opens or stays open by itself, beyond what react-aria does: a lookup's answer
 * opens it, the browser's own scrolls do not close it, and the arrow keys, Enter, the toggle and text
 * typed before the page was live open or pick what the typed text names. Each watches react-aria's
 * state from inside the field (src/ui/ComboBox.tsx).
 */
import { startTransition, useContext, useEffect, useEffectEvent, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent, type ReactNode, type TouchEvent } from 'react';
import { ComboBoxStateContext, GroupContext, OverlayTriggerStateContext, PopoverContext, useContextProps, useSlottedContext } from 'react-aria-components';
import { textOf, type ComboBoxItem, type Narrow } from './comboBoxItem.ts';
import * as styles from './combobox.css.ts';
import { useHydrated } from './useHydrated.ts';
import { warmNumberFormat } from './warmNumberFormat.ts';

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

/**
 * The field and its button. With `narrow`, an arrow key on the closed list opens it narrowed to the
 * typed text (react-aria would open every option with the first highlighted, so type, ArrowDown,
 * Enter would give January, 1 or this year). Enter with no option highlighted picks the one
 * option the text matches, as leaving the field does ('moun' and Enter: Mountain);
 * react-aria would keep the text as typed, or, without custom values, empty the field.
 */
export function ArrowsOpenNarrowed({
  narrow,
  options,
  texts,
  onArm,
  children,
}: {
  narrow: Narrow | undefined;
  options: readonly ComboBoxItem[] | undefined;
  texts: readonly string[] | undefined;
  onArm: (() => void) | undefined;
  children: ReactNode;
}) {
  const state = useContext(ComboBoxStateContext);
  // An option picked by Enter on the closed list: react-aria opens the list on the new text, and it is closed again.
  const closeAfterPick = useRef(false);
  // This box is react-aria's group (the input with its toggle inside it): the list is placed under it and
  // measures its width when it opens. Without a group, react-aria measured the input on every resize, even
  // closed, and each measure rendered the whole field again (twice per typeahead as a page loads).
  const [, control] = useContextProps<object, object, HTMLDivElement>(NO_PROPS, null, GroupContext);
  // Focused before React took the page over (a tap while the app loads): no focus event came, so the
  // options were not armed, and react-aria does not know the field has the focus (it opens the list on
  // a text change only while it does: what was typed before, and every key after, opened nothing).
  // Held: the text the server wrote into the field, while what was typed over it may still open the list.
  const typedBeforeLive = useRef<string | null>(null);
  useEffect(() => {
    const input = document.activeElement;
    if (!(input instanceof HTMLInputElement) || !control.current?.contains(input)) return;
    onArm?.();
    if (state && !state.isFocused) {
      state.setFocused(true);
      typedBeforeLive.current = input.defaultValue;
    }
    // Once, as the field is taken over; later focus comes with its events.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // While its field hydrates react-aria renders no overlay (its useIsSSR()), and the page may not be live yet
  // (src/ui/useHydrated.ts), yet a key typed between the hydration and the page going live opens the list:
  // react-aria then hides everything outside the field from assistive technology with no list to keep
  // visible, and the list, drawn after, is added under that veil (aria-hidden: on screen, but not in the
  // accessibility tree). Such a list is closed once the page is live, without committing the text, and
  // opened again, so that it is shown and announced.
  const live = useHydrated();
  const openedUnseen = useRef(false);
  // The toggle pressed before the options were built (a click with no hover before it: voice control, switch
  // access, a quick mouse): react-aria does not open an empty list, so the press would do nothing. The list opens,
  // whole, once they are there; until then each render tries again (onClickCapture below).
  const openWhenListed = useRef(false);
  useEffect(() => {
    if (!state) return;
    if (!live) {
      if (state.isOpen) openedUnseen.current = true;
      return;
    }
    if (openedUnseen.current) {
      openedUnseen.current = false;
      if (state.isOpen) {
        state.setOpen(false);
        typedBeforeLive.current ??= '';
        return;
      }
    }
    if (closeAfterPick.current && state.isOpen) {
      closeAfterPick.current = false;
      state.close();
    }
    // Left before the options came (a Tab right after the press), the field no longer asks for its list. Where
    // the focus is is read from the page: a key that lands between a render and its effects has React run these
    // effects first, with the state of that render, in which the field still had it.
    if (openWhenListed.current) {
      if (state.isOpen || !control.current?.contains(document.activeElement)) openWhenListed.current = false;
      else state.open(null, 'manual');
    }
    // The text typed before the page was live reaches the field after its hydration (src/ui/keepTyped.ts),
    // and its options a render or two after they are armed (react-aria builds the collection after the
    // render that gives it the items): until the list is open, each render tries to open it on that text.
    // react-aria's `isFocused` may be a render late here too (the race above), but leaving the field never reaches
    // this with a text held: the blur's own handler (`settled`, below) drops it before React runs these effects
    // for the render the blur sets off.
    const served = typedBeforeLive.current;
    if (served === null) return;
    if (state.isOpen) typedBeforeLive.current = null;
    else if (!onArm && state.isFocused && state.inputValue !== served && state.inputValue.trim() && (!narrow || !texts || narrow(texts, state.inputValue).length > 0)) state.open(null, 'input');
  });
  // Whether the press was meant to open the list: it was closed when the press began (a click with no pointer
  // press before it, detail 0, is assistive technology's or a key's). react-aria toggles the list as a mouse press
  // starts, but as a touch's click is handled, after this: so the list is looked at once the click is over
  // (a render of its own, whose effect above opens it if it is still closed).
  const closedAtPress = useRef<boolean | null>(null);
  const [, lookAgain] = useState(0);
  const onClickCapture = (e: MouseEvent<HTMLDivElement>) => {
    if (!state || !(e.target instanceof Element) || !e.target.closest('button')) return;
    const meantToOpen = e.detail === 0 ? !state.isOpen : closedAtPress.current;
    closedAtPress.current = null;
    if (!meantToOpen) return;
    onArm?.();
    setTimeout(() => {
      openWhenListed.current = true;
      lookAgain((n) => n + 1);
    }, 0);
  };
  // A key, a press or leaving the field: from here react-aria sees every change itself.
  const settled = () => {
    typedBeforeLive.current = null;
  };
  const pressed = () => {
    settled();
    closedAtPress.current = state ? !state.isOpen : null;
  };
  // Focused or hovered: the options are built, and the number format the opened list needs is made ahead.
  const touched = () => {
    warmNumberFormat();
    onArm?.();
  };
  // A finger's pointer enters as it comes down: the options are built for the tap, but the number format waits for
  // the focus at the tap's end. Made now, its task (about 100 ms at 4x) fell between the finger's down and up, and
  // the tap's answer waited for it (the pointerup's input delay, 74 ms at 4x).
  const entered = (e: PointerEvent<HTMLDivElement>) => {
    if (e.pointerType === 'touch') onArm?.();
    else touched();
  };
  // A touch that ends on the field's exact middle opens the list: react-aria's test for VoiceOver's double-tap
  // on a phone (a finger's tap elsewhere only focuses). react-aria opens it in the touch's own handler, so the
  // frame that answered the tap had to draw the popover and its options, position it and hide the rest of the
  // page from assistive technology: 207 ms of a 256 ms interaction at 4x (docs/performance.md). The same open,
  // in its place, as a transition: the tap's frame shows the focus, the list follows in the next ones, as
  // after a key. The list and react-aria's veil still come in one commit (the veil spares only what is there).
  const middleTouchAt = useRef(-Infinity);
  const onTouchEndCapture = (e: TouchEvent<HTMLDivElement>) => {
    const input = e.target;
    const touch = e.changedTouches[0];
    if (!state || !touch || !(input instanceof HTMLInputElement) || input.readOnly || input.disabled) return;
    // VoiceOver on iOS may send a second touchend at once: react-aria only focuses then, and so does this.
    const again = e.timeStamp - middleTouchAt.current < 500;
    const rect = input.getBoundingClientRect();
    if (!again && (touch.clientX !== Math.ceil(rect.left + rect.width / 2) || touch.clientY !== Math.ceil(rect.top + rect.height / 2))) return;
    e.preventDefault();
    e.stopPropagation();
    input.focus();
    if (again) return;
    middleTouchAt.current = e.timeStamp;
    if (state.isOpen) return startTransition(() => state.close());
    // Opened by the effect above once the options are built (a touch that ends at once may come before them),
    // in a render of its own after this one.
    openWhenListed.current = true;
    startTransition(() => lookAgain((n) => n + 1));
  };
  const onKeyDownCapture = (e: KeyboardEvent<HTMLDivElement>) => {
    settled();
    onArm?.();
    if (!narrow || !state || !texts || e.altKey || !(e.target instanceof HTMLInputElement)) return;
    if (e.key === 'Enter') {
      if (state.isOpen && state.selectionManager.focusedKey != null) return;
      const typed = state.inputValue;
      const hits = typed.trim() ? narrow(texts, typed) : [];
      const option = hits.length === 1 ? options?.find((o) => textOf(o) === hits[0]) : undefined;
      if (!option) return;
      // The list is open: the option is highlighted, and react-aria's own Enter picks it (as after ArrowDown).
      if (state.isOpen) {
        state.selectionManager.setFocusedKey(option.id);
        return;
      }
      if (hits[0] === typed) return;
      e.preventDefault();
      e.stopPropagation();
      closeAfterPick.current = true;
      state.setSelectedKey(option.id);
      return;
    }
    if (state.isOpen || (e.key !== 'ArrowDown' && e.key !== 'ArrowUp')) return;
    const typed = state.inputValue;
    if (!typed.trim() || narrow(texts, typed).length === 0) return;
    e.preventDefault();
    e.stopPropagation();
    state.open(e.key === 'ArrowDown' ? 'first' : 'last', 'input');
  };
  return (
    <div ref={control} className={styles.control} onKeyDownCapture={onKeyDownCapture} onFocusCapture={touched} onPointerEnter={entered} onPointerDownCapture={pressed} onBlurCapture={settled} onClickCapture={onClickCapture} onTouchEndCapture={onTouchEndCapture}>
      {children}
    </div>
  );
}

const NO_PROPS = {};
