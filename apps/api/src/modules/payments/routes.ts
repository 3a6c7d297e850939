import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@verba/contracts';
import { SANDBOX_MERCHANT_KEY, createGateway } from './gateway/index.ts';
import {
  bankResponse,
  decideCard,
  localeOf,
  renderBankPage,
  returnUrl,
  RESPONSE_USER_CANCELLED,
  verifyRequest,
} from './gateway/sandbox-bank.ts';
import { isAuthorised } from './gateway/redsys-protocol.ts';
import * as service from './service.ts';

const signedFields = {
  Ds_SignatureVersion: z.string().max(32).optional(),
  Ds_MerchantParameters: z.string().max(8192).optional(),
  Ds_Signature: z.string().max(128).optional(),
};

const taskIdBody = z.object({ taskId: z.coerce.number().int().positive(), lang: z.string().optional() });
const verifyBody = z.object({
  taskId: z.coerce.number().int().positive(),
  lang: z.string().optional(),
  ...signedFields,
  /** the same three fields, nested (as the spec's "form with merchantParameters") */
  merchantParameters: z.object(signedFields).optional(),
});
const bankForm = z.object({
  ...signedFields,
  lang: z.string().optional(),
  card: z.string().max(64).optional(),
  action: z.enum(['pay', 'cancel']).optional(),
});

/**
 * Card payments (issue 8): payment forms, the bank's notification and the browser's return,
 * sending to production on deferred terms, and (sandbox gateway only) the built-in test bank.
 */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  // Throws at build time on a bad configuration (sandbox in production, Redsys without a key).
  const gateway = createGateway(app.config);

  // Banks post form-urlencoded bodies (scoped to this plugin).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.post(
    '/tasks/paymentGateway',
    {
      schema: {
        tags: ['payments'],
        summary: 'Pay a draft: balance first; returns data.form (auto-submit to the bank) or paymentDone',
        body: taskIdBody,
      },
      config: { access: 'tasks:pay', action: 'payments.form' },
    },
    async (request) => ({ data: await service.startPayment(app, gateway, request, request.body.taskId) }),
  );

  app.post(
    '/tasks/payDraft/:id',
    {
      schema: { tags: ['payments'], summary: 'Same as paymentGateway, task id in the path', params: idParam },
      config: { access: 'tasks:pay', action: 'payments.form' },
    },
    async (request) => ({ data: await service.startPayment(app, gateway, request, request.params.id) }),
  );

  app.post(
    '/tasks/verifyPayment',
    {
      schema: {
        tags: ['payments'],
        summary: "The browser's return from the bank (query fields of the OK/KO URL) plus taskId",
        body: verifyBody,
      },
      config: { access: 'tasks:pay', action: 'payments.verify' },
    },
    async (request) => ({
      data: await service.verifyReturn(app, gateway, request, request.body.taskId, request.body),
    }),
  );

  app.post(
    '/payments/notification',
    {
      schema: {
        tags: ['payments'],
        summary: 'Server-to-server notification of the bank (form-urlencoded or JSON); always 200',
      },
      config: { access: 'public', action: 'payments.notification' },
    },
    async (request) => {
      const outcome = await service.handleBankResponse(
        app,
        gateway,
        service.signedFieldsOf(request.body),
        'notification',
      );
      request.actionLog = outcome.log;
      return { data: { received: true } };
    },
  );

  app.post(
    '/tasks/:id/update/deferred',
    {
      schema: {
        tags: ['payments'],
        summary: 'Send a draft to production: DEFERRED customers at once, ON_DEMAND clients get data.form',
        params: idParam,
      },
      config: { access: 'tasks:send-deferred', action: 'payments.deferred' },
    },
    async (request) => ({ data: await service.sendDeferred(app, gateway, request, request.params.id) }),
  );

  const guestToken = z.string().min(16).max(64);
  app.get(
    '/task/temporal/:id/pay',
    {
      schema: {
        tags: ['payments'],
        summary: "A guest's card payment form for its temporary task (id = the task's link token)",
        params: z.object({ id: guestToken }),
      },
      config: { access: 'public', rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (request) => ({
      data: await service.startGuestPayment(app, gateway, request, request.params.id),
    }),
  );

  app.post(
    '/task/temporal/verifyPayment',
    {
      schema: {
        tags: ['payments'],
        summary: "A guest's return from the bank; taskId = the link token (optional on the KO page)",
        body: verifyBody.extend({ taskId: guestToken.optional() }),
      },
      config: { access: 'public', action: 'payments.verify', rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (request) => ({
      data: await service.verifyGuestReturn(app, gateway, request, request.body.taskId, request.body),
    }),
  );

  if (gateway.name !== 'sandbox') return;

  // ---- The sandbox bank: same protocol, its own key, served by the portal itself. ----
  const bankPage = async (
    request: { query: unknown; body: unknown; locale: 'en' | 'es' | 'ca' },
    reply: FastifyReply,
  ) => {
    const source = { ...(request.query as object), ...((request.body as object | undefined) ?? {}) };
    const fields = service.signedFieldsOf(source);
    const params = verifyRequest(SANDBOX_MERCHANT_KEY, fields);
    const locale = localeOf((source as { lang?: unknown }).lang, params, request.locale);
    return reply
      .status(params ? 200 : 400)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderBankPage(locale, fields, params, app.config.brand.name));
  };
  app.get(
    '/sandbox-bank',
    {
      schema: { tags: ['payments'], summary: 'Sandbox bank page (HTML)', querystring: bankForm },
      config: { access: 'public' },
    },
    bankPage,
  );
  app.post(
    '/sandbox-bank',
    {
      schema: { tags: ['payments'], summary: 'Sandbox bank page (HTML), posted form', body: bankForm },
      config: { access: 'public', action: 'sandbox-bank.open' },
    },
    bankPage,
  );
  app.post(
    '/sandbox-bank/pay',
    {
      schema: {
        tags: ['payments'],
        summary: 'Sandbox bank: pay or cancel, then back to the OK/KO URL',
        body: bankForm,
      },
      config: { access: 'public', action: 'sandbox-bank.pay' },
    },
    async (request, reply) => {
      const fields = service.signedFieldsOf(request.body);
      const params = verifyRequest(SANDBOX_MERCHANT_KEY, fields);
      if (!params) {
        request.actionLog = {
          action: 'payments.refused',
          description: 'sandbox bank: request with a wrong signature',
        };
        return reply
          .status(400)
          .header('content-type', 'text/html; charset=utf-8')
          .send(
            renderBankPage(
              localeOf(request.body.lang, undefined, request.locale),
              fields,
              undefined,
              app.config.brand.name,
            ),
          );
      }
      const code =
        request.body.action === 'cancel' ? RESPONSE_USER_CANCELLED : decideCard(request.body.card ?? '');
      const signed = bankResponse(params, code);
      // The notification the bank posts server-to-server, delivered in-process.
      const outcome = await service.handleBankResponse(app, gateway, signed, 'sandbox');
      request.actionLog = outcome.log;
      return reply.redirect(returnUrl(params, signed, isAuthorised(code)), 303);
    },
  );
};
