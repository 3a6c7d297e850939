import { createCipheriv, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The Redsys "HMAC_SHA256_V1" protocol, pure functions (no I/O):
 * - `Ds_MerchantParameters` = base64 of the JSON parameters;
 * - the order key = 3DES-CBC(order, base64-decoded merchant key, IV of zeros, zero padding to 8 bytes);
 * - `Ds_Signature` = base64(HMAC-SHA256(order key, Ds_MerchantParameters as sent)).
 * Responses are signed the same way; their signature travels in the base64url alphabet.
 */
export const SIGNATURE_VERSION = 'HMAC_SHA256_V1';
export const CURRENCY_EUR = '978';
export const TRANSACTION_AUTHORISATION = '0';

/** What the merchant posts to the bank (and the bank posts or redirects back). */
export interface SignedFields {
  Ds_SignatureVersion: string;
  Ds_MerchantParameters: string;
  Ds_Signature: string;
}

/** The request parameters Verba sends (all strings, as Redsys expects). */
export interface RequestParameters {
  DS_MERCHANT_AMOUNT: string;
  DS_MERCHANT_ORDER: string;
  DS_MERCHANT_MERCHANTCODE: string;
  DS_MERCHANT_CURRENCY: string;
  DS_MERCHANT_TRANSACTIONTYPE: string;
  DS_MERCHANT_TERMINAL: string;
  DS_MERCHANT_MERCHANTURL: string;
  DS_MERCHANT_URLOK: string;
  DS_MERCHANT_URLKO: string;
  DS_MERCHANT_CONSUMERLANGUAGE?: string;
}

/** The response parameters we read (Redsys sends more; every value is a string). */
export interface ResponseParameters {
  Ds_Amount: string;
  Ds_Currency: string;
  Ds_Order: string;
  Ds_MerchantCode: string;
  Ds_Terminal: string;
  Ds_Response: string;
  Ds_TransactionType?: string;
  Ds_AuthorisationCode?: string;
  Ds_Date?: string;
  Ds_Hour?: string;
  [key: string]: string | undefined;
}

/** 4–12 characters, the first 4 digits, the rest letters or digits (Redsys rule). */
export const ORDER_PATTERN = /^\d{4}[0-9A-Za-z]{0,8}$/;

/** The 24-byte 3DES key: the merchant key is base64 of it. */
function merchantKeyBytes(merchantKey: string): Buffer {
  const key = Buffer.from(merchantKey, 'base64');
  if (key.length !== 24) throw new Error('The Redsys merchant key must be base64 of 24 bytes');
  return key;
}

/** The per-order signing key: 3DES-CBC of the order (zero-padded to 8 bytes) with IV 0. */
export function deriveOrderKey(merchantKey: string, order: string): Buffer {
  const data = Buffer.from(order, 'utf8');
  const padded = Buffer.alloc(Math.ceil(data.length / 8) * 8);
  data.copy(padded);
  const cipher = createCipheriv('des-ede3-cbc', merchantKeyBytes(merchantKey), Buffer.alloc(8));
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(padded), cipher.final()]);
}

/** base64(HMAC-SHA256(order key, data)), standard alphabet with padding. */
export function sign(merchantKey: string, order: string, data: string): string {
  return createHmac('sha256', deriveOrderKey(merchantKey, order)).update(data, 'utf8').digest('base64');
}

/** The same signature in the base64url alphabet without padding (how responses carry it). */
export function signUrlSafe(merchantKey: string, order: string, data: string): string {
  return toUrlSafe(sign(merchantKey, order, data));
}

const toUrlSafe = (value: string) => value.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** Encodes parameters as Redsys does: base64 of their JSON. */
export function encodeParameters(parameters: object): string {
  return Buffer.from(JSON.stringify(parameters), 'utf8').toString('base64');
}

/**
 * Decodes `Ds_MerchantParameters` (standard or url-safe base64) into string values; Redsys
 * url-encodes some response values ("28%2F05%2F2018"), so each is decoded. Undefined when it is
 * not base64 of a JSON object of strings.
 */
export function decodeParameters(encoded: string): Record<string, string> | undefined {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(encoded)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value !== 'string' && typeof value !== 'number') return undefined;
    const text = String(value);
    try {
      out[key] = decodeURIComponent(text.replace(/\+/g, ' '));
    } catch {
      out[key] = text;
    }
  }
  return out;
}

