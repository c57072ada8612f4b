/**
 * The portal's end of the hosted card field's protocol (machines/shared/rules/cardField.ts).
 * The field is a page of the tokenizer's own origin in an iframe; this
 * channel talks to that one window only, at that one origin, and takes only
 * well-formed messages from it. It never sees the number: the field reports
 * its state, and tokenizes when asked with a session's access token.
 */
import {
  CARD_FIELD_PROTOCOL,
  parseFieldMessage,
  type CardFieldState,
  type CardFieldView,
  type PortalToField,
} from '../../../machines/shared/rules/cardField.ts';
import { GatewayCallError, GENERAL_ERROR_TEXT } from '../../api/gateway.ts';

/** A field that never answers a tokenize request (a crashed frame) fails the Save after this long. */
export const TOKENIZE_TIMEOUT_MS = 60_000;

type Out = PortalToField extends infer M ? (M extends unknown ? Omit<M, 'source'> : never) : never;

export interface CardFieldListeners {
  state: (state: CardFieldState) => void;
  blur: () => void;
  submit: () => void;
  height: (px: number) => void;
}

export class CardFieldChannel {
  private frame: Window | null = null;
  private origin: string | null = null;
  private view: CardFieldView | null = null;
  private next = 0;
  private readonly waiting = new Map<string, { resolve: () => void; reject: (e: Error) => void; timer: ReturnType<typeof setTimeout> }>();
  private listeners: Partial<CardFieldListeners> = {};

  /** Adds or replaces listeners (the form listens to the state, blur and submit; the frame to its height). */
  listen(listeners: Partial<CardFieldListeners>): void {
    this.listeners = { ...this.listeners, ...listeners };
  }

  /** The field's window has loaded from `origin`: from now on it is the only one heard and spoken to. */
  connect(frame: Window, origin: string): void {
    this.frame = frame;
    this.origin = origin;
    if (this.view) this.post({ type: 'show', view: this.view });
  }

  disconnect(): void {
    this.frame = null;
    this.origin = null;
    for (const [id, w] of this.waiting) {
      clearTimeout(w.timer);
      w.reject(new GatewayCallError(503, GENERAL_ERROR_TEXT));
      this.waiting.delete(id);
    }
  }

  /** A message event of this window: handled when it comes from the field. */
  handle(event: MessageEvent): void {
    if (!this.frame || event.source !== this.frame || event.origin !== this.origin) return;
    const message = parseFieldMessage(event.data);
    if (!message) return;
    switch (message.type) {
      case 'ready':
        // A reloaded frame: tell it again how to look.
        if (this.view) this.post({ type: 'show', view: this.view });
        break;
      case 'state':
        this.listeners.state?.(message.state);
        break;
      case 'blur':
        this.listeners.blur?.();
        break;
      case 'submit':
        this.listeners.submit?.();
        break;
      case 'height':
        this.listeners.height?.(message.px);
        break;
      case 'tokenized': {
        const w = this.waiting.get(message.requestId);
        if (!w) return;
        this.waiting.delete(message.requestId);
        clearTimeout(w.timer);
        // No answer at all (status 0) reads as the provider being unavailable.
        if (message.outcome.ok) w.resolve();
        else w.reject(new GatewayCallError(message.outcome.status || 503, GENERAL_ERROR_TEXT));
        break;
      }
    }
  }

  show(view: CardFieldView): void {
    this.view = view;
    this.post({ type: 'show', view });
  }

  focus(): void {
    this.post({ type: 'focus' });
  }

  /** Asks the field to post its number to the tokenizer under this session; resolves when the tokenizer accepted it. */
  tokenize(accessToken: string): Promise<void> {
    if (!this.frame) return Promise.reject(new GatewayCallError(503, GENERAL_ERROR_TEXT));
    const requestId = `t${++this.next}`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(requestId);
        reject(new GatewayCallError(504, GENERAL_ERROR_TEXT));
      }, TOKENIZE_TIMEOUT_MS);
      this.waiting.set(requestId, { resolve, reject, timer });
      this.post({ type: 'tokenize', requestId, accessToken });
    });
  }

  private post(message: Out): void {
    if (this.frame && this.origin) this.frame.postMessage({ source: CARD_FIELD_PROTOCOL, ...message }, this.origin);
  }
}
