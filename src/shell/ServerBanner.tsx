import { useEffect, useState } from 'react';
import * as styles from './header.css.ts';

/**
 * The server-supplied banner (GET /gwapi/banners/1). Its HTML is sanitised at
 * the sink, never rendered raw. The fetch and DOMPurify load after the first
 * paint, off the critical path; a failed or empty answer shows nothing.
 */
export function ServerBanner() {
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    Promise.all([import('../api/banner.ts'), import('../ui/sanitize.ts')])
      .then(async ([{ fetchBannerHtml }, { sanitizeBannerHtml }]) => {
        const value = await fetchBannerHtml();
        const clean = value ? sanitizeBannerHtml(value) : '';
        if (live) setHtml(clean.trim() ? clean : null);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (!html) return null;
  return (
    <div role="region" aria-label="Announcement" className={styles.banner}>
      <div className={styles.bannerInner} dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  );
}
