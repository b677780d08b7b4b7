import crypto from 'node:crypto';

/**
 * `<img>` tags and links cannot send a bearer header, so downloads go through short-lived signed URLs:
 * an HMAC of the path and the expiry. No session token ever goes into a URL.
 */
export const SIGNED_URL_TTL_MS = 15 * 60 * 1000;

function sign(secret: string, pathname: string, expires: number) {
  return crypto.createHmac('sha256', secret).update(`${pathname}\n${expires}`).digest('base64url');
}

export function signUrl(secret: string, pathname: string, now: Date, ttlMs = SIGNED_URL_TTL_MS): string {
  const expires = Math.floor((now.getTime() + ttlMs) / 1000);
  return `${pathname}?expires=${expires}&sig=${sign(secret, pathname, expires)}`;
}

export function verifySignedUrl(secret: string, pathname: string, expires: number, sig: string, now: Date): boolean {
  if (!Number.isFinite(expires) || expires * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(sign(secret, pathname, expires));
  const given = Buffer.from(sig);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}
