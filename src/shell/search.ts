import { publicPages, type PublicPage } from './pages.ts';

/** The header search: public pages whose title or keywords contain every word typed. */
export function searchPages(query: string, pages: readonly PublicPage[] = publicPages): PublicPage[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return pages.filter((page) => {
    const text = `${page.title} ${page.keywords}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/**
 * What the search says of its results (politely announced): how many pages match, or that none does and
 * where a drug is found instead, since a drug's name is what people often type here (the header form's
 * id says as much): the member flow, where a member transfers or requests a prescription.
 */
export function searchSummary(query: string, found: number): string {
  if (found > 0) return `${found} ${found === 1 ? 'page matches' : 'pages match'}.`;
  return `No pages match “${query.trim()}”. Looking for a prescription? Transfer or request it from your member information.`;
}