/** Compares two signatures whatever their base64 alphabet, in constant time. */
export function signaturesMatch(expected: string, received: string): boolean {
  const a = Buffer.from(toUrlSafe(expected));
  const b = Buffer.from(toUrlSafe(received.trim()));
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Reads the three signed fields from a body or query (flat, or nested under `merchantParameters`
 * as the spec's verifyPayment form), restoring the '+' a query string turned into ' '.
 */
export function signedFieldsOf(source: unknown): Partial<SignedFields> {
  const record = (source && typeof source === 'object' ? source : {}) as Record<string, unknown>;
  const nested = record.merchantParameters;
  const from =
    nested && typeof nested === 'object' && !Array.isArray(nested)
      ? (nested as Record<string, unknown>)
      : record;
  const text = (key: string) => {
    const value = from[key];
    return typeof value === 'string' ? value.trim().replace(/ /g, '+') : undefined;
  };
  const out: Partial<SignedFields> = {};
  const version = text('Ds_SignatureVersion');
  const parameters = text('Ds_MerchantParameters');
  const signature = text('Ds_Signature');
  if (version !== undefined) out.Ds_SignatureVersion = version;
  if (parameters !== undefined) out.Ds_MerchantParameters = parameters;
  if (signature !== undefined) out.Ds_Signature = signature;
  return out;
}

/** Signs request parameters with the merchant key: the three fields of the bank's form. */
export function signRequest(merchantKey: string, parameters: RequestParameters): SignedFields {
  const encoded = encodeParameters(parameters);
  return {
    Ds_SignatureVersion: SIGNATURE_VERSION,
    Ds_MerchantParameters: encoded,
    Ds_Signature: sign(merchantKey, parameters.DS_MERCHANT_ORDER, encoded),
  };
}

/** Checks a signed request (what a bank does); the decoded parameters when valid. */
export function verifyRequest(
  merchantKey: string,
  fields: Partial<SignedFields>,
): RequestParameters | undefined {
  if (
    fields.Ds_SignatureVersion !== SIGNATURE_VERSION ||
    !fields.Ds_MerchantParameters ||
    !fields.Ds_Signature
  )
    return undefined;
  const decoded = decodeParameters(fields.Ds_MerchantParameters);
  const order = decoded?.DS_MERCHANT_ORDER ?? decoded?.Ds_Merchant_Order;
  if (!decoded || !order || !ORDER_PATTERN.test(order)) return undefined;
  const expected = sign(merchantKey, order, fields.Ds_MerchantParameters);
  if (!signaturesMatch(expected, fields.Ds_Signature)) return undefined;
  return decoded as unknown as RequestParameters;
}

/** Signs response parameters (what a bank sends back). */
export function signResponse(merchantKey: string, parameters: ResponseParameters): SignedFields {
  const encoded = encodeParameters(parameters);
  return {
    Ds_SignatureVersion: SIGNATURE_VERSION,
    Ds_MerchantParameters: encoded,
    Ds_Signature: signUrlSafe(merchantKey, parameters.Ds_Order, encoded),
  };
}

export type ResponseCheck =
  | { ok: true; parameters: ResponseParameters }
  | { ok: false; reason: 'malformed' | 'bad_signature'; order?: string };

/** Checks a bank's response: version, decodable parameters with an order, and the signature. */
export function verifyResponse(merchantKey: string, fields: Partial<SignedFields>): ResponseCheck {
  if (
    fields.Ds_SignatureVersion !== SIGNATURE_VERSION ||
    !fields.Ds_MerchantParameters ||
    !fields.Ds_Signature
  )
    return { ok: false, reason: 'malformed' };
  const decoded = decodeParameters(fields.Ds_MerchantParameters);
  const order = decoded?.Ds_Order ?? decoded?.DS_ORDER;
  if (!decoded || !order || order.length > 12) return { ok: false, reason: 'malformed' };
  const expected = sign(merchantKey, order, fields.Ds_MerchantParameters);
  if (!signaturesMatch(expected, fields.Ds_Signature)) return { ok: false, reason: 'bad_signature', order };
  return {
    ok: true,
    parameters: {
      ...decoded,
      Ds_Order: order,
      Ds_Amount: decoded.Ds_Amount ?? '',
      Ds_Currency: decoded.Ds_Currency ?? '',
      Ds_MerchantCode: decoded.Ds_MerchantCode ?? '',
      Ds_Terminal: decoded.Ds_Terminal ?? '',
      Ds_Response: decoded.Ds_Response ?? '',
    },
  };
}

/** Ds_Response 0000–0099: authorised; anything else (or nothing) is not. */
export function isAuthorised(responseCode: string | undefined): boolean {
  return responseCode !== undefined && /^\d{1,4}$/.test(responseCode) && Number(responseCode) <= 99;
}

/** "12.50" -> "1250" (Redsys amounts are integer cents as text); exact, no floats. */
export function eurosToCents(amount: string): string {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) throw new RangeError(`${amount} is not a non-negative amount with up to 2 decimals`);
  const cents = BigInt(match[1] ?? '0') * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
  return cents.toString();
}

/** "1250" -> "12.50". */
export function centsToEuros(cents: string): string {
  if (!/^\d+$/.test(cents)) throw new RangeError(`${cents} is not a number of cents`);
  const text = cents.replace(/^0+(?=\d)/, '').padStart(3, '0');
  return `${text.slice(0, -2)}.${text.slice(-2)}`;
}
