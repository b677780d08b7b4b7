import crypto from 'node:crypto';
import { MFA_RECOVERY_CODE_COUNT } from '@agency/schema';

// The TOTP and QR libraries load with the first two-factor request, not with every start.
const otp = () => import('otplib');

/** TOTP as every authenticator app expects it: SHA-1, six digits, 30-second steps (RFC 6238). */
const PERIOD_SECONDS = 30;
/** A code from the step before or after the current one is accepted too: phone clocks drift. */
const TOLERANCE_SECONDS = PERIOD_SECONDS;

export async function newTotpSecret(): Promise<string> {
  return (await otp()).generateSecret();
}

export async function otpauthUrl(issuer: string, account: string, secret: string): Promise<string> {
  return (await otp()).generateURI({ issuer, label: account, secret });
}

/** The otpauth URL as a QR code an app can scan: a PNG data URL, made on the server so the secret needs no third party. */
export async function qrDataUrl(url: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  return QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
}

/**
 * Checks a code at `now`. A code whose time step is not after `lastTimeStep` is refused, so a code seen once
 * (over a shoulder, or replayed) never works again. Returns the accepted step, to be stored, or null.
 */
export async function verifyTotp(secret: string, code: string, now: Date, lastTimeStep: number | null): Promise<number | null> {
  const result = await (
    await otp()
  ).verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    ...(lastTimeStep !== null ? { afterTimeStep: lastTimeStep } : {}),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/**
 * Ten codes of 16 base32 characters (80 random bits each), shown as `abcd-efgh-ijkl-mnop`. With that much
 * entropy a fast hash cannot be searched, so each code is kept as SHA-256 of a random salt and the code, not
 * with argon2: checking one code against all ten stays cheap, and nobody can use the stored rows to find one.
 */
export function newRecoveryCodes(count = MFA_RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const bytes = crypto.randomBytes(16);
    const chars = Array.from(bytes, (b) => RECOVERY_ALPHABET[b & 31]).join('');
    return chars.match(/.{4}/g)!.join('-');
  });
}

/** How a typed code is compared: case, spaces and dashes do not matter. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z2-7]/g, '');
}

export function hashRecoveryCode(code: string, salt = crypto.randomBytes(16).toString('hex')) {
  const hash = crypto
    .createHash('sha256')
    .update(`${salt}:${normalizeRecoveryCode(code)}`)
    .digest('hex');
  return { salt, hash };
}

export function matchesRecoveryCode(code: string, stored: { salt: string; codeHash: string }): boolean {
  const { hash } = hashRecoveryCode(code, stored.salt);
  return crypto.timingSafeEqual(Buffer.from(hash, 'hex'), Buffer.from(stored.codeHash, 'hex'));
}
