import { randomInt } from 'node:crypto';
import { resolveLocale, type Locale } from '@verba/contracts';
import { formatMoney } from '../../../lib/format.ts';
import { translator } from '../../../lib/i18n.ts';
import { CONSUMER_LANGUAGE, SANDBOX_MERCHANT_KEY } from './index.ts';
import {
  centsToEuros,
  signResponse,
  verifyRequest,
  type RequestParameters,
  type ResponseParameters,
  type SignedFields,
} from './redsys-protocol.ts';

/** Test cards of the sandbox bank (Redsys' own test card is the authorised one). */
export const SANDBOX_CARDS = {
  authorised: '4548812049400004',
  declined: '4000000000000002',
} as const;
export const RESPONSE_AUTHORISED = '0000';
export const RESPONSE_DECLINED = '0190';
export const RESPONSE_CARD_NOT_ACCEPTED = '0180';

/** The bank's decision for a card number (spaces and dashes ignored). */
export function decideCard(card: string): string {
  const digits = card.replace(/[\s-]/g, '');
  if (digits === SANDBOX_CARDS.authorised) return RESPONSE_AUTHORISED;
  if (digits === SANDBOX_CARDS.declined) return RESPONSE_DECLINED;
  return RESPONSE_CARD_NOT_ACCEPTED;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function localeOf(lang: unknown, params: RequestParameters | undefined, fallback: Locale): Locale {
  if (typeof lang === 'string' && lang) return resolveLocale(lang, fallback);
  const consumer = params?.DS_MERCHANT_CONSUMERLANGUAGE;
  const found = (Object.entries(CONSUMER_LANGUAGE) as Array<[Locale, string]>).find(
    ([, code]) => code === consumer,
  );
  return found?.[0] ?? fallback;
}

/** Why the bank refuses a request, as a message key of its page. */
export interface BankRefusal {
  key: 'payments.sandbox.invalid' | 'payments.sandbox.foreign_return';
  values?: Record<string, string>;
}

/**
 * A request the sandbox acts on, or why not. Signed with the sandbox's own (public) key, so anyone
 * can sign one: like a real merchant configuration, it only sends the browser back to the portal's
 * own address, never to a host the request names.
 */
export function checkBankRequest(
  fields: Partial<SignedFields>,
  key: string,
  publicUrl: string,
): { params: RequestParameters } | { refusal: BankRefusal } {
  const params = verifySandboxRequest(key, fields);
  if (!params) return { refusal: { key: 'payments.sandbox.invalid' } };
  const portal = new URL(publicUrl).origin;
  const foreign = [params.DS_MERCHANT_URLOK, params.DS_MERCHANT_URLKO].find(
    (url) => new URL(url).origin !== portal,
  );
  if (foreign)
    return { refusal: { key: 'payments.sandbox.foreign_return', values: { host: new URL(foreign).host } } };
  return { params };
}

/** The bank's page: amount, order, a card-number field, Pay and Cancel; no script, no external asset. */
export function renderBankPage(
  locale: Locale,
  fields: Partial<SignedFields>,
  params: RequestParameters | undefined,
  brand: string,
  refusal: BankRefusal = { key: 'payments.sandbox.invalid' },
): string {
  const t = translator(locale);
  const page = (body: string) => `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t('payments.sandbox.title'))}</title>
<style>
body{font-family:system-ui,Arial,sans-serif;background:#f3f4f6;color:#111827;margin:0;padding:1rem}
main{max-width:28rem;margin:2rem auto;background:#fff;border-radius:8px;padding:1.5rem;box-shadow:0 1px 3px #0003}
h1{font-size:1.4rem;margin-top:0}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}
dt{font-weight:600}
label{display:block;font-weight:600;margin:1rem 0 .25rem}
input{font-size:1.1rem;padding:.5rem;width:100%;box-sizing:border-box;border:2px solid #4b5563;border-radius:4px}
input:focus,button:focus{outline:3px solid #1d4ed8;outline-offset:2px}
.actions{display:flex;gap:.75rem;margin-top:1rem}
button{font-size:1rem;padding:.6rem 1.2rem;border-radius:4px;border:2px solid #1e3a8a;cursor:pointer}
.pay{background:#1e3a8a;color:#fff}
.cancel{background:#fff;color:#1e3a8a}
.note{font-size:.9rem;color:#374151}
[role=alert]{color:#991b1b;font-weight:600}
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
  if (!params) {
    return page(
      `<h1>${escapeHtml(t('payments.sandbox.title'))}</h1><p role="alert">${escapeHtml(t(refusal.key, refusal.values))}</p>`,
    );
  }
  const hidden = (['Ds_SignatureVersion', 'Ds_MerchantParameters', 'Ds_Signature'] as const)
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(fields[name] ?? '')}">`)
    .join('\n');
  const amount = formatMoney(centsToEuros(params.DS_MERCHANT_AMOUNT), locale);
  return page(`<h1>${escapeHtml(t('payments.sandbox.title'))}</h1>
<p class="note">${escapeHtml(t('payments.sandbox.intro', { brand }))}</p>
<dl>
<dt>${escapeHtml(t('payments.sandbox.amount'))}</dt><dd>${escapeHtml(amount)}</dd>
<dt>${escapeHtml(t('payments.sandbox.order'))}</dt><dd>${escapeHtml(params.DS_MERCHANT_ORDER)}</dd>
<dt>${escapeHtml(t('payments.sandbox.merchant'))}</dt><dd>${escapeHtml(params.DS_MERCHANT_MERCHANTCODE)}</dd>
</dl>
<form method="post" action="/api/sandbox-bank/pay">
${hidden}
<input type="hidden" name="lang" value="${locale}">
<label for="card">${escapeHtml(t('payments.sandbox.card'))}</label>
<input id="card" name="card" type="text" inputmode="numeric" autocomplete="cc-number" aria-describedby="card-hint" maxlength="23">
<p id="card-hint" class="note">${escapeHtml(
    t('payments.sandbox.card_hint', {
      authorised: SANDBOX_CARDS.authorised,
      declined: SANDBOX_CARDS.declined,
    }),
  )}</p>
<div class="actions">
<button class="pay" type="submit" name="action" value="pay">${escapeHtml(t('payments.sandbox.pay'))}</button>
<button class="cancel" type="submit" name="action" value="cancel">${escapeHtml(t('payments.sandbox.cancel'))}</button>
</div>
</form>`);
}

