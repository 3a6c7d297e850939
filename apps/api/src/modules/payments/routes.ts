import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  guestTaskToken,
  idParam,
  payTaskBody,
  paymentNotificationReply,
  paymentPreviewReply,
  postedSignedFields,
  sendDeferredReply,
  startPaymentReply,
  verifyGuestPaymentBody,
  verifyGuestPaymentReply,
  verifyPaymentBody,
  verifyPaymentReply,
} from '@verba/contracts';
import { actorOf, anonymousOf, logged } from '../../lib/service.ts';
import { portalUrl, type RequestAddress } from '../../lib/portal-url.ts';
import { writeActionLog } from '../../plugins/action-log.ts';
import { SANDBOX_MERCHANT_KEY, createGateway } from './gateway/index.ts';
import {
  bankResponse,
  checkBankRequest,
  decideCard,
  localeOf,
  renderBankPage,
  returnUrl,
} from './gateway/sandbox-bank.ts';
import { isAuthorised, signedFieldsOf } from './gateway/redsys-protocol.ts';
import { RESPONSE_CANCELLED } from './gateway/verdict.ts';
import { registerOrderCancellation } from './order-cancellation.ts';
import * as service from './service.ts';

/** The sandbox bank's page and its Pay/Cancel form. */
const bankForm = postedSignedFields.extend({
  lang: z.string().optional(),
  card: z.string().max(64).optional(),
  action: z.enum(['pay', 'cancel']).optional(),
});

