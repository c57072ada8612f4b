import { Component, lazy, Suspense, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { Alert } from './Alert.tsx';
import { NativeButton } from './NativeButton.tsx';
import * as styles from './lazyPart.css.ts';
import { couldNotLoad, TRY_AGAIN } from './lazyPartText.ts';
import { importAgain } from './importAgain.ts';

/**
 * Every part of the app whose code loads on demand (a step after verification, a dialog, the session
 * warning, the style guide's examples) goes through `lazyPart`. A load that fails (the network gone,
 * a deployment that replaced the file) keeps the screen as it is: in the part's place the person is
 * told it could not load, with Try again, which asks for the code anew. Without it React's lazy loading
 * throws to the flow's error boundary, which replaced the whole screen with the general error text.
 *
 * Mounting a part again after a failure, or showing it again (a dialog opened again), is a new request:
 * it loads anew too.
 * Only a failed load is caught here: an error of the part's own code still reaches the error boundary above.
 */
export interface LazyPartOptions<P> {
  /** What could not load, as the sentence names it: 'This dialog', 'The next step'. */
  what: string;
  /** Shown while the code loads. */
  fallback?: ReactNode;
  /**
   * No loading boundary of its own: the part suspends to the Suspense boundary around it, which the caller
   * keeps mounted. Switched to in a transition (useDeferredValue), the screen then stays as it is until the
   * code has come; a boundary of its own would commit its fallback even then, since React shows a newly
   * mounted boundary's fallback in a transition too. `fallback` is then the caller's to give.
   */
  outerBoundary?: boolean;
  /**
   * The part was asked for by the person (a step, a dialog): the focus goes to Try again when it fails,
   * where the part would have taken it. A part that comes by itself (the session warning) leaves the focus.
   */
  takesFocus?: boolean;
  /** Whether the part is on screen with these props (a dialog: while open); its failure shows only then. Default: always. */
  shows?: (props: P) => boolean;
}


class PartLoadError extends Error {
  override name = 'PartLoadError';
}

/**
 * `load` imports the part's module, `pick` takes its component from it:
 * `lazyPart(() => import('./Steps.tsx'), (m) => m.default, { what: 'The next step' })`.
 *
 * A failed load is asked for again by `importAgain` (a browser keeps a failed module as failed).
 */
export function lazyPart<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>, options: LazyPartOptions<P>) {
  const request = importAgain(load);
  let failed = false;
  /**
   * The part's component once its code is here (fetched ahead, or shown before): a part mounted then renders
   * it at once. Through `lazy` it would suspend once all the same, on its first render, and React reveals a
   * suspended boundary's content only a frame or more later (it holds a reveal up to 300 ms after the
   * fallback to batch them): a dialog whose code was already loaded opened 0.5 s after the key at 4x.
   */
  let ready: ComponentType<P> | null = null;
  const attempt = () =>
    lazy(() =>
      request().then(
        (module) => ({ default: (ready = pick(module)) }),
        (cause: unknown) => {
          failed = true;
          throw new PartLoadError(`${options.what}: ${String(cause)}`, { cause });
        },
      ),
    );
  let current = attempt();
  // The loaded component, or a new attempt when the last one failed.
  const latest = () => {
    if (failed) {
      failed = false;
      current = attempt();
    }
    return current;
  };

  function LazyPart(props: P) {
    const [Loaded, setLoaded] = useState(() => ready ?? latest());
    return (
      <LoadBoundary what={options.what} takesFocus={options.takesFocus ?? false} shown={options.shows?.(props) ?? true} onRetry={() => setLoaded(latest)}>
        {options.outerBoundary ? (
          <Loaded {...props} />
        ) : (
          <Suspense fallback={options.fallback ?? null}>
            <Loaded {...props} />
          </Suspense>
        )}
      </LoadBoundary>
    );
  }
  /**
   * Fetches the part's code ahead of its first showing, so that it shows in the frame that asks for it. A failed
   * fetch is left for that showing to ask again and, if it fails again, to say so.
   */
  const prefetch = (): Promise<void> =>
    request().then(
      (module) => {
        ready ??= pick(module);
      },
      () => {},
    );
  return Object.assign(LazyPart, { prefetch });
}

interface LoadBoundaryProps {
  what: string;
  takesFocus: boolean;
  shown: boolean;
  onRetry: () => void;
  children: ReactNode;
}

class LoadBoundary extends Component<LoadBoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  retry = () => {
    this.props.onRetry();
    this.setState({ error: null });
  };
  // Shown again after a failure (a dialog opened again): asked for anew.
  override componentDidUpdate(previous: LoadBoundaryProps) {
    if (!previous.shown && this.props.shown && this.state.error instanceof PartLoadError) this.retry();
  }
  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    // Not a failed load: the error boundary above handles it.
    if (!(error instanceof PartLoadError)) throw error;
    if (!this.props.shown) return null;
    return <CouldNotLoad what={this.props.what} takesFocus={this.props.takesFocus} onRetry={this.retry} />;
  }
}

function CouldNotLoad({ what, takesFocus, onRetry }: { what: string; takesFocus: boolean; onRetry: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (takesFocus) button.current?.focus();
  }, [takesFocus]);
  return (
    <div className={styles.failed}>
      <Alert tone="error">{couldNotLoad(what)}</Alert>
      <NativeButton ref={button} variant="secondary" onClick={onRetry}>
        {TRY_AGAIN}
      </NativeButton>
    </div>
  );
}
