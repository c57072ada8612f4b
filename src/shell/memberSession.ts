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

/** The patient token of the tab's stored flow, which is forgotten; null when nothing was stored. */
export function takeStoredFlow(): string | null | undefined {
  try {
    const text = sessionStorage.getItem(STORED_FLOW_KEY);
    if (text === null) return undefined;
    sessionStorage.removeItem(STORED_FLOW_KEY);
    const token = (JSON.parse(text) as { patientToken?: unknown } | null)?.patientToken;
    return typeof token === 'string' ? token : null;
  } catch {
    // No storage (private mode refused it), or what was stored was not ours to read: it is gone either way.
    return null;
  }
}

export function resetMemberData(): void {
  for (const reset of resetters) reset();
  const token = takeStoredFlow();
  // The client is loaded only when there is a session to end: Home's first load carries none of it.
  if (token) void import('../api/instance.ts').then(({ gateway }) => gateway.endSession(token));
}
