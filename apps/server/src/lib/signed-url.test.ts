import { describe, expect, it } from 'vitest';
import { readSignedUrl, signUrl } from './signed-url.js';

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
