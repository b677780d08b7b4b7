import type { FastifyInstance } from 'fastify';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // MUI (emotion) injects style elements at run time; scripts stay strictly same-origin.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "object-src 'none'",
  "frame-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/**
 * The same headers on every response, computed once: strict CSP (no inline script), no framing, no sniffing,
 * a strict referrer policy, and HSTS only when the request came over https. A route may set a stricter CSP of
 * its own (downloads do); it is kept.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CSP,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

const HSTS = 'max-age=31536000; includeSubDomains';

export function registerSecurityHeaders(app: FastifyInstance, isDraining: () => boolean) {
  app.addHook('onSend', async (request, reply) => {
    for (const name in SECURITY_HEADERS) {
      if (!reply.hasHeader(name)) reply.header(name, SECURITY_HEADERS[name]);
    }
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    // During shutdown every response closes its connection, so keep-alive clients let go.
    if (isDraining()) reply.header('connection', 'close');
  });
}
