/**
 * Page views go through this one module. The default sink does nothing; a
 * deployment may install one with `setAnalyticsSink`. What it receives is the
 * route's pattern (for example '/EasyFill/$linkId'), never the actual path,
 * query, title or anything a person typed, so no personal or health
 * information can reach a third party.
 */
export interface PageView {
  /** The matched route's pattern, not the URL. */
  readonly route: string;
}

type Sink = (view: PageView) => void;

let sink: Sink = () => undefined;

export function setAnalyticsSink(next: Sink): void {
  sink = next;
}

export function trackPageView(route: string): void {
  sink({ route });
}
