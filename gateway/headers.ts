/**
 * Security headers for every answer, and the strict Content-Security-Policy of
 * the SPA. The two style hashes are react-aria's run-time <style> elements
 * (usePress touch-action, usePreventScroll); a browser test fails on any CSP
 * violation so a library upgrade that changes them is caught.
 */
import type { FastifyInstance } from 'fastify';

export const REACT_ARIA_STYLE_HASHES = [
  "'sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o='",
  "'sha256-gYiS/BvZvRcK27JIXTuwhZ3hs2+VJ1X+2gUlE+farlg='",
];

/** The portal's policy; `frame-src` names only the hosted tokenizer's origin (its card field). */
export const contentSecurityPolicy = (tokenizerOrigin: string) => [
  "default-src 'none'",
  "script-src 'self'",
  `style-src 'self' ${REACT_ARIA_STYLE_HASHES.join(' ')}`,
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  `frame-src ${tokenizerOrigin}`,
].join('; ');

export function securityHeaders(app: FastifyInstance, tokenizerOrigin: string): void {
  const policy = contentSecurityPolicy(tokenizerOrigin);
  app.addHook('onSend', async (_req, reply) => {
    // A PDF opens in the browser's own viewer, which the SPA's policy (object-src 'none') would block.
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('application/pdf')) reply.header('content-security-policy', policy);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-frame-options', 'DENY');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    reply.header('cross-origin-opener-policy', 'same-origin');
  });
}
