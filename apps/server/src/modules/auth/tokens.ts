import { API_TOKEN_PREFIX } from '@agency/schema';
import crypto from 'node:crypto';

/** 256-bit opaque token, URL-safe. Only its SHA-256 is ever stored. */
export function generateToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** A personal API token: the prefix and 256 random bits, 47 characters (a session token is 43, with no prefix). */
export function generateApiToken(): string {
  return `${API_TOKEN_PREFIX}${generateToken()}`;
}

export function isApiTokenFormat(token: string): boolean {
  return token.length === API_TOKEN_PREFIX.length + 43 && token.startsWith(API_TOKEN_PREFIX);
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export type SessionTimes = { lastUsedAt: Date; expiresAt: Date; revokedAt: Date | null };

/** A session is usable while it is not revoked, not past its absolute expiry and not idle for too long. */
export function isSessionActive(session: SessionTimes, now: Date, idleMs: number): boolean {
  if (session.revokedAt) return false;
  if (now.getTime() >= session.expiresAt.getTime()) return false;
  return now.getTime() - session.lastUsedAt.getTime() < idleMs;
}

/** Touch last_used_at at most once a minute so a poll does not write on every request. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

export function shouldTouchSession(lastUsedAt: Date, now: Date): boolean {
  return now.getTime() - lastUsedAt.getTime() >= SESSION_TOUCH_INTERVAL_MS;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function safeEqual(a: string, b: string): boolean {
  const ha = crypto.createHash('sha256').update(a).digest();
  const hb = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(ha, hb);
}
