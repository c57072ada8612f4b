/**
 * Page views go through this one module. The default sink tells the page: a
 * `mop:page-view` event on window (what a deployment's tag, or a browser test,
 * listens to); a deployment may install another with `setAnalyticsSink`. What it receives is the
 * route's pattern (for example '/EasyFill/$linkId'), never the actual path,
 * query, title or anything a person typed, so no personal or health
 * information can reach a third party.
 */
export interface PageView {
  /** The matched route's pattern, not the URL. */
  readonly route: string;
}

type Sink = (view: PageView) => void;

/** The event the default sink dispatches on window, its detail a PageView. */
export const PAGE_VIEW_EVENT = 'mop:page-view';

let sink: Sink = (view) => {
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent<PageView>(PAGE_VIEW_EVENT, { detail: view }));
};

export function setAnalyticsSink(next: Sink): void {
  sink = next;
}

export function trackPageView(route: string): void {
  sink({ route });
}
