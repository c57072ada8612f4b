/**
 * The prerendered pages' index (dist/prerendered/pages.json), written at build
 * time (write.ts) and read by the gateway, which serves each HTML answer from
 * it (gateway/spa.ts).
 */
export const PRERENDERED_DIR = 'prerendered';
/** Where the gateway writes the answer's banner (the region `banner`, filled), or nothing. */
export const BANNER_MARKER = '<!--mop:banner-->';
/** The page's chunks (space-separated paths), which src/main.tsx fetches after the first frame. */
export const CHUNKS_META = 'mop-chunks';

/** The flows' static first screens (Member Information), prerendered as they are. */
export const FLOW_PATHS = ['/memberInfo', '/transfer', '/orderStatus'];
/** The link routes: one prerendered shell each, served for every path under its prefix; rendered with a stand-in id, which the shell never shows. */
export const LINK_ROUTES = [
  { route: '/EasyFill/$linkId', url: '/EasyFill/link', prefix: '/EasyFill/' },
  { route: '/autorefill/$linkId', url: '/autorefill/link', prefix: '/autorefill/' },
];

export interface PrerenderedPage {
  /** A static route's path, served for that path. */
  path?: string;
  /** A link route's shell, served for every path under this prefix. */
  prefix?: string;
  file: string;
  status: number;
}

export interface PrerenderedIndex {
  pages: PrerenderedPage[];
  /** Served, with status 404, for every other client route. */
  notFound: string;
  /** The banner's region with BANNER_TOKEN where its content goes; null when the build has no banner (VITE_BANNER=off). */
  banner: string | null;
}
