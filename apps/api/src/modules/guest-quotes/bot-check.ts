import { randomBytes } from 'node:crypto';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { QuoteChallenge } from '@verba/contracts';
import type { Config } from '../../config.ts';

/**
 * The public form's bot check: a self-hosted proof of work in the ALTCHA format (DESIGN §13). The
 * server signs a challenge (HMAC), the browser finds the number, and the solution comes back as
 * `recaptcha_token` (base64 JSON). A solution is valid for CHALLENGE_TTL_MS and accepted once
 * (the caller records its signature).
 */

export const CHALLENGE_TTL_MS = 10 * 60 * 1000;

/** Without QUOTE_CHALLENGE_SECRET, one random key for this process (a single instance). */
let processKey: string | undefined;
function hmacKey(config: Config): string {
  return config.guestQuotes.challengeSecret ?? (processKey ??= randomBytes(32).toString('hex'));
}

export async function newChallenge(config: Config, now = Date.now()): Promise<QuoteChallenge> {
  const challenge = await createChallenge({
    hmacKey: hmacKey(config),
    algorithm: 'SHA-256',
    maxnumber: config.guestQuotes.challengeMaxNumber,
    expires: new Date(now + CHALLENGE_TTL_MS),
  });
  return {
    algorithm: 'SHA-256',
    challenge: challenge.challenge,
    salt: challenge.salt,
    signature: challenge.signature,
    maxnumber: challenge.maxnumber ?? config.guestQuotes.challengeMaxNumber,
  };
}

export type SolutionCheck =
  { ok: true; signature: string; expiresAt: Date } | { ok: false; reason: 'malformed' | 'invalid' };

/** Whether the token is a solved, unexpired challenge of ours (not whether it was used before). */
export async function checkSolution(config: Config, token: string): Promise<SolutionCheck> {
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const p = payload as Record<string, unknown> | null;
  if (
    !p ||
    typeof p !== 'object' ||
    p.algorithm !== 'SHA-256' ||
    typeof p.challenge !== 'string' ||
    typeof p.salt !== 'string' ||
    typeof p.signature !== 'string' ||
    typeof p.number !== 'number' ||
    p.signature.length > 128
  )
    return { ok: false, reason: 'malformed' };
  const solution = {
    algorithm: 'SHA-256' as const,
    challenge: p.challenge,
    salt: p.salt,
    signature: p.signature,
    number: p.number,
  };
  const expires = Number(extractParams(solution).expires);
  if (!Number.isFinite(expires)) return { ok: false, reason: 'invalid' };
  const valid = await verifySolution(solution, hmacKey(config), true).catch(() => false);
  if (!valid) return { ok: false, reason: 'invalid' };
  return { ok: true, signature: p.signature, expiresAt: new Date(expires * 1000) };
}
