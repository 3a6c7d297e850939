import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { call, createTestApp, DEMO, login, type TestApp } from '../../../test/harness.ts';
import { multipart } from '../../../test/multipart.ts';
import { buildFixtures, type Fixtures } from '../../../test/demo-fixtures.ts';
import type { RoleName } from '../../../test/roles.ts';
import { mailOutbox, notificationDigests } from '../../db/schema/index.ts';
import { sendDigests } from './service.ts';

let t: TestApp;
let f: Fixtures;
const as = (role: RoleName) => ({ token: f.tokens[role] });

async function write(role: RoleName, body: string, internal = false) {
  const form = await multipart({ body, internal: String(internal) });
  const res = await call(t.app, 'POST', `/api/tasks/${f.acme.task}/messages`, {
    ...as(role),
    body: form.payload,
    headers: form.headers,
  });
  expect(res.status).toBe(201);
  await t.app.events.settle();
}
const bell = async (role: RoleName) => {
  const { items, unread } = (await call(t.app, 'GET', '/api/notifications', as(role))).json.data;
  return { data: items, unread };
};
const mailsTo = async (to: string) =>
  t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(mailOutbox.id);

beforeAll(async () => {
  t = await createTestApp();
  f = await buildFixtures(t.app);
  await t.app.jobs.start();
  await t.app.events.settle();
  await call(t.app, 'POST', '/api/notifications/read', { ...as('acmeUser'), body: { all: true } });
  await call(t.app, 'POST', '/api/notifications/read', { ...as('acmeAdmin'), body: { all: true } });
  await call(t.app, 'POST', '/api/notifications/read', { ...as('pm'), body: { all: true } });
}, 300_000);
afterAll(() => t.close());

