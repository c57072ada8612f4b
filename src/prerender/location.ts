/**
 * Which location a prerendered page was rendered for, and whether the browser
 * may hydrate it. The prerender writes `data-path` (a static route's path) or
 * `data-route` (a link route's shell, the same for every link id) on the root
 * element (vite.config.ts, prerender plugin).
 */
export interface RenderedFor {
  path?: string;
  route?: string;
}

interface RouterStateLike {
  location: { pathname: string; searchStr: string; hash: string };
  matches: readonly { routeId: string }[];
}

/**
 * Hydrate only what was rendered for this very location: same path (or the
 * same link route), no search string and no hash (they change what a page
 * shows: Help's tab, the active footer link). Anything else renders anew.
 */
export function hydratesHere(root: HTMLElement, state: RouterStateLike): boolean {
  if (!root.hasChildNodes()) return false;
  const { path, route } = root.dataset as RenderedFor;
  const { pathname, searchStr, hash } = state.location;
  if (searchStr || hash) return false;
  if (path !== undefined) return path === pathname;
  return route !== undefined && state.matches.at(-1)?.routeId === route;
}
