/**
 * Whether an error means the database cannot be reached right now (down, restarting, failing over, out of
 * connections), as opposed to a fault in the query: such a request is answered 503 and may be retried.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      // Node's socket errors, and PostgreSQL's connection-exception class (08), shutdown (57P01-57P03), too many connections.
      if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', '57P01', '57P02', '57P03', '53300'].includes(code))
        return true;
      if (code.startsWith('08')) return true;
    }
    if (
      typeof message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(message)
    ) {
      return true;
    }
  }
  return false;
}
