/**
 * The banner's HTML made safe for the page, on the server: parsed by parse5
 * (the HTML standard's parsing algorithm, as the browser parses it), kept to
 * the allowlist the browser applies (src/shell/bannerPolicy.ts), serialised
 * with every text and attribute escaped. The browser hydrates what this
 * writes and React keeps it as it is, so nothing the allowlist refuses may
 * pass here.
 */
import { parseFragment } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';
import { ALLOWED_TAGS, DROPPED_TAGS, SAFE_HREF } from '../src/shell/bannerPolicy.ts';

type ChildNode = DefaultTreeAdapterMap['childNode'];

const escapeText = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('\u00a0', '&nbsp;');
const escapeAttr = (s: string) => s.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('\u00a0', '&nbsp;');

interface Piece {
  html: string;
  /** An element, or text that is not only white space: what makes a banner worth showing. */
  shows: boolean;
}

function convert(nodes: ChildNode[]): Piece[] {
  const out: Piece[] = [];
  for (const node of nodes) {
    if (node.nodeName === '#text') {
      const text = (node as DefaultTreeAdapterMap['textNode']).value;
      out.push({ html: escapeText(text), shows: text.trim() !== '' });
      continue;
    }
    if (!('tagName' in node)) continue; // comments, doctypes
    const tag = node.tagName;
    if (DROPPED_TAGS.has(tag)) continue;
    const children = convert(node.childNodes);
    if (!ALLOWED_TAGS.has(tag)) {
      out.push(...children);
      continue;
    }
    if (tag === 'br') {
      out.push({ html: '<br>', shows: true });
      continue;
    }
    const href = tag === 'a' ? node.attrs.find((a) => a.name === 'href')?.value.trim() : undefined;
    const attrs = href && SAFE_HREF.test(href) ? ` href="${escapeAttr(href)}"` : '';
    out.push({ html: `<${tag}${attrs}>${children.map((c) => c.html).join('')}</${tag}>`, shows: true });
  }
  return out;
}

/** The banner's HTML as the page may show it, or null when nothing in it would show (the browser's `hasContent`). */
export function sanitiseBanner(html: string): string | null {
  const pieces = convert(parseFragment(html).childNodes);
  return pieces.some((p) => p.shows) ? pieces.map((p) => p.html).join('') : null;
}
