import { z } from 'zod';
import { idField, moneyInput, optionalText, requiredText } from './common.ts';
import { dataReply, decimalString, pageOf, timestamp } from './replies.ts';
import { TASK_STATES } from '../task-states.ts';
import { LOCALES } from '../locales.ts';

/** The tax options of an invoice (spec part 1 §3): IVA (the rate of the quotes' tax table) or none. */
export const INVOICE_TAX_OPTIONS = ['IVA', 'NONE'] as const;
export type InvoiceTaxOption = (typeof INVOICE_TAX_OPTIONS)[number];

export const INVOICE_PAYMENT_STATUSES = ['paid', 'pending'] as const;
export type InvoicePaymentStatus = (typeof INVOICE_PAYMENT_STATUSES)[number];

/** Tasks that can go on an invoice: approved or later (DEFERRED is in production on deferred terms). */
export const INVOICEABLE_STATES = ['DEFERRED', 'APPROVED', 'IN_COURSE', 'DONE'] as const;

/** A calendar day, YYYY-MM-DD. */
const day = z.iso.date({ error: 'validation.format' });

// ---- Requests ----

/** GET /invoices: filters of the list (a client admin always sees its own customer's only). */
/** Where an invoice's AEAT record is on its way (VERI*FACTU, ADR 0031). */
export const VERIFACTU_STATES = ['pending', 'sent', 'accepted', 'accepted_with_errors', 'rejected'] as const;
export type VerifactuState = (typeof VERIFACTU_STATES)[number];

export const invoiceListQuery = z
  .object({
    customer_id: idField.optional(),
    /** Invoices whose latest AEAT record is in this submission state. */
    verifactu_state: z.enum(VERIFACTU_STATES, { error: 'validation.invalid_option' }).optional(),
    status: z.enum(INVOICE_PAYMENT_STATUSES, { error: 'validation.invalid_option' }).optional(),
    from: day.optional(),
    to: day.optional(),
    page: z.coerce.number({ error: 'validation.number' }).int().min(1).default(1),
    per_page: z.coerce.number({ error: 'validation.number' }).int().min(1).max(100).default(10),
    lang: z.string().optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: 'validation.invalid', path: ['to'] });
export type InvoiceListQuery = z.infer<typeof invoiceListQuery>;

/** GET /invoices/export: the accountant's CSV of the invoices issued between two days. */
export const invoiceExportQuery = z
  .object({ from: day.optional(), to: day.optional(), lang: z.string().optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: 'validation.invalid', path: ['to'] });
export type InvoiceExportQuery = z.infer<typeof invoiceExportQuery>;

/** GET /invoices/draft: what the form needs once a customer is picked. */
export const invoiceDraftQuery = z.object({ customer_id: idField, lang: z.string().optional() });

/** The invoice information (spec part 1 §3), pre-filled from the customer and editable. */
export const invoiceInformationFields = {
  enterprise: requiredText(255),
  tin: optionalText(255),
  address: optionalText(255),
  address_2: optionalText(255),
  town: optionalText(255),
  province: optionalText(255),
  postal_code: optionalText(32),
  country_id: idField,
  phone: optionalText(50),
  email: z
    .string()
    .trim()
    .max(255, { error: 'validation.max_length' })
    .pipe(z.union([z.literal(''), z.email({ error: 'validation.email' })]))
    .nullish()
    .transform((value) => (value ? value.toLowerCase() : null)),
};

/** POST /invoices. `amount` is the total with taxes; the server recomputes it from the tasks. */
export const issueInvoiceBody = z.object({
  customer_id: z.union([idField, z.null(), z.undefined()]).transform((v, ctx) => {
    if (v == null) {
      ctx.addIssue({ code: 'custom', message: 'validation.invoices.customer_required' });
      return z.NEVER;
    }
    return v;
  }),
  task_ids: z
    .array(idField, { error: 'validation.invoices.tasks_required' })
    .min(1, { error: 'validation.invoices.tasks_required' })
    .max(500, { error: 'validation.max' })
    .nullish()
    .transform((v, ctx) => {
      if (!v?.length) {
        ctx.addIssue({ code: 'custom', message: 'validation.invoices.tasks_required' });
        return z.NEVER;
      }
      return [...new Set(v)];
    }),
  tax: z.enum(INVOICE_TAX_OPTIONS, { error: 'validation.invalid_option' }),
  amount: moneyInput(-99_999_999.99, 99_999_999.99),
  issued_at: day,
  ...invoiceInformationFields,
  lang: z.string().optional(),
});
export type IssueInvoiceBody = z.input<typeof issueInvoiceBody>;

/** PUT /invoices/{id}/paid: when and how the customer paid. */
export const markInvoicePaidBody = z.object({
  paid_at: day,
  method: requiredText(100),
  lang: z.string().optional(),
});
export type MarkInvoicePaidBody = z.input<typeof markInvoicePaidBody>;

/** POST /invoices/{id}/void: why the invoice was issued in error. */
export const voidInvoiceBody = z.object({
  reason: requiredText(255),
  lang: z.string().optional(),
});
export type VoidInvoiceBody = z.input<typeof voidInvoiceBody>;

/** POST /invoices/{id}/rectify: why, and the date of the corrective invoice (today by default). */
export const rectifyInvoiceBody = z.object({
  reason: requiredText(255),
  issued_at: day.optional(),
  lang: z.string().optional(),
});
export type RectifyInvoiceBody = z.input<typeof rectifyInvoiceBody>;

