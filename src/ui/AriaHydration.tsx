/**
 * react-aria's components ask `useIsSSR()` whether they are being server
 * rendered or hydrated: true then, so they render what the server rendered
 * (the en-US locale, no overlay portals, collections inline), false after.
 * Upstream, each of them reads it from its own `useSyncExternalStore`, whose
 * switch after hydration React always applies synchronously: every such
 * component of the page (every field, list and button that reads the locale)
 * renders again in one task, 150-400 ms on a slow phone for the Member
 * Information form. The build (vite.config.ts, `ariaHydrationSwitch`) makes
 * `useIsSSR()` read react-aria's own IsSSRContext instead, and this provider
 * holds it: true while the page hydrates, then false inside a transition once
 * the page is live (`ariaHydrated()`, called where the page's heading mounts,
 * src/ui/Page.tsx, inside every Suspense boundary), so React renders the switch
 * in slices and yields to the member between them. Where the build has not
 * patched react-aria (the dev server's prebundled copy), the context is absent
 * and this renders its children as they are (react-aria then works as upstream).
 */
import { startTransition, useEffect, useState, type Context, type ReactNode } from 'react';
import { HydratingContext } from './useHydrated.ts';

/** Where the patched react-aria module leaves its IsSSRContext (vite.config.ts). */
export const IS_SSR_CONTEXT_KEY = 'mop.react-aria.IsSSRContext';

let live = false;
let switchOff: (() => void) | null = null;

/** The page is hydrated, every boundary of it: react-aria's components may render as on the client. */
export function ariaHydrated() {
  live = true;
  switchOff?.();
  switchOff = null;
}

export function AriaHydration({ children }: { children: ReactNode }) {
  // Read once: the tree's shape must not change under the page. The route's code, react-aria's with it,
  // has loaded before hydration (src/app.tsx), so a page with react-aria's components finds it here.
  const [IsSSRContext] = useState(() => (globalThis as Record<symbol, unknown>)[Symbol.for(IS_SSR_CONTEXT_KEY)] as Context<boolean> | undefined);
  const [hydrating, setHydrating] = useState(true);
  useEffect(() => {
    const off = () => startTransition(() => setHydrating(false));
    // The page's own effect may have run first (this one is outside it, and runs after it in one commit).
    if (live) off();
    else switchOff = off;
  }, []);
  // The app's own "still hydrating" (useHydrated) switches with react-aria's: one pass, not two.
  const app = <HydratingContext.Provider value={hydrating}>{children}</HydratingContext.Provider>;
  return IsSSRContext ? <IsSSRContext.Provider value={hydrating}>{app}</IsSSRContext.Provider> : app;
}
