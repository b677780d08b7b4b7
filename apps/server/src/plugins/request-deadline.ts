import type http from 'node:http';
import { AppError } from '../core/errors.js';

export type RequestDeadline = {
  /** Every request (headers and body) must have arrived within this long. */
  baseMs: number;
  /** After `baseMs`, a larger body (an upload) may keep arriving as long as it averages at least this rate. */
  minBytesPerSecond: number;
};

/** How long after a 408 the connection is closed anyway, should the reader of the body not answer it. */
const CLOSE_AFTER_MS = 5000;

/**
 * A deadline for each request to arrive, instead of Node's one `requestTimeout` for the whole server. One value
 * long enough for ten 10 MB files on a slow link would let a login body trickling in a byte every few seconds hold
 * its connection for as long (the idle timeout never fires while bytes keep coming). Here a request has `baseMs`
 * (30 s by default) to arrive; past that, only a body that keeps arriving at `minBytesPerSecond` on average is
 * waited for, so an upload of N bytes may take `baseMs + N / minBytesPerSecond` and nothing may take longer. Every
 * route but the uploads refuses bodies over 1 MB, so for them the base deadline is, in practice, the deadline.
 *
 * A request past its deadline fails in its body's reader with 408 REQUEST_TIMEOUT (Fastify's parsers and the
 * multipart reader listen for the request's errors), so the usual error answer goes out, with the security headers,
 * and an upload in progress removes what it stored. The connection is then closed: the rest of the body is never
 * read. Bodiless requests (the polls) cost one header check.
 */
export function watchRequestDeadlines(server: http.Server, deadline: RequestDeadline) {
  // Headers that trickle in are cut off by Node (checked every `connectionsCheckingInterval`).
  server.headersTimeout = Math.min(server.headersTimeout || deadline.baseMs, deadline.baseMs);
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const length = req.headers['content-length'];
    const hasBody = length !== undefined ? length !== '0' : req.headers['transfer-encoding'] !== undefined;
    if (!hasBody || req.complete) return;
    const socket = req.socket;
    const started = Date.now();
    const readBefore = socket.bytesRead;
    let timer: NodeJS.Timeout | undefined;
    const check = () => {
      if (req.complete || res.writableEnded || socket.destroyed) return;
      const received = socket.bytesRead - readBefore;
      const due = started + deadline.baseMs + (received * 1000) / deadline.minBytesPerSecond;
      const now = Date.now();
      // At least a second between checks: a fast upload moves its deadline ahead faster than it is checked.
      if (now < due) timer = setTimeout(check, Math.max(1000, due - now)).unref();
      else expire(req, res);
    };
    timer = setTimeout(check, deadline.baseMs).unref();
    const stop = () => clearTimeout(timer);
    res.once('finish', stop);
    res.once('close', stop);
  });
}

function expire(req: http.IncomingMessage, res: http.ServerResponse) {
  const socket = req.socket;
  if (!res.headersSent) res.setHeader('connection', 'close');
  if (req.listenerCount('error') > 0) {
    req.emit('error', new AppError('REQUEST_TIMEOUT', 'The request took too long to arrive'));
    const closer = setTimeout(() => socket.destroy(), CLOSE_AFTER_MS).unref();
    res.once('close', () => clearTimeout(closer));
  } else {
    // Nobody is reading the body yet (a hook still running): there is no answer to give, only a connection to free.
    socket.destroy();
  }
}
