import crypto from 'node:crypto';

/** How a sealed secret starts: the format's version, then the nonce, the tag and the ciphertext (base64url). */
const SEALED = 'v1.';

export type SecretBox = {
  /** The secret encrypted for the database (AES-256-GCM with a fresh 12-byte nonce). */
  seal(secret: string): string;
  /** The secret from its stored form; a secret stored before encryption (plain `whsec_…`) is answered as it is. */
  open(stored: string): string;
  /** Whether a stored value is encrypted. */
  isSealed(stored: string): boolean;
};

/**
 * Webhook secrets are kept encrypted: they sign deliveries, so they cannot be hashed like API tokens, but a copy of the
 * database (a backup, a replica) no longer lets its reader sign events as the platform. The key comes from
 * WEBHOOKS_SECRET_KEY, else from SESSION_SECRET (which nodes share already), stretched with HKDF-SHA256.
 */
export function createSecretBox(keyMaterial: string): SecretBox {
  const key = Buffer.from(crypto.hkdfSync('sha256', keyMaterial, 'agency-webhooks', 'webhook secrets v1', 32));
  const b64 = (b: Buffer) => b.toString('base64url');
  return {
    seal(secret) {
      const nonce = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, nonce);
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return `${SEALED}${b64(nonce)}.${b64(cipher.getAuthTag())}.${b64(body)}`;
    },
    open(stored) {
      if (!stored.startsWith(SEALED)) return stored;
      const [nonce, tag, body] = stored
        .slice(SEALED.length)
        .split('.')
        .map((part) => Buffer.from(part, 'base64url'));
      if (!nonce || !tag || !body) throw new Error('a stored webhook secret is malformed');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, nonce);
      decipher.setAuthTag(tag);
      // A wrong key (WEBHOOKS_SECRET_KEY changed) fails here rather than signing with garbage.
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    },
    isSealed: (stored) => stored.startsWith(SEALED),
  };
}
