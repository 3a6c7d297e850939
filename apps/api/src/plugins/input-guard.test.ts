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

  it('answers 404 for ids beyond the database’s integers, 422 for ids that coercion would misread', async () => {
    const acme = await call(t.app, 'GET', '/api/customers/1', { token: admin });
    expect(acme.status).toBe(200);
    for (const id of ['3000000000', '2147483648', '99999999999']) {
      for (const path of [`/api/task/${id}`, `/api/customers/${id}`, `/api/users/${id}`]) {
        const res = await call(t.app, 'GET', path, { token: admin });
        expect([res.status, res.json], path).toEqual([404, { message: 'Element not found' }]);
      }
    }
    for (const id of ['%201', '0x1', '1e0', '01', '1.0']) {
      for (const path of [`/api/task/${id}`, `/api/customers/${id}`, `/api/users/${id}`]) {
        const res = await call(t.app, 'GET', path, { token: admin });
        expect(res.status, path).toBe(422);
        expect(res.json.errors, path).toHaveProperty('id');
      }
    }
  });
});
