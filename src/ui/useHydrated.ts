import { useSyncExternalStore } from 'react';

/**
 * Whether the page is live: false in the prerender and while React hydrates the served HTML, true once the
 * page is live (src/ui/Page.tsx calls `pageIsLive()`; src/app.tsx at once for a page rendered anew). For what
 * only the browser knows (the tab's history, its sessionStorage), which the first render must leave as the
 * server drew it.
 *
 * A store, not a context: the fields of a served page stay as the server drew them until they are used
 * (src/ui/HydrateWhenUsed.tsx), and a context switched above them would make React hydrate them all. A store
 * switches only what React has taken over, and a field that hydrates later reads the server's answer while it
 * hydrates and the live one after, as React does for every store.
 */
let live = false;
const listeners = new Set<() => void>();

export function pageIsLive() {
  if (live) return;
  live = true;
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => live,
    () => false,
  );
}
