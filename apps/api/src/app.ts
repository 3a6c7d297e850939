import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { serializerCompiler } from './lib/serializer.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { i18nPlugin } from './plugins/i18n.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { errorsPlugin, frameworkErrors } from './plugins/errors.ts';
import { inputGuardPlugin } from './plugins/input-guard.ts';
import { lifecyclePlugin } from './plugins/lifecycle.ts';
import { authPlugin } from './plugins/auth.ts';
import { sessionActivityPlugin } from './plugins/session-activity.ts';
import { actionLogPlugin } from './plugins/action-log.ts';
import { mailPlugin } from './plugins/mail.ts';
import { storagePlugin } from './plugins/storage.ts';
import { analysisPoolPlugin } from './plugins/analysis-pool.ts';
import { jobsPlugin } from './plugins/jobs.ts';
import { rateLimitsPlugin } from './plugins/rate-limits.ts';
import { multipartPlugin } from './plugins/multipart.ts';
import { taskRoutes } from './modules/tasks/routes.ts';
import { taskRepliesCachePlugin } from './modules/tasks/kept-replies.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { twoFactorRoutes } from './modules/two-factor/routes.ts';
import { sessionRoutes } from './modules/sessions/routes.ts';
import { ssoRoutes } from './modules/sso/routes.ts';
import { userManagementRoutes, userRoutes } from './modules/users/routes.ts';
import { customerRoutes } from './modules/customers/routes.ts';
import { departmentRoutes } from './modules/departments/routes.ts';
import { languageRoutes } from './modules/languages/routes.ts';
import { settingRoutes } from './modules/settings/routes.ts';
import { logRoutes } from './modules/logs/routes.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { rateRoutes } from './modules/rates/routes.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { paymentFormActions } from './modules/payments/gateway/index.ts';
import { quoteRoutes } from './modules/quote-documents/routes.ts';
import { invoiceRoutes } from './modules/invoices/routes.ts';
import { guestQuoteRoutes } from './modules/guest-quotes/routes.ts';
import { glossaryRoutes } from './modules/glossaries/routes.ts';
import { memoryRoutes } from './modules/memories/routes.ts';
import { tokenRoutes } from './modules/tokens/routes.ts';
import { webhookRoutes } from './modules/webhooks/routes.ts';
import { webhookDocs } from './modules/webhooks/openapi.ts';
import { eventsPlugin } from './modules/events/relay.ts';
import { messageRoutes } from './modules/messages/routes.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
  }
}

/** Builds the whole app without listening: the server and the tests use the same thing. */
export async function buildApp(config: Config, database: Database): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    frameworkErrors,
    // lifecyclePlugin refuses in the caller's language instead.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);

  await app.register(securityHeadersPlugin, {
    formActions: paymentFormActions(config),
    https: config.publicUrl.startsWith('https:'),
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Verba API',
        version: '1.0.0',
        description:
          'Translation portal API. Bearer tokens from POST /api/auth/login, or personal API tokens (vrb_…) ' +
          'from POST /api/tokens. Webhook deliveries are described under `webhooks`.',
      },
      webhooks: webhookDocs(),
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(i18nPlugin);
  await app.register(errorsPlugin);
  await app.register(lifecyclePlugin);
  await app.register(inputGuardPlugin);
  await app.register(authPlugin);
  await app.register(actionLogPlugin);
  await app.register(sessionActivityPlugin);
  await app.register(mailPlugin);
  await app.register(storagePlugin);
  await app.register(analysisPoolPlugin);
  await app.register(jobsPlugin);
  await app.register(rateLimitsPlugin);
  await app.register(taskRepliesCachePlugin, { keeping: config.keepTaskReplies });

  await app.register(
    async (api) => {
      await api.register(systemRoutes);
      await api.register(authRoutes);
      await api.register(twoFactorRoutes);
      await api.register(sessionRoutes);
      await api.register(ssoRoutes);
      await api.register(userRoutes);
      await api.register(userManagementRoutes);
      await api.register(customerRoutes);
      await api.register(departmentRoutes);
      await api.register(languageRoutes);
      await api.register(settingRoutes);
      await api.register(logRoutes);
      await api.register(dashboardRoutes);
      await api.register(paymentRoutes);
      await api.register(invoiceRoutes);
      await api.register(tokenRoutes);
      await api.register(webhookRoutes);
      await api.register(notificationRoutes);
      // Only the routes that take uploads or forms parse multipart; elsewhere it stays a 415.
      await api.register(async (uploads) => {
        await uploads.register(multipartPlugin);
        await uploads.register(taskRoutes);
        await uploads.register(rateRoutes);
        await uploads.register(quoteRoutes);
        await uploads.register(guestQuoteRoutes);
        await uploads.register(glossaryRoutes);
        await uploads.register(memoryRoutes);
        await uploads.register(messageRoutes);
      });
    },
    { prefix: '/api' },
  );
  // After the modules that subscribe to domain events, so each subscriber has its job worker.
  await app.register(eventsPlugin);

  await serveWebApp(app, config.webDist);
  return app;
}

/** The built web app with SPA fallback, so deep links survive a reload; /api stays JSON. */
async function serveWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false, maxAge: '1h' });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      // The page names the current build's assets: a cached copy would ask for ones a deploy removed.
      return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
    }
    return reply.status(404).send({ message: request.t('errors.not_found') });
  });
}
