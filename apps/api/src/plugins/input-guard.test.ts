import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, DEMO, login, type TestApp } from '../../test/harness.ts';
import { findNul } from './input-guard.ts';

describe('findNul', () => {
  it('names the first string or key holding a NUL, however deep', () => {
    expect(findNul({ a: 'ok', b: ['x', { c: 'y\u0000' }] })).toEqual(['b', '1', 'c']);
    expect(findNul({ ['k\u0000']: 1 })).toEqual(['k']);
    expect(findNul('\u0000')).toEqual([]);
    expect(findNul({ a: 'fine', n: 1, z: null })).toBeUndefined();
  });
});

describe('input PostgreSQL cannot store is the caller’s mistake, not a 5xx', () => {
  let t: TestApp;
  let acmeAdmin: string;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    acmeAdmin = await login(t.app, DEMO.acmeAdmin);
    admin = await login(t.app, DEMO.admin);
  });
  afterAll(() => t.close());

  it('refuses a NUL in a search with 422 naming the field, in the caller’s language', async () => {
    const res = await call(t.app, 'GET', '/api/tasks?search=gui%00de', {
      token: admin,
      headers: { 'accept-language': 'es' },
    });
    expect(res.status).toBe(422);
    expect(res.json.errors.search).toEqual(['Elimine el carácter de control NUL de este texto.']);
  });

  it('refuses a NUL in a JSON field and stores nothing', async () => {
    const before = await call(t.app, 'GET', '/api/departments', { token: acmeAdmin });
    const res = await call(t.app, 'POST', '/api/departments/store', {
      token: acmeAdmin,
      body: { title: 'Legal\u0000' },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.json.errors)).toEqual(['title']);
    const after = await call(t.app, 'GET', '/api/departments', { token: acmeAdmin });
    expect(after.json).toEqual(before.json);
  });

  it('answers 4xx for ids beyond the database’s integers', async () => {
    for (const path of ['/api/task/3000000000', '/api/customers/2147483648', '/api/users/99999999999']) {
      const res = await call(t.app, 'GET', path, { token: admin });
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
  });
});
