import type { Socket } from 'node:net';
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

/**
 * The policy of a JSON answer: it is never rendered as a page, so nothing may load from it or frame it (the REST
 * advice of OWASP), in a fifth of the page policy's bytes on the API's hottest answers.
 */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * The headers of a JSON answer, which is never rendered as a page: the ones that still protect it (OWASP's REST
 * advice: no framing, no sniffing, no cross-origin reads, no referrer leak, a policy that loads nothing). The rest
 * of SECURITY_HEADERS only act on documents (opener and agent-cluster isolation, DNS prefetching) or on browsers
 * and plug-ins long gone (IE's XSS filter and download prompt, Flash's cross-domain policy); leaving them off
 * the API's hottest answers saves both ends six headers to write and parse.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': API_CSP,
  'cross-origin-resource-policy': SECURITY_HEADERS['cross-origin-resource-policy'],
  'referrer-policy': SECURITY_HEADERS['referrer-policy'],
  'x-content-type-options': SECURITY_HEADERS['x-content-type-options'],
  'x-frame-options': SECURITY_HEADERS['x-frame-options'],
};
const PAGE_ENTRIES = Object.entries(SECURITY_HEADERS);
const API_ENTRIES = Object.entries(API_SECURITY_HEADERS);

export function registerSecurityHeaders(app: FastifyInstance, isDraining: () => boolean) {
  // A callback hook: no promise per answer on the hot path.
  app.addHook('onSend', (request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    const json = typeof type === 'string' && type.startsWith('application/json');
    for (const [name, value] of json ? API_ENTRIES : PAGE_ENTRIES) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    // During shutdown every response closes its connection, so keep-alive clients let go.
    if (isDraining()) reply.header('connection', 'close');
    done(null, payload);
  });
}

/** The header block of an answer written straight to the socket (Node's own 400 / 408 / 431): a JSON answer's. */
const RAW_HEADER_LINES = Object.entries(API_SECURITY_HEADERS)
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join('');

const CLIENT_ERRORS: Record<string, { status: number; text: string; error: string; code: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, text: 'Request Timeout', error: 'The request took too long to arrive', code: 'REQUEST_TIMEOUT' },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    text: 'Request Header Fields Too Large',
    error: 'The request headers are too large',
    code: 'HEADERS_TOO_LARGE',
  },
};

/**
 * Fastify's `clientErrorHandler`: a request Node could not parse (or that came too slowly) is answered with the
 * same security headers and error body as every other answer, then the connection is closed.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const known = err.code ? CLIENT_ERRORS[err.code] : undefined;
  const { status, text, error, code } = known ?? { status: 400, text: 'Bad Request', error: 'The request could not be read', code: 'BAD_REQUEST' };
  const body = JSON.stringify({ error, code });
  if (!socket.writable) return socket.destroy(err);
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n${RAW_HEADER_LINES}\r\n${body}`,
  );
}
