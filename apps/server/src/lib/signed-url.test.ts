import { describe, expect, it } from 'vitest';
import { signUrl, verifySignedUrl } from './signed-url.js';

const secret = 'a-secret-of-at-least-thirty-two-chars!!';
const now = new Date('2026-11-21T10:00:00Z');

function parts(url: string) {
  const u = new URL(url, 'http://x');
  return { path: u.pathname, expires: Number(u.searchParams.get('expires')), sig: u.searchParams.get('sig')! };
}

describe('signed URLs', () => {
  it('verify for the same path until they expire', () => {
    const { path, expires, sig } = parts(signUrl(secret, '/api/messages/attachments/a.png', now, 60_000));
    expect(path).toBe('/api/messages/attachments/a.png');
    expect(verifySignedUrl(secret, path, expires, sig, now)).toBe(true);
    expect(verifySignedUrl(secret, path, expires, sig, new Date(now.getTime() + 59_000))).toBe(true);
    expect(verifySignedUrl(secret, path, expires, sig, new Date(now.getTime() + 60_000))).toBe(false);
  });

  it('fail for another path, a changed expiry, a forged signature or another secret', () => {
    const { path, expires, sig } = parts(signUrl(secret, '/api/messages/attachments/a.png', now));
    expect(verifySignedUrl(secret, '/api/messages/attachments/b.png', expires, sig, now)).toBe(false);
    expect(verifySignedUrl(secret, path, expires + 1000, sig, now)).toBe(false);
    expect(verifySignedUrl(secret, path, expires, 'forged', now)).toBe(false);
    expect(verifySignedUrl(`${secret}x`, path, expires, sig, now)).toBe(false);
  });
});
