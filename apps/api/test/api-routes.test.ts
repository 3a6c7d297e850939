import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { apiRoutes } from './api-routes.ts';

describe('apiRoutes (the route list the matrix and the fuzz test are checked against)', () => {
  it('reads every method and nested path from the router, without HEAD and the docs', async () => {
    const app = Fastify();
    const ok = async () => ({});
    await app.register(
      async (api) => {
        api.get('/tasks', ok);
        api.get('/tasks/get-id', ok);
        api.post('/tasks/:id/update', ok);
        api.post('/tasks/:id/updateStateAsDraft', ok);
        api.put('/tasks/:id/updateDaysToAdd', ok);
        api.route({ method: ['GET', 'PUT', 'DELETE'], url: '/customers/:id/payable-grid', handler: ok });
        api.get('/customers/:id/rates/effective', ok);
        api.get('/customers/:id/rate', ok);
        api.delete('/holidays/:date/:region', ok);
        api.get('/docs/json', ok);
      },
      { prefix: '/api' },
    );
    app.get('/outside', ok);
    await app.ready();
    expect(apiRoutes(app)).toEqual(
      [
        'GET /api/tasks',
        'GET /api/tasks/get-id',
        'POST /api/tasks/:id/update',
        'POST /api/tasks/:id/updateStateAsDraft',
        'PUT /api/tasks/:id/updateDaysToAdd',
        'GET /api/customers/:id/payable-grid',
        'PUT /api/customers/:id/payable-grid',
        'DELETE /api/customers/:id/payable-grid',
        'GET /api/customers/:id/rates/effective',
        'GET /api/customers/:id/rate',
        'DELETE /api/holidays/:date/:region',
      ].sort(),
    );
    await app.close();
  });
});
