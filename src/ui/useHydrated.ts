import { createContext, useContext } from 'react';

/**
 * Whether React is still taking over the prerendered page: true in the prerender itself and, in the
 * browser, while the page hydrates (src/ui/AriaHydration.tsx holds it, and lets it go in the same
 * transition as react-aria's own switch once the page is live). A page rendered anew has no provider:
 * false at once.
 */
export const HydratingContext = createContext<boolean>(import.meta.env.SSR);

/**
 * False while React hydrates the prerendered HTML (and in the prerender
 * itself), true once the page is live (a transition after the hydration):
 * for what only the browser knows (the tab's history, its sessionStorage),
 * which the first render must leave as the server drew it. A page rendered
 * anew sees true at once.
 *
 * Not `useSyncExternalStore` with a server snapshot of false: React applies that switch in a
 * synchronous render inside the hydration's commit, the whole flow page rendered again in the
 * commit's task (50 ms of it on a 4x slower CPU, for Member Information). From the provider, the
 * switch is a transition: rendered in slices, after the commit.
 */
export function useHydrated(): boolean {
  return !useContext(HydratingContext);
}
