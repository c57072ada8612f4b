import { createRouter } from '@tanstack/react-router';
import { routerOptions } from './routerOptions.ts';
import { trackPageView } from './shell/analytics.ts';

/**
 * Scroll restoration on in-app navigations, not on the first render: the page arrived painted and may
 * already have been scrolled (or restored by the browser on a reload) before the app took it over;
 * the router would put it back at the top.
 */
let firstRender = true;
const restoreScroll = () => {
  if (!firstRender) return true;
  firstRender = false;
  return false;
};

export const router = createRouter({ ...routerOptions, scrollRestoration: restoreScroll });

// One page view per resolved navigation, named by the route pattern only. The first
// load resolves once (src/main.tsx loads the route before the first render), hydrated or not.
router.subscribe('onResolved', () => {
  const routeId = router.state.matches.at(-1)?.routeId;
  trackPageView(!routeId || routeId === '__root__' ? 'not-found' : routeId);
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
