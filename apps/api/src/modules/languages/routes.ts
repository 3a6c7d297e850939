import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  countryListReply,
  idParam,
  languageListQuery,
  languageListReply,
  languageReply,
  languageSourceBody,
  translationTypeBody,
  translationTypeListReply,
  translationTypeReply,
} from '@verba/contracts';
import { actorOf, logged } from '../../lib/service.ts';
import * as service from './service.ts';

export const languageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/languages',
    {
      schema: {
        tags: ['languages'],
        summary: 'All languages; filter by ISO code',
        querystring: languageListQuery,
        response: { 200: languageListReply },
      },
      config: { access: 'languages:read' },
    },
    async (request) => ({ data: await service.listLanguages(app, request.locale, request.query.iso_code) }),
  );

  for (const list of ['sources', 'available'] as const) {
    app.get(
      `/languages/${list}`,
      {
        schema: { tags: ['languages'], response: { 200: languageListReply } },
        // The public quote form picks its languages from these (guests read them too).
        config: { access: 'public' },
      },
      async (request) => ({ data: await service.listLanguagesFor(app, request.locale, list) }),
    );
  }

  app.put(
    '/languages/:id/source',
    {
      schema: {
        tags: ['languages'],
        summary: 'Set whether a language can be a source',
        params: idParam,
        body: languageSourceBody,
        response: { 200: languageReply },
      },
      config: { access: 'languages:manage', action: 'languages.set_source' },
    },
    async (request) => ({
      data: logged(
        request,
        await service.setLanguageSource(app, actorOf(request), request.params.id, request.body),
      ),
    }),
  );

  app.get(
    '/countries',
    {
      schema: {
        tags: ['languages'],
        summary: 'Countries with their tax rule (public: the quote form asks for the country)',
        response: { 200: countryListReply },
      },
      config: { access: 'public' },
    },
    async (request) => ({ data: await service.listCountries(app, request.locale) }),
  );

  app.get(
    '/translation-types',
    {
      schema: {
        tags: ['translation types'],
        summary: 'Names and descriptions in the request language',
        response: { 200: translationTypeListReply },
      },
      config: { access: 'translation-types:read' },
    },
    async (request) => ({ data: await service.listTranslationTypes(app, request.locale) }),
  );

  app.put(
    '/translation-types/:id',
    {
      schema: {
        tags: ['translation types'],
        params: idParam,
        body: translationTypeBody,
        response: { 200: translationTypeReply },
      },
      config: { access: 'translation-types:manage', action: 'translation_types.update' },
    },
    async (request) => ({
      data: logged(
        request,
        await service.updateTranslationType(app, actorOf(request), request.params.id, request.body),
      ),
    }),
  );
};
