import { escapeLike } from '../../lib/sql-like.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asc, eq, ilike } from 'drizzle-orm';
import { idParam, languageSourceBody, translationTypeBody, type Locale } from '@verba/contracts';
import { countries, languages, translationTypes } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';

type LanguageRow = typeof languages.$inferSelect;
const languageDto = (row: LanguageRow, locale: Locale) => ({
  id: row.id,
  iso_code: row.iso_code,
  name: row[`name_${locale}`],
  name_en: row.name_en,
  name_es: row.name_es,
  name_ca: row.name_ca,
  is_source: row.is_source,
});

type TypeRow = typeof translationTypes.$inferSelect;
const translationTypeDto = (row: TypeRow, locale: Locale) => ({
  ...row,
  name: row[`name_${locale}`],
  description: row[`description_${locale}`],
  description_2: row[`description_2_${locale}`],
});

const listQuery = z.object({ iso_code: z.string().trim().max(16).optional(), lang: z.string().optional() });

export const languageRoutes: FastifyPluginAsyncZod = async (app) => {
  const byName = (locale: Locale) => asc(languages[`name_${locale}`]);

  app.get(
    '/languages',
    {
      schema: { tags: ['languages'], summary: 'All languages; filter by ISO code', querystring: listQuery },
      config: { access: 'languages:read' },
    },
    async (request) => {
      const filter = request.query.iso_code
        ? ilike(languages.iso_code, `${escapeLike(request.query.iso_code)}%`)
        : undefined;
      const rows = await app.db.select().from(languages).where(filter).orderBy(byName(request.locale));
      return { data: rows.map((r) => languageDto(r, request.locale)) };
    },
  );

  app.get(
    '/languages/sources',
    { schema: { tags: ['languages'] }, config: { access: 'languages:read' } },
    async (request) => {
      const rows = await app.db
        .select()
        .from(languages)
        .where(eq(languages.is_source, true))
        .orderBy(byName(request.locale));
      return { data: rows.map((r) => languageDto(r, request.locale)) };
    },
  );

  app.get(
    '/languages/available',
    { schema: { tags: ['languages'] }, config: { access: 'languages:read' } },
    async (request) => {
      const rows = await app.db
        .select()
        .from(languages)
        .where(eq(languages.is_active, true))
        .orderBy(byName(request.locale));
      return { data: rows.map((r) => languageDto(r, request.locale)) };
    },
  );

  app.put(
    '/languages/:id/source',
    {
      schema: {
        tags: ['languages'],
        summary: 'Set whether a language can be a source',
        params: idParam,
        body: languageSourceBody,
      },
      config: { access: 'languages:manage', action: 'languages.set_source' },
    },
    async (request) => {
      const [row] = await app.db
        .update(languages)
        .set({ is_source: request.body.is_source })
        .where(eq(languages.id, request.params.id))
        .returning();
      if (!row) throw notFound();
      request.actionLog.description = `${row.iso_code} ${row.is_source ? 'is' : 'is no longer'} a source language`;
      return { data: languageDto(row, request.locale) };
    },
  );

  app.get(
    '/countries',
    {
      schema: { tags: ['languages'], summary: 'Countries with their tax rule' },
      config: { access: 'authenticated' },
    },
    async (request) => {
      const rows = await app.db
        .select()
        .from(countries)
        .orderBy(asc(countries[`name_${request.locale}`]));
      return { data: rows.map((r) => ({ ...r, name: r[`name_${request.locale}`] })) };
    },
  );

  app.get(
    '/translation-types',
    {
      schema: { tags: ['translation types'], summary: 'Names and descriptions in the request language' },
      config: { access: 'translation-types:read' },
    },
    async (request) => {
      const rows = await app.db.select().from(translationTypes).orderBy(translationTypes.id);
      return { data: rows.map((r) => translationTypeDto(r, request.locale)) };
    },
  );

  app.put(
    '/translation-types/:id',
    {
      schema: { tags: ['translation types'], params: idParam, body: translationTypeBody },
      config: { access: 'translation-types:manage', action: 'translation_types.update' },
    },
    async (request) => {
      const { lang: _lang, percent, ...texts } = request.body;
      const values = {
        ...texts,
        description_2_en: texts.description_2_en ?? '',
        description_2_es: texts.description_2_es ?? '',
        description_2_ca: texts.description_2_ca ?? '',
        percent: percent.toFixed(2),
      };
      const [row] = await app.db
        .update(translationTypes)
        .set(values)
        .where(eq(translationTypes.id, request.params.id))
        .returning();
      if (!row) throw notFound();
      request.actionLog.description = `Translation type ${row.id} set to ${row.percent} %`;
      return { data: translationTypeDto(row, request.locale) };
    },
  );
};