/**
 * Card payments: payment forms, the bank's notification and the browser's return,
 * sending to production on deferred terms, and (sandbox gateway only) the built-in test bank.
 */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  // Where the bank sends the browser back: PUBLIC_URL, or the loopback host it used (development).
  const portal = (request: RequestAddress) => portalUrl(app.config, request);
  // Throws at build time on a bad configuration (sandbox in production, Redsys without a key).
  const gateway = createGateway(app.config);
  registerOrderCancellation(app);

  // Banks post form-urlencoded bodies (scoped to this plugin).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  /** A refused payment still writes its `payments.refused` row, although a 4xx logs nothing. */
  const refusalsLogged = async <T>(request: FastifyRequest, call: Promise<T>): Promise<T> => {
    try {
      return await call;
    } catch (err) {
      if (err instanceof service.PaymentRefused) {
        try {
          await writeActionLog(app.db, request, { ...err.log, action: 'payments.refused' });
        } catch (logError) {
          request.log.error({ err: logError }, 'could not write the payments.refused log');
        }
      }
      throw err;
    }
  };
  const verdictOf = (body: unknown) => gateway.verdict(signedFieldsOf(body));
  /** The browser's return: null when it brings no bank parameters at all (a bookmark, a reload). */
  const returnedVerdict = (body: unknown) =>
    signedFieldsOf(body).Ds_MerchantParameters ? verdictOf(body) : null;

  app.post(
    '/tasks/paymentGateway',
    {
      schema: {
        tags: ['payments'],
        summary: 'Pay a draft: balance first; returns data.form (auto-submit to the bank) or paymentDone',
        body: payTaskBody,
        response: { 200: startPaymentReply },
      },
      config: { access: 'tasks:pay', action: 'payments.form' },
    },
    async (request) => {
      const started = service.startPayment(
        app,
        gateway,
        actorOf(request),
        request.body.taskId,
        portal(request),
      );
      return { data: logged(request, await refusalsLogged(request, started)) };
    },
  );

  app.get(
    '/tasks/:id/payment-preview',
    {
      schema: {
        tags: ['payments'],
        summary: 'What paying the task now takes from the balance and what from the card (nothing held)',
        params: idParam,
        response: { 200: paymentPreviewReply },
      },
      config: { access: 'tasks:pay' },
    },
    async (request) => ({ data: await service.paymentPreview(app, actorOf(request), request.params.id) }),
  );

  app.post(
    '/tasks/payDraft/:id',
    {
      schema: {
        tags: ['payments'],
        summary: 'Same as paymentGateway, task id in the path',
        params: idParam,
        response: { 200: startPaymentReply },
      },
      config: { access: 'tasks:pay', action: 'payments.form' },
    },
    async (request) => {
      const started = service.startPayment(
        app,
        gateway,
        actorOf(request),
        request.params.id,
        portal(request),
      );
      return { data: logged(request, await refusalsLogged(request, started)) };
    },
  );

  app.post(
    '/tasks/verifyPayment',
    {
      schema: {
        tags: ['payments'],
        summary: "The browser's return from the bank (query fields of the OK/KO URL) plus taskId",
        body: verifyPaymentBody,
        response: { 200: verifyPaymentReply },
      },
      config: { access: 'tasks:pay', action: 'payments.verify' },
    },
    async (request) => {
      const verdict = returnedVerdict(request.body);
      const verified = await service.verifyReturn(app, actorOf(request), request.body.taskId, verdict);
      return { data: logged(request, verified) };
    },
  );

  app.post(
    '/payments/notification',
    {
      schema: {
        tags: ['payments'],
        summary: 'Server-to-server notification of the bank (form-urlencoded or JSON); always 200',
        response: { 200: paymentNotificationReply },
      },
      config: { access: 'public', action: 'payments.notification' },
    },
    async (request) => {
      logged(
        request,
        await service.handleBankResponse(app, verdictOf(request.body), { via: 'notification' }),
      );
      return { data: { received: true as const } };
    },
  );

  app.post(
    '/tasks/:id/update/deferred',
    {
      schema: {
        tags: ['payments'],
        summary: 'Send a draft to production: DEFERRED customers at once, ON_DEMAND clients get data.form',
        params: idParam,
        response: { 200: sendDeferredReply },
      },
      config: { access: 'tasks:send-deferred', action: 'payments.deferred' },
    },
    async (request) => {
      const sent = service.sendDeferred(app, gateway, actorOf(request), request.params.id, portal(request));
      return { data: logged(request, await refusalsLogged(request, sent)) };
    },
  );

  app.get(
    '/task/temporal/:id/pay',
    {
      schema: {
        tags: ['payments'],
        summary: "A guest's card payment form for its temporary task (id = the task's link token)",
        params: z.object({ id: guestTaskToken }),
        response: { 200: startPaymentReply },
      },
      config: { access: 'public', rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (request) => {
      const started = service.startGuestPayment(
        app,
        gateway,
        anonymousOf(request),
        request.params.id,
        portal(request),
      );
      return { data: logged(request, await refusalsLogged(request, started)) };
    },
  );

  app.post(
    '/task/temporal/verifyPayment',
    {
      schema: {
        tags: ['payments'],
        summary: "A guest's return from the bank; taskId = the link token (optional on the KO page)",
        body: verifyGuestPaymentBody,
        response: { 200: verifyGuestPaymentReply },
      },
      config: { access: 'public', action: 'payments.verify', rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (request) => {
      const verdict = returnedVerdict(request.body);
      const verified = service.verifyGuestReturn(app, anonymousOf(request), request.body.taskId, verdict);
      return { data: logged(request, await verified) };
    },
  );

  if (gateway.name !== 'sandbox') return;

  // ---- The sandbox bank: same protocol, its own key, served by the portal itself. ----
  const bankPage = async (
    request: { query: unknown; body: unknown; locale: 'en' | 'es' | 'ca' } & RequestAddress,
    reply: FastifyReply,
  ) => {
    const source = { ...(request.query as object), ...((request.body as object | undefined) ?? {}) };
    const fields = signedFieldsOf(source);
    const checked = checkBankRequest(fields, SANDBOX_MERCHANT_KEY, portal(request));
    const params = 'params' in checked ? checked.params : undefined;
    const locale = localeOf((source as { lang?: unknown }).lang, params, request.locale);
    return reply
      .status(params ? 200 : 400)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        renderBankPage(
          locale,
          fields,
          params,
          app.config.brand.name,
          'refusal' in checked ? checked.refusal : undefined,
        ),
      );
  };
  app.get(
    '/sandbox-bank',
    {
      schema: { tags: ['payments'], summary: 'Sandbox bank page (HTML)', querystring: bankForm },
      config: { access: 'public', binary: true },
    },
    bankPage,
  );
  app.post(
    '/sandbox-bank',
    {
      schema: { tags: ['payments'], summary: 'Sandbox bank page (HTML), posted form', body: bankForm },
      config: { access: 'public', binary: true, action: 'sandbox-bank.open' },
    },
    async (request, reply) => {
      request.actionLog = { key: 'payments.bank_opened' };
      return bankPage(request, reply);
    },
  );
  app.post(
    '/sandbox-bank/pay',
    {
      schema: {
        tags: ['payments'],
        summary: 'Sandbox bank: pay or cancel, then back to the OK/KO URL',
        body: bankForm,
      },
      config: { access: 'public', binary: true, action: 'sandbox-bank.pay' },
    },
    async (request, reply) => {
      const fields = signedFieldsOf(request.body);
      const checked = checkBankRequest(fields, SANDBOX_MERCHANT_KEY, portal(request));
      if ('refusal' in checked) {
        request.actionLog = {
          action: 'payments.refused',
          key:
            checked.refusal.key === 'payments.sandbox.invalid'
              ? 'payments.wrong_signature'
              : 'payments.foreign_return',
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
              checked.refusal,
            ),
          );
      }
      const { params } = checked;
      const code =
        request.body.action === 'cancel' ? RESPONSE_CANCELLED : decideCard(request.body.card ?? '');
      const signed = bankResponse(params, code);
      // The notification the bank posts server-to-server, delivered in-process.
      logged(request, await service.handleBankResponse(app, gateway.verdict(signed), { via: 'sandbox' }));
      return reply.redirect(returnUrl(params, signed, isAuthorised(code)), 303);
    },
  );
};
