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