/** The PDF's language (`lang` stays the language of messages): the customer's unless asked. */
export const invoicePdfQuery = z.object({
  language: z.enum(LOCALES, { error: 'validation.invalid_option' }).optional(),
  lang: z.string().optional(),
});

// ---- Replies ----

const customerRef = z.object({ id: z.number().int(), name: z.string() });

/** A row of the invoice list: folio, customer, date, amount without taxes, amount, status. */
export const invoiceListRowSchema = z.object({
  id: z.number().int(),
  folio: z.string(),
  customer: customerRef,
  issued_at: z.string(),
  amount_without_taxes: decimalString,
  amount: decimalString,
  payment_status: z.enum(INVOICE_PAYMENT_STATUSES),
  /** The corrective invoice's folio, or null. */
  rectifies_folio: z.string().nullable(),
  rectified_by_folio: z.string().nullable(),
  /** voided as issued in error (VERI*FACTU: it has a RegistroAnulacion) */
  voided: z.boolean(),
});
export type InvoiceListRow = z.infer<typeof invoiceListRowSchema>;
export const invoicePageReply = dataReply(pageOf(invoiceListRowSchema));

export const invoiceLineSchema = z.object({
  task_id: z.number().int().nullable(),
  task_code: z.string(),
  description: z.string(),
  languages: z.string(),
  words: z.number().int(),
  amount: decimalString,
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/** What the caller may do with the invoice now (the web shows an action exactly when allowed). */
export const invoiceAbilitiesSchema = z.object({
  can_mark_paid: z.boolean(),
  can_send: z.boolean(),
  can_rectify: z.boolean(),
  /** void it as issued in error (VERI*FACTU: a RegistroAnulacion) */
  can_void: z.boolean(),
  /** replace the AEAT record it rejected by a subsanación */
  can_retry_verifactu: z.boolean(),
});

/** The invoice's latest AEAT registration record and what the AEAT answered; null without one. */
export const invoiceVerifactuSchema = z.object({
  record_type: z.enum(['alta', 'anulacion']),
  tipo_factura: z.string().nullable(),
  huella: z.string(),
  previous_huella: z.string().nullable(),
  generated_at: z.string(),
  state: z.enum(VERIFACTU_STATES),
  aeat_response: z
    .object({
      status: z.string(),
      code: z.string().nullable(),
      text: z.string().nullable(),
      csv: z.string().nullable(),
      at: z.string(),
    })
    .nullable(),
});

export const invoiceDetailSchema = invoiceListRowSchema.extend({
  series: z.string(),
  tax_option: z.enum(INVOICE_TAX_OPTIONS),
  tax_percentage: decimalString,
  tax_amount: decimalString,
  paid_at: z.string().nullable(),
  payment_method: z.string().nullable(),
  enterprise: z.string(),
  tin: z.string().nullable(),
  address: z.string().nullable(),
  address_2: z.string().nullable(),
  town: z.string().nullable(),
  province: z.string().nullable(),
  postal_code: z.string().nullable(),
  country: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  language: z.enum(LOCALES),
  reason: z.string().nullable(),
  rectifies: z.object({ id: z.number().int(), folio: z.string() }).nullable(),
  rectified_by: z.object({ id: z.number().int(), folio: z.string() }).nullable(),
  hash: z.string(),
  previous_hash: z.string().nullable(),
  created_at: timestamp,
  lines: z.array(invoiceLineSchema),
  abilities: invoiceAbilitiesSchema,
  verifactu: invoiceVerifactuSchema.nullable(),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;
/** What the server hands the reply schema (dates may still be Date objects). */
export type InvoiceDetailSource = z.input<typeof invoiceDetailSchema>;
export const invoiceDetailReply = dataReply(invoiceDetailSchema);

/** A task the form offers for the customer: approved or later, not invoiced yet, with its cost. */
export const invoiceableTaskSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string(),
  state: z.enum(TASK_STATES),
  languages: z.string(),
  words: z.number().int(),
  /** The task's cost without taxes (discounted base plus other concepts). */
  amount: decimalString,
  created_at: timestamp,
});
export type InvoiceableTask = z.infer<typeof invoiceableTaskSchema>;

/** GET /invoices/draft: the customer's invoiceable tasks and its pre-filled invoice information. */
export const invoiceDraftSchema = z.object({
  customer: customerRef,
  tasks: z.array(invoiceableTaskSchema),
  information: z.object({
    enterprise: z.string(),
    tin: z.string().nullable(),
    address: z.string().nullable(),
    address_2: z.string().nullable(),
    town: z.string().nullable(),
    province: z.string().nullable(),
    postal_code: z.string().nullable(),
    country_id: z.number().int(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
  }),
  /** The option the customer's country gives (the quotes' tax table). */
  default_tax: z.enum(INVOICE_TAX_OPTIONS),
  /** The IVA rate of the tax table, percent. */
  iva_percentage: decimalString,
});
export type InvoiceDraft = z.infer<typeof invoiceDraftSchema>;
export type InvoiceDraftSource = z.input<typeof invoiceDraftSchema>;
export const invoiceDraftReply = dataReply(invoiceDraftSchema);

export const invoiceSentReply = dataReply(z.object({ sent: z.literal(true), to: z.array(z.string()) }));
