import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { call, createTestApp, type TestApp } from '../../../test/harness.ts';
import { multipart } from '../../../test/multipart.ts';
import { buildFixtures, type Fixtures } from '../../../test/demo-fixtures.ts';
import type { RoleName } from '../../../test/roles.ts';
import { actionLogs, taskMessageFiles, taskMessages } from '../../db/schema/index.ts';

let t: TestApp;
let f: Fixtures;
const MAX_FILE = 2000;
const as = (role: RoleName) => ({ token: f.tokens[role] });
const url = (task: number) => `/api/tasks/${task}/messages`;

async function post(
  role: RoleName,
  task: number,
  fields: Record<string, string>,
  files: Array<{ name: string; content: string }> = [],
  lang = 'en',
) {
  const form = await multipart(
    fields,
    files.map((file) => ({ ...file, field: 'files[]' })),
  );
  return call(t.app, 'POST', url(task), {
    ...as(role),
    body: form.payload,
    headers: { ...form.headers, 'accept-language': lang },
  });
}
const stored = async () => {
  const [messages] = await t.app.db.select({ n: count() }).from(taskMessages);
  const [files] = await t.app.db.select({ n: count() }).from(taskMessageFiles);
  const dir = path.join(t.config.filesDir, 'messages');
  return {
    messages: messages!.n,
    files: files!.n,
    onDisk: fs.existsSync(dir) ? fs.readdirSync(dir).length : 0,
  };
};

beforeAll(async () => {
  t = await createTestApp({ uploads: { maxFileBytes: MAX_FILE, maxTaskBytes: 3 * MAX_FILE, maxFiles: 3 } });
  f = await buildFixtures(t.app);
}, 300_000);
afterAll(() => t.close());

