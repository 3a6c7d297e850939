import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, DEMO, DEMO_PASSWORD, login, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ROLES = [DEMO.admin, DEMO.pm, DEMO.acmeAdmin, DEMO.acmeUser, DEMO.globexAdmin];

describe('PUT /api/users/{id}/changePassword', () => {
  it.each(ROLES)('%s changes its own password; other sessions end, this one stays', async (email) => {
    const other = await login(t.app, email);
    const token = await login(t.app, email);
    const me = (await call(t.app, 'GET', '/api/auth/me', { token })).json.data;
    const res = await call(t.app, 'PUT', `/api/users/${me.id}/changePassword`, {
      token,
      body: {
        id: me.id,
        current_password: DEMO_PASSWORD,
        password: 'changed-password',
        password_confirmation: 'changed-password',
      },
    });
    expect(res.status).toBe(200);
    expect((await call(t.app, 'GET', '/api/auth/me', { token })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/auth/me', { token: other })).status).toBe(401);
    expect(
      (await call(t.app, 'POST', '/api/auth/login', { body: { email, password: 'changed-password' } }))
        .status,
    ).toBe(200);
    // put it back for the other tests
    await call(t.app, 'PUT', `/api/users/${me.id}/changePassword`, {
      token,
      body: {
        current_password: 'changed-password',
        password: DEMO_PASSWORD,
        password_confirmation: DEMO_PASSWORD,
      },
    });
  });

  it.each(ROLES)('%s: a wrong current password is a translated 422 that changes nothing', async (email) => {
    const token = await login(t.app, email);
    const other = await login(t.app, email);
    const me = (await call(t.app, 'GET', '/api/auth/me', { token })).json.data;
    const body = { password: 'changed-password', password_confirmation: 'changed-password' };
    const wrong = await call(t.app, 'PUT', `/api/users/${me.id}/changePassword`, {
      token,
      body: { ...body, current_password: 'not-my-password', lang: 'es' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.json.errors).toEqual({
      current_password: ['La contraseña actual no es correcta: no se ha cambiado nada.'],
    });
    const missing = await call(t.app, 'PUT', `/api/users/${me.id}/changePassword`, { token, body });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.json.errors)).toEqual(['current_password']);
    // Nothing changed: the old password still signs in, the other session still works.
    expect((await call(t.app, 'GET', '/api/auth/me', { token: other })).status).toBe(200);
    const relogin = await call(t.app, 'POST', '/api/auth/login', {
      body: { email, password: DEMO_PASSWORD },
    });
    expect(relogin.status).toBe(200);
    const changed = await call(t.app, 'POST', '/api/auth/login', {
      body: { email, password: 'changed-password' },
    });
    expect(changed.status).toBe(401);
  });

  it('answers 404 for anyone else, 401 without a session, 422 with every field message', async () => {
    const token = await login(t.app, DEMO.acmeAdmin);
    const globex = (await call(t.app, 'GET', '/api/auth/me', { token: await login(t.app, DEMO.globexAdmin) }))
      .json.data;
    const body = {
      current_password: DEMO_PASSWORD,
      password: 'whatever-123',
      password_confirmation: 'whatever-123',
    };
    expect((await call(t.app, 'PUT', `/api/users/${globex.id}/changePassword`, { token, body })).status).toBe(
      404,
    );
    expect((await call(t.app, 'PUT', `/api/users/${globex.id}/changePassword`, { body })).status).toBe(401);
    const me = (await call(t.app, 'GET', '/api/auth/me', { token })).json.data;
    const bad = await call(t.app, 'PUT', `/api/users/${me.id}/changePassword`, {
      token,
      body: { current_password: DEMO_PASSWORD, password: 'x', password_confirmation: 'y', lang: 'es' },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toEqual({
      password: ['La contraseña debe tener entre 8 y 128 caracteres.'],
      password_confirmation: ['La confirmación no coincide con la contraseña.'],
    });
    expect((await call(t.app, 'PUT', '/api/users/abc/changePassword', { token, body })).status).toBe(422);
  });
});

describe('POST /api/users/{id}/language', () => {
  it.each(ROLES)('%s sets its own language and gets the new locale back', async (email) => {
    const token = await login(t.app, email);
    const me = (await call(t.app, 'GET', '/api/auth/me', { token })).json.data;
    const res = await call(t.app, 'POST', `/api/users/${me.id}/language`, {
      token,
      body: { language: 'ca' },
    });
    expect(res.status).toBe(200);
    expect(res.json.data.locale).toBe('ca');
    expect(res.json.data.user.language).toBe('ca');
    const relogin = await call(t.app, 'POST', '/api/auth/login', {
      body: { email, password: DEMO_PASSWORD },
    });
    expect(relogin.json.data.user.language).toBe('ca');
  });

  it('refuses an unknown language and another user', async () => {
    const token = await login(t.app, DEMO.pm);
    const me = (await call(t.app, 'GET', '/api/auth/me', { token })).json.data;
    const bad = await call(t.app, 'POST', `/api/users/${me.id}/language`, {
      token,
      body: { language: 'fr' },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.errors.language).toHaveLength(1);
    expect(
      (await call(t.app, 'POST', `/api/users/${me.id + 1}/language`, { token, body: { language: 'es' } }))
        .status,
    ).toBe(404);
  });
});
