import type { InvoiceTag, PaymentScheme, StateChangeReason, TaskState } from '@verba/contracts';
import type { LanguagePriceSummary } from '@verba/contracts/pricing';

export interface Language {
  id: number;
  iso_code: string;
  name: string;
}

export interface TranslationType {
  id: number;
  name: string;
  description: string | null;
  description_2: string | null;
  percent: string | number;
}

export interface TaskListRow {
  id: number;
  code: string;
  description: string;
  created_at: string;
  state: TaskState;
  customer: { id: number; name: string } | null;
  department: { id: number; title: string } | null;
  requested_by: { name: string; lastname: string } | null;
  invoice_folio: string | null;
  invoice_tag: InvoiceTag | null;
  amount_without_taxes: string | null;
}

export interface TaskPage {
  current_page: number;
  per_page: number;
  total: number;
  total_is_capped: boolean;
  last_page: number;
  data: TaskListRow[];
}

export interface WordCount {
  target_language_id: number;
  total_words: number;
  percent101: number;
  percent100: number;
  percent95: number;
  percent85: number;
  percent75: number;
  percent50: number;
  no_match: number;
  repetitions: number;
  characters: number;
}

export interface SourceFile {
  id: number;
  file_name: string;
  size: number;
  filter: string | null;
  error: string | null;
  word_count: WordCount[];
  translated_files: { id: number; language_id: number; file_name: string; created_at: string }[];
}

export interface OtherConcept {
  id: number;
  concept: string;
  description: string | null;
  unit: string | null;
  quantity: string;
  price: string;
}

export interface TaskDetail {
  id: number;
  code: string;
  description: string;
  comments: string | null;
  review: boolean;
  custom_quote: boolean;
  source_files_validated: boolean;
  source_files_validation_requested: boolean;
  state: TaskState;
  analysis_error: string | null;
  source_language: Language;
  target_languages: { target_language_id: number; target_language: Language }[];
  translation_type: TranslationType;
  department: { id: number; title: string } | null;
  customer: { id: number; name: string; payment_scheme: PaymentScheme } | null;
  user: { name: string; lastname: string; type: string } | null;
  source_files: SourceFile[];
  word_count: number | null;
  base_price: string | null;
  discount_percentage: string | null;
  discount_amount: string | null;
  other_prices: string | null;
  price_taxes: string | null;
  other_prices_taxes: string | null;
  tax_name: string | null;
  tax_percentage: string | null;
  taxed_price: string | null;
  amount_to_pay: string | null;
  days_to_add: number | null;
  due_date: string | null;
  quoted_at: string | null;
  other_concepts: OtherConcept[];
  payments: { id: number; amount: string; taxes: string; type: string; created_at: string }[];
  outstanding_balance: string | null;
  changes: {
    from_state: TaskState | null;
    to_state: TaskState;
    created_at: string;
    user_name: string | null;
    user_lastname: string | null;
    reason: StateChangeReason | null;
    note: string | null;
  }[];
  invoice: { folio: string; tag: InvoiceTag } | null;
  created_at: string;
}

export type PriceSummary = LanguagePriceSummary & { rateMissing?: boolean };

export interface GatewayAnswer {
  form?: { action: string; method: string; fields: Record<string, string> };
  paymentDone?: boolean;
  message?: string;
}
