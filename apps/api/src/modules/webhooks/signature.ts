import { createHmac, randomBytes } from 'node:crypto';

/** A new endpoint secret (shown once); `whsec_` says what it is. */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

/** `Verba-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, t + "." + body)>` (Stripe's scheme). */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}
