/**
 * The stored redirect value: where to return after leaving for a page such as
 * the disclaimer. It holds an app path only (never personal data) and lives in
 * sessionStorage, so it ends with the tab.
 */
const KEY = 'redirectPath';

export function storeRedirect(path: string): void {
  if (path.startsWith('/')) sessionStorage.setItem(KEY, path);
}

export function storedRedirect(): string | null {
  return sessionStorage.getItem(KEY);
}

/** Clears the stored value when it equals `path` (the disclaimer clears '/disclaimer' on entry, spec 2.6). */
export function clearRedirectIf(path: string): void {
  if (sessionStorage.getItem(KEY) === path) sessionStorage.removeItem(KEY);
}
