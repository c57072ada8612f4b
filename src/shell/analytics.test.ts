import { expect, test } from 'vitest';
import { setAnalyticsSink, trackPageView, type PageView } from './analytics.ts';

test('page views reach the installed sink with the route pattern only', () => {
  const seen: PageView[] = [];
  trackPageView('/'); // the default sink tells the page (no window here: nothing)
  setAnalyticsSink((v) => seen.push(v));
  trackPageView('/EasyFill/$linkId');
  expect(seen).toEqual([{ route: '/EasyFill/$linkId' }]);
  expect(Object.keys(seen[0]!)).toEqual(['route']);
});