describe('messages on a task', () => {
  let question: number;
  let fileId: number;
  let note: number;
  let noteFile: number;

  it('lets the client ask with an attachment, and staff read it and download the file', async () => {
    const res = await post('acmeUser', f.acme.task, { body: '  Is the glossary applied?  ' }, [
      { name: 'guide.pdf', content: 'style guide' },
    ]);
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({
      body: 'Is the glossary applied?',
      internal: false,
      author: { side: 'client', name: 'Ulises Acme' },
    });
    question = res.json.data.id;
    fileId = res.json.data.files[0].id;
    const list = await call(t.app, 'GET', url(f.acme.task), as('pm'));
    expect(list.status).toBe(200);
    expect(list.json.data.data.map((m: { id: number }) => m.id)).toEqual([question]);
    expect(list.json.data.unread).toBe(1);
    const file = await call(t.app, 'GET', `${url(f.acme.task)}/${question}/files/${fileId}`, as('acmeAdmin'));
    expect(file.status).toBe(200);
    expect(file.raw.body).toBe('style guide');
    const [log] = await t.app.db.select().from(actionLogs).where(eq(actionLogs.action, 'messages.post'));
    expect(log).toBeDefined();
  });

  it('keeps internal notes from clients on every route', async () => {
    const refused = await post('acmeAdmin', f.acme.task, { body: 'sneaky', internal: 'true' });
    expect(refused.status).toBe(403);
    const res = await post('pm', f.acme.task, { body: 'Client is slow to answer', internal: 'true' }, [
      { name: 'memo.txt', content: 'internal' },
    ]);
    expect(res.status).toBe(201);
    note = res.json.data.id;
    noteFile = res.json.data.files[0].id;
    await post('admin', f.acme.task, { body: 'Yes, it is.' });
    for (const role of ['acmeAdmin', 'acmeUser'] as const) {
      const list = await call(t.app, 'GET', url(f.acme.task), as(role));
      expect(list.json.data.data.map((m: { body: string }) => m.body)).not.toContain(
        'Client is slow to answer',
      );
      expect(JSON.stringify(list.json)).not.toContain('memo.txt');
      const file = await call(t.app, 'GET', `${url(f.acme.task)}/${note}/files/${noteFile}`, as(role));
      expect(file.status).toBe(404);
    }
    const staff = await call(t.app, 'GET', url(f.acme.task), as('admin'));
    expect(staff.json.data.data.map((m: { id: number }) => m.id)).toContain(note);
    // the client's unread counts leave the note out: only the admin's answer is new to it
    const unread = await call(t.app, 'GET', '/api/messages/unread', as('acmeAdmin'));
    expect(unread.json.data).toEqual([{ task_id: f.acme.task, unread: 2 }]);
    const mine = await call(t.app, 'GET', url(f.acme.task), as('acmeUser'));
    expect(mine.json.data.unread).toBe(1);
  });

  it('marks the thread read for the caller only', async () => {
    const read = await call(t.app, 'POST', `${url(f.acme.task)}/read`, as('acmeAdmin'));
    expect(read.status).toBe(200);
    expect((await call(t.app, 'GET', url(f.acme.task), as('acmeAdmin'))).json.data.unread).toBe(0);
    expect((await call(t.app, 'GET', '/api/messages/unread', as('acmeAdmin'))).json.data).toEqual([]);
    expect((await call(t.app, 'GET', url(f.acme.task), as('acmeUser'))).json.data.unread).toBe(1);
  });

  it("counts unread per task within the caller's tenant, internal notes for staff only", async () => {
    const counts = async (role: RoleName) => {
      const res = await call(t.app, 'GET', '/api/messages/unread', as(role));
      expect(res.status).toBe(200);
      return new Map(
        (res.json.data as Array<{ task_id: number; unread: number }>).map((r) => [r.task_id, r.unread]),
      );
    };
    // the client user: the admin's answer only (never the PM's internal note)
    expect((await counts('acmeUser')).get(f.acme.task)).toBe(1);
    // staff: the client's question and the note, not what they wrote themselves
    expect((await counts('admin')).get(f.acme.task)).toBe(2);
    expect((await counts('pm')).get(f.acme.task)).toBe(2);
    // another customer sees nothing of Acme's thread
    expect((await counts('globexAdmin')).has(f.acme.task)).toBe(false);
    expect((await call(t.app, 'GET', '/api/messages/unread')).status).toBe(401);
  });

  it("answers 404 for another customer's task on every route, and stores nothing", async () => {
    const before = await stored();
    expect((await call(t.app, 'GET', url(f.acme.task), as('globexAdmin'))).status).toBe(404);
    expect(
      (await post('globexAdmin', f.acme.task, { body: 'hello' }, [{ name: 'x.txt', content: 'x' }])).status,
    ).toBe(404);
    expect((await call(t.app, 'POST', `${url(f.acme.task)}/read`, as('globexAdmin'))).status).toBe(404);
    expect(
      (await call(t.app, 'GET', `${url(f.acme.task)}/${question}/files/${fileId}`, as('globexAdmin'))).status,
    ).toBe(404);
    expect((await call(t.app, 'GET', url(999999), as('pm'))).status).toBe(404);
    // a file asked for through another task than its own
    expect(
      (await call(t.app, 'GET', `${url(f.globex.task)}/${question}/files/${fileId}`, as('admin'))).status,
    ).toBe(404);
    expect(await stored()).toEqual(before);
    expect((await call(t.app, 'GET', url(f.acme.task))).status).toBe(401);
  });

  it('refuses an empty message or an oversized attachment with a translated 422, storing nothing', async () => {
    const before = await stored();
    const empty = await post(
      'acmeUser',
      f.acme.task,
      { body: '   ' },
      [{ name: 'a.txt', content: 'a' }],
      'es',
    );
    expect(empty.status).toBe(422);
    expect(empty.json.errors.body[0]).toBe('Este campo es obligatorio.');
    const big = await post(
      'acmeUser',
      f.acme.task,
      { body: 'Big file' },
      [{ name: 'big.bin', content: 'x'.repeat(MAX_FILE + 10) }],
      'ca',
    );
    expect(big.status).toBe(422);
    expect(big.json.errors.files[0]).toContain('big.bin');
    expect(await stored()).toEqual(before);
  });

  it('publishes message.created with whether it is internal', async () => {
    const { domainEvents } = await import('../../db/schema/index.ts');
    const events = await t.app.db.select().from(domainEvents).where(eq(domainEvents.type, 'message.created'));
    expect(events.map((e) => e.data.internal)).toEqual([false, true, false]);
  });
});
