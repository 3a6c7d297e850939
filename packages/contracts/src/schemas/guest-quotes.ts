import { z } from 'zod';
import { TASK_STATES } from '../task-states.ts';
import { emailSchema, idField, langField, optionalText, requiredText } from './common.ts';
import { dataReply, decimalString, timestamp } from './replies.ts';

/**
 * The public quote request (spec part 2 §5 "Public quote form", §7 POST /register) and the guest's
 * temporary task (GET /task/temporal/{token}). One schema for the browser form and the server.
 */

/** Multipart fields arrive as strings: "true"/"1"/"on" are true. */
const formFlag = z.preprocess(
  (v) => v === true || v === 'true' || v === '1' || v === 'on',
  z.boolean({ error: 'validation.type' }),
);

const requiredId = z.coerce
  .number({ error: 'validation.required' })
  .int({ error: 'validation.invalid' })
  .positive({ error: 'validation.required' });

/** POST /register fields (the files travel as file[] beside them). */
export const quoteRequestSchema = z.object({
  company_name: optionalText(40),
  country: requiredId,
  first_name: requiredText(25),
  last_name: requiredText(25),
  email: emailSchema,
  phone_number: requiredText(16).pipe(
    z.string().regex(/^\+?[0-9 ()./-]{6,16}$/, { error: 'validation.format' }),
  ),
  source_language: requiredId,
  target_languages: z.preprocess(
    (v) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : [v]),
    z.array(requiredId).min(1, { error: 'validation.required' }).max(50),
  ),
  comments: optionalText(255),
  review_originals: formFlag.default(false),
  privacy_policy: formFlag.refine((v) => v, { error: 'validation.privacy_required' }),
  /** The solved ALTCHA challenge (base64 JSON), under the spec's name. */
  recaptcha_token: z
    .string({ error: 'validation.bot_check_required' })
    .trim()
    .min(1, { error: 'validation.bot_check_required' })
    .max(4096),
  ...langField,
});
export type QuoteRequestForm = z.infer<typeof quoteRequestSchema>;

/** GET /quote/challenge: an ALTCHA challenge (format v1) for the form's proof of work. */
export const quoteChallengeSchema = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: z.string(),
  salt: z.string(),
  signature: z.string(),
  maxnumber: z.number().int(),
});
export type QuoteChallenge = z.infer<typeof quoteChallengeSchema>;
export const quoteChallengeReply = dataReply(quoteChallengeSchema);

/** 201 of POST /register: `id` is the link token of the guest's task, never its number. */
export const quoteRegisteredReply = dataReply(z.object({ id: z.string() }));

const guestLanguage = z.object({ id: z.number().int(), iso_code: z.string(), name: z.string() });

/** GET /task/temporal/{token}: the guest's temporary task (spec part 1 §3 "Temporal (guest) task"). */
export const guestTaskSchema = z.object({
  id: z.string(),
  code: z.string(),
  state: z.enum(TASK_STATES),
  description: z.string(),
  comments: z.string().nullable(),
  created_at: timestamp,
  due_date: timestamp.nullable(),
  expires_at: timestamp,
  source_language: guestLanguage,
  target_languages: z.array(guestLanguage),
  files: z.array(
    z.object({
      file_name: z.string(),
      error_key: z.string().nullable(),
      words: z.array(z.object({ language_id: z.number().int(), total_words: z.number().int() })),
    }),
  ),
  base_price: decimalString,
  price_taxes: decimalString,
  tax_name: z.string().nullable(),
  tax_percentage: decimalString,
  taxed_price: decimalString,
  /** True while a language has no general rate: staff will confirm the price (no payment yet). */
  price_to_be_confirmed: z.boolean(),
  can_pay: z.boolean(),
  /** The delivered translations, once the task is DONE (empty before): each downloads by its id. */
  translations: z.array(
    z.object({
      id: z.number().int(),
      language_id: z.number().int(),
      file_name: z.string(),
      source_file_name: z.string(),
    }),
  ),
});
export type GuestTask = z.infer<typeof guestTaskSchema>;
export const guestTaskReply = dataReply(guestTaskSchema);

/** POST /tasks/{id}/guest-customer: staff turn a guest request into a customer with its client admin. */
export const convertGuestBody = z.object({
  customer_name: requiredText(255),
  name: requiredText(255),
  lastname: requiredText(255),
  email: emailSchema,
  ...langField,
});
export type ConvertGuestInput = z.infer<typeof convertGuestBody>;
export const convertGuestReply = dataReply(
  z.object({ task_id: idField, customer_id: idField, user_id: idField, message: z.string() }),
);

/** The request behind a guest task, for staff (task detail). */
export const guestRequestSchema = z.object({
  company_name: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  country_id: z.number().int().nullable(),
  lang: z.string().nullable(),
});
export type GuestRequest = z.infer<typeof guestRequestSchema>;
export const guestRequestReply = dataReply(guestRequestSchema);
