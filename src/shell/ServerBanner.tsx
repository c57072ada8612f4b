import { useEffect, useState, type ReactNode } from 'react';
import { BANNER_TOKEN } from './bannerPolicy.ts';
import { hasContent, nodesToReact, safeHtmlToReact } from './safeHtml.ts';
import * as styles from './header.css.ts';

/**
 * The server-supplied banner. The gateway writes it, sanitised, into every
 * HTML answer (gateway/spa.ts): the browser reads it from the page before the
 * first render (`seedBannerFromPage`), so a first load makes no banner call
 * and the banner paints with the HTML. Only a page that came without the
 * prerendered HTML (Vite's dev server) asks GET /gwapi/banners/1, with the
 * banner's strip reserved meanwhile so its arrival does not push the page down.
 * Either way it becomes React elements through the allowlist (safeHtml.ts),
 * never raw HTML.
 */
type Seed = ReactNode[] | null | 'ask';
let seed: Seed = import.meta.env.SSR ? [BANNER_TOKEN] : 'ask';

/** Read once, before the first render: the banner the gateway put in the page, or that there is none. */
export function seedBannerFromPage(root: HTMLElement): void {
  if (!root.hasChildNodes()) return;
  const inner = root.querySelector('[data-banner] > div');
  const nodes = inner ? nodesToReact(inner.childNodes) : [];
  seed = hasContent(nodes) ? nodes : null;
}

export function ServerBanner() {
  const [content, setContent] = useState<ReactNode[] | null | 'loading'>(() => (seed === 'ask' ? 'loading' : seed));
  const ask = seed === 'ask';
  useEffect(() => {
    if (!ask) return;
    let live = true;
    import('../api/banner.ts')
      .then(({ fetchBannerHtml }) => fetchBannerHtml())
      .then((html) => {
        const nodes = html ? safeHtmlToReact(html) : [];
        if (live) setContent(hasContent(nodes) ? nodes : null);
      })
      .catch(() => live && setContent(null));
    return () => {
      live = false;
    };
  }, [ask]);
  if (content === 'loading') return <div className={styles.banner} aria-hidden="true" />;
  if (!content) return null;
  return (
    <div role="region" aria-label="Announcement" className={styles.banner} data-print="hide" data-banner="">
      <div className={styles.bannerInner}>{content}</div>
    </div>
  );
}
