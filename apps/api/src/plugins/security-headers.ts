import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Helmet's security headers on every reply, with the content security policy the web app needs.
 * The middleware is built once: @fastify/helmet builds it anew for every request, which cost a
 * twentieth of the server's CPU on the task list (`npm run bench:api`).
 */
export const securityHeadersPlugin = fp(async (app, options: { formActions: string[]; https: boolean }) => {
  const setHeaders = helmet({
    // Over plain HTTP (a local demo, a test) these would lock browsers out of the portal for a year.
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
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
        upgradeInsecureRequests: options.https ? [] : null,
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) =>
    setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
  // API answers are personal (a session's tasks, prices): no browser or proxy may keep them.
  app.addHook('onSend', async (request, reply, payload) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    const json = String(reply.getHeader('content-type') ?? '').startsWith('application/json');
    if (isApi && json && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
});
