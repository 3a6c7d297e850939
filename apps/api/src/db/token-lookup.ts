import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { sha256 } from '../lib/tokens.ts';

/**
 * `column` holds the link token `token`, compared by their SHA-256 through the expression index
 * on `sha256(column::bytea)` (migration 0014). The index walk compares hashes of what the caller
 * sent, not the token's own characters, so how long a lookup takes says nothing about how much of
 * a guess matches a real token. Tokens are URL-safe base64 (no backslash escapes for the cast).
 */
export const tokenMatches = (column: AnyColumn, token: string): SQL =>
  sql`sha256(${column}::bytea) = decode(${sha256(token)}, 'hex')`;
