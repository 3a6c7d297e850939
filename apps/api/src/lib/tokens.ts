import { createHash, randomBytes } from 'node:crypto';

/** A random URL-safe token; only its SHA-256 is stored. */
export const newToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
