import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while React hydrates the prerendered HTML (and in the prerender
 * itself), true from the render after: for what only the browser knows (the
 * tab's history, its sessionStorage), which the first render must leave as
 * the server drew it. A page rendered anew sees true at once.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
