import { z } from 'zod';
import { idField, pageQuery } from './common.ts';
import { timestamp } from './replies.ts';

/**
 * Glossaries (spec part 1 §2 and part 2 §7 "POST glossaries"). A client uploads a CSV:
 * type '1' unidirectional (source and target language), type '2' equivalent terms (a set of
 * languages). The same field schema checks the web form and the multipart fields on the server.
 */
export const GLOSSARY_TYPES = ['1', '2'] as const;
export type GlossaryType = (typeof GLOSSARY_TYPES)[number];

export const GLOSSARY_LIMITS = {
  /** The largest CSV taken, in bytes (10 MB). */
  maxBytes: 10 * 1024 * 1024,
  /** The most terms (rows besides the header). */
  maxRows: 100_000,
  /** The most bad rows a refusal lists. */
  maxListedErrors: 50,
  /** The longest term or note, in characters. */
  maxTermLength: 2000,
} as const;

export const GLOSSARY_EXPORT_FORMATS = ['original', 'csv', 'tbx'] as const;
export type GlossaryExportFormat = (typeof GLOSSARY_EXPORT_FORMATS)[number];

const optionalId = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  idField.optional(),
);

/** The multipart fields of `POST /glossaries` besides `file` (`languages[]` arrives as `languages`). */
export const glossaryUploadFields = z
  .object({
    customer_id: z.preprocess((value) => (value === '' ? undefined : value), idField),
    type: z.enum(GLOSSARY_TYPES, { error: 'validation.invalid_option' }),
    source_language: optionalId,
    target_language: optionalId,
    languages: z
      .preprocess(
        (value) => (value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value]),
        z.array(idField),
      )
      .default([]),
  })
  .superRefine((value, ctx) => {
    if (value.type === '1') {
      if (value.source_language === undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['source_language'],
          message: 'validation.glossaries.languages_required',
        });
      if (value.target_language === undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['target_language'],
          message: 'validation.glossaries.languages_required',
        });
      if (value.source_language !== undefined && value.source_language === value.target_language)
        ctx.addIssue({
          code: 'custom',
          path: ['target_language'],
          message: 'validation.glossaries.languages_different',
        });
    } else {
      if (value.languages.length < 2)
        ctx.addIssue({ code: 'custom', path: ['languages'], message: 'validation.glossaries.languages_min' });
      else if (new Set(value.languages).size !== value.languages.length)
        ctx.addIssue({
          code: 'custom',
          path: ['languages'],
          message: 'validation.glossaries.languages_different',
        });
    }
  });
export type GlossaryUploadFields = z.output<typeof glossaryUploadFields>;

/** `GET /glossaries`: a page, optionally one customer's (staff) and one language's. */
export const glossaryListQuery = pageQuery.extend({
  customer_id: idField.optional(),
  language: idField.optional(),
});

export const glossaryDownloadQuery = z.object({
  format: z.enum(GLOSSARY_EXPORT_FORMATS, { error: 'validation.invalid_option' }).default('original'),
});

const glossaryLanguage = z.object({ id: z.number().int(), iso_code: z.string(), name: z.string() });

export const glossaryDto = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  type: z.enum(GLOSSARY_TYPES),
  /** The uploaded file's name, which names the glossary. */
  name: z.string(),
  /** In the order of each row's terms; type 1: source, then target. */
  languages: z.array(glossaryLanguage),
  term_count: z.number().int(),
  file_size: z.number().int(),
  uploaded_by: z.object({ id: z.number().int(), name: z.string(), lastname: z.string() }).nullable(),
  created_at: timestamp,
  /** Whether the caller may delete it (the client admin any of its customer's, a client user its own, the admin any). */
  can_delete: z.boolean(),
});
export type GlossaryDto = z.output<typeof glossaryDto>;

/** `DELETE /glossaries/{id}`: gone, with the translated confirmation. */
export const glossaryDeletedReply = z.object({ deleted: z.literal(true), message: z.string() });
