import crypto from 'node:crypto';

/**
 * `<img>` tags and links cannot send a bearer header, so downloads go through short-lived signed URLs: an HMAC
 * of the path, the expiry and the session that minted the link. No session token ever goes into a URL, and a
 * link dies with its session (logout, disabling, expiry) as well as at its own expiry.
 */
function sign(secret: string, pathname: string, expires: number, sessionId: number) {
  return crypto.createHmac('sha256', secret).update(`${pathname}\n${expires}\n${sessionId}`).digest('base64url');
}

export function signUrl(secret: string, pathname: string, now: Date, ttlMs: number, sessionId: number): string {
  const expires = Math.floor((now.getTime() + ttlMs) / 1000);
  return `${pathname}?expires=${expires}&sid=${sessionId}&sig=${sign(secret, pathname, expires, sessionId)}`;
}

export type SignedQuery = { expires?: number; sid?: number; sig?: string };

/** The session that minted a valid, unexpired link for this path; null for anything else. */
export function readSignedUrl(secret: string, pathname: string, query: SignedQuery, now: Date): number | null {
  const { expires, sid, sig } = query;
  if (expires === undefined || sid === undefined || sig === undefined) return null;
  if (!Number.isSafeInteger(expires) || !Number.isSafeInteger(sid) || expires * 1000 <= now.getTime()) return null;
  const expected = Buffer.from(sign(secret, pathname, expires, sid));
  const given = Buffer.from(sig);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? sid : null;
}
