import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { QuoteChallenge } from '@verba/contracts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { sharedSecret } from '../../db/shared-secrets.ts';

/**
 * The public form's bot check: a self-hosted proof of work in the ALTCHA format (DESIGN §13). The
 * server signs a challenge (HMAC), the browser finds the number, and the solution comes back as
 * `recaptcha_token` (base64 JSON). A solution is valid for CHALLENGE_TTL_MS and accepted once
 * (the caller records its signature).
 */

export const CHALLENGE_TTL_MS = 10 * 60 * 1000;

type Keyed = { config: Config; db: Db };

/**
 * QUOTE_CHALLENGE_SECRET, or one random key kept in the database: a challenge issued by one server
 * is checked by whichever server receives the form.
 */
function hmacKey({ config, db }: Keyed): Promise<string> {
  const configured = config.guestQuotes.challengeSecret;
  return configured ? Promise.resolve(configured) : sharedSecret(db, 'quote_challenge_hmac');
}

export async function newChallenge(deps: Keyed, now = Date.now()): Promise<QuoteChallenge> {
  const { config } = deps;
  const challenge = await createChallenge({
    hmacKey: await hmacKey(deps),
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
export async function checkSolution(deps: Keyed, token: string): Promise<SolutionCheck> {
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
  const key = await hmacKey(deps);
  const valid = await verifySolution(solution, key, true).catch(() => false);
  if (!valid) return { ok: false, reason: 'invalid' };
  return { ok: true, signature: p.signature, expiresAt: new Date(expires * 1000) };
}
