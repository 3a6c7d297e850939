import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import { call, createTestApp, DEMO, login, type TestApp } from '../../../test/harness.ts';
import { uiErrors } from '../../db/schema/index.ts';
import { routesWithoutReplySchema } from '../../../test/replies.ts';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'verba-web-'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>Verba</title><div id="root"></div>',
  );
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
  t = await createTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('serving', () => {
  it('GET /api/health answers ok', async () => {
    const res = await call(t.app, 'GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: { status: 'ok' } });
  });

  it('serves the web app, with SPA fallback for deep links, and JSON 404 under /api', async () => {
    const deep = await call(t.app, 'GET', '/customers/12/edit');
    expect(deep.status).toBe(200);
    expect(deep.raw.body).toContain('<div id="root">');
    expect((await call(t.app, 'GET', '/assets/app.js')).raw.body).toBe('console.log(1)');
    const api = await call(t.app, 'GET', '/api/no-such-thing', { headers: { 'accept-language': 'ca' } });
    expect(api.status).toBe(404);
    expect(api.json).toEqual({ message: 'Element no trobat' });
  });

  it('sends security headers on pages, API replies and errors alike', async () => {
    for (const path of ['/login', '/api/health', '/api/no-such-thing']) {
      const res = await call(t.app, 'GET', path);
      expect(res.headers['content-security-policy'], path).toContain("default-src 'self'");
      expect(res.headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], path).toBe('nosniff');
      expect(res.headers['x-frame-options'], path).toBe('SAMEORIGIN');
    }
  });

  it('asks browsers for HTTPS only when the portal is served over HTTPS', async () => {
    // The test app's PUBLIC_URL is http://portal.test.
    const plain = await call(t.app, 'GET', '/api/health');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(plain.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    const secure = await createTestApp({ publicUrl: 'https://portal.example' });
    try {
      for (const path of ['/login', '/api/health']) {
        const res = await call(secure.app, 'GET', path);
        expect(res.headers['strict-transport-security'], path).toMatch(/max-age=31536000; includeSubDomains/);
        expect(res.headers['content-security-policy'], path).toContain('upgrade-insecure-requests');
      }
    } finally {
      await secure.close();
    }
  });

  it('forbids caching API answers, errors included, and leaves the web app to its own rules', async () => {
    const admin = await login(t.app, DEMO.admin);
    for (const [path, status] of [
      ['/api/health', 200],
      ['/api/no-such-thing', 404],
      ['/api/auth/me', 200],
    ] as const) {
      const res = await call(t.app, 'GET', path, { token: admin });
      expect(res.status, path).toBe(status);
      expect(res.headers['cache-control'], path).toBe('no-store');
    }
    expect((await call(t.app, 'GET', '/customers/12/edit')).headers['cache-control']).toBe('no-cache');
    expect((await call(t.app, 'GET', '/assets/app.js')).headers['cache-control']).toMatch(/max-age=3600/);
  });

  it('lets the API documentation page keep its own content security policy', async () => {
    const res = await call(t.app, 'GET', '/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers['content-security-policy']).toContain("img-src 'self' data: validator.swagger.io");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await call(t.app, 'GET', '/api/docs/json');
    expect(res.status).toBe(200);
    expect(res.json.paths['/api/auth/login'].post.requestBody).toBeDefined();
    expect(res.json.paths['/api/action-logs'].get.parameters.map((p: { name: string }) => p.name)).toContain(
      'start_date',
    );
  });
});

describe('POST /api/ui-error', () => {
  it('stores a rendering failure, signed in or not', async () => {
    const res = await call(t.app, 'POST', '/api/ui-error', {
      body: {
        error: { message: 'x is undefined', name: 'TypeError', string: 'TypeError: x is undefined' },
        stackTrace: 'at App',
      },
    });
    expect(res.status).toBe(201);
    const [row] = await t.database.db.select().from(uiErrors).orderBy(desc(uiErrors.id)).limit(1);
    expect(row).toMatchObject({ message: 'x is undefined', name: 'TypeError', stack: 'at App' });
  });

  it('refuses a malformed report', async () => {
    expect((await call(t.app, 'POST', '/api/ui-error', { body: { error: 'boom' } })).status).toBe(422);
  });
});

describe('GET /api/dev/mail-outbox', () => {
  it('is for VERBA_ADMIN only', async () => {
    await call(t.app, 'POST', '/api/auth/password/email', { body: { email: DEMO.pm } });
    await t.app.jobs.start(); // the reset mail leaves from the job queue
    await t.app.jobs.idle();
    const admin = await call(t.app, 'GET', '/api/dev/mail-outbox', { token: await login(t.app, DEMO.admin) });
    expect(admin.status).toBe(200);
    expect(admin.json.data[0].to).toBe(DEMO.pm);
    for (const email of [DEMO.pm, DEMO.acmeAdmin, DEMO.acmeUser]) {
      expect(
        (await call(t.app, 'GET', '/api/dev/mail-outbox', { token: await login(t.app, email) })).status,
      ).toBe(403);
    }
    expect((await call(t.app, 'GET', '/api/dev/mail-outbox')).status).toBe(401);
  });

  it('documents the reply of every JSON route; only files, pages and redirects declare none', async () => {
    const tags = new Set(
      Object.values((t.app.swagger() as { paths: Record<string, Record<string, { tags?: string[] }>> }).paths)
        .flatMap((operations) => Object.values(operations))
        .flatMap((operation) => operation.tags ?? []),
    );
    const missing = [...tags].flatMap((tag) => routesWithoutReplySchema(t.app, tag).missing).sort();
    expect(missing).toEqual(
      [
        // the sandbox bank's own pages and its redirect back to the portal
        'GET /api/sandbox-bank',
        'POST /api/sandbox-bank',
        'POST /api/sandbox-bank/pay',
        // files
        'GET /api/task/{id}/downloadTranslatedFile/{fileId}',
        'GET /api/task/{id}/translations.zip',
        'GET /api/task/{id}/downloadSourceFile/{fileId}',
        'GET /api/task/temporal/{id}/downloadTranslatedFile/{fileId}',
        'GET /api/task/temporal/{id}/translations.zip',
        'GET /api/rates/template',
        'GET /api/rates/excel',
        'GET /api/customers/{id}/excel/rate',
        'POST /api/task/budget/pdf',
        'GET /api/customers/{id}/memories/{source}/{target}/export',
        'GET /api/glossaries/{id}/download',
        'GET /api/invoices/{id}/pdf',
        'GET /api/invoices/export',
        'GET /api/action-logs/export',
        'GET /api/task/{id}/reference-files/{fileId}',
        'GET /api/tasks/{id}/messages/{messageId}/files/{fileId}',
        'GET /api/task/temporal/{id}/messages/{messageId}/files/{fileId}',
        // Server-Sent Events
        'GET /api/notifications/stream',
      ].sort(),
    );
  });
});
