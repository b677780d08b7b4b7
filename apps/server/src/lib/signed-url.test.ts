import { describe, expect, it } from 'vitest';
import { expiryStepSeconds, readSignedUrl, signUrl } from './signed-url.js';

const secret = 'a-secret-of-at-least-thirty-two-chars!!';
const now = new Date('2026-11-21T10:00:00Z');

function parts(url: string) {
  const u = new URL(url, 'http://x');
  return {
    path: u.pathname,
    query: { expires: Number(u.searchParams.get('expires')), sid: Number(u.searchParams.get('sid')), sig: u.searchParams.get('sig')! },
  };
}

describe('signed URLs', () => {
  it('name the session that minted them and verify for the same path until they expire', () => {
    const { path, query } = parts(signUrl(secret, '/api/messages/attachments/a.png', now, 60_000, 42));
    expect(path).toBe('/api/messages/attachments/a.png');
    expect(readSignedUrl(secret, path, query, now)).toBe(42);
    expect(readSignedUrl(secret, path, query, new Date(now.getTime() + 59_000))).toBe(42);
    expect(readSignedUrl(secret, path, query, new Date(now.getTime() + 60_000))).toBeNull();
  });

  it('fail for another path, a changed expiry or session, a forged signature, another secret or a missing part', () => {
    const { path, query } = parts(signUrl(secret, '/api/messages/attachments/a.png', now, 60_000, 42));
    expect(readSignedUrl(secret, '/api/messages/attachments/b.png', query, now)).toBeNull();
    expect(readSignedUrl(secret, path, { ...query, expires: query.expires + 1000 }, now)).toBeNull();
    expect(readSignedUrl(secret, path, { ...query, sid: 43 }, now)).toBeNull();
    expect(readSignedUrl(secret, path, { ...query, sig: 'forged' }, now)).toBeNull();
    expect(readSignedUrl(`${secret}x`, path, query, now)).toBeNull();
    expect(readSignedUrl(secret, path, { expires: query.expires, sig: query.sig }, now)).toBeNull();
  });
});

describe('signed URLs minted again', () => {
  const at = (ms: number) => new Date(now.getTime() + ms);

  it('are the same link within a step of their expiry, so a polling screen does not fetch its images again', () => {
    const ttl = 30 * 60_000;
    expect(expiryStepSeconds(ttl)).toBe(60);
    const first = signUrl(secret, '/api/messages/attachments/a.png', now, ttl, 42);
    expect(signUrl(secret, '/api/messages/attachments/a.png', at(59_000), ttl, 42)).toBe(first);
    const next = signUrl(secret, '/api/messages/attachments/a.png', at(60_000), ttl, 42);
    expect(next).not.toBe(first);
    expect(parts(next).query.expires - parts(first).query.expires).toBe(60);
    // Another session or another file still gets a link of its own.
    expect(signUrl(secret, '/api/messages/attachments/a.png', now, ttl, 43)).not.toBe(first);
    expect(signUrl(secret, '/api/messages/attachments/b.png', now, ttl, 42)).not.toBe(first);
    expect(signUrl(`${secret}x`, '/api/messages/attachments/a.png', now, ttl, 42)).not.toBe(first);
  });

  it('live at most their lifetime and more than nine tenths of it, whenever in the step they are minted', () => {
    for (const ttl of [60_000, 10 * 60_000, 30 * 60_000, 24 * 60 * 60_000]) {
      for (const offset of [0, 1, 999, 5_500, 59_999, 61_234]) {
        const minted = at(offset);
        const { path, query } = parts(signUrl(secret, '/api/invoices/1/pdf', minted, ttl, 7));
        const life = query.expires * 1000 - minted.getTime();
        expect(life).toBeLessThanOrEqual(ttl);
        expect(life).toBeGreaterThan(ttl * 0.9);
        expect(readSignedUrl(secret, path, query, new Date(minted.getTime() + life - 1))).toBe(7);
        expect(readSignedUrl(secret, path, query, new Date(minted.getTime() + life))).toBeNull();
      }
    }
  });
});
