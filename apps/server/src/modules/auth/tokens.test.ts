import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateToken, hashToken, isSessionActive, normalizeEmail, safeEqual, shouldTouchSession } from './tokens.js';

const IDLE = 60 * 60_000;
const start = new Date('2030-01-01T00:00:00Z');
const at = (ms: number) => new Date(start.getTime() + ms);

function session(overrides: Partial<{ lastUsedAt: Date; expiresAt: Date; revokedAt: Date | null }> = {}) {
  return { lastUsedAt: start, expiresAt: at(30 * 86_400_000), revokedAt: null, ...overrides };
}

describe('isSessionActive', () => {
  it('is active right after sign-in', () => {
    expect(isSessionActive(session(), start, IDLE)).toBe(true);
  });

  it('is active 1 ms before the idle limit and not at it', () => {
    expect(isSessionActive(session(), at(IDLE - 1), IDLE)).toBe(true);
    expect(isSessionActive(session(), at(IDLE), IDLE)).toBe(false);
    expect(isSessionActive(session(), at(IDLE + 1), IDLE)).toBe(false);
  });

  it('measures idleness from the last use, not from sign-in', () => {
    const used = session({ lastUsedAt: at(IDLE / 2) });
    expect(isSessionActive(used, at(IDLE + 1), IDLE)).toBe(true);
    expect(isSessionActive(used, at(IDLE / 2 + IDLE), IDLE)).toBe(false);
  });

  it('ends at the absolute expiry even while in use', () => {
    const expiresAt = at(10 * 60_000);
    const busy = (now: Date) => session({ lastUsedAt: new Date(now.getTime() - 1000), expiresAt });
    expect(isSessionActive(busy(at(10 * 60_000 - 1)), at(10 * 60_000 - 1), IDLE)).toBe(true);
    expect(isSessionActive(busy(expiresAt), expiresAt, IDLE)).toBe(false);
    expect(isSessionActive(busy(at(10 * 60_000 + 1)), at(10 * 60_000 + 1), IDLE)).toBe(false);
  });

  it('is never active once revoked, whenever that was', () => {
    expect(isSessionActive(session({ revokedAt: start }), start, IDLE)).toBe(false);
    expect(isSessionActive(session({ revokedAt: at(1) }), start, IDLE)).toBe(false);
  });
});

describe('shouldTouchSession', () => {
  it('writes last use at most once a minute', () => {
    expect(shouldTouchSession(start, start)).toBe(false);
    expect(shouldTouchSession(start, at(59_999))).toBe(false);
    expect(shouldTouchSession(start, at(60_000))).toBe(true);
    expect(shouldTouchSession(start, at(3_600_000))).toBe(true);
  });
});

describe('hashToken', () => {
  it('is the hex SHA-256 of the token, the same every time, and never the token itself', () => {
    const token = generateToken();
    const hashed = hashToken(token);
    expect(hashed).toMatch(/^[0-9a-f]{64}$/);
    expect(hashed).toBe(hashToken(token));
    expect(hashed).toBe(crypto.createHash('sha256').update(token).digest('hex'));
    expect(hashed).not.toBe(token);
    expect(hashed).not.toContain(token);
  });

  it('matches the published SHA-256 test vector', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('differs for different tokens', () => {
    expect(hashToken('a')).not.toBe(hashToken('b'));
  });
});

describe('generateToken', () => {
  it('carries 256 random bits in URL-safe characters', () => {
    const token = generateToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(token).toHaveLength(43);
  });

  it('does not repeat', () => {
    const tokens = new Set(Array.from({ length: 1000 }, generateToken));
    expect(tokens.size).toBe(1000);
  });
});

describe('normalizeEmail', () => {
  it('compares addresses ignoring case and surrounding spaces', () => {
    expect(normalizeEmail('  Ada@Example.TEST ')).toBe('ada@example.test');
  });
});

describe('safeEqual', () => {
  it('is true only for identical strings, whatever their lengths', () => {
    expect(safeEqual('setup-key-123', 'setup-key-123')).toBe(true);
    expect(safeEqual('setup-key-123', 'setup-key-124')).toBe(false);
    expect(safeEqual('setup-key-123', 'setup-key-1234')).toBe(false);
    expect(safeEqual('', 'x')).toBe(false);
  });
});
