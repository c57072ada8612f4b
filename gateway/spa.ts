/**
 * The SPA's HTML answers. Every client route is answered with its page
 * prerendered at build time (src/prerender/write.ts, indexed by
 * dist/prerendered/pages.json): a static route's own page, a link route's
 * shell, or the not-found page with status 404. The gateway writes this
 * answer's banner into it (sanitised, gateway/banner.ts), so the banner paints
 * with the first screen and the browser never asks for it on a first load.
 * The finished pages are kept compressed in memory per banner; a rebuild of
 * dist/ (a new pages.json) is picked up on the next answer.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { BANNER_MARKER, PRERENDERED_DIR, type PrerenderedIndex, type PrerenderedPage } from '../src/prerender/pages.ts';
import { BANNER_TOKEN } from '../src/shell/bannerPolicy.ts';
import { sanitiseBanner } from './banner.ts';

export interface HtmlAnswer {
  status: number;
  body: Buffer;
  encoding: 'br' | 'gzip' | null;
}

interface Encoded {
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** Enough for every page with one banner, and a change of banner. */
const CACHE_LIMIT = 64;

const normalise = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path).toLowerCase();

/** The page a path gets: routes match as the router matches them (any letter case, trailing slash or not). */
export function pageFor(index: PrerenderedIndex, path: string): PrerenderedPage | null {
  const wanted = normalise(path);
  for (const page of index.pages) {
    if (page.path !== undefined && normalise(page.path) === wanted) return page;
    if (page.prefix !== undefined) {
      const prefix = page.prefix.toLowerCase();
      const rest = wanted.startsWith(prefix) ? wanted.slice(prefix.length) : '';
      if (rest && !rest.includes('/')) return page;
    }
  }
  return null;
}

export function createSpaPages(spaDir: string) {
  const dir = join(spaDir, PRERENDERED_DIR);
  const indexFile = join(dir, 'pages.json');
  let loaded: { stamp: number; index: PrerenderedIndex } | null = null;
  const cache = new Map<string, Encoded>();
  let lastBanner: { stored: string; safe: string | null } | null = null;
  const sanitised = (stored: string) => {
    if (lastBanner?.stored !== stored) lastBanner = { stored, safe: sanitiseBanner(stored) };
    return lastBanner.safe;
  };

  const index = (): PrerenderedIndex | null => {
    let stamp: number;
    try {
      stamp = statSync(indexFile).mtimeMs;
    } catch {
      return null;
    }
    if (loaded?.stamp !== stamp) {
      loaded = { stamp, index: JSON.parse(readFileSync(indexFile, 'utf8')) as PrerenderedIndex };
      cache.clear();
    }
    return loaded.index;
  };

  const render = (file: string, banner: string | null, regionTemplate: string | null): Encoded => {
    const key = `${file}\u0000${banner ?? ''}`;
    const hit = cache.get(key);
    if (hit) return hit;
    const page = readFileSync(join(dir, file), 'utf8');
    const region = banner !== null && regionTemplate !== null ? regionTemplate.replace(BANNER_TOKEN, () => banner) : '';
    const raw = Buffer.from(page.replace(BANNER_MARKER, () => region));
    const encoded = {
      raw,
      br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
      gzip: gzipSync(raw, { level: 9 }),
    };
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(key, encoded);
    return encoded;
  };

  return {
    /** Whether the build has prerendered pages (an older dist/ falls back to index.html). */
    available: () => index() !== null,
    /**
     * The HTML answer for a client route. `bannerHtml` is the stored banner
     * (null when there is none or it is switched off); it is sanitised here.
     */
    answer(path: string, bannerHtml: string | null, acceptEncoding: string): HtmlAnswer | null {
      const idx = index();
      if (!idx) return null;
      const page = pageFor(idx, path);
      const banner = bannerHtml === null ? null : sanitised(bannerHtml);
      const encoded = render(page?.file ?? idx.notFound, banner, idx.banner);
      const status = page?.status ?? 404;
      if (/\bbr\b/.test(acceptEncoding)) return { status, body: encoded.br, encoding: 'br' };
      if (/\bgzip\b/.test(acceptEncoding)) return { status, body: encoded.gzip, encoding: 'gzip' };
      return { status, body: encoded.raw, encoding: null };
    },
  };
}
