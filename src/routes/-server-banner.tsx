import { useEffect, useState } from 'react';
import { fetchBannerHtml } from '../api/banner.ts';
import { sanitizeBannerHtml } from '../ui/sanitize.ts';
import * as styles from './-page.css.ts';

/** The server-supplied banner, sanitised before it reaches the DOM. */
export function ServerBanner() {
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    fetchBannerHtml()
      .then((value) => live && setHtml(value))
      .catch(() => live && setHtml(null));
    return () => {
      live = false;
    };
  }, []);
  if (!html) return null;
  return <div role="region" aria-label="Announcement" className={styles.banner} dangerouslySetInnerHTML={{ __html: sanitizeBannerHtml(html) }} />;
}
