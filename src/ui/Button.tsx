import { useCallback, useEffect, useRef } from 'react';
import { Button as RACButton, type ButtonProps as RACButtonProps } from 'react-aria-components';
import { button, type ButtonVariants } from './button.css.ts';

import type { Ref } from 'react';

export type ButtonProps = Omit<RACButtonProps, 'className' | 'style'> & ButtonVariants & { ref?: Ref<HTMLButtonElement> };

/** The first message of react-aria's announcer is added this long after it is asked for (it waits for its live region to be in the page). */
const ANNOUNCER_START_MS = 100;

/**
 * react-aria reads a pending button (Finish, Next, Add, Update, Save) through its live announcer: a
 * `role="img"` node labelled by the button's id, left there 7 s. Once the button has gone (its step or
 * modal with it), that node names nothing: axe flags an image without a name, and a
 * screen reader may meet it. The announcement was read while the button was there, so the nodes that
 * point at a button are removed as the button goes (and once more when the announcer's first message
 * may still be on its way).
 */
function forgetAnnouncements(buttonId: string) {
  const drop = () => {
    for (const node of document.querySelectorAll('[data-live-announcer] [aria-labelledby]')) {
      if ((node.getAttribute('aria-labelledby') ?? '').split(/\s+/).includes(buttonId)) node.remove();
    }
  };
  drop();
  setTimeout(drop, ANNOUNCER_START_MS + 50);
}

/** The one button. Screens pick a variant; they never restyle it. */
export function Button({ variant, size, ref, ...props }: ButtonProps) {
  // The element, for its id once it goes (react-aria keeps the id a button first had, whatever it is given later).
  const element = useRef<HTMLButtonElement | null>(null);
  const refs = useCallback(
    (el: HTMLButtonElement | null) => {
      element.current = el;
      if (typeof ref === 'function') ref(el);
      else if (ref) ref.current = el;
    },
    [ref],
  );
  useEffect(() => {
    const el = element.current;
    return () => {
      if (el?.id) forgetAnnouncements(el.id);
    };
  }, []);
  return <RACButton {...props} ref={refs} className={button({ variant, size })} />;
}
