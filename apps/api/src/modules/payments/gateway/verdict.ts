import { CURRENCY_EUR, isAuthorised, type ResponseCheck } from './redsys-protocol.ts';

/** Redsys: the cardholder cancelled on the bank's page. */
export const RESPONSE_CANCELLED = '9915';

/** What a response code means for the order: 0000–0099 authorised, 9915 cancelled, else declined. */
export type ResponseKind = 'authorised' | 'declined' | 'cancelled';

export function responseKind(responseCode: string | null | undefined): ResponseKind {
  if (isAuthorised(responseCode ?? undefined)) return 'authorised';
  return responseCode === RESPONSE_CANCELLED ? 'cancelled' : 'declined';
}

/**
 * The bank's answer, read once at the gateway so nothing past it reads a protocol field.
 * Nothing in an answer whose signature did not verify is trusted, except the order it claims
 * (for the log).
 */
export type BankVerdict = RefusedVerdict | ReadVerdict;

/** No valid signature: only the order the answer claims is kept, for the log. */
export interface RefusedVerdict {
  kind: 'invalid_signature' | 'malformed';
  claimedOrder: string | null;
}

/** A validly signed answer about one order. */
export interface ReadVerdict {
  kind: ResponseKind;
  order: string;
  /** Integer cents without leading zeros; null when the bank sent no whole number. */
  amountCents: string | null;
  /** The bank's response code as sent ('' when missing). */
  responseCode: string;
  authorisationCode: string | null;
  /** Merchant code, terminal and currency (euro) are ours. */
  forUs: boolean;
}

export const isSigned = (verdict: BankVerdict): verdict is ReadVerdict => 'order' in verdict;

export interface Merchant {
  merchantCode: string;
  terminal: string;
}

/** Turns a checked response into a verdict, against the merchant the gateway signs for. */
export function bankVerdict(check: ResponseCheck, merchant: Merchant): BankVerdict {
  if (!check.ok)
    return {
      kind: check.reason === 'bad_signature' ? 'invalid_signature' : 'malformed',
      claimedOrder: check.order ?? null,
    };
  const r = check.parameters;
  return {
    kind: responseKind(r.Ds_Response),
    order: r.Ds_Order,
    amountCents: /^\d+$/.test(r.Ds_Amount) ? BigInt(r.Ds_Amount).toString() : null,
    responseCode: r.Ds_Response,
    authorisationCode: r.Ds_AuthorisationCode || null,
    forUs:
      r.Ds_MerchantCode === merchant.merchantCode &&
      Number(r.Ds_Terminal) === Number(merchant.terminal) &&
      r.Ds_Currency === CURRENCY_EUR,
  };
}
