import crypto from 'node:crypto';

/**
 * `<img>` tags and links cannot send a bearer header, so downloads go through short-lived signed URLs: an HMAC
 * of the path, the expiry and the session that minted the link. No session token ever goes into a URL, and a
 * link dies with its session (logout, disabling, expiry) as well as at its own expiry.
 */
function sign(secret: string, pathname: string, expires: number, sessionId: number) {
  return crypto.createHmac('sha256', secret).update(`${pathname}\n${expires}\n${sessionId}`).digest('base64url');
}

/**
 * Links minted within one step share their expiry, rounded down to the step: a minute, or a tenth of a shorter
 * lifetime. So a screen that polls gets the same link for a file again and again (the browser shows the image it
 * has instead of fetching it anew), and the link is signed once per step rather than once per answer. A link lives
 * at most its lifetime, and more than nine tenths of it.
 */
export function expiryStepSeconds(ttlMs: number): number {
  return Math.max(1, Math.min(60, Math.floor(ttlMs / 10_000)));
}

/** The links minted in the current step, for each signing key (one per app; a few in a test run). */
const minted = new Map<string, { expires: number; urls: Map<string, string> }>();
/** A bound on the links remembered in one step, far above one node's sessions times their open files. */
const MAX_MINTED = 50_000;

export function signUrl(secret: string, pathname: string, now: Date, ttlMs: number, sessionId: number): string {
  const step = expiryStepSeconds(ttlMs);
  const expires = Math.floor((now.getTime() + ttlMs) / 1000 / step) * step;
  let memo = minted.get(secret);
  if (!memo || memo.expires !== expires) {
    if (!memo && minted.size >= 16) minted.clear();
    memo = { expires, urls: new Map() };
    minted.set(secret, memo);
  }
  const key = `${sessionId}\n${pathname}`;
  let url = memo.urls.get(key);
  if (url === undefined) {
    url = `${pathname}?expires=${expires}&sid=${sessionId}&sig=${sign(secret, pathname, expires, sessionId)}`;
    if (memo.urls.size >= MAX_MINTED) memo.urls.clear();
    memo.urls.set(key, url);
  }
  return url;
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
