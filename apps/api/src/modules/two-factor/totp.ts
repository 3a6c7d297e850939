import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { sha256 } from '../../lib/tokens.ts';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 s. */
const PERIOD = 30;
/** A code of the step before or after the server's clock is accepted too (clock drift). */
const WINDOW = 1;

const totpOf = (secret: string, issuer = '', label = '') =>
  new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });

export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

export const otpauthUri = (secret: string, issuer: string, email: string): string =>
  totpOf(secret, issuer, email).toString();

export const qrSvgDataUrl = async (text: string): Promise<string> =>
  `data:image/svg+xml;base64,${Buffer.from(await QRCode.toString(text, { type: 'svg', margin: 1 })).toString('base64')}`;

/** The time step a right code belongs to (to refuse it a second time), or null when it is wrong. */
export function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : TOTP.counter({ period: PERIOD, timestamp: now }) + delta;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes of 10 characters (≈ 49 bits each), shown as `xxxxx-xxxxx`. */
export function newRecoveryCodes(count = 10): string[] {
  return Array.from({ length: count }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** What is stored of a recovery code: its hash, whatever its case, spaces or dash. */
export const recoveryCodeHash = (code: string): string => sha256(code.toLowerCase().replace(/[\s-]/g, ''));
