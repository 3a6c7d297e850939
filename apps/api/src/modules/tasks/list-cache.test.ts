// The task list's replies are kept per process until the database announces a change (ADR 0022).
// These tests run two apps on one database, as two server processes would, and change what a list
// shows every way there is: through the API, and in SQL as a script or psql would.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../app.ts';
import { call, createTestApp, DEMO, login, type TestApp } from '../../../test/harness.ts';
import { tokensByRole, type RoleName } from '../../../test/roles.ts';
import { customers, departments, languages, users } from '../../db/schema/index.ts';

let t: TestApp;
let other: FastifyInstance;
let tokens: Record<RoleName, string>;
// Another process hears of a change within milliseconds, not before its own reply.
const soon = { timeout: 3_000, interval: 20 };

type Row = { code: string; description: string; customer: { name: string } | null; state: string };
const list = async (app: FastifyInstance, token: string, query: Record<string, string> = {}) => {
  const res = await call(app, 'GET', '/api/tasks', { token, query });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return { rows: res.json.data.data as Row[], body: res.raw.body };
};
const codes = async (app: FastifyInstance, token: string, query: Record<string, string> = {}) =>
  (await list(app, token, query)).rows.map((r) => r.code).sort();

let acmeId: number;
let marketingId: number;

beforeAll(async () => {
  t = await createTestApp();
  other = await buildApp(t.config, t.database);
  await other.ready();
  tokens = await tokensByRole(t.app);
  const db = t.database.db;
  const [en] = await db.select().from(languages).where(eq(languages.iso_code, 'en'));
  const [acme] = await db.select().from(customers).where(eq(customers.name, 'Acme'));
  const [globex] = await db.select().from(customers).where(eq(customers.name, 'Globex'));
  const [marketing] = await db.select().from(departments).where(eq(departments.title, 'Marketing'));
  const [acmeAdmin] = await db.select().from(users).where(eq(users.email, DEMO.acmeAdmin));
  acmeId = acme!.id;
  marketingId = marketing!.id;
  await db.execute(sql`insert into tasks (code, customer_id, department_id, user_id, source_language_id, translation_type_id, description, state) values
    ('LC-MKT', ${acme!.id}, ${marketing!.id}, ${acmeAdmin!.id}, ${en!.id}, 1, 'Brochure for marketing', 'DRAFT'),
    ('LC-ADM', ${acme!.id}, null, ${acmeAdmin!.id}, ${en!.id}, 1, 'Contract of the admin', 'DONE'),
    ('LC-GLX', ${globex!.id}, null, null, ${en!.id}, 1, 'Globex manual', 'DONE')`);
}, 120_000);
afterAll(async () => {
  await other.close();
  await t.close();
});

