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
import { nextTask } from './nextTask.ts';

// A press on the painted page before the app runs is held and replayed once it is live.
holdPressesUntilHydration();

/** How long the entry adds preloads before it lets the browser handle input: a slow phone's frame is 16 ms. */
const PRELOADS_SLICE_MS = 4;

async function start() {
  // Where our scripts start running, for a trace: after the first frame.
  performance.mark('mop:app-start');
  const chunks = document.querySelector<HTMLMetaElement>(`meta[name="${CHUNKS_META}"]`)?.content.split(' ').filter(Boolean) ?? [];
  // The preloads go in as many at a time as fit in a few milliseconds, then the browser may handle input.
  // Each starts a request: about half a millisecond here, now and then 10 (a flow page's 22 took 2.3-27 ms in
  // all, timed in the page, Lighthouse's trace on or off: docs/performance.md, "What ran because of what").
  // All in one task made one of 15-230 ms at 4x for the 13-28 chunks of a page, in which a key typed into the
  // painted form waited. A task apart for each, on a slower host, cost more than the preloads themselves
  // (a flow page's 22 tasks: 156 ms of script at 4x, against 49 ms in one task; docs/performance.md, "The
  // ratio read as Lighthouse counts it, and the entry's preloads a few to a task").
  let next = 0;
  while (next < chunks.length) {
    const until = performance.now() + PRELOADS_SLICE_MS;
    do {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = chunks[next++]!;
      link.crossOrigin = '';
      document.head.append(link);
    } while (next < chunks.length && performance.now() < until);
    await nextTask();
  }
  await evaluateInPieces();
}

/**
 * The app's modules, evaluated a piece at a time: React, then the router with the route tree
 * (src/router.ts), then the rest of the app (src/app.tsx). Importing all at once evaluated them in one
 * task (85-115 ms here without throttling, four times that on a mid-range phone), during which a key
 * typed into the painted form waited; apart, each is a task of its own (the longest 20-30 ms) and the
 * browser handles input between them. Each piece is a module the app imports anyway: a package's
 * whole namespace imported here would keep every export of it in the build.
 */
async function evaluateInPieces() {
  await import('react-dom/client');
  await nextTask();
  await import('./router.ts');
  await nextTask();
  await import('./app.tsx');
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

afterFirstPaint(() => void start());
