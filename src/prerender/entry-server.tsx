/**
 * The prerender's entry (built with `vite build --ssr`, run at build time by
 * the prerender plugin of vite.config.ts): one route rendered to HTML with
 * React's static rendering, over the same route tree and the same components
 * the browser hydrates (src/main.tsx).
 */
import { StrictMode, Suspense, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { routerOptions } from '../routerOptions.ts';
import { documentTitle, takeRenderedTitle } from '../ui/Page.tsx';

/**
 * The browser's router renders its matches inside a Suspense boundary (it is
 * not a router-SSR client); the server's router does not. The same boundary
 * here keeps the two trees, and their markers in the HTML, alike.
 */
function LikeTheBrowser({ children }: { children: ReactNode }) {
  return <Suspense>{children}</Suspense>;
}

export interface Rendered {
  html: string;
  /** The deepest matched route's id ('__root__' for the not-found page). */
  routeId: string;
  status: number;
  /** The document title (from the page's h1). */
  title: string;
}

export async function render(url: string): Promise<Rendered> {
  const router = createRouter({ ...routerOptions, history: createMemoryHistory({ initialEntries: [url] }), InnerWrap: LikeTheBrowser });
  await router.load();
  // The server's load does not fetch the routes' split components: every matched one is ready before the render.
  await Promise.all(router.state.matches.map((m) => (router.routesById[m.routeId]?.options.component as { preload?: () => Promise<void> } | undefined)?.preload?.()));
  const { prelude } = await prerender(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
    // React outlines a large Suspense boundary as a later segment completed by an inline script,
    // which the CSP refuses: every boundary stays in place.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude as ReadableStream<Uint8Array>).text();
  const routeId = router.state.matches.at(-1)?.routeId ?? '__root__';
  // Only the root matched: the not-found page.
  return { html, routeId, status: routeId === '__root__' ? 404 : 200, title: documentTitle(takeRenderedTitle()) };
}
