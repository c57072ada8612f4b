/**
 * The stored member information of the flows (held in memory only, never in
 * web storage). Flows register how to reset their part; Home and the
 * not-found page reset all of it (spec 2.4, 2.5), which also drops the patient
 * access token.
 */
import { gateway } from '../api/instance.ts';

const resetters = new Set<() => void>();

/** A flow registers its reset; the returned function unregisters it. */
export function onMemberReset(reset: () => void): () => void {
  resetters.add(reset);
  return () => resetters.delete(reset);
}

export function resetMemberData(): void {
  gateway.clearPatientToken();
  for (const reset of resetters) reset();
}
