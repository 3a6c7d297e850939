import { z } from 'zod';
import { TASK_STATE_FILTERS } from '../task-states.ts';
import { langField, moneyInput, optionalText, requiredText } from './common.ts';

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
  source_files: keptFiles.default([]),
  ...langField,
});
export type TaskForm = z.infer<typeof taskFormSchema>;

export const TASK_SORT_FIELDS = ['id', 'code', 'description', 'created_at', 'state', 'amount'] as const;

export const taskListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(15),
  state: z.enum(TASK_STATE_FILTERS, { error: 'validation.invalid_option' }).optional(),
  client: z.coerce.number().int().positive().optional(),
  showCancelled: formBoolean.default(false),
  search: z.string().trim().max(255).optional(),
  sort: z.enum(TASK_SORT_FIELDS, { error: 'validation.invalid_option' }).default('id'),
  order: z.enum(['asc', 'desc'], { error: 'validation.invalid_option' }).default('desc'),
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
