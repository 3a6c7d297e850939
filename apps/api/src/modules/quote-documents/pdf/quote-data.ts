import type { Locale } from '@verba/contracts';
import type { LanguagePriceSummary } from '@verba/contracts/pricing';
import type { Letterhead } from '../../../lib/pdf/index.ts';
import type { QuoteTotals } from '../../tasks/service.ts';

/** Everything a quote shows, already looked up (names in the quote's language); amounts are decimal strings. */
export interface QuoteData {
  locale: Locale;
  brand: Letterhead;
  code: string;
  issuedAt: Date;
  validUntil: Date;
  customer: {
    name: string;
    taxId: string | null;
    addressLines: string[];
    country: string | null;
  } | null;
  requester: string | null;
  project: {
    name: string;
    sourceLanguage: string;
    targetLanguages: string[];
    translationType: string;
    department: string | null;
    poNumber: string | null;
    clientReference: string | null;
  };
  languages: Array<{ name: string; summary: LanguagePriceSummary; rateMissing: boolean }>;
  otherConcepts: Array<{ concept: string; quantity: string; price: string; total: string }>;
  totals: QuoteTotals;
  /** End of the delivery day; `ifApprovedToday`: an estimate, the task is not approved yet. */
  delivery: { date: Date | null; ifApprovedToday: boolean };
}