describe('notifications', () => {
  it("tells staff of a client's message, and the client side of staff's answer, never the author", async () => {
    await write('acmeUser', 'When will it be ready?');
    const pm = await bell('pm');
    expect(pm.unread).toBe(1);
    expect(pm.data[0]).toMatchObject({
      kind: 'message',
      task_id: f.acme.task,
      values: { author: 'Ulises Acme', excerpt: 'When will it be ready?' },
    });
    expect((await bell('acmeUser')).unread).toBe(0);
    expect((await bell('acmeAdmin')).unread).toBe(0);

    await write('pm', 'Tomorrow morning.');
    for (const role of ['acmeUser', 'acmeAdmin'] as const) {
      const mine = await bell(role);
      expect(mine.unread).toBe(1);
      expect(mine.data[0].values.excerpt).toBe('Tomorrow morning.');
    }
    expect(
      (await bell('globexAdmin')).data.filter((n: { task_id: number }) => n.task_id === f.acme.task),
    ).toEqual([]);
    expect((await bell('pm')).unread).toBe(1);
  });

  it('never tells a client of an internal note, on the bell or by mail', async () => {
    const mailsBefore = (await mailsTo('user@acme.test')).length;
    await write('pm', 'Secret: the client pays late', true);
    for (const role of ['acmeUser', 'acmeAdmin'] as const) {
      expect(JSON.stringify(await bell(role))).not.toContain('Secret');
    }
    expect((await mailsTo('user@acme.test')).length).toBe(mailsBefore);
    expect(JSON.stringify(await bell('admin'))).toContain('Secret');
  });

  it('mails at once by default, in the person’s language, and not when it chose the portal only', async () => {
    const mails = await mailsTo('user@acme.test');
    expect(mails.at(-1)!.subject).toContain('escribió en el encargo');
    const put = await call(t.app, 'PUT', '/api/notification-preferences', {
      ...as('acmeUser'),
      body: { preferences: [{ kind: 'message', channel: 'portal' }] },
    });
    expect(put.status).toBe(200);
    expect(put.json.data).toContainEqual({ kind: 'message', channel: 'portal' });
    expect(put.json.data).toContainEqual({ kind: 'done', channel: 'email' });
    await write('admin', 'Another answer');
    expect((await mailsTo('user@acme.test')).length).toBe(mails.length);
    expect((await bell('acmeUser')).data[0].values.excerpt).toBe('Another answer');
  });

  it('gathers digest notifications into one daily mail in the user’s language', async () => {
    await call(t.app, 'PUT', '/api/notification-preferences', {
      ...as('acmeUser'),
      body: { preferences: [{ kind: 'message', channel: 'digest' }] },
    });
    await write('pm', 'First for the digest');
    await write('pm', 'Second for the digest');
    const before = (await mailsTo('user@acme.test')).length;
    expect(await sendDigests(t.app)).toBeGreaterThanOrEqual(1);
    const mails = await mailsTo('user@acme.test');
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)!.subject).toBe('Su resumen de Verba');
    expect(mails.at(-1)!.text).toContain('First for the digest');
    expect(mails.at(-1)!.text).toContain('Second for the digest');
    // one a day: another waits for tomorrow
    await write('pm', 'Third');
    await sendDigests(t.app);
    expect((await mailsTo('user@acme.test')).length).toBe(before + 1);
    await t.app.db.update(notificationDigests).set({ sent_at: sql`now() - interval '25 hours'` });
    await sendDigests(t.app);
    expect((await mailsTo('user@acme.test')).length).toBe(before + 2);
  });

  it('marks read by ids or all, only the caller’s own', async () => {
    const theirs = (await bell('acmeUser')).data[0].id;
    const other = await call(t.app, 'POST', '/api/notifications/read', {
      ...as('acmeAdmin'),
      body: { ids: [theirs] },
    });
    expect(other.status).toBe(200);
    expect((await bell('acmeUser')).data[0].read).toBe(false);
    const mine = await call(t.app, 'POST', '/api/notifications/read', {
      ...as('acmeUser'),
      body: { ids: [theirs] },
    });
    expect(mine.json.data.unread).toBe((await bell('acmeUser')).unread);
    await call(t.app, 'POST', '/api/notifications/read', { ...as('acmeUser'), body: { all: true } });
    expect((await bell('acmeUser')).unread).toBe(0);
  });

  it('refuses bad input with a translated 422 and a caller without a session with 401', async () => {
    const bad = await call(t.app, 'PUT', '/api/notification-preferences', {
      ...as('acmeUser'),
      body: { preferences: [{ kind: 'message', channel: 'pigeon' }] },
      headers: { 'accept-language': 'es' },
    });
    expect(bad.status).toBe(422);
    expect((await call(t.app, 'POST', '/api/notifications/read', { ...as('pm'), body: {} })).status).toBe(
      422,
    );
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['POST', '/api/notifications/read'],
      ['GET', '/api/notifications/stream'],
      ['GET', '/api/notification-preferences'],
      ['PUT', '/api/notification-preferences'],
    ] as const)
      expect((await call(t.app, method, url, { body: method === 'GET' ? undefined : {} })).status).toBe(401);
  });

  let address: string | undefined;
  /** A stream of the notifications of the session `token`, read event by event. */
  async function openStream(token: string) {
    address ??= await t.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const res = await fetch(`${address}/api/notifications/stream`, {
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    /** The next unread event, or 'ended' when the server ends the stream. */
    const nextEvent = async (): Promise<{ unread: number } | 'ended'> => {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const chunk = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (chunk.startsWith('event: unread'))
            return JSON.parse(chunk.split('data: ')[1]!) as { unread: number };
          continue;
        }
        const { value, done } = await reader.read();
        if (done) return 'ended';
        buffer += decoder.decode(value, { stream: true });
      }
    };
    return { nextEvent, close: () => controller.abort() };
  }
  const unreadOf = (event: { unread: number } | 'ended') => {
    if (event === 'ended') throw new Error('stream ended');
    return event.unread;
  };

  it('streams the unread count as Server-Sent Events when a notification arrives', async () => {
    const stream = await openStream(f.tokens.acmeAdmin);
    const first = unreadOf(await stream.nextEvent());
    await write('pm', 'Live!');
    expect(unreadOf(await stream.nextEvent())).toBe(first + 1);
    stream.close();
  });

  it("ends a session's open stream when the session is revoked, and only that session's", async () => {
    const laptop = await login(t.app, DEMO.acmeAdmin);
    const phone = await login(t.app, DEMO.acmeAdmin);
    const revoked = await openStream(laptop);
    const kept = await openStream(phone);
    const first = unreadOf(await revoked.nextEvent());
    unreadOf(await kept.nextEvent());
    const sessions = (await call(t.app, 'GET', '/api/auth/sessions', { token: laptop })).json.data as Array<{
      id: number;
      current: boolean;
    }>;
    const laptopId = sessions.find((s) => s.current)!.id;
    const ended = await call(t.app, 'DELETE', `/api/auth/sessions/${laptopId}`, { token: phone });
    expect(ended.status).toBe(200);
    // the revoked session's stream ends (no further event), the other one still hears the bell
    expect(await revoked.nextEvent()).toBe('ended');
    await write('pm', 'Still there?');
    expect(unreadOf(await kept.nextEvent())).toBe(first + 1);
    kept.close();
  });
});
