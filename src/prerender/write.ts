/**
 * Build time, after the browser's build: every static route and the link
 * routes' shells rendered to HTML (entry-server.tsx, built for Node), each
 * written into its own copy of dist/index.html with
 * - the markup in the root element, marked with the location it was rendered
 *   for (location.ts decides from it whether the browser hydrates);
 * - its document title;
 * - the stylesheets and module preloads of its route's chunks (from Vite's
 *   manifest), so it paints styled before any script runs;
 * - in place of the banner, a marker where the gateway writes each answer's
 *   sanitised banner (gateway/spa.ts).
 * and an index, dist/prerendered/pages.json, that the gateway serves them by.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { publicPages } from '../shell/pages.ts';
import { BANNER_TOKEN } from '../shell/bannerPolicy.ts';
import { CHUNKS_META, FLOW_PATHS, LINK_ROUTES, PRERENDERED_DIR, BANNER_MARKER, type PrerenderedIndex, type PrerenderedPage } from './pages.ts';
import type { Rendered } from './entry-server.tsx';
import { RESUME_SCRIPT } from './resumeScript.ts';

const NOT_FOUND_URL = '/404-not-found';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** A route's own chunk in Vite's manifest (the router plugin splits each route's component out). */
function routeChunkKey(routeId: string): string | null {
  if (routeId === '__root__') return null;
  const file = routeId === '/' ? 'index' : routeId.slice(1).replaceAll('/', '.');
  return `src/routes/${file}.tsx?tsr-split=component`;
}

/** The app's own chunk, which the entry imports after the first frame (src/main.tsx). */
const APP_CHUNK = 'src/app.tsx';

/**
 * The JS and CSS a page needs beyond what the entry's HTML already links: the
 * app's chunk and the route's own chunk, each with every chunk it imports.
 */
export function routeAssets(manifest: Manifest, routeId: string): { js: string[]; css: string[] } {
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const walk = (k: string, into: Set<string>) => {
    if (into.has(k) || !manifest[k]) return;
    into.add(k);
    for (const i of manifest[k].imports ?? []) walk(i, into);
  };
  const inEntry = new Set<string>();
  walk(entryKey, inEntry);
  const needed = new Set<string>();
  if (!manifest[APP_CHUNK]) throw new Error(`prerender: no ${APP_CHUNK} in the build's manifest`);
  walk(APP_CHUNK, needed);
  const key = routeChunkKey(routeId);
  if (key && manifest[key]) walk(key, needed);
  const own = [...needed].filter((k) => !inEntry.has(k));
  return { js: own.map((k) => manifest[k]!.file), css: [...new Set(own.flatMap((k) => manifest[k]!.css ?? []))] };
}

const escapeText = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const escapeAttr = (s: string) => escapeText(s).replaceAll('"', '&quot;');

/** The banner's region as the prerender drew it around the token; the gateway fills it per answer. */
const BANNER_REGION = new RegExp(`<div role="region" aria-label="Announcement"[^>]*data-banner=""><div[^>]*>${BANNER_TOKEN}</div></div>`);

export async function writePages({ dist, serverEntry }: { dist: string; serverEntry: string }): Promise<void> {
  const { render } = (await import(pathToFileURL(serverEntry).href)) as { render: (url: string) => Promise<Rendered> };
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const template = readFileSync(join(dist, 'index.html'), 'utf8');
  const out = join(dist, PRERENDERED_DIR);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });

  const jobs: { url: string; file: string; rootAttrs: Record<string, string>; match: Omit<PrerenderedPage, 'file' | 'status'>; headScript?: string }[] = [
    ...[...publicPages.map((p) => p.path), ...FLOW_PATHS].map((path) => ({
      url: path,
      file: `${path === '/' ? 'index' : path.slice(1)}.html`,
      rootAttrs: { 'data-path': path },
      match: { path },
      // The member flow's pages hide their empty first step while a reload resumes the flow.
      headScript: FLOW_PATHS.includes(path) ? RESUME_SCRIPT : undefined,
    })),
    ...LINK_ROUTES.map(({ route, url, prefix }) => ({ url, file: `${prefix.slice(1, -1)}.html`, rootAttrs: { 'data-route': route }, match: { prefix } })),
  ];
  const index: PrerenderedIndex = { pages: [], notFound: '404.html', banner: null };

  const write = async (url: string, file: string, rootAttrs: Record<string, string>, headScript?: string) => {
    const rendered = await render(url);
    let html = rendered.html;
    const region = BANNER_REGION.exec(html);
    if (region) {
      if (index.banner !== null && index.banner !== region[0]) throw new Error(`prerender: the banner's region differs on ${url}`);
      index.banner = region[0];
      html = html.replace(region[0], () => BANNER_MARKER);
    }
    // Anything that suspended would come as streamed segments with inline scripts, which the CSP refuses.
    if (/<script|<template id="B:/.test(html)) throw new Error(`prerender: ${url} suspended while rendering (its HTML has inline scripts)`);
    if (html.includes(BANNER_TOKEN)) throw new Error(`prerender: the banner's slot on ${url} is not where the gateway looks for it`);
    const { js, css } = routeAssets(manifest, rendered.routeId);
    // The page's chunks are named, not preloaded: src/main.tsx starts fetching them after the first
    // frame, so nothing but the HTML and its stylesheet stands before the first paint.
    const head = [
      ...(headScript ? [`<script>${headScript}</script>`] : []),
      ...css.map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
      `<meta name="${CHUNKS_META}" content="${escapeAttr(js.map((f) => `/${f}`).join(' '))}">`,
    ].join('\n    ');
    const attrs = Object.entries(rootAttrs).map(([k, v]) => ` ${k}="${escapeAttr(v)}"`).join('');
    const page = template
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(rendered.title)}</title>`)
      .replace('</head>', () => `  ${head}\n  </head>`)
      .replace('<div id="root"></div>', () => `<div id="root"${attrs}>${html}</div>`);
    writeFileSync(join(out, file), page);
    return rendered;
  };

  for (const job of jobs) {
    const rendered = await write(job.url, job.file, job.rootAttrs, job.headScript);
    if (rendered.status !== 200) throw new Error(`prerender: ${job.url} rendered with status ${rendered.status}`);
    index.pages.push({ ...job.match, file: job.file, status: 200 });
  }
  const notFound = await write(NOT_FOUND_URL, index.notFound, { 'data-route': '__root__' });
  if (notFound.status !== 404) throw new Error(`prerender: ${NOT_FOUND_URL} rendered with status ${notFound.status}, not 404`);
  writeFileSync(join(out, 'pages.json'), JSON.stringify(index, null, 2));
}
