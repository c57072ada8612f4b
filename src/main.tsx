/**
 * The page arrives painted: prerendered HTML with its stylesheet (src/prerender).
 * Nothing but those stands before the first paint: once the page is on screen
 * this fetches the page's chunks together (the app, React, the router and the
 * route's code, named by the page's `mop-chunks` meta) and starts the app
 * (src/app.tsx). Until React has taken the page over, a press on a button is
 * held and replayed (src/ui/keepPressed.ts).
 */
import './ui/global.css.ts';
import { CHUNKS_META } from './prerender/pages.ts';
import { holdPressesUntilHydration } from './ui/keepPressed.ts';

// A press on the painted page before the app runs is held and replayed once it is live.
holdPressesUntilHydration();

function start() {
  // Where our scripts start running, for a trace: after the first frame.
  performance.mark('mop:app-start');
  const chunks = document.querySelector<HTMLMetaElement>(`meta[name="${CHUNKS_META}"]`)?.content.split(' ').filter(Boolean) ?? [];
  for (const href of chunks) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    link.crossOrigin = '';
    document.head.append(link);
  }
  void import('./app.tsx');
}

/**
 * The app starts once the browser reports the first contentful paint (the page is on screen, not
 * only rendered), or half a second after the first frame if no report comes (a browser without
 * paint timing). A tab opened in the background paints nothing: it starts at once.
 */
function afterFirstPaint(then: () => void) {
  let started = false;
  let observer: PerformanceObserver | undefined;
  const once = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    then();
  };
  if (document.visibilityState === 'hidden') return once();
  try {
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length) once();
    });
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    // No paint timing: the frame below starts it.
  }
  requestAnimationFrame(() => setTimeout(once, 500));
}

afterFirstPaint(start);
