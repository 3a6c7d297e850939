import type { z } from 'zod';
import { compareMoney, outstandingBalance, sumMoney } from '@verba/contracts/pricing';
import { invoiceTag, type Locale, type taskDetail } from '@verba/contracts';
import { notFound } from '../../lib/app-error.ts';
import type { Actor, Deps } from '../../lib/service.ts';
import * as payments from '../payments/policy.ts';
import { abilitiesFor, isStaffUser } from './policy.ts';
import { storedQuote } from './pricing/quote-read.ts';
import * as repo from './repository.ts';

/** Every payment line received, taxes included (a line carries its tax inside its amount). */
export const paidAmount = (amounts: readonly string[]) => sumMoney('0', ...amounts);

/**
 * Per target language: how many of the task's analysable source files have a translation, and
 * whether it is final (marked so by staff, or the task is DONE), with the note the client reads.
 */
export function deliveryProgress(
  files: ReadonlyArray<{ id: number; error_key: string | null }>,
  translated: ReadonlyArray<{ source_file_id: number; language_id: number }>,
  targets: ReadonlyArray<{
    language_id: number;
    delivery_final?: boolean;
    delivery_note?: string | null;
    delivery_marked_at?: string | Date | null;
  }>,
  done = false,
) {
  const sources = files.filter((f) => !f.error_key).map((f) => f.id);
  return targets.map((t) => {
    const delivered = new Set(
      translated.filter((x) => x.language_id === t.language_id).map((x) => x.source_file_id),
    );
    return {
      language_id: t.language_id,
      delivered: sources.filter((id) => delivered.has(id)).length,
      total: sources.length,
      // A DONE task's delivery is final, marked or not.
      final: done || (t.delivery_final ?? false),
      note: t.delivery_note ?? null,
      marked_at: t.delivery_marked_at ? new Date(t.delivery_marked_at) : null,
    };
  });
}

const localized = <T extends Record<string, unknown>>(row: T, field: string, locale: Locale) =>
  row[`${field}_${locale}`] as string;

/** The task as spec part 1 §3 describes it; staff also see the customer. */
export async function detail(deps: Deps, actor: Actor, id: number): Promise<z.input<typeof taskDetail>> {
  const user = actor.user;
  // One statement: the task, if the user may see it, with every part of its detail.
  const found = await repo.taskWithDetailParts(deps.db, user, id);
  if (!found) throw notFound();
  const { task, parts: p } = found;
  const { source, type } = p;
  if (!source || !type) throw new Error(`task ${task.id} has lost its source language or type`);
  const state = task.state;
  const locale = actor.locale;
  // Owed with taxes, like the total: the amount to pay less every line received.
  const outstanding = outstandingBalance(
    task.amount_to_pay,
    p.payments.map((row) => row.amount),
  );
  const paid = paidAmount(p.payments.map((row) => row.amount));
  // The detail shows the stored quote as it is; it never prices (its replies are kept, ADR 0024).
  const readiness = storedQuote(task, p.targets).readiness;
  const abilities = abilitiesFor(user, {
    state: task.state,
    isGuestTask: !task.customer_id,
    paymentScheme: p.customer?.payment_scheme ?? null,
    quoted: p.files.some((f) => !f.error_key),
    hasQuote: task.quoted_at !== null,
    delivered: p.files.some((f) => p.translated.some((t) => t.source_file_id === f.id)),
    invoiced: task.invoice_id !== null,
  });
  return {
    id: task.id,
    code: task.code,
    description: task.description,
    comments: task.comments,
    po_number: task.po_number,
    client_reference: task.client_reference,
    review: task.review,
    custom_quote: task.custom_quote,
    source_files_validated: task.source_files_validated,
    source_files_validation_requested: task.source_files_validation_requested,
    current_task_state: { state },
    state,
    analysis_error: task.analysis_error,
    source_language: { id: source.id, iso_code: source.iso_code, name: localized(source, 'name', locale) },
    target_languages: p.targets.map((t) => ({
      target_language_id: t.language_id,
      target_language: { id: t.language_id, iso_code: t.iso_code, name: localized(t, 'name', locale) },
    })),
    translation_type_id: task.translation_type_id,
    translation_type: {
      id: type.id,
      percent: type.percent,
      name: localized(type, 'name', locale),
      description: localized(type, 'description', locale),
      description_2: localized(type, 'description_2', locale),
    },
    department_id: task.department_id,
    department: p.department ? { id: p.department.id, title: p.department.title } : null,
    customer:
      isStaffUser(user) && p.customer
        ? {
            id: p.customer.id,
            name: p.customer.name,
            payment_scheme: p.customer.payment_scheme,
          }
        : null,
    user: p.requester ?? null,
    source_files: p.files.map((f) => ({
      id: f.id,
      file_name: f.file_name,
      size: f.size,
      filter: f.filter,
      error: f.error_key,
      word_count: p.counts
        .filter((c) => c.source_file_id === f.id)
        .map((c) => ({
          ...c,
          internal_word_counts: c.internal_word_counts as Array<Record<string, unknown>> | null,
        })),
      translated_files: p.translated
        .filter((t) => t.source_file_id === f.id)
        .map((t) => ({
          id: t.id,
          language_id: t.language_id,
          file_name: t.file_name,
          created_at: t.created_at,
        })),
    })),
    reference_files: p.references,
    word_count: task.word_count,
    base_price: task.base_price,
    discount_percentage: task.discount_percentage,
    discount_amount: task.discount_amount,
    other_prices: task.other_prices,
    price_taxes: task.price_taxes,
    other_prices_taxes: task.other_prices_taxes,
    tax_name: task.tax_name,
    tax_percentage: task.tax_percentage,
    taxed_price: task.taxed_price,
    amount_to_pay: task.amount_to_pay,
    days_to_add: task.days_to_add,
    due_date: task.due_date,
    quoted_at: task.quoted_at,
    other_concepts: p.concepts,
    payments: payments.can(user, 'view', task) ? p.payments : [],
    outstanding_balance: outstanding,
    paid_amount: paid,
    outstanding_amount: compareMoney(outstanding, '0') < 0 ? '0.00' : outstanding,
    delivery_progress: deliveryProgress(p.files, p.translated, p.targets, state === 'DONE'),
    requested_date: task.requested_date,
    quote_readiness: {
      fully_priced: readiness.fullyPriced,
      unpriced_language_ids: readiness.unpricedLanguageIds,
      reason: readiness.reason,
    },
    changes: p.changes,
    invoice: p.invoice
      ? {
          folio: p.invoice.folio,
          tag: invoiceTag(state, p.customer?.payment_scheme, p.invoice.payment_status === 'paid'),
        }
      : null,
    abilities,
    created_at: task.created_at,
    updated_at: task.updated_at,
  };
}
