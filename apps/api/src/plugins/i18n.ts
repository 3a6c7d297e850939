import fp from 'fastify-plugin';
import { resolveLocale, type Locale } from '@verba/contracts';
import { translator, type Translate } from '../lib/i18n.ts';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
    t: Translate;
  }
}

/** The request's language: `lang` in the query or body, then Accept-Language; unknown -> en. */
export const i18nPlugin = fp(async (app) => {
  app.decorateRequest('locale', 'en');
  app.decorateRequest('t', () => '');
  app.addHook('onRequest', async (request) => {
    const query = request.query as Record<string, unknown> | undefined;
    const lang = typeof query?.lang === 'string' ? query.lang : undefined;
    request.locale = resolveLocale(lang, request.headers['accept-language']);
    request.t = translator(request.locale);
  });
  app.addHook('preValidation', async (request) => {
    const body = request.body as Record<string, unknown> | undefined;
    if (body && typeof body === 'object' && typeof body.lang === 'string') {
      request.locale = resolveLocale(body.lang, request.locale);
      request.t = translator(request.locale);
    }
  });
});
