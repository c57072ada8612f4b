/**
 * The one allowlist of the server banner's HTML, for both sanitisers: the
 * gateway's (gateway/banner.ts, parse5, which writes the banner into each
 * HTML answer) and the browser's (safeHtml.ts, which turns it into React
 * elements). Hydration keeps what the server sent, so the server must refuse
 * exactly what the browser refuses.
 */
/** Inline tags kept; `a` keeps an `href` with a safe scheme, every other attribute is dropped. */
export const ALLOWED_TAGS: ReadonlySet<string> = new Set(['p', 'span', 'strong', 'b', 'em', 'i', 'a', 'br']);
/** Dropped with their content; any other element is unwrapped to its content. */
export const DROPPED_TAGS: ReadonlySet<string> = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'textarea', 'select', 'title']);
/** http(s), mailto, tel, or a path on this site (not a protocol-relative //host). */
export const SAFE_HREF = /^(?:https?:|mailto:|tel:|\/(?!\/))/i;
/** The text the prerender writes where the gateway puts each answer's banner (src/prerender, gateway/spa.ts). */
export const BANNER_TOKEN = 'mop-banner-slot';
