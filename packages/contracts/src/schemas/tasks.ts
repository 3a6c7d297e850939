import { z } from 'zod';
import { PAYMENT_SCHEMES, STATE_CHANGE_REASONS, TASK_STATES, TASK_STATE_FILTERS } from '../task-states.ts';
import { isIsoDate } from '../pricing/calendar.ts';
import { madridDateOf } from '../pricing/madrid-time.ts';
import { langField, moneyInput, optionalText, requiredText, idField } from './common.ts';
import { cappedPageOf, dataReply, decimalString, timestamp } from './replies.ts';

/** Multipart fields arrive as strings: "true"/"1"/"on" are true. */
const formBoolean = z.preprocess(
  (v) => {
    if (v === true || v === 'true' || v === '1' || v === 'on') return true;
    if (v === false || v === 'false' || v === '0' || v === '' || v === undefined || v === null) return false;
    return v;
  },
  z.boolean({ error: 'validation.type' }),
);

const requiredId = z.coerce
  .number({ error: 'validation.required' })
  .int({ error: 'validation.invalid' })
  .positive({ error: 'validation.required' });

/** `source_files` on update: the files kept, as a JSON array of ids or of `{ id }` objects. */
const keptFiles = z.preprocess((v) => {
  if (v === undefined || v === '') return [];
  const list = (Array.isArray(v) ? v : [v]).flatMap((item) => {
    if (typeof item !== 'string') return [item];
    try {
      const parsed: unknown = JSON.parse(item);
      return Array.isArray(parsed) ? parsed : [parsed];
    } catch {
      return [item];
    }
  });
  return list.map((item) =>
    item && typeof item === 'object' && 'id' in item ? (item as { id: unknown }).id : item,
  );
}, z.array(requiredId));

const isCalendarDate = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && isIsoDate(text);
const yearsAhead = (isoDay: string, years: number) =>
  `${String(Number(isoDay.slice(0, 4)) + years).padStart(4, '0')}${isoDay.slice(4)}`;

/**
 * The day the client asks to have the translation by: `YYYY-MM-DD`, from today (Madrid) to two
 * years ahead. Absent: unchanged (on update); empty or "null": none.
 */
export const requestedDateField = z.preprocess(
  (v) => (v === '' || v === 'null' || v === null ? null : v),
  z
    .string({ error: 'validation.date' })
    .trim()
    .refine(isCalendarDate, { error: 'validation.date', abort: true })
    .refine((day) => day >= madridDateOf(new Date()), { error: 'validation.date_not_past', abort: true })
    .refine((day) => day <= yearsAhead(madridDateOf(new Date()), 2), { error: 'validation.date_too_far' })
    .nullable()
    .optional(),
);

/** The task form (create and edit), as the multipart fields of spec part 2 §7. */
export const taskFormSchema = z.object({
  description: requiredText(255),
  department: requiredId,
  source_language: requiredId,
  target_languages: z.preprocess(
    (v) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : [v]),
    z.array(requiredId).min(1, { error: 'validation.required' }).max(100),
  ),
  translation_type: requiredId,
  review: formBoolean.default(false),
  custom_quote: formBoolean.default(false),
  comments: optionalText(255),
  po_number: optionalText(50),
  client_reference: optionalText(100),
  requested_date: requestedDateField,
  source_files: keptFiles.default([]),
  /** Order again: reference files of another task the caller may see, copied into this one. */
  copy_reference_files: keptFiles.default([]),
  /** Edit: reference files of this task to remove (the others are kept). */
  remove_reference_files: keptFiles.default([]),
  ...langField,
});
export type TaskForm = z.infer<typeof taskFormSchema>;

export const TASK_SORT_FIELDS = ['id', 'code', 'description', 'created_at', 'state', 'amount'] as const;

export const taskListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(15),
  state: z.enum(TASK_STATE_FILTERS, { error: 'validation.invalid_option' }).optional(),
  client: idField.optional(),
  showCancelled: formBoolean.default(false),
  search: z.string().trim().max(255).optional(),
  sort: z.enum(TASK_SORT_FIELDS, { error: 'validation.invalid_option' }).default('id'),
  order: z.enum(['asc', 'desc'], { error: 'validation.invalid_option' }).default('desc'),
  /** Only tasks past their due date that are not DONE or CANCELLED. */
  overdue: formBoolean.default(false),
  ...langField,
});
export type TaskListQuery = z.infer<typeof taskListQuery>;

