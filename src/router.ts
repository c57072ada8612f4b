import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen.ts';
import { trackPageView } from './shell/analytics.ts';

export const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  scrollRestoration: true,
});

// One page view per resolved navigation, named by the route pattern only.
router.subscribe('onResolved', () => {
  const routeId = router.state.matches.at(-1)?.routeId;
  trackPageView(!routeId || routeId === '__root__' ? 'not-found' : routeId);
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
