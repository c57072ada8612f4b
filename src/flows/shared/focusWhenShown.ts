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