export const sourceFilesValidatedBody = z.strictObject({ source_files_validated: formBoolean, ...langField });

/** Accepted upload types (spec part 2 §5). */
export const ACCEPTED_EXTENSIONS = [
  'dita',
  'ditamap',
  'doc',
  'docx',
  'htm',
  'html',
  'idml',
  'mi2',
  'mif',
  'odf',
  'odp',
  'ods',
  'odt',
  'po',
  'ppt',
  'pptx',
  'srt',
  'txt',
  'xliff',
  'xls',
  'xlsx',
  'xlt',
  'xml',
  'zip',
] as const;

export const hasAcceptedExtension = (fileName: string): boolean => {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  return fileName.includes('.') && (ACCEPTED_EXTENSIONS as readonly string[]).includes(ext);
};

export const amountToPayBody = z.strictObject({ amount_to_pay: moneyInput(0.01, 999_999.99), ...langField });

export const daysToAddBody = z.strictObject({
  days_to_add: z.coerce
    .number({ error: 'validation.number' })
    .int({ error: 'validation.invalid' })
    .min(-999, { error: 'validation.min' })
    .max(999, { error: 'validation.max' }),
  ...langField,
});

export const otherConceptBody = z.strictObject({
  task_id: z.coerce.number({ error: 'validation.required' }).int().positive({ error: 'validation.required' }),
  concept: requiredText(100),
  description: optionalText(255),
  unit: optionalText(50),
  quantity: moneyInput(0.01, 999_999.99),
  price: moneyInput(-999_999.99, 999_999.99),
  ...langField,
});

export const payTaskHistoryBody = z.strictObject({
  task_id: z.coerce.number({ error: 'validation.required' }).int().positive({ error: 'validation.required' }),
  // "amount max 8 characters" (spec part 2 §5) is checked on the text the person typed.
  amount: z
    .union([z.string(), z.number()], { error: 'validation.required' })
    .transform((v) => String(v).trim())
    .pipe(z.string().min(1, { error: 'validation.required' }).max(8, { error: 'validation.max_length' }))
    .pipe(moneyInput(-999_999.99, 999_999.99) as unknown as z.ZodType<string, string>),
  type: requiredText(255),
  ...langField,
});

/** The states staff may pick on the status screen, in the screen's order. */
export const STAFF_TARGET_STATES = ['TEMPORAL', 'DEFERRED', 'APPROVED', 'IN_COURSE', 'DONE'] as const;

/* ---- replies (DESIGN §13, typed replies) ---- */

const id = z.number().int();
const taskState = z.enum(TASK_STATES);
const invoiceTagSchema = z.enum(['paid', 'pending']);

export const taskListRow = z.object({
  id,
  code: z.string(),
  description: z.string(),
  created_at: timestamp,
  state: taskState,
  customer: z.object({ id, name: z.string() }).nullable(),
  department: z.object({ id, title: z.string() }).nullable(),
  requested_by: z.object({ name: z.string(), lastname: z.string() }).nullable(),
  invoice_folio: z.string().nullable(),
  invoice_tag: invoiceTagSchema.nullable(),
  amount_without_taxes: decimalString,
  po_number: z.string().nullable(),
  client_reference: z.string().nullable(),
  /** A guest task (no customer): who asked for the quote. */
  guest_company: z.string().nullable().default(null),
  guest_name: z.string().nullable().default(null),
  due_date: timestamp.nullable().default(null),
});
export const taskPage = cappedPageOf(taskListRow);

export const taskLanguage = z.object({ id, iso_code: z.string(), name: z.string() });

export const wordCountRow = z.object({
  id,
  source_file_id: id,
  target_language_id: id,
  total_words: z.number().int(),
  percent101: z.number().int(),
  percent100: z.number().int(),
  percent95: z.number().int(),
  percent85: z.number().int(),
  percent75: z.number().int(),
  percent50: z.number().int(),
  no_match: z.number().int(),
  repetitions: z.number().int(),
  characters: z.number().int(),
  /** per member of an archive: its path, type, error and bands */
  internal_word_counts: z.array(z.record(z.string(), z.unknown())).nullable(),
});

export const translatedFileRow = z.object({
  id,
  task_id: id,
  source_file_id: id,
  language_id: id,
  file_name: z.string(),
  file_path: z.string(),
  size: z.number(),
  uploaded_by: id.nullable(),
  created_at: timestamp,
});
/** POST tasks/{id}/uploadTranslatedFile: the stored file and what it added to the memory. */
export const deliveredFile = translatedFileRow.extend({ tm_units_added: z.number().int() });

