import type { PaymentForm } from '@verba/contracts';
import type { Config } from '../../../config.ts';
import {
  CURRENCY_EUR,
  TRANSACTION_AUTHORISATION,
  signRequest,
  verifyResponse,
  type SignedFields,
} from './redsys-protocol.ts';
import { bankVerdict, type BankVerdict } from './verdict.ts';

export interface PaymentOrder {
  /** 4–12 characters, the first 4 digits. */
  orderNumber: string;
  /** integer cents, as text */
  amountCents: string;
  notificationUrl: string;
  urlOk: string;
  urlKo: string;
  locale: 'en' | 'es' | 'ca';
}

/** A card gateway speaking the Redsys protocol (the real one or the built-in sandbox bank). */
export interface PaymentGateway {
  readonly name: 'redsys' | 'sandbox';
  readonly merchantCode: string;
  readonly terminal: string;
  /** The signed form for one order. */
  createForm(order: PaymentOrder): PaymentForm;
  /**
   * Reads a response (notification or browser return) into a verdict: signature first, nothing
   * trusted before, and nothing past the gateway reads a protocol field.
   */
  verdict(fields: Partial<SignedFields>): BankVerdict;
}

/** Redsys' consumer languages: 1 Spanish, 2 English, 3 Catalan. */
export const CONSUMER_LANGUAGE = { es: '1', en: '2', ca: '3' } as const;

interface GatewaySettings {
  name: 'redsys' | 'sandbox';
  url: string;
  merchantCode: string;
  terminal: string;
  merchantKey: string;
}

class RedsysProtocolGateway implements PaymentGateway {
  readonly name: 'redsys' | 'sandbox';
  readonly merchantCode: string;
  readonly terminal: string;
  readonly #url: string;
  readonly #key: string;

  constructor(settings: GatewaySettings) {
    this.name = settings.name;
    this.merchantCode = settings.merchantCode;
    this.terminal = settings.terminal;
    this.#url = settings.url;
    this.#key = settings.merchantKey;
  }

  createForm(order: PaymentOrder): PaymentForm {
    const fields = signRequest(this.#key, {
      DS_MERCHANT_AMOUNT: order.amountCents,
      DS_MERCHANT_ORDER: order.orderNumber,
      DS_MERCHANT_MERCHANTCODE: this.merchantCode,
      DS_MERCHANT_CURRENCY: CURRENCY_EUR,
      DS_MERCHANT_TRANSACTIONTYPE: TRANSACTION_AUTHORISATION,
      DS_MERCHANT_TERMINAL: this.terminal,
      DS_MERCHANT_MERCHANTURL: order.notificationUrl,
      DS_MERCHANT_URLOK: order.urlOk,
      DS_MERCHANT_URLKO: order.urlKo,
      DS_MERCHANT_CONSUMERLANGUAGE: CONSUMER_LANGUAGE[order.locale],
    });
    return { action: this.#url, method: 'POST', fields };
  }

  verdict(fields: Partial<SignedFields>): BankVerdict {
    return bankVerdict(verifyResponse(this.#key, fields), this);
  }
}

/** The sandbox bank's own test key (base64 of 24 bytes) and merchant; never a real merchant's. */
export const SANDBOX_MERCHANT_KEY = Buffer.from('verba-sandbox-test-key-1', 'utf8').toString('base64');
export const SANDBOX_MERCHANT_CODE = '999008881';
export const SANDBOX_TERMINAL = '1';
/** Relative, so the browser posts to whichever origin serves the portal (CSP form-action 'self'). */
export const SANDBOX_BANK_PATH = '/api/sandbox-bank';

/** The real Redsys gateway (test or production URL, merchant code, terminal and key from configuration). */
export function createRedsysGateway(redsys: Config['payments']['redsys']): PaymentGateway {
  const missing = [
    ['REDSYS_MERCHANT_CODE', redsys.merchantCode],
    ['REDSYS_MERCHANT_KEY', redsys.merchantKey],
  ]
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (missing.length)
    throw new Error(`PAYMENT_GATEWAY=redsys needs ${missing.join(' and ')} (see the README, payments)`);
  if (Buffer.from(redsys.merchantKey ?? '', 'base64').length !== 24)
    throw new Error('REDSYS_MERCHANT_KEY must be the base64 merchant key of 24 bytes Redsys gives you');
  return new RedsysProtocolGateway({
    name: 'redsys',
    url: redsys.url,
    merchantCode: redsys.merchantCode ?? '',
    terminal: redsys.terminal,
    merchantKey: redsys.merchantKey ?? '',
  });
}

/** The built-in sandbox bank (same protocol, its own key), served by the portal itself. */
export function createSandboxGateway(): PaymentGateway {
  return new RedsysProtocolGateway({
    name: 'sandbox',
    url: SANDBOX_BANK_PATH,
    merchantCode: SANDBOX_MERCHANT_CODE,
    terminal: SANDBOX_TERMINAL,
    merchantKey: SANDBOX_MERCHANT_KEY,
  });
}

/** The configured gateway; refuses the sandbox in production unless explicitly allowed. */
export function createGateway(config: Config): PaymentGateway {
  if (config.payments.gateway === 'redsys') return createRedsysGateway(config.payments.redsys);
  if (config.production && !config.payments.allowSandboxInProduction) {
    throw new Error(
      'Refusing to start: PAYMENT_GATEWAY=sandbox takes fake card payments and NODE_ENV=production. ' +
        'Set PAYMENT_GATEWAY=redsys with REDSYS_URL, REDSYS_MERCHANT_CODE, REDSYS_TERMINAL and ' +
        'REDSYS_MERCHANT_KEY, or ALLOW_SANDBOX_PAYMENTS=true for a demo install.',
    );
  }
  return createSandboxGateway();
}

/** Extra CSP form-action sources: the real gateway's origin (the sandbox is 'self'). */
export function paymentFormActions(config: Config): string[] {
  return config.payments.gateway === 'redsys' ? [new URL(config.payments.redsys.url).origin] : [];
}
