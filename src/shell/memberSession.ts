/**
 * The stored member information of the flows (held in memory only, never in
 * web storage). Each flow registers how to reset its part, including dropping
 * the patient access token it set; Home and the not-found page reset all of it
 * (spec 2.4, 2.5). Nothing registered means nothing is stored.
 */
const resetters = new Set<() => void>();

/** A flow registers its reset; the returned function unregisters it. */
export function onMemberReset(reset: () => void): () => void {
  resetters.add(reset);
  return () => resetters.delete(reset);
}

export function resetMemberData(): void {
  for (const reset of resetters) reset();
}
