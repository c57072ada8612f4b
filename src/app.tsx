import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { router } from './router.ts';
import { seedBannerFromPage } from './shell/ServerBanner.tsx';
import { hydratesHere } from './prerender/location.ts';
import { pageIsLive } from './ui/useHydrated.ts';
import { stopHoldingPresses } from './ui/keepPressed.ts';
import { nextTask } from './nextTask.ts';

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);

/**
 * The page arrives painted (prerendered at build time, the banner written in by
 * the gateway). The route's code loads before the first render, so that render
 * has nothing to wait for; it runs inside a transition, so React hydrates in
 * slices and no task of ours holds the main thread for long. A page whose
 * HTML was rendered for another location (a search string or hash that
 * changes what shows, another spelling of the path) is rendered anew instead.
 */
async function start() {
  seedBannerFromPage(root);
  // Each step in a task of its own, so none of them is long on a slow phone. No Intl object is created
  // at load: react-aria speaks the portal's language (ariaPortalLocale, vite.config.ts) and its
  // typeaheads match without ICU's collation data (ariaSearchCollator there, src/ui/searchCollator.ts).
  await nextTask();
  await router.load();
  await nextTask();
  stopHoldingPresses();
  if (hydratesHere(root, router.state)) {
    startTransition(() => {
      hydrateRoot(root, app, {
        // A mismatch React recovered from by rendering again: a defect (test/e2e/prerender.spec.ts fails on it).
        onRecoverableError: (error) => console.error('Hydration:', error),
      });
    });
  } else {
    // Nothing served to take over: the page is live from its first render (useHydrated).
    pageIsLive();
    startTransition(() => createRoot(root).render(app));
  }
}

// `?inspect` in development connects the flows to the Stately inspector before they start (src/dev/inspector.ts).
if (import.meta.env.DEV) void import('./dev/inspector.ts').then((m) => m.startInspector(window.location.search)).finally(start);
else void start();
