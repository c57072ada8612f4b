import { routeTree } from './routeTree.gen.ts';

/** What the browser's router and the prerender's router share (src/router.ts, src/prerender/entry-server.tsx). */
export const routerOptions = {
  routeTree,
  defaultPreload: 'intent',
} as const;
