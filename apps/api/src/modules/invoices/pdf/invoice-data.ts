import type { Locale } from '@verba/contracts';
import type { Letterhead } from '../../../lib/pdf/index.ts';

/** Everything an invoice PDF shows, looked up already (names in the PDF's language). */
export interface InvoiceData {
  locale: Locale;
  brand: Letterhead & { taxId: string };
  folio: string;
  corrective: boolean;
  issuedAt: string;
  rectifies: string | null;
  reason: string | null;
  customer: {
    enterprise: string;
    tin: string | null;
    addressLines: string[];
    country: string;
    phone: string | null;
    email: string | null;
  };
  lines: Array<{
    code: string;
    description: string;
    languages: string;
    words: number;
    amount: string;
    po_number: string | null;
    client_reference: string | null;
  }>;
  taxOption: 'IVA' | 'NONE';
  taxPercentage: string;
  base: string;
  tax: string;
  total: string;
  payment: { status: 'paid' | 'pending'; paidAt: string | null; method: string | null };
  hash: string;
  /** Issued in VERI*FACTU mode: the AEAT validation URL its QR code carries. */
  verifactu: { qrUrl: string } | null;
}
