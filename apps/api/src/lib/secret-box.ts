import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { StartupError } from '../startup-checks.ts';
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

/** The secret, or undefined when `key` is not the one it was sealed with (GCM's tag says so). */
function openWith(key: Buffer, stored: string): string | undefined {
  const [iv, tag, body] = stored
    .slice(PREFIX.length)
    .split('.')
    .map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body) throw new Error('a sealed secret is malformed');
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

/**
 * The secret of a sealed value, opened with the current key or, during a rotation, one of the
 * previous keys (SECRETS_KEY_PREVIOUS); a value from before encryption is answered as it is.
 */
export function open(key: Buffer | undefined, stored: string, previous: readonly Buffer[] = []): string {
  if (!isSealed(stored)) return stored;
  const keys = key ? [key, ...previous] : [...previous];
  if (keys.length === 0) throw keyMissing();
  for (const candidate of keys) {
    const plain = openWith(candidate, stored);
    if (plain !== undefined) return plain;
  }
  throw new Error('a sealed secret opens with none of SECRETS_KEY and SECRETS_KEY_PREVIOUS');
}

/**
 * What a stored secret becomes at start: sealed under the current key if it was in clear or under a
 * previous key (`{ sealed }`), nothing to do if it is sealed under the current key already
 * (`null`), or `'unreadable'` when no key given opens it (a lost or missing key: never guessed
 * over, never overwritten). Without a current key nothing is sealed.
 */
export function resealed(
  key: Buffer | undefined,
  previous: readonly Buffer[],
  stored: string,
): { sealed: string } | null | 'unreadable' {
  if (!isSealed(stored)) return key ? { sealed: seal(key, stored) } : null;
  if (key && openWith(key, stored) !== undefined) return null;
  for (const candidate of previous) {
    const plain = openWith(candidate, stored);
    if (plain !== undefined) return key ? { sealed: seal(key, plain) } : null;
  }
  return 'unreadable';
}

/** The keys of the configuration (ADR 0032): the current one and, during a rotation, the earlier. */
export interface SecretKeys {
  secretsKey: Buffer | undefined;
  previousSecretsKeys: readonly Buffer[];
}

/**
 * At start: re-encrypts under SECRETS_KEY every stored secret of one kind that is in clear or
 * under a previous key, each row by a compare-and-set (`replace(id, from, to)`: safe on several
 * servers at once). When any of them opens with none of the keys it changes nothing and stops the
 * start, naming the settings: a lost key must be said, not found out at the next sign-in.
 * Answers how many were re-encrypted.
 */
export async function resealStored<Id>(
  keys: SecretKeys,
  what: string,
  rows: ReadonlyArray<{ id: Id; stored: string }>,
  replace: (id: Id, from: string, to: string) => Promise<void>,
): Promise<number> {
  const changes: Array<{ id: Id; from: string; to: string }> = [];
  let unreadable = 0;
  for (const row of rows) {
    const next = resealed(keys.secretsKey, keys.previousSecretsKeys, row.stored);
    if (next === 'unreadable') unreadable++;
    else if (next) changes.push({ id: row.id, from: row.stored, to: next.sealed });
  }
  if (unreadable > 0)
    throw new StartupError(
      keys.secretsKey
        ? `${unreadable} ${what} cannot be decrypted with SECRETS_KEY${keys.previousSecretsKeys.length ? ' or any key of SECRETS_KEY_PREVIOUS' : ''}: they were encrypted with another key. Set SECRETS_KEY_PREVIOUS to the key SECRETS_KEY had before (several keys: comma-separated), or SECRETS_KEY back to it. Nothing was changed.`
        : `${unreadable} ${what} are encrypted, and SECRETS_KEY is not set. Set SECRETS_KEY to the key they were encrypted with. Nothing was changed.`,
    );
  for (const change of changes) await replace(change.id, change.from, change.to);
  return changes.length;
}
