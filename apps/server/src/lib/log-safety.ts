/**
 * What the logs may say about an error: its type, code, message and stack, and the same of its cause. Never
 * the parameters of a failed query (a failed sign-up would otherwise write the password hash and the person's
 * details to the log), and never the query's values folded into a message.
 */
export type SerializedError = { type: string; message: string; stack: string; [key: string]: unknown };

export function serializeError(err: unknown, depth = 0): SerializedError {
  if (!(err instanceof Error)) return { type: typeof err, message: String(err), stack: '' };
  const e = err as Error & { code?: unknown; cause?: unknown; statusCode?: unknown; query?: unknown };
  const message = e.message.replace(/\nparams: [\s\S]*$/, '\nparams: [redacted]');
  const out: SerializedError = { type: e.constructor?.name ?? 'Error', message, stack: '' };
  if (typeof e.code === 'string' || typeof e.code === 'number') out.code = e.code;
  if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
  if (e.stack) out.stack = e.stack.replace(/\nparams: [\s\S]*?\n(\s+at )/, '\nparams: [redacted]\n$1');
  if (e.cause !== undefined && depth < 3) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

/**
 * One line that says what went wrong, safe to log or store (a job's failure, a warning): the error's message with
 * any query parameters redacted, followed by the messages of its causes (a failed query's cause is the database's
 * own reason, such as "connection refused"). Never the raw `err.message`: Drizzle puts the parameters of a failed
 * query into it.
 */
export function safeErrorMessage(err: unknown): string {
  const parts: string[] = [];
  for (let e: SerializedError | undefined = serializeError(err); e && parts.length < 4; e = e.cause as SerializedError | undefined) {
    if (e.message && !parts.includes(e.message)) parts.push(e.message);
  }
  return (parts.join(' <- cause: ') || 'unknown error').slice(0, 2000);
}

/** Query values that are secrets (tokens, link signatures) are masked wherever a URL is logged. */
const SECRET_QUERY_KEYS = /([?&](?:token|sig|signature|invite_token|code)=)[^&]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY_KEYS, '$1[redacted]');
}

/**
 * A mail's text with every web address in it replaced: what the log transport prints in production, where the
 * process output is kept and shipped. E-mailed links carry their token in the path or the query (an invitation, a
 * password reset, a confirmation), so the whole address goes, and the reader sees that a link was there.
 */
export function redactLinks(text: string): string {
  return text.replace(/\bhttps?:\/\/[^\s<>"')]+/gi, '[link redacted]');
}