export const otherConceptRow = z.object({
  id,
  task_id: id,
  concept: z.string(),
  description: z.string().nullable(),
  unit: z.string().nullable(),
  quantity: decimalString,
  price: decimalString,
  lang: z.string().nullable(),
  created_at: timestamp,
});

export const payTaskHistoryRow = z.object({
  id,
  task_id: id,
  amount: decimalString,
  type: z.string(),
  taxes: decimalString,
  lang: z.string().nullable(),
  created_by: id.nullable(),
  created_at: timestamp,
});

/** What the caller may do with the task now (role permission and transition table). */
export const taskAbilities = z.object({
  can_edit: z.boolean(),
  can_cancel: z.boolean(),
  can_reactivate: z.boolean(),
  can_pay: z.boolean(),
  can_send_to_production: z.boolean(),
  can_download_quote: z.boolean(),
  can_change_status: z.boolean(),
  /** add, change or remove other concepts (staff; not on a cancelled or invoiced task) */
  can_edit_concepts: z.boolean(),
  can_upload_translations: z.boolean(),
  /** the zip of every delivered translation */
  can_download_translations: z.boolean(),
  /** staff price a draft's quote again from today's rates */
  can_recalculate: z.boolean(),
  can_delete: z.boolean(),
  /** the order form pre-filled from this task ("Order again") */
  can_order_again: z.boolean(),
});

export const deliveryProgressRow = z.object({
  language_id: id,
  delivered: z.number().int(),
  total: z.number().int(),
  final: z.boolean(),
  /** What staff told the client about this language's delivery. */
  note: z.string().nullable(),
  marked_at: timestamp.nullable(),
});
export type DeliveryProgressRow = z.infer<typeof deliveryProgressRow>;

/** PUT /tasks/{id}/delivery-status: staff mark one target language's delivery partial or final. */
export const deliveryStatusBody = z.strictObject({
  language_id: idField,
  final: formBoolean,
  note: optionalText(500),
  ...langField,
});

export const taskDetail = z.object({
  id,
  code: z.string(),
  description: z.string(),
  comments: z.string().nullable(),
  po_number: z.string().nullable(),
  client_reference: z.string().nullable(),
  review: z.boolean(),
  custom_quote: z.boolean(),
  source_files_validated: z.boolean(),
  source_files_validation_requested: z.boolean(),
  current_task_state: z.object({ state: taskState }),
  state: taskState,
  analysis_error: z.string().nullable(),
  source_language: taskLanguage,
  target_languages: z.array(z.object({ target_language_id: id, target_language: taskLanguage })),
  translation_type_id: id,
  translation_type: z.object({
    id,
    percent: decimalString,
    name: z.string(),
    description: z.string(),
    description_2: z.string(),
  }),
  department_id: id.nullable(),
  department: z.object({ id, title: z.string() }).nullable(),
  customer: z.object({ id, name: z.string(), payment_scheme: z.enum(PAYMENT_SCHEMES) }).nullable(),
  user: z.object({ name: z.string(), lastname: z.string(), type: z.string() }).nullable(),
  source_files: z.array(
    z.object({
      id,
      file_name: z.string(),
      size: z.number(),
      filter: z.string().nullable(),
      error: z.string().nullable(),
      word_count: z.array(wordCountRow),
      translated_files: z.array(
        z.object({ id, language_id: id, file_name: z.string(), created_at: timestamp }),
      ),
    }),
  ),
  /** Files for the translators: never analysed or priced. */
  reference_files: z.array(z.object({ id, file_name: z.string(), size: z.number() })),
  word_count: z.number().int(),
  base_price: decimalString,
  discount_percentage: decimalString,
  discount_amount: decimalString,
  other_prices: decimalString,
  price_taxes: decimalString,
  other_prices_taxes: decimalString,
  tax_name: z.string().nullable(),
  tax_percentage: decimalString,
  taxed_price: decimalString,
  amount_to_pay: decimalString,
  days_to_add: z.number().int(),
  due_date: timestamp.nullable(),
  quoted_at: timestamp.nullable(),
  other_concepts: z.array(otherConceptRow),
  payments: z.array(payTaskHistoryRow),
  /** Taxes included, like the total: the amount to pay less the payments received. */
  outstanding_balance: decimalString,
  /** Taxes included: every payment received (card, balance, recorded by staff). */
  paid_amount: decimalString,
  /** Taxes included, on the same basis as the total: what is still owed (never below zero). */
  outstanding_amount: decimalString,
  /** Per target language: source files delivered of the total, and whether staff marked it final. */
  delivery_progress: z.array(deliveryProgressRow),
  /** The day the client asked to have it by (YYYY-MM-DD), or null. */
  requested_date: z.string().nullable(),
  /** Whether the quote can be paid now; if not, why (shown beside the disabled pay button). */
  quote_readiness: z.object({
    fully_priced: z.boolean(),
    unpriced_language_ids: z.array(id),
    reason: z.enum(['unpriced_languages', 'zero_total']).nullable(),
  }),
  changes: z.array(
    z.object({
      id,
      from_state: taskState.nullable(),
      to_state: taskState,
      created_at: timestamp,
      reason: z.enum(STATE_CHANGE_REASONS).nullable(),
      note: z.string().nullable(),
      user_name: z.string().nullable(),
      user_lastname: z.string().nullable(),
    }),
  ),
  invoice: z.object({ folio: z.string(), tag: invoiceTagSchema }).nullable(),
  abilities: taskAbilities,
  created_at: timestamp,
  updated_at: timestamp,
});

