import { useEffect, useState, type ReactNode } from 'react';
import { hasContent, safeHtmlToReact } from './safeHtml.ts';
import * as styles from './header.css.ts';

/**
 * The server-supplied banner (GET /gwapi/banners/1), converted to React
 * elements through an allowlist (safeHtml.ts), never rendered raw. The gateway
 * client loads after the first paint. While the answer is on its way the
 * banner's strip is already there, so its arrival does not push the page down
 * (no layout shift); a failed or empty answer removes the strip.
 */
export function ServerBanner() {
  const [content, setContent] = useState<ReactNode[] | null | 'loading'>('loading');
  useEffect(() => {
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
  }, []);
  if (content === 'loading') return <div className={styles.banner} aria-hidden="true" />;
  if (!content) return null;
  return (
    <div role="region" aria-label="Announcement" className={styles.banner} data-print="hide">
      <div className={styles.bannerInner}>{content}</div>
    </div>
  );
}
