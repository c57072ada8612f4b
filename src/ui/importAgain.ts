/**
 * A dynamic import that can be asked for again after it failed (the network gone at the moment a
 * step's code was needed, then back).
 *
 * A browser keeps a module it failed to fetch as failed for the rest of the page's life (Chromium
 * 150 does: import() of the same URL rejects at once, measured with the network off then on), so
 * calling `load` again would fail at once. After a failure the next call imports the file the failure
 * names (Chromium's and Firefox's errors name it) under a new query: a new request for it, whose own
 * imports resolve to the files the app already has. Without a name (Safari's error gives none) it
 * calls `load` again. Once loaded, every call answers that module: never a second copy of it.
 *
 * A graph fetched while offline poisons more than its own file: the chunks Vite preloads beside it fail
 * too, and a retry of the file under a new query still imports those by their own names (measured: the
 * retry of the prescriptions step failed on its preloaded `review` chunk). So while the browser knows it
 * is offline (`navigator.onLine` false) nothing is fetched: the call fails at once, as the fetch would
 * have, and nothing is kept as failed. A network that drops in the middle of a fetch can still leave a
 * preloaded chunk failed; the page's reload then loads it.
 *
 * Every caller of one part's code shares one `importAgain` of it (a lazily rendered step and the code
 * that prefetches its machines): wrapping twice gives the same function back.
 */
const WRAPPED = Symbol('importAgain');
type Load<M> = (() => Promise<M>) & { [WRAPPED]?: true };

export function importAgain<M>(load: Load<M>): () => Promise<M> {
  if (load[WRAPPED]) return load;
  let loaded: Promise<M> | null = null;
  let failedUrl: string | null = null;
  let retries = 0;
  const request: Load<M> = () => {
    if (loaded) return loaded;
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return Promise.reject(new Error('Offline: the code was not asked for'));
    const url = failedUrl;
    const attempt = url === null ? load() : (import(/* @vite-ignore */ `${url}?retry=${++retries}`) as Promise<M>);
    return attempt.then(
      (module) => {
        loaded ??= Promise.resolve(module);
        return loaded;
      },
      (cause: unknown) => {
        failedUrl = moduleUrlOf(cause) ?? failedUrl;
        throw cause;
      },
    );
  };
  request[WRAPPED] = true;
  return request;
}

/** The script of this origin that a failed dynamic import names, without its query; null when it names none. */
function moduleUrlOf(error: unknown): string | null {
  const found = /https?:\/\/[^\s'"]+?\.js\b/.exec(error instanceof Error ? error.message : String(error))?.[0];
  if (!found) return null;
  const url = new URL(found);
  return url.origin === window.location.origin ? `${url.origin}${url.pathname}` : null;
}
