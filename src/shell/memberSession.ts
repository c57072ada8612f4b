/**
 * The stored member information of the flows: held in memory, and for the
 * member flow also in the tab's sessionStorage so that a reload resumes it
 * (src/flows/member/resume.ts). Each flow on the page registers how to reset
 * its part, including dropping the patient access token it set; Home and the
 * not-found page reset all of it (member-transfer-flow.md section 2: entering
 * Home resets stored member information), however they are entered: a link, the
 * address typed, a reload. A flow that is not on the page (Home opened by its
 * address) has only its stored snapshot: that is dropped too, and the session
 * its token names is ended at the gateway.
 */
import { STORED_FLOW_KEY } from '../prerender/resumeScript.ts';

const resetters = new Set<() => void>();

/** A flow registers its reset; the returned function unregisters it. */
export function onMemberReset(reset: () => void): () => void {
  resetters.add(reset);
  return () => resetters.delete(reset);
}

/** The patient token of the tab's stored flow, read without dropping it: null when what is stored names none, undefined when nothing is stored. */
export function storedFlowToken(): string | null | undefined {
  try {
    const text = sessionStorage.getItem(STORED_FLOW_KEY);
    if (text === null) return undefined;
    const token = (JSON.parse(text) as { patientToken?: unknown } | null)?.patientToken;
    return typeof token === 'string' ? token : null;
  } catch {
    // No storage (private mode refused it), or what was stored was not ours to read.
    return null;
  }
}

/** Forgets the tab's stored flow. */
export function dropStoredFlow(): void {
  try {
    sessionStorage.removeItem(STORED_FLOW_KEY);
  } catch {
    // No storage: nothing was stored.
  }
}

export function resetMemberData(): void {
  for (const reset of resetters) reset();
  const token = storedFlowToken();
  if (token === undefined) return;
  if (token === null) return dropStoredFlow();
  // The client is loaded only when there is a session to end: Home's first load carries none of it.
  // The stored flow is dropped once the request that ends its session has left (a keepalive request
  // outlives the page), not before: a page left while the client loads or fetches its app token (Home
  // reloaded at once) keeps it, and the next Home ends it. Dropped first, its token was lost with the
  // page and the session outlived the reset.
  void import('../api/instance.ts')
    .then(({ gateway }) => gateway.endSession(token))
    .then(dropStoredFlow);
}
