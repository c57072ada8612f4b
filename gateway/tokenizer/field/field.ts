/**
 * The hosted card-number field: the tokenizer's own page, shown by the portal
 * in an iframe. The number typed here stays in this document (another
 * origin than the portal's): the portal only learns the field's state
 * (machines/shared/rules/cardField.ts) and, after a tokenize request, whether the
 * tokenizer accepted the number. It is posted only to this origin's /cards.
 *
 * Every message is checked: from the parent window only, from an origin the
 * tokenizer names in the page (meta portal-origins), in the protocol's shape.
 * Answers go to that origin only. No framework: a few hundred bytes of script.
 */
import { CARD_FIELD_PROTOCOL, cardFieldDigits, cardFieldState, parsePortalMessage, type FieldToPortal, type TokenizeOutcome } from '../../../machines/shared/rules/cardField.ts';
import * as styles from './field.css.ts';

type Out = FieldToPortal extends infer M ? (M extends unknown ? Omit<M, 'source'> : never) : never;

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const form = byId<HTMLFormElement>('form');
const label = byId<HTMLLabelElement>('label');
const input = byId<HTMLInputElement>('number');
const note = byId<HTMLParagraphElement>('note');
const error = byId<HTMLParagraphElement>('error');

form.className = styles.field;
label.className = styles.label;
input.className = styles.input;
note.className = styles.description;
error.className = styles.error;

const allowed: string[] = (document.querySelector<HTMLMetaElement>('meta[name="portal-origins"]')?.content ?? '').split(' ').filter(Boolean);
/** The portal page that spoke first (and only it) gets the answers. */
let portal: string | null = null;
let digits = '';

function post(message: Out): void {
  if (portal) window.parent.postMessage({ source: CARD_FIELD_PROTOCOL, ...message }, portal);
}

function report(): void {
  post({ type: 'state', state: cardFieldState(digits) });
}

/** Takes what the field holds as the number (cleaned), and tells the portal when it changed. */
function read(): void {
  const cleaned = cardFieldDigits(input.value);
  if (cleaned !== input.value) input.value = cleaned;
  if (cleaned === digits) return;
  digits = cleaned;
  report();
}
input.addEventListener('input', read);
// A number typed before this script ran (a slow phone loads it late; the input was already on the page)
// fired no input event here: it is read now, and the portal learns it when it first speaks (seen in CI, 2026-11-26).
read();
input.addEventListener('blur', () => post({ type: 'blur' }));
// Enter in the field saves the portal's form, as in any other field.
form.addEventListener('submit', (e) => {
  e.preventDefault();
  post({ type: 'submit' });
});

new ResizeObserver(() => post({ type: 'height', px: Math.ceil(document.documentElement.getBoundingClientRect().height) })).observe(document.body);

async function tokenize(accessToken: string): Promise<TokenizeOutcome> {
  try {
    const response = await fetch('/cards', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ accessToken, cardNumber: digits }),
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      cache: 'no-store',
    });
    const body = (await response.json().catch(() => null)) as { status?: unknown } | null;
    if (response.ok && body?.status === 'accepted') return { ok: true };
    return { ok: false, status: response.ok ? 422 : response.status };
  } catch {
    return { ok: false, status: 0 };
  }
}

window.addEventListener('message', (event: MessageEvent) => {
  if (event.source !== window.parent || !allowed.includes(event.origin)) return;
  if (portal !== null && event.origin !== portal) return;
  const message = parsePortalMessage(event.data);
  if (!message) return;
  if (portal === null) {
    portal = event.origin;
    post({ type: 'ready' });
    report();
    post({ type: 'height', px: Math.ceil(document.documentElement.getBoundingClientRect().height) });
  }
  switch (message.type) {
    case 'show': {
      const { view } = message;
      label.textContent = view.label;
      note.textContent = view.note ?? '';
      note.hidden = !view.note;
      // Only a change is written, so that the live region announces a new error once.
      if (error.textContent !== (view.error ?? '')) error.textContent = view.error ?? '';
      input.readOnly = view.readOnly;
      input.required = view.required;
      input.setAttribute('aria-invalid', String(Boolean(view.error)));
      input.toggleAttribute('data-invalid', Boolean(view.error));
      break;
    }
    case 'focus':
      input.focus();
      break;
    case 'tokenize':
      void tokenize(message.accessToken).then((outcome) => {
        // Accepted: the number is dropped here too; the tokenizer holds it now.
        if (outcome.ok) {
          digits = '';
          input.value = '';
          report();
        }
        post({ type: 'tokenized', requestId: message.requestId, outcome });
      });
      break;
  }
});
