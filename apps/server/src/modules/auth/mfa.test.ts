import { generate } from 'otplib';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  hashRecoveryCode,
  matchesRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  normalizeRecoveryCode,
  otpauthUrl,
  qrDataUrl,
  verifyTotp,
} from './mfa.js';

const at = (iso: string) => new Date(iso);
const codeAt = (secret: string, date: Date) => generate({ secret, epoch: Math.floor(date.getTime() / 1000) });

describe('TOTP codes', () => {
  let secret = '';
  beforeAll(async () => {
    secret = await newTotpSecret();
  });
  const now = at('2030-01-01T12:00:10Z');

  it('accepts the current code and the codes one step either side, nothing further', async () => {
    expect(await verifyTotp(secret, await codeAt(secret, now), now, null)).toBe(Math.floor(now.getTime() / 30_000));
    expect(await verifyTotp(secret, await codeAt(secret, new Date(now.getTime() - 30_000)), now, null)).not.toBeNull();
    expect(await verifyTotp(secret, await codeAt(secret, new Date(now.getTime() + 30_000)), now, null)).not.toBeNull();
    expect(await verifyTotp(secret, await codeAt(secret, new Date(now.getTime() - 90_000)), now, null)).toBeNull();
  });

  it('never accepts a code of a step already used', async () => {
    const code = await codeAt(secret, now);
    const step = await verifyTotp(secret, code, now, null);
    expect(step).not.toBeNull();
    expect(await verifyTotp(secret, code, now, step)).toBeNull();
    const next = new Date(now.getTime() + 30_000);
    expect(await verifyTotp(secret, await codeAt(secret, next), next, step)).toBe(step! + 1);
  });

  it("refuses another secret's code", async () => {
    expect(await verifyTotp(secret, await codeAt(await newTotpSecret(), now), now, null)).toBeNull();
  });

  it('names the issuer and account in the otpauth URL and draws it as a PNG', async () => {
    const url = await otpauthUrl('Brightline Studio', 'ada@example.test', secret);
    expect(url).toMatch(/^otpauth:\/\/totp\//);
    expect(url).toContain(`secret=${secret}`);
    expect(decodeURIComponent(url)).toContain('Brightline Studio');
    expect(await qrDataUrl(url)).toMatch(/^data:image\/png;base64,/);
  });
});

describe('recovery codes', () => {
  it('are ten different codes of 80 random bits, shown in groups of four', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);
  });

  it('match however they are typed, and only with their own salt', () => {
    const [code] = newRecoveryCodes(1);
    const stored = hashRecoveryCode(code);
    expect(stored.hash).not.toContain(normalizeRecoveryCode(code));
    expect(matchesRecoveryCode(code.toUpperCase().replace(/-/g, ' '), { salt: stored.salt, codeHash: stored.hash })).toBe(true);
    expect(matchesRecoveryCode(code, { salt: hashRecoveryCode(code).salt, codeHash: stored.hash })).toBe(false);
    expect(matchesRecoveryCode(newRecoveryCodes(1)[0], { salt: stored.salt, codeHash: stored.hash })).toBe(false);
  });

  it('hash the same code differently each time (a salt per code)', () => {
    const [code] = newRecoveryCodes(1);
    expect(hashRecoveryCode(code).hash).not.toBe(hashRecoveryCode(code).hash);
  });
});
