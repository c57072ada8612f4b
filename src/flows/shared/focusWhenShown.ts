/**
 * Focuses the element with `id` once it is on the page: a banner or heading
 * renders with the state that asked for it, a frame or so after the action
 * that wants it focused.
 */
export function focusWhenShown(id: string, frames = 10): void {
  const element = document.getElementById(id);
  if (element) element.focus();
  else if (frames > 0) requestAnimationFrame(() => focusWhenShown(id, frames - 1));
}

const openDialog = () => document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;

/**
 * Focuses the element with `id` once the modal that led to it has closed. A
 * react-aria modal gives the focus back to its trigger when it unmounts, a
 * frame after it goes; when the trigger has gone with the action (a Remove
 * button whose item is removed) the focus would fall to the page, so the
 * focus moves where the outcome is once the modal has let go of it.
 */
export function focusAfterDialog(id: string, frames = 60): void {
  if (openDialog() && frames > 0) {
    requestAnimationFrame(() => focusAfterDialog(id, frames - 1));
    return;
  }
  // One frame for the modal's own focus restoring, then ours.
  requestAnimationFrame(() => requestAnimationFrame(() => focusWhenShown(id)));
}

/** The point of `box` at height `y` covered by something else (a sticky bar or footer): not `target`, not in it, not around it. */
function coveredAt(target: Element, box: DOMRect, y: number): boolean {
  const top = document.elementFromPoint(box.left + Math.min(box.width / 2, 8), y);
  return top !== null && !target.contains(top) && !top.contains(target);
}

/**
 * Scrolls the focused element into view when it is off-screen or under a sticky part (the page's bar,
 * a modal's sticky buttons): WCAG 2.4.11. The browser scrolls a focused element into view only when
 * it is focused, and not away from a sticky part; react-aria gives the focus back without scrolling,
 * and a message that appears above the focus pushes it down (issue 27 #11).
 */
export function revealFocused(): void {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return;
  // A checkbox's or radio's input is visually hidden: its label is what shows.
  const target = active.closest('label') ?? active;
  const box = target.getBoundingClientRect();
  if (box.width === 0 && box.height === 0) return;
  const offScreen = box.top < 0 || box.bottom > window.innerHeight;
  const inset = Math.min(2, box.height / 2);
  if (offScreen || coveredAt(target, box, box.top + inset) || coveredAt(target, box, box.bottom - inset)) target.scrollIntoView({ block: 'center' });
}

let revealing = false;

/** From now on every focused element is revealed (once per page; the member flow's later pages install it). */
export function keepFocusInView(): void {
  if (revealing || typeof document === 'undefined') return;
  revealing = true;
  // After the frame in which the focus moved: a modal that closes, a banner that shows, are laid out by then.
  document.addEventListener('focusin', () => requestAnimationFrame(revealFocused), true);
}
