import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Helmet's security headers on every reply, with the content security policy the web app needs.
 * The middleware is built once: @fastify/helmet builds it anew for every request, which cost a
 * twentieth of the server's CPU on the task list (`npm run bench:api`).
 */
export const securityHeadersPlugin = fp(async (app, options: { formActions: string[] }) => {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        formAction: ["'self'", ...options.formActions],
        frameAncestors: ["'none'"],
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) =>
    setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
});
