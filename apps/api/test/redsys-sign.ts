import { createCipheriv, createHmac } from 'node:crypto';

/**
 * Signs like a Redsys merchant (HMAC_SHA256_V1: per-order 3DES key, HMAC-SHA256 of the base64
 * parameters), written from the protocol, not imported from the payments module, so a test can
 * send signed requests with hostile parameters to the sandbox bank over HTTP.
 */
export const SANDBOX_KEY = Buffer.from('verba-sandbox-test-key-1', 'utf8').toString('base64');

function orderKey(key: string, order: string): Buffer {
  const data = Buffer.from(order, 'utf8');
  const padded = Buffer.alloc(Math.max(8, Math.ceil(data.length / 8) * 8));
  data.copy(padded);
  const cipher = createCipheriv('des-ede3-cbc', Buffer.from(key, 'base64'), Buffer.alloc(8));
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(padded), cipher.final()]);
}

export function signParameters(
  parameters: Record<string, unknown>,
  order: string,
  { urlSafe = false, key = SANDBOX_KEY } = {},
) {
  const encoded = Buffer.from(JSON.stringify(parameters), 'utf8').toString('base64');
  let signature = createHmac('sha256', orderKey(key, order)).update(encoded, 'utf8').digest('base64');
  if (urlSafe) signature = signature.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return { Ds_SignatureVersion: 'HMAC_SHA256_V1', Ds_MerchantParameters: encoded, Ds_Signature: signature };
}
