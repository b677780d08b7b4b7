import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.js';

const KEY = 'k'.repeat(40);

describe('webhook secrets at rest', () => {
  it('seals a secret so that only the same key opens it, with a fresh nonce each time', () => {
    const box = createSecretBox(KEY);
    const secret = 'whsec_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
    const sealed = box.seal(secret);
    expect(sealed).not.toContain('abcdefghij');
    expect(box.isSealed(sealed)).toBe(true);
    expect(box.open(sealed)).toBe(secret);
    expect(box.seal(secret)).not.toBe(sealed);
    expect(() => createSecretBox('another key of at least 32 characters').open(sealed)).toThrow();
    // A changed byte of the ciphertext is refused, never answered as some other secret.
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BA' : 'AA');
    expect(() => box.open(tampered)).toThrow();
  });

  it('answers a secret stored before encryption as it is', () => {
    const box = createSecretBox(KEY);
    expect(box.isSealed('whsec_plain')).toBe(false);
    expect(box.open('whsec_plain')).toBe('whsec_plain');
  });
});