const two = (n: number) => String(n).padStart(2, '0');

/** The bank's signed answer for a request it accepted. */
export function bankResponse(params: RequestParameters, code: string, at = new Date()): SignedFields {
  const response: ResponseParameters = {
    Ds_Date: encodeURIComponent(
      `${two(at.getUTCDate())}/${two(at.getUTCMonth() + 1)}/${at.getUTCFullYear()}`,
    ),
    Ds_Hour: encodeURIComponent(`${two(at.getUTCHours())}:${two(at.getUTCMinutes())}`),
    Ds_SecurePayment: code === RESPONSE_AUTHORISED ? '1' : '0',
    Ds_Amount: params.DS_MERCHANT_AMOUNT,
    Ds_Currency: params.DS_MERCHANT_CURRENCY,
    Ds_Order: params.DS_MERCHANT_ORDER,
    Ds_MerchantCode: params.DS_MERCHANT_MERCHANTCODE,
    Ds_Terminal: params.DS_MERCHANT_TERMINAL.padStart(3, '0'),
    Ds_Response: code,
    Ds_TransactionType: params.DS_MERCHANT_TRANSACTIONTYPE,
    Ds_MerchantData: '',
    Ds_AuthorisationCode: code === RESPONSE_AUTHORISED ? String(randomInt(100_000, 1_000_000)) : '',
    Ds_ConsumerLanguage: params.DS_MERCHANT_CONSUMERLANGUAGE ?? '1',
  };
  return signResponse(SANDBOX_MERCHANT_KEY, response);
}

/** Where the bank sends the browser back: the OK or KO URL with the signed answer in the query. */
export function returnUrl(params: RequestParameters, signed: SignedFields, authorised: boolean): string {
  const url = new URL(authorised ? params.DS_MERCHANT_URLOK : params.DS_MERCHANT_URLKO);
  url.searchParams.set('Ds_SignatureVersion', signed.Ds_SignatureVersion);
  url.searchParams.set('Ds_MerchantParameters', signed.Ds_MerchantParameters);
  url.searchParams.set('Ds_Signature', signed.Ds_Signature);
  return url.toString();
}

/**
 * A correctly signed request the sandbox can act on: the amount in cents, a terminal, and http(s)
 * return URLs. Anything else is refused like a wrong signature (400), never a 500.
 */
function verifySandboxRequest(...args: Parameters<typeof verifyRequest>): RequestParameters | undefined {
  const params = verifyRequest(...args);
  if (!params) return undefined;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const webUrl = (v: unknown) => URL.canParse(text(v)) && /^https?:$/.test(new URL(text(v)).protocol);
  const wellFormed =
    text(params.DS_MERCHANT_ORDER) !== '' &&
    typeof params.DS_MERCHANT_MERCHANTCODE === 'string' &&
    /^\d{1,12}$/.test(text(params.DS_MERCHANT_AMOUNT)) &&
    /^\d{1,3}$/.test(text(params.DS_MERCHANT_TERMINAL)) &&
    webUrl(params.DS_MERCHANT_URLOK) &&
    webUrl(params.DS_MERCHANT_URLKO);
  return wellFormed ? params : undefined;
}

export { localeOf };
