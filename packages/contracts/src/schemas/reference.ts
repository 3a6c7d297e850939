import { z } from 'zod';
import { dataReply, decimalString } from './replies.ts';

/** Reference data and settings replies (languages, countries, translation types, next task id). */

/** A language, named in the request language, with its three stored names. */
export const languageDto = z.object({
  id: z.number().int(),
  iso_code: z.string(),
  name: z.string(),
  name_en: z.string(),
  name_es: z.string(),
  name_ca: z.string(),
  is_source: z.boolean(),
});
export type LanguageDto = z.infer<typeof languageDto>;

/** A country and its tax rule (DESIGN §7: `tax_name` null when it pays no taxes). */
export const countryTaxDto = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  name_en: z.string(),
  name_es: z.string(),
  name_ca: z.string(),
  tax_name: z.string().nullable(),
  tax_percentage: decimalString,
});
export type CountryTaxDto = z.infer<typeof countryTaxDto>;

/** A translation type: the texts in the request language beside the stored ones. */
export const translationTypeDto = z.object({
  id: z.number().int(),
  percent: decimalString,
  name: z.string(),
  description: z.string(),
  description_2: z.string(),
  name_en: z.string(),
  name_es: z.string(),
  name_ca: z.string(),
  description_en: z.string(),
  description_es: z.string(),
  description_ca: z.string(),
  description_2_en: z.string(),
  description_2_es: z.string(),
  description_2_ca: z.string(),
});
export type TranslationTypeDto = z.infer<typeof translationTypeDto>;

/** The next task id (settings). */
export const nextTaskIdDto = z.object({ id: z.number().int() });
export type NextTaskIdDto = z.infer<typeof nextTaskIdDto>;

export const languageListReply = dataReply(z.array(languageDto));
export const languageReply = dataReply(languageDto);
export const countryListReply = dataReply(z.array(countryTaxDto));
export const translationTypeListReply = dataReply(z.array(translationTypeDto));
export const translationTypeReply = dataReply(translationTypeDto);
export const nextTaskIdReply = dataReply(nextTaskIdDto);

/** `GET /languages`. */
export const languageListQuery = z.object({
  iso_code: z.string().trim().max(16).optional(),
  lang: z.string().optional(),
});
