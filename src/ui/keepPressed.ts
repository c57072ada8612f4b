/**
 * Presses on the prerendered page before React takes it over. The page is
 * painted and its buttons look ready before the app has started (on a slow
 * phone, a second or more): a press then would do nothing and be forgotten
 * (links work without the app and are left alone). From the moment the entry
 * script runs (src/main.tsx) until React hydrates (src/app.tsx), a press on a
 * button is held instead of doing its default (a form's native submit), and
 * once the page is live it is pressed again, in order. A button pressed
 * several times in a row counts once: pressing again a button that did not
 * answer means "it did not work", not "toggle it twice". A press on a page
 * rendered anew (its HTML was for another location) is dropped: its button is
 * gone. From hydrateRoot on, React handles presses itself (it replays those on
 * parts not yet hydrated).
 */
let held: HTMLButtonElement[] = [];

function hold(event: MouseEvent) {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (!button || button.disabled) return;
  event.preventDefault();
  if (held.at(-1) !== button) held.push(button);
}

export function holdPressesUntilHydration() {
  document.addEventListener('click', hold, true);
}

/** Called as React takes the page over: from here on presses are React's. */
export function stopHoldingPresses() {
  document.removeEventListener('click', hold, true);
}

/** Presses again what was pressed before hydration (on buttons still in the page); returns how many. */
export function replayPressedBeforeHydration(): number {
  const pressed = held.filter((button) => button.isConnected && !button.disabled);
  held = [];
  for (const button of pressed) button.click();
  return pressed.length;
}
