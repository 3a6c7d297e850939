import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq } from 'drizzle-orm';
import { call, createTestApp, DEMO, login, type TestApp } from '../../../test/harness.ts';
import { mailOutbox, webhookAttempts, webhookDeliveries } from '../../db/schema/index.ts';
import { taskForm } from '../../../test/demo-fixtures.ts';
import { WEBHOOK_EVENTS } from '@verba/contracts';
import type { DomainEvent, DomainEventType } from '../events/service.ts';
import { queueEvent } from './service.ts';

/** What a receiver does with a delivery (the README's example, in a test server). */
function verified(secret: string, body: string, header: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=')));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(String(parts.v1), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

interface Received {
  path: string;
  body: string;
  headers: http.IncomingHttpHeaders;
}

const received: Received[] = [];
/** How the test server answers each path: a status, or `hang` (never answers). */
const answers = new Map<string, number | 'hang'>();
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    received.push({ path: req.url ?? '', body, headers: req.headers });
    const answer = answers.get(req.url ?? '') ?? 200;
    if (answer === 'hang') return;
    res.writeHead(answer, { 'content-type': 'text/plain' });
    res.end(answer === 200 ? 'ok' : 'x'.repeat(5000));
  });
});

let t: TestApp;
let acmeAdmin: string;
let base: string;
let acmeId: number;
let taskId: number;
const settings = {
  allowPrivate: true,
  timeoutMs: 300,
  firstRetryMs: 100,
  longestRetryMs: 400,
  // long enough for three attempts (100 + 200 + 400 ms of waits) on a loaded machine
  retryForMs: 3000,
};

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({ webhooks: { ...settings } });
  await t.app.jobs.start();
  acmeAdmin = await login(t.app, DEMO.acmeAdmin);
  acmeId = (await call(t.app, 'GET', '/api/auth/me', { token: acmeAdmin })).json.data.customer_id;
  taskId = await acmeTask();
});
afterAll(async () => {
  await t.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A draft task of Acme, made by its client user through the API. */
async function acmeTask(): Promise<number> {
  const user = await login(t.app, DEMO.acmeUser);
  const department = (await call(t.app, 'GET', '/api/users/departments', { token: user })).json.data
    .departments[0].id;
  const langs = (await call(t.app, 'GET', '/api/languages', { token: user })).json.data as Array<{
    id: number;
    iso_code: string;
  }>;
  const lang = (code: string) => langs.find((l) => l.iso_code === code)!.id;
  const form = await taskForm(department, { en: lang('en'), es: lang('es'), fr: lang('fr') });
  const res = await call(t.app, 'POST', '/api/tasks/store-as-draft', {
    token: user,
    body: form.payload,
    headers: form.headers,
  });
  if (res.status !== 201) throw new Error(`task fixture: ${res.status} ${res.raw.body}`);
  await t.app.jobs.idle();
  return res.json.data.id as number;
}

async function register(url: string, events = ['task.quoted']) {
  const res = await call(t.app, 'POST', '/api/webhooks', { token: acmeAdmin, body: { url, events } });
  expect(res.status, res.raw.body).toBe(201);
  return res.json.data as { id: number; secret: string };
}

let eventCount = 900_000;
const event = (type: DomainEventType = 'task.quoted'): DomainEvent => ({
  id: ++eventCount,
  type,
  created_at: new Date().toISOString(),
  task_id: taskId,
  invoice_id: null,
  customer_id: acmeId,
  actor_user_id: null,
  data: {},
});
const sent = (r: Received, e: DomainEvent) => JSON.parse(r.body).id === e.id;

async function until<T>(read: () => Promise<T | undefined | false>, tries = 200): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const value = await read();
    if (value) return value;
    await t.app.jobs.idle();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the condition never held');
}

const deliveryOf = async (eventId: number, endpointId: number) =>
  (
    await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(
        and(eq(webhookDeliveries.event_id, String(eventId)), eq(webhookDeliveries.endpoint_id, endpointId)),
      )
  )[0];
const attemptsOf = async (deliveryId: number) =>
  t.database.db
    .select()
    .from(webhookAttempts)
    .where(eq(webhookAttempts.delivery_id, deliveryId))
    .orderBy(asc(webhookAttempts.id));

describe('webhooks', () => {
  it('delivers a signed POST of { id, type, created_at, data } with the task as the API answers it', async () => {
    const { id, secret } = await register(`${base}/ok`);
    expect(secret).toMatch(/^whsec_/);
    const e = event();
    expect(await queueEvent(t.app, e)).toBeGreaterThanOrEqual(1);
    const got = await until(async () => received.find((r) => sent(r, e)));
    expect(verified(secret, got.body, String(got.headers['verba-signature']))).toBe(true);
    expect(verified('whsec_other', got.body, String(got.headers['verba-signature']))).toBe(false);
    const body = JSON.parse(got.body);
    expect(Object.keys(body)).toEqual(['id', 'type', 'created_at', 'data']);
    expect(body).toMatchObject({ id: e.id, type: 'task.quoted' });
    const detail = await call(t.app, 'GET', `/api/task/${taskId}`, { token: acmeAdmin });
    expect(body.data).toEqual(detail.json.data);
    const delivery = await until(async () => {
      const d = await deliveryOf(e.id, id);
      return d?.status === 'delivered' && d;
    });
    const list = await call(t.app, 'GET', `/api/webhooks/${id}/deliveries`, { token: acmeAdmin });
    expect(list.json.data[0]).toMatchObject({
      id: delivery.id,
      status: 'delivered',
      attempts: [expect.objectContaining({ status_code: 200, response: 'ok' })],
    });
    // the secret is never shown again
    const endpoints = await call(t.app, 'GET', '/api/webhooks', { token: acmeAdmin });
    expect(endpoints.raw.body).not.toContain(secret);
    // an event it does not listen to is not sent
    expect(await queueEvent(t.app, event('task.done'))).toBe(0);
  });

  it('announces a real change of a task: a cancelled draft is task.cancelled, a payment task.approved', async () => {
    const { id, secret } = await register(`${base}/real`, ['task.cancelled', 'task.approved']);
    const draft = await acmeTask();
    const user = await login(t.app, DEMO.acmeUser);
    const cancelled = await call(t.app, 'POST', `/api/tasks/${draft}/updateStateAsCancelled`, {
      token: user,
    });
    expect(cancelled.status, cancelled.raw.body).toBe(200);
    await t.app.events.settle();
    const got = await until(async () => received.find((r) => r.path === '/real'));
    expect(verified(secret, got.body, String(got.headers['verba-signature']))).toBe(true);
    const body = JSON.parse(got.body);
    expect(body).toMatchObject({ type: 'task.cancelled', data: { id: draft, state: 'CANCELLED' } });
    expect(got.headers['verba-event']).toBe('task.cancelled');
    // the paid event is announced as the task's approval
    expect(await queueEvent(t.app, { ...event('task.paid'), task_id: draft })).toBeGreaterThanOrEqual(1);
    const approved = await until(async () => received.filter((r) => r.path === '/real')[1]);
    expect(JSON.parse(approved.body).type).toBe('task.approved');
    expect((await call(t.app, 'DELETE', `/api/webhooks/${id}`, { token: acmeAdmin })).status).toBe(200);
  });

  it('rolls the secret: the next delivery is signed with the new one', async () => {
    const { id, secret } = await register(`${base}/roll`);
    const rolled = await call(t.app, 'PUT', `/api/webhooks/${id}`, {
      token: acmeAdmin,
      body: { url: `${base}/roll`, events: ['task.quoted'], roll_secret: true },
    });
    expect(rolled.status).toBe(200);
    const fresh = rolled.json.data.secret as string;
    expect(fresh).not.toBe(secret);
    const e = event();
    await queueEvent(t.app, e);
    const got = await until(async () => received.find((r) => sent(r, e) && r.path === '/roll'));
    expect(verified(fresh, got.body, String(got.headers['verba-signature']))).toBe(true);
    expect(verified(secret, got.body, String(got.headers['verba-signature']))).toBe(false);
  });

  it('retries a failing endpoint with growing waits, then gives up and disables it, mailing the client admins', async () => {
    answers.set('/fail', 500);
    const { id } = await register(`${base}/fail`);
    const e = event();
    await queueEvent(t.app, e);
    const failed = await until(async () => {
      const d = await deliveryOf(e.id, id);
      return d?.status === 'failed' && d;
    });
    const attempts = await attemptsOf(failed.id);
    expect(attempts.length).toBeGreaterThanOrEqual(3);
    expect(attempts.every((a) => a.status_code === 500 && a.response?.length === 1024)).toBe(true);
    // each wait at least the backoff: 100 ms, 200 ms, 400 ms (the longest)…
    for (let i = 1; i < attempts.length; i++) {
      const wait = attempts[i]!.started_at.getTime() - attempts[i - 1]!.started_at.getTime();
      expect(wait).toBeGreaterThanOrEqual(Math.min(100 * 2 ** (i - 1), 400));
    }
    const endpoint = (await call(t.app, 'GET', '/api/webhooks', { token: acmeAdmin })).json.data.find(
      (w: { id: number }) => w.id === id,
    );
    expect(endpoint).toMatchObject({ is_active: false, disabled_at: expect.any(String) });
    const [mail] = await t.database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    expect(mail).toMatchObject({ to: DEMO.acmeAdmin });
    expect(mail!.text).toContain(`${base}/fail`);
    // a disabled endpoint gets no new deliveries
    const later = event();
    await queueEvent(t.app, later);
    expect(await deliveryOf(later.id, id)).toBeUndefined();

    // sent again by hand, once the receiver is fixed
    answers.set('/fail', 200);
    const resent = await call(t.app, 'POST', `/api/webhooks/${id}/deliveries/${failed.id}/resend`, {
      token: acmeAdmin,
    });
    expect(resent.status).toBe(202);
    await until(async () => (await deliveryOf(e.id, id))?.status === 'delivered');
    const last = (await attemptsOf(failed.id)).at(-1);
    expect(last).toMatchObject({ manual: true, status_code: 200 });
    // turned back on
    const on = await call(t.app, 'PUT', `/api/webhooks/${id}`, {
      token: acmeAdmin,
      body: { url: `${base}/fail`, events: ['task.quoted'], is_active: true },
    });
    expect(on.json.data).toMatchObject({ is_active: true, disabled_at: null, failing_since: null });
  });

  it('counts an endpoint that does not answer within the timeout as a failure', async () => {
    answers.set('/hang', 'hang');
    const { id } = await register(`${base}/hang`);
    const e = event();
    await queueEvent(t.app, e);
    const delivery = await until(async () => deliveryOf(e.id, id));
    const [attempt] = await until(async () => {
      const list = await attemptsOf(delivery.id);
      return list.length > 0 && list;
    });
    expect(attempt).toMatchObject({ status_code: null, error: 'no answer within 300 ms' });
    expect((await call(t.app, 'DELETE', `/api/webhooks/${id}`, { token: acmeAdmin })).status).toBe(200);
  });

  describe('SSRF guard', () => {
    it.each([
      ['https://127.0.0.1/hook', 'webhooks.url_private'],
      ['https://10.1.2.3/hook', 'webhooks.url_private'],
      ['https://169.254.169.254/latest', 'webhooks.url_private'],
      ['https://[::1]/hook', 'webhooks.url_private'],
      ['https://[::ffff:127.0.0.1]/hook', 'webhooks.url_private'],
      ['https://localhost/hook', 'webhooks.url_private'],
      ['http://203.0.113.10/hook', 'webhooks.url_scheme'],
      ['ftp://203.0.113.10/hook', 'webhooks.url_scheme'],
      ['not a url', 'webhooks.url_invalid'],
    ])('refuses %s with a 422 naming the url', async (url, key) => {
      t.config.webhooks.allowPrivate = false;
      try {
        const res = await call(t.app, 'POST', '/api/webhooks', {
          token: acmeAdmin,
          body: { url, events: ['task.done'] },
        });
        expect(res.status).toBe(422);
        expect(Object.keys(res.json.errors)).toEqual(['url']);
        const en = await import('../../i18n/en/api.json');
        const [group, name] = key.split('.') as ['webhooks', keyof typeof en.webhooks];
        expect(res.json.errors.url).toEqual([en[group][name]]);
      } finally {
        t.config.webhooks.allowPrivate = true;
      }
    });

    it('refuses a scheme other than http(s) even when private addresses are allowed', async () => {
      for (const url of ['file:///etc/passwd', 'gopher://127.0.0.1/', 'javascript:alert(1)']) {
        const res = await call(t.app, 'POST', '/api/webhooks', {
          token: acmeAdmin,
          body: { url, events: ['task.done'] },
        });
        expect(res.status, url).toBe(422);
        expect(Object.keys(res.json.errors)).toEqual(['url']);
      }
    });

    it('checks again at delivery time: loopback by address or by name is not called', async () => {
      const port = (server.address() as AddressInfo).port;
      const byName = await register(`http://localhost:${port}/by-name`);
      const byAddress = await register(`${base}/by-address`);
      t.config.webhooks.allowPrivate = false;
      try {
        // registered while allowed; the endpoints now answer to https too, so the guard is the address
        for (const [w, url] of [
          [byName.id, `https://localhost:${port}/by-name`],
          [byAddress.id, `https://127.0.0.1:${port}/by-address`],
        ] as const) {
          t.config.webhooks.allowPrivate = true;
          await call(t.app, 'PUT', `/api/webhooks/${w}`, {
            token: acmeAdmin,
            body: { url, events: ['task.quoted'] },
          });
          t.config.webhooks.allowPrivate = false;
        }
        const e = event();
        expect(await queueEvent(t.app, e)).toBeGreaterThanOrEqual(2);
        const rows = await until(async () => {
          const list = await t.database.db
            .select({ error: webhookAttempts.error, endpoint: webhookDeliveries.endpoint_id })
            .from(webhookAttempts)
            .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.delivery_id))
            .where(eq(webhookDeliveries.event_id, String(e.id)));
          const mine = list.filter((r) => r.endpoint === byName.id || r.endpoint === byAddress.id);
          return mine.length >= 2 && mine;
        });
        for (const row of rows) expect(row.error).toMatch(/non-public address (127\.0\.0\.1|::1)/);
        expect(received.some((r) => r.path.startsWith('/by-'))).toBe(false);
      } finally {
        t.config.webhooks.allowPrivate = true;
        for (const w of [byName.id, byAddress.id])
          await call(t.app, 'DELETE', `/api/webhooks/${w}`, { token: acmeAdmin });
      }
    });
  });

  it('documents tokens and the webhook payloads in the OpenAPI 3.1 document', async () => {
    const doc = (await call(t.app, 'GET', '/api/docs/json')).json;
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/tokens', '/api/tokens/{id}', '/api/webhooks']),
    );
    expect(Object.keys(doc.webhooks).sort()).toEqual([...WEBHOOK_EVENTS].sort());
    const done = doc.webhooks['task.done'].post;
    const schema = done.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(['id', 'type', 'created_at', 'data']);
    expect(schema.properties.data.properties).toHaveProperty('state');
    expect(done.parameters.map((p: { name: string }) => p.name)).toContain('Verba-Signature');
  });

  it('hides another customer’s endpoints and deliveries (404)', async () => {
    const { id } = await register(`${base}/ok`);
    const globex = await login(t.app, DEMO.globexAdmin);
    expect((await call(t.app, 'GET', `/api/webhooks/${id}/deliveries`, { token: globex })).status).toBe(404);
    const [delivery] = await t.database.db.select().from(webhookDeliveries).limit(1);
    const other = await register(`${base}/other`);
    const wrong = await call(t.app, 'POST', `/api/webhooks/${other.id}/deliveries/${delivery!.id}/resend`, {
      token: acmeAdmin,
    });
    expect(wrong.status).toBe(404);
  });
});