describe('task list replies kept per process', () => {
  it('answers the same list again from memory, byte for byte', async () => {
    // On PostgreSQL the process keeps nothing until its listening connection is up, and the
    // notifications of the set-up's inserts may still be arriving: soon, not at once.
    await vi.waitFor(async () => {
      const first = await list(t.app, tokens.pm);
      const counts = { ...t.app.taskListReplies.counts };
      const second = await list(t.app, tokens.pm);
      expect(second.body).toBe(first.body);
      expect(t.app.taskListReplies.counts.hits).toBe(counts.hits + 1);
      expect(t.app.taskListReplies.counts.reads).toBe(counts.reads);
      expect(first.rows.map((r) => r.code)).toEqual(['LC-GLX', 'LC-ADM', 'LC-MKT']);
    }, soon);
  });

  it('a change through the API shows at once in the process that made it, and soon in the other', async () => {
    await t.database.db.execute(
      sql`insert into tasks (code, customer_id, source_language_id, translation_type_id, description, state)
          select 'LC-DEL', ${acmeId}, source_language_id, 1, 'To be deleted', 'DRAFT' from tasks where code = 'LC-MKT'`,
    );
    for (const app of [t.app, other])
      await vi.waitFor(async () => expect(await codes(app, tokens.pm)).toContain('LC-DEL'), soon);
    const [task] = (await list(t.app, tokens.pm)).rows.filter((r) => r.code === 'LC-DEL');
    const id = (task as unknown as { id: number }).id;
    expect((await call(t.app, 'DELETE', `/api/task/${id}`, { token: tokens.admin })).status).toBe(200);
    expect(await codes(t.app, tokens.pm)).not.toContain('LC-DEL');
    await vi.waitFor(async () => expect(await codes(other, tokens.pm)).not.toContain('LC-DEL'), soon);
  });

  it('a task changed in SQL (a script, psql) shows in every process, in lists and searches', async () => {
    for (const app of [t.app, other]) {
      await list(app, tokens.pm);
      await list(app, tokens.pm, { search: 'brochure' });
    }
    await t.database.db.execute(
      sql`update tasks set description = 'Leaflet for marketing' where code = 'LC-MKT'`,
    );
    try {
      for (const app of [t.app, other]) {
        await vi.waitFor(async () => {
          const rows = (await list(app, tokens.pm)).rows;
          expect(rows.find((r) => r.code === 'LC-MKT')?.description).toBe('Leaflet for marketing');
        }, soon);
        expect(await codes(app, tokens.pm, { search: 'brochure' })).toEqual([]);
        expect(await codes(app, tokens.pm, { search: 'leaflet' })).toEqual(['LC-MKT']);
      }
    } finally {
      await t.database.db.execute(
        sql`update tasks set description = 'Brochure for marketing' where code = 'LC-MKT'`,
      );
    }
  });

  it("a renamed customer shows in its tasks' rows", async () => {
    await list(other, tokens.pm);
    await t.database.db.execute(sql`update customers set name = 'Acme Corporation' where id = ${acmeId}`);
    try {
      await vi.waitFor(async () => {
        const rows = (await list(other, tokens.pm)).rows;
        expect(rows.find((r) => r.code === 'LC-MKT')?.customer?.name).toBe('Acme Corporation');
      }, soon);
    } finally {
      await t.database.db.execute(sql`update customers set name = 'Acme' where id = ${acmeId}`);
    }
  });

  it("each client user gets its own scope, never another user's kept page", async () => {
    // A second user of Acme in no department, who requested nothing: sees no task.
    await t.database.db
      .execute(sql`insert into users (name, lastname, email, type, customer_id, password_hash)
      select 'Nadia', 'Nobody', 'nobody@acme.test', 'CLIENT_USER', customer_id, password_hash
      from users where email = ${DEMO.acmeUser}`);
    const nobody = await login(t.app, 'nobody@acme.test');
    expect(await codes(t.app, tokens.acmeAdmin)).toEqual(['LC-ADM', 'LC-MKT']);
    expect(await codes(t.app, tokens.acmeUser)).toEqual(['LC-MKT']);
    expect(await codes(t.app, nobody)).toEqual([]);
    expect(await codes(t.app, tokens.acmeUser)).toEqual(['LC-MKT']);
    expect(await codes(t.app, tokens.globexAdmin)).toEqual(['LC-GLX']);
  });

  it("a client user taken out of a department no longer sees the department's tasks, in any process", async () => {
    expect(await codes(other, tokens.acmeUser)).toEqual(['LC-MKT']);
    await t.database.db.execute(sql`delete from department_users where department_id = ${marketingId}`);
    try {
      await vi.waitFor(async () => expect(await codes(other, tokens.acmeUser)).toEqual([]), soon);
    } finally {
      await t.database.db.execute(sql`insert into department_users (department_id, user_id)
        select ${marketingId}, id from users where email = ${DEMO.acmeUser}`);
    }
    await vi.waitFor(async () => expect(await codes(other, tokens.acmeUser)).toEqual(['LC-MKT']), soon);
  });
});
