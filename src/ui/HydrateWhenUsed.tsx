/**
 * A field of a served page that React takes over when the person first uses it, not with the page.
 *
 * The first screens of the member flow and of the order check come as HTML and work before any script has
 * run. Hydrating their form (react-aria's hooks and React's work for each field) was most of what the member
 * page asks of a phone's main thread after the paint: its 170 ms of 4x CPU time took the page from 1.2x to
 * 2x the home page's script time (docs/performance.md). Each field now sits in a Suspense boundary that stays
 * as the server drew it until a press, touch, focus, key or input reaches the field, or until its owner gives
 * it something new to show (an error, a value, read-only while a call runs). Then React hydrates that one
 * field: at once inside the event (React's selective hydration of a discrete event's target, once the gate
 * below lets it), and the event reaches the field as if it had been live all along.
 *
 * - A gate exists only for a field in the served HTML (its id read from the document as this module loads):
 *   a field rendered in the browser, on any later screen or visit, is never held back.
 * - A field the person focused or typed into before the app started opens at once, so that it hydrates with
 *   the page and what was typed reaches the form as before (src/ui/keepTyped.ts).
 * - Text that arrives with no key (the browser's autofill, a paste from a menu) comes as an `input` event on a
 *   field React does not have yet: it is held back, the field hydrates, and the text is then given to it as
 *   typed text is (keepTyped), so the form's state gets it.
 * - While held back, a render of its owner does not reach it (React would take new props on a held boundary
 *   as a reason to hydrate it at once).
 * - No context above a held field may change as the page goes live (React would hydrate every boundary under
 *   it): whether the page is live is read from stores (src/ui/useHydrated.ts, react-aria's own useIsSSR).
 */
import { memo, Suspense, use, useId, useLayoutEffect, useState, type ReactNode } from 'react';
import { replayTypedBeforeHydration } from './keepTyped.ts';
import { hydrateWhenUsed } from './hydrateWhenUsed.css.ts';

const ATTRIBUTE = 'data-hydrate-gate';

interface Gate {
  promise: Promise<void>;
  open: () => void;
}

/** The ids of the served page's wrappers (a field rendered in the browser has an id of another form). */
const served = new Set<string>();
/** The served page's gates still closed, by the id each wrapper carries in the HTML. */
const closed = new Map<string, Gate>();
/** The served page's fields React has taken over (their gate is open, and React has hydrated them since). */
const hydrated = new Set<string>();
/** Gates opened by text that came without a key: the field is given that text once it has hydrated. */
const textHeld = new Set<string>();

function wrapperOf(id: string): Element | null {
  return document.querySelector(`[${ATTRIBUTE}="${CSS.escape(id)}"]`);
}

function openGate(id: string) {
  const gate = closed.get(id);
  if (!gate) return;
  closed.delete(id);
  gate.open();
}

/** What a person does to a field: each opens its gate before React's own listener sees the event. */
const USES = ['pointerdown', 'touchstart', 'focusin', 'keydown', 'input', 'change', 'paste', 'drop'] as const;

function onUse(event: Event) {
  const target = event.target;
  if (!(target instanceof Element)) return;
  const id = target.closest(`[${ATTRIBUTE}]`)?.getAttribute(ATTRIBUTE);
  if (!id || !served.has(id) || hydrated.has(id)) return;
  // Text that reaches a field React has not taken over yet (autofill, dictation, a paste from a menu; or text
  // that follows a focus, whose hydration React does later): React would take the field over with that text as
  // its starting value and never tell the form. Held back here; given to the field once it is React's (Held's
  // effect below), as text typed before the app started is.
  if (event.type === 'input' || event.type === 'change') {
    event.stopImmediatePropagation();
    textHeld.add(id);
  }
  openGate(id);
  hydrateTheRestWhenIdle();
}

/**
 * Once a person has begun to use the form, its other fields are taken over one at a time when the page is idle:
 * a field is cheap to hydrate on its own (20-60 ms at 4x), but Continue with errors gives every field its message
 * at once, and the fields still waiting then hydrated in the press's commit (Continue with errors 120 ms at 4x
 * against 80). The load pays for none of them, and a person who types for a second or two pays for none either.
 */
let restQueued = false;
const whenIdle = (run: () => void) => ('requestIdleCallback' in window ? requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 50));
function hydrateTheRestWhenIdle() {
  if (restQueued) return;
  restQueued = true;
  const next = () => {
    const [id] = closed.keys();
    if (id === undefined) return;
    openGate(id);
    // React hydrates the field in tasks of its own; the next one waits for the page to be idle again.
    whenIdle(next);
  };
  whenIdle(next);
}

if (!import.meta.env.SSR && typeof document !== 'undefined') {
  for (const wrapper of document.querySelectorAll(`[${ATTRIBUTE}]`)) {
    const id = wrapper.getAttribute(ATTRIBUTE)!;
    served.add(id);
    let open!: () => void;
    const promise = new Promise<void>((resolve) => (open = resolve));
    closed.set(id, { promise, open });
  }
  for (const type of USES) document.addEventListener(type, onUse, { capture: true, passive: true });
}

/** Suspends while its field's gate is closed; opens it at once for a field already in use when the app started. */
function Held({ id }: { id: string }) {
  const gate = closed.get(id);
  if (gate) {
    const wrapper = wrapperOf(id);
    const inUse = wrapper !== null && (wrapper.contains(document.activeElement) || [...wrapper.querySelectorAll('input, textarea')].some((f) => (f as HTMLInputElement).value !== (f as HTMLInputElement).defaultValue));
    if (inUse) openGate(id);
    else use(gate.promise);
  }
  // Hydrated for text that came without a key (autofill, a paste from a menu; held back above): it reaches the
  // form now, as text typed before the app started does.
  useLayoutEffect(() => {
    hydrated.add(id);
    if (!textHeld.delete(id)) return;
    const wrapper = wrapperOf(id);
    if (wrapper instanceof HTMLElement) replayTypedBeforeHydration(wrapper);
  }, [id]);
  return null;
}

/** A held field's boundary: while its gate is closed, a render of its owner does not reach it. */
const Boundary = memo(
  function Boundary({ id, children }: { id: string; children: ReactNode }) {
    return (
      <Suspense fallback={null}>
        <Held id={id} />
        {children}
      </Suspense>
    );
  },
  (_before, now) => closed.has(now.id),
);

/**
 * `watch`: what the field shows that its owner may change (value, error, read-only, required): any change
 * opens the gate, so that React hydrates the field with it rather than find new props on a held boundary.
 * Until the gate opens the field keeps the callbacks it was served with: its owner passes stable ones (as
 * TextField's memo asks already).
 */
export function HydrateWhenUsed({ watch, children }: { watch: readonly unknown[]; children: ReactNode }) {
  const id = useId();
  const [served] = useState(watch);
  // Opening a gate is idempotent and never undone, so doing it here, as React renders the new props, is safe.
  if (closed.has(id) && watch.some((v, i) => !Object.is(v, served[i]))) openGate(id);
  return (
    <div {...{ [ATTRIBUTE]: id }} className={hydrateWhenUsed}>
      <Boundary id={id}>{children}</Boundary>
    </div>
  );
}
