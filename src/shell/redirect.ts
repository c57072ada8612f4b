/**
 * The stored redirect value: where to return after leaving for a page such as
 * the disclaimer. It holds an app path only (never personal data) and lives in
 * sessionStorage, so it ends with the tab. Where there is no storage (the
 * prerender, or a browser that refuses it) nothing is stored.
 */
const KEY = 'redirectPath';

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function storeRedirect(path: string): void {
  if (path.startsWith('/')) storage()?.setItem(KEY, path);
}

export function storedRedirect(): string | null {
  return storage()?.getItem(KEY) ?? null;
}

/** Clears the stored value when it equals `path` (the disclaimer clears '/disclaimer' on entry, spec 2.6). */
export function clearRedirectIf(path: string): void {
  const store = storage();
  if (store?.getItem(KEY) === path) store.removeItem(KEY);
}
