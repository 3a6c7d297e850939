import type { z } from 'zod';
import type { languageSourceBody, Locale, translationTypeBody } from '@verba/contracts';
import { notFound } from '../../lib/app-error.ts';
import { outcome, type Actor, type Deps, type Outcome } from '../../lib/service.ts';
import { requestQuoteRecalculation } from '../../lib/quote-recalculation.ts';
import * as repo from './repository.ts';

type LanguageSourceBody = z.infer<typeof languageSourceBody>;
type TranslationTypeBody = z.infer<typeof translationTypeBody>;

const languageDto = (row: repo.LanguageRow, locale: Locale) => ({
  id: row.id,
  iso_code: row.iso_code,
  name: row[`name_${locale}`],
  name_en: row.name_en,
  name_es: row.name_es,
  name_ca: row.name_ca,
  is_source: row.is_source,
});

const translationTypeDto = (row: repo.TranslationTypeRow, locale: Locale) => ({
  ...row,
  name: row[`name_${locale}`],
  description: row[`description_${locale}`],
  description_2: row[`description_2_${locale}`],
});

export type LanguageList = 'sources' | 'available';

/** All languages, or those whose ISO code starts with `isoCode`; named in `locale`. */
export async function listLanguages(deps: Pick<Deps, 'db'>, locale: Locale, isoCode?: string) {
  const rows = await repo.listLanguages(deps.db, isoCode ? { isoPrefix: isoCode } : 'all', locale);
  return rows.map((row) => languageDto(row, locale));
}

/** The languages a task may start from (`sources`) or be ordered in (`available`). */
export async function listLanguagesFor(deps: Pick<Deps, 'db'>, locale: Locale, list: LanguageList) {
  const rows = await repo.listLanguages(deps.db, list === 'sources' ? 'sources' : 'active', locale);
  return rows.map((row) => languageDto(row, locale));
}

export async function setLanguageSource(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  id: number,
  input: Pick<LanguageSourceBody, 'is_source'>,
): Promise<Outcome<ReturnType<typeof languageDto>>> {
  const row = await repo.setLanguageSource(deps.db, id, input.is_source);
  if (!row) throw notFound();
  return outcome(languageDto(row, actor.locale), {
    action: 'languages.set_source',
    key: row.is_source ? 'languages.source_on' : 'languages.source_off',
    params: { code: row.iso_code },
  });
}

export async function listCountries(deps: Pick<Deps, 'db'>, locale: Locale) {
  const rows = await repo.listCountries(deps.db, locale);
  return rows.map((row) => ({ ...row, name: row[`name_${locale}`] }));
}

/** A country and its names (other modules print it, e.g. on a quote). */
export function findCountry(deps: Pick<Deps, 'db'>, id: number) {
  return repo.findCountry(deps.db, id);
}

export async function listTranslationTypes(deps: Pick<Deps, 'db'>, locale: Locale) {
  const rows = await repo.listTranslationTypes(deps.db);
  return rows.map((row) => translationTypeDto(row, locale));
}

export async function updateTranslationType(
  deps: Pick<Deps, 'db' | 'jobs'>,
  actor: Actor,
  id: number,
  input: TranslationTypeBody,
): Promise<Outcome<ReturnType<typeof translationTypeDto>>> {
  const { lang: _lang, percent, ...texts } = input;
  const row = await repo.updateTranslationType(deps.db, id, {
    ...texts,
    description_2_en: texts.description_2_en ?? '',
    description_2_es: texts.description_2_es ?? '',
    description_2_ca: texts.description_2_ca ?? '',
    percent: percent.toFixed(2),
  });
  if (!row) throw notFound();
  await requestQuoteRecalculation(deps, {
    customerId: null,
    cause: `translation type ${row.id} set to ${row.percent} %`,
  });
  return outcome(translationTypeDto(row, actor.locale), {
    action: 'translation_types.update',
    key: 'languages.type_percent',
    params: { id: row.id, percent: row.percent },
  });
}
