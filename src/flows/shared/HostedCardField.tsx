/**
 * The card number field of every card form: the tokenizer's own page in an
 * iframe (its origin is not the portal's, so nothing of the portal can read
 * what is typed there). It is labelled inside; the frame's title names it
 * too. The form's machine decides what it shows (the note, the error once
 * shown); the channel carries that in and the field's state out.
 */
import { useEffect, useRef, useState } from 'react';
import type { CardFieldView } from '../../../machines/shared/rules/cardField.ts';
import type { CardFieldChannel } from './cardFieldChannel.ts';
import * as styles from './hostedCardField.css.ts';

/** The field's height before it reports its own (label and input), so nothing moves when it loads. */
const INITIAL_HEIGHT = 82;

export interface HostedCardFieldProps {
  /** The field page (cardFieldUrl of the session's serviceUrl). */
  src: string;
  channel: CardFieldChannel;
  view: CardFieldView;
  /** The frame's id, which the form's focusField uses. */
  id: string;
  /**
   * Off (Skip Payment ticked): the frame is greyed out and inert, so neither Tab nor a pointer reaches the field
   * inside it (a frame's own tabIndex would not keep Tab out of its page).
   */
  isDisabled?: boolean;
}

export function HostedCardField({ src, channel, view, id, isDisabled = false }: HostedCardFieldProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(INITIAL_HEIGHT);
  const origin = new URL(src).origin;

  useEffect(() => {
    channel.listen({ height: setHeight });
    const onMessage = (event: MessageEvent) => channel.handle(event);
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      channel.disconnect();
    };
  }, [channel]);

  useEffect(() => {
    channel.show(view);
    // The view's fields, not its identity: the parent builds a new object on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [channel, view.label, view.note, view.error, view.required, view.readOnly]);

  return (
    <iframe
      ref={frame}
      id={id}
      src={src}
      title={view.label}
      className={styles.frame}
      style={{ height }}
      inert={isDisabled}
      data-disabled={isDisabled ? '' : undefined}
      // No referrer, no rights beyond running its own script and talking to its own origin.
      referrerPolicy="no-referrer"
      sandbox="allow-scripts allow-same-origin allow-forms"
      // A modal's focus scope moves Tab by focusing the next element itself: the frame, not the field inside it.
      // The frame passes the focus on to its field.
      onFocus={() => channel.focus()}
      onLoad={() => {
        const win = frame.current?.contentWindow;
        if (win) channel.connect(win, origin);
      }}
    />
  );
}
