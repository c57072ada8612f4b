/**
 * The stored redirect value (sessionStorage, an app path only, never personal data). The specification
 * names one rule about it, the disclaimer's (2.6: on entry, a stored value equal to /disclaimer is
 * cleared), and no page that writes it: this portal writes none (every flow ends its session when
 * left, so there is nothing to return to), and keeps the disclaimer's rule for a value another page of
 * the same origin left in the tab. Where there is no storage (the prerender, or a browser that refuses
 * it) there is nothing to clear.
 */
const KEY = 'redirectPath';

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** Clears the stored value when it equals `path` (the disclaimer clears '/disclaimer' on entry, spec 2.6). */
export function clearRedirectIf(path: string): void {
  const store = storage();
  if (store?.getItem(KEY) === path) store.removeItem(KEY);
}