/** A target language's stored price (the pricing package's LanguagePriceSummary) and whether its rate is missing. */
export const taskPriceSummary = z.looseObject({
  targetLanguageId: id,
  total: z.string(),
  rateMissing: z.boolean().optional(),
});

/** GET /tasks/target-prices: what each target language costs per word from a source, for the order form. */
export const targetPricesQuery = z.object({
  source_language: idField,
  translation_type: idField.optional(),
  lang: z.string().optional(),
});
/** A priced target: its price per word for the type (4 decimals). Any target not listed: "price on request". */
export const targetPrice = z.object({ language_id: id, price_per_word: decimalString });
export type TargetPrice = z.infer<typeof targetPrice>;

/**
 * GET /tasks/{id}/service-levels: what the task would cost at each service level (translation type), for its analysed
 * files and target languages, priced now by the same code as its quote; `due_date` as if approved now.
 * `rate_missing`: some target has no rate at that level (its total is then a custom quote, not a price).
 */
export const serviceLevelQuote = z.object({
  translation_type_id: id,
  taxed_price: decimalString,
  due_date: timestamp.nullable(),
  rate_missing: z.boolean(),
});
export type ServiceLevelQuote = z.infer<typeof serviceLevelQuote>;

export const taskStateReply = z.object({ id, state: taskState, message: z.string() });
export const deletedReply = z.object({ deleted: z.literal(true) });

export const taskReplies = {
  list: dataReply(taskPage),
  detail: dataReply(taskDetail),
  price: dataReply(z.array(taskPriceSummary)),
  state: dataReply(taskStateReply),
  sourceFilesValidated: dataReply(z.object({ id, source_files_validated: z.boolean() })),
  amountToPay: dataReply(z.object({ id, amount_to_pay: decimalString })),
  targetPrices: dataReply(z.array(targetPrice)),
  serviceLevels: dataReply(z.array(serviceLevelQuote)),
  recalculated: dataReply(z.object({ id, amount_to_pay: decimalString, message: z.string() })),
  daysToAdd: dataReply(z.object({ id, days_to_add: z.number().int(), due_date: timestamp.nullable() })),
  otherConcept: dataReply(otherConceptRow),
  payTaskHistory: dataReply(payTaskHistoryRow),
  deleted: dataReply(deletedReply),
  taskDeleted: dataReply(deletedReply.extend({ message: z.string() })),
  delivered: dataReply(deliveredFile),
  deliveryStatus: dataReply(deliveryProgressRow),
};

export type TaskListRow = z.infer<typeof taskListRow>;
export type TaskPage = z.infer<typeof taskPage>;
export type TaskDetail = z.infer<typeof taskDetail>;
export type TaskAbilities = z.infer<typeof taskAbilities>;
export type TaskLanguage = z.infer<typeof taskLanguage>;
export type WordCountRow = z.infer<typeof wordCountRow>;
export type TaskSourceFile = TaskDetail['source_files'][number];
export type TaskReferenceFile = TaskDetail['reference_files'][number];
export type OtherConceptRow = z.infer<typeof otherConceptRow>;
export type PayTaskHistoryRow = z.infer<typeof payTaskHistoryRow>;
export type TaskPriceSummary = z.infer<typeof taskPriceSummary>;
export type TaskStateReply = z.infer<typeof taskStateReply>;
export type DeliveredFile = z.infer<typeof deliveredFile>;
