/**
 * Security headers for every answer, and the strict Content-Security-Policy of
 * the SPA. The two style hashes are react-aria's run-time <style> elements
 * (usePress touch-action, usePreventScroll); a browser test fails on any CSP
 * violation so a library upgrade that changes them is caught.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { RESUME_SCRIPT } from '../src/prerender/resumeScript.ts';


export const REACT_ARIA_STYLE_HASHES = [
  "'sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o='",
  "'sha256-gYiS/BvZvRcK27JIXTuwhZ3hs2+VJ1X+2gUlE+farlg='",
];

/** The one inline script (the member flow's resume mark, src/prerender/resumeScript.ts), allowed by its hash. */
export const INLINE_SCRIPT_HASHES = [`'sha256-${createHash('sha256').update(RESUME_SCRIPT, 'utf8').digest('base64')}'`];

/** The portal's policy; `frame-src` names only the hosted tokenizer's origin (its card field). */
export const contentSecurityPolicy = (tokenizerOrigin: string) => [
  "default-src 'none'",
  `script-src 'self' ${INLINE_SCRIPT_HASHES.join(' ')}`,
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

/** The Strict-Transport-Security value of a max-age (GATEWAY_HSTS), for deployments behind TLS; both origins send it. */
export const hstsHeader = (maxAge: number) => `max-age=${maxAge}`;

export function securityHeaders(app: FastifyInstance, tokenizerOrigin: string, hsts?: number): void {
  const policy = contentSecurityPolicy(tokenizerOrigin);
  const transport = hsts === undefined ? null : hstsHeader(hsts);
  app.addHook('onSend', async (_req, reply) => {
    // A PDF opens in the browser's own viewer, which the SPA's policy (object-src 'none') would block.
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('application/pdf')) reply.header('content-security-policy', policy);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-frame-options', 'DENY');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    reply.header('cross-origin-opener-policy', 'same-origin');
    if (transport) reply.header('strict-transport-security', transport);
  });
}
