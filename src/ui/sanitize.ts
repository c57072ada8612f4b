import DOMPurify from 'dompurify';

/** Server HTML (the banner) is never rendered raw: only simple inline markup survives. */
export function sanitizeBannerHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: ['p', 'span', 'strong', 'b', 'em', 'i', 'a', 'br'],
    ALLOWED_ATTR: ['href'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|\/)/i,
  });
}
