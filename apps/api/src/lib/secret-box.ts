import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { AppError } from './app-error.ts';

/**
 * Secrets the portal must read back (TOTP keys, SSO client secrets) are kept encrypted with
 * AES-256-GCM under the configured key (ADR 0032): `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
const PREFIX = 'v1.';

const keyMissing = () => new AppError(503, 'errors.secrets_key_missing');

export function isSealed(stored: string): boolean {
  return stored.startsWith(PREFIX);
}

export function seal(key: Buffer | undefined, plain: string): string {
  if (!key) throw keyMissing();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

/** The secret of a sealed value; a value from before encryption is answered as it is. */
export function open(key: Buffer | undefined, stored: string): string {
  if (!isSealed(stored)) return stored;
  if (!key) throw keyMissing();
  const [iv, tag, body] = stored
    .slice(PREFIX.length)
    .split('.')
    .map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body) throw new Error('a sealed secret is malformed');
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}
