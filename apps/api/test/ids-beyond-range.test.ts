/**
 * A whole-number id beyond what a row can have (PostgreSQL integers end at 2^31 - 1) finds nothing,
 * like any unknown id: 404 "Element not found" in the path or the query, in the caller's language;
 * never "Must be a whole number greater than zero.", which is false for it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ID } from '@verba/contracts';
import { call, createTestApp, type TestApp } from './harness.ts';
import { tokensByRole, type RoleName } from './roles.ts';

let t: TestApp;
let tokens: Record<RoleName, string>;
beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensByRole(t.app);
});
afterAll(() => t?.close());

const BEYOND = ['99999999999', String(MAX_ID + 1), '9'.repeat(40)];
const NOT_FOUND = { en: 'Element not found', es: 'Elemento no encontrado', ca: 'Element no trobat' };

describe('ids no row can have', () => {
  it('are 404 in the path, as an unknown id in range is', async () => {
    const routes: Array<['GET' | 'DELETE' | 'PUT', string]> = [
      ['GET', '/api/task/:id'],
      ['GET', '/api/customers/:id'],
      ['GET', '/api/users/:id'],
      ['GET', '/api/tasks/getPrice/:id'],
      ['GET', '/api/tasks/:id/service-levels'],
      ['DELETE', '/api/task/:id'],
    ];
    for (const [method, route] of routes) {
      for (const id of [String(MAX_ID), ...BEYOND]) {
        for (const lang of ['en', 'es', 'ca'] as const) {
          const res = await call(t.app, method, `${route.replace(':id', id)}?lang=${lang}`, {
            token: tokens.admin,
          });
          expect([res.status, res.json], `${method} ${route} ${id} ${lang}`).toEqual([
            404,
            { message: NOT_FOUND[lang] },
          ]);
        }
      }
    }
  });

  it('are 404 in the query', async () => {
    for (const id of [String(MAX_ID), ...BEYOND]) {
      const res = await call(t.app, 'GET', '/api/minimum-rates', {
        token: tokens.admin,
        query: { customer_id: id },
      });
      expect([res.status, res.json], id).toEqual([404, { message: NOT_FOUND.en }]);
    }
  });

  it('a malformed id is still a 422 that says why', async () => {
    const res = await call(t.app, 'GET', '/api/task/0x10', { token: tokens.admin });
    expect(res.status).toBe(422);
    expect(res.json.errors.id).toEqual(['Must be a whole number greater than zero.']);
  });
});
