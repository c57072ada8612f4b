/**
 * Focus kept in clear view (WCAG 2.4.11), for every page and flow: installed once by
 * the first page's heading (usePageHeading in Page.tsx), which every route renders.
 */
/** The point of `box` at height `y` covered by something else (a sticky bar or footer): not `target`, not in it, not around it. */
function coveredAt(target: Element, box: DOMRect, y: number): boolean {
  const top = document.elementFromPoint(box.left + Math.min(box.width / 2, 8), y);
  return top !== null && !target.contains(top) && !top.contains(target);
}

/**
 * Scrolls the focused element into view when it is off-screen or under a sticky part (the page's bar,
 * a modal's sticky buttons): WCAG 2.4.11. The browser scrolls a focused element into view only when
 * it is focused, and not away from a sticky part; react-aria gives the focus back without scrolling,
 * and a message that appears above the focus pushes it down.
 */
export function revealFocused(): void {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return;
  // A checkbox's or radio's input is visually hidden: its label is what shows.
  const target = active.closest('label') ?? active;
  const box = target.getBoundingClientRect();
  if (box.width === 0 && box.height === 0) return;
  // A region taller than half the window (a focusable panel of the footer) cannot be centred clear of
  // the bar: its top goes under the scroll padding instead, and its bottom may run off-screen.
  const tall = box.height > window.innerHeight / 2;
  const offScreen = box.top < 0 || (tall ? box.top >= window.innerHeight : box.bottom > window.innerHeight);
  const inset = Math.min(2, box.height / 2);
  const covered = coveredAt(target, box, box.top + inset) || (!tall && coveredAt(target, box, box.bottom - inset));
  if (offScreen || covered) target.scrollIntoView({ block: tall ? 'start' : 'center' });
}

let revealing = false;

/** From now on every focused element is revealed (once per document: every page's heading installs it, src/ui/Page.tsx). */
export function keepFocusInView(): void {
  if (revealing || typeof document === 'undefined') return;
  revealing = true;
  // After the frame in which the focus moved: a modal that closes, a banner that shows, are laid out by then.
  document.addEventListener('focusin', () => requestAnimationFrame(revealFocused), true);
}
