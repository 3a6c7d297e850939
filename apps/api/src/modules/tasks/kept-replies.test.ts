// The task list's and the task detail's replies are kept per process until the database announces a
// change (ADR 0022, ADR 0024). These tests run two apps on one database, as two server processes
// would, and change what a list or a detail shows every way there is: through the API, and in SQL as
// a script or psql would.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../app.ts';
import { call, createTestApp, DEMO, login, type TestApp } from '../../../test/harness.ts';
import { tokensByRole, type RoleName } from '../../../test/roles.ts';
import { customers, departments, languages, tasks, users } from '../../db/schema/index.ts';

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
  // The harness reads the database on PostgreSQL; keeping is tested here.
  t = await createTestApp({ keepTaskReplies: true });

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

describe('task detail replies kept per process', () => {
  const idOf = async (code: string) => {
    const [task] = await t.database.db.select({ id: tasks.id }).from(tasks).where(eq(tasks.code, code));
    return task!.id;
  };
  const detail = async (
    app: FastifyInstance,
    token: string,
    id: number,
    query: Record<string, string> = {},
    status = 200,
  ) => {
    const res = await call(app, 'GET', `/api/task/${id}`, { token, query });
    expect(res.status, JSON.stringify(res.json)).toBe(status);
    return { data: res.json.data, body: res.raw.body };
  };

  it('answers the same detail again from memory, byte for byte, for each role its own', async () => {
    const id = await idOf('LC-MKT');
    await vi.waitFor(async () => {
      const first = await detail(t.app, tokens.pm, id);
      const counts = { ...t.app.taskDetailReplies.counts };
      const second = await detail(t.app, tokens.pm, id);
      expect(second.body).toBe(first.body);
      expect(t.app.taskDetailReplies.counts).toEqual({ hits: counts.hits + 1, reads: counts.reads });
    }, soon);
    // Staff see the customer; the client user does not, and reads its own kept reply.
    const staff = await detail(t.app, tokens.pm, id);
    const client = await detail(t.app, tokens.acmeUser, id);
    expect(staff.data.customer.name).toBe('Acme');
    expect(client.data.customer).toBeNull();
    expect((await detail(t.app, tokens.acmeUser, id)).body).toBe(client.body);
    expect((await detail(t.app, tokens.pm, id)).body).toBe(staff.body);
    // What a role may do is its own: the admin, read after the project manager, may delete.
    expect(staff.data.abilities.can_delete).toBe(false);
    expect((await detail(t.app, tokens.admin, id)).data.abilities.can_delete).toBe(true);
    expect((await detail(t.app, tokens.pm, id)).data.abilities.can_delete).toBe(false);
  });

  it("speaks the reader's language, whoever read the detail first", async () => {
    const id = await idOf('LC-MKT');
    expect((await detail(t.app, tokens.pm, id)).data.source_language.name).toBe('English');
    expect((await detail(t.app, tokens.pm, id, { lang: 'es' })).data.source_language.name).toBe('Inglés');
    expect((await detail(t.app, tokens.pm, id, { lang: 'ca' })).data.source_language.name).toBe('Anglès');
  });

  it('a change of one task in SQL shows in every process, and the other tasks stay kept', async () => {
    const changed = await idOf('LC-MKT');
    const untouched = await idOf('LC-ADM');
    for (const app of [t.app, other]) {
      await detail(app, tokens.pm, changed);
      await detail(app, tokens.pm, untouched);
    }
    const before = { ...other.taskDetailReplies.counts };
    // A payment and a note of a state change: rows of the task's own tables, not the task row.
    await t.database.db.execute(sql`insert into pay_task_histories (task_id, amount, type, taxes)
      values (${changed}, 121, 'TRANSFER', 21)`);
    await t.database.db.execute(sql`insert into task_state_changes (task_id, from_state, to_state, note)
      values (${changed}, 'DRAFT', 'DRAFT', 'Checked by phone')`);
    try {
      for (const app of [t.app, other])
        await vi.waitFor(async () => {
          const { data } = await detail(app, tokens.pm, changed);
          expect(data.payments.map((p: { amount: string }) => p.amount)).toEqual(['121.00']);
          expect(data.changes.map((c: { note: string | null }) => c.note)).toContain('Checked by phone');
        }, soon);
      // The other task's detail was not forgotten: answered from memory.
      const reads = other.taskDetailReplies.counts.reads;
      await detail(other, tokens.pm, untouched);
      expect(other.taskDetailReplies.counts.reads).toBe(reads);
      expect(other.taskDetailReplies.counts.reads).toBeGreaterThan(before.reads);
    } finally {
      await t.database.db.execute(sql`delete from pay_task_histories where task_id = ${changed}`);
      await t.database.db.execute(sql`delete from task_state_changes where task_id = ${changed}`);
    }
    for (const app of [t.app, other])
      await vi.waitFor(
        async () => expect((await detail(app, tokens.pm, changed)).data.payments).toEqual([]),
        soon,
      );
  });

  it('one statement changing several tasks names each of them', async () => {
    const ids = [await idOf('LC-MKT'), await idOf('LC-ADM')];
    for (const id of ids) await detail(other, tokens.pm, id);
    await t.database.db.execute(
      sql`update tasks set comments = 'Batch note' where code in ('LC-MKT', 'LC-ADM')`,
    );
    try {
      for (const id of ids)
        await vi.waitFor(
          async () => expect((await detail(other, tokens.pm, id)).data.comments).toBe('Batch note'),
          soon,
        );
    } finally {
      await t.database.db.execute(sql`update tasks set comments = null where code in ('LC-MKT', 'LC-ADM')`);
    }
  });

  it("a word count written by the analysis shows in its task's detail", async () => {
    const id = await idOf('LC-MKT');
    expect((await detail(other, tokens.pm, id)).data.source_files).toEqual([]);
    await t.database.db
      .execute(sql`insert into source_files (task_id, file_name, file_path, size, sha256, filter)
      values (${id}, 'leaflet.docx', 'kept/leaflet.docx', 1000, repeat('a', 64), 'docx')`);
    await vi.waitFor(async () => {
      const files = (await detail(other, tokens.pm, id)).data.source_files;
      expect(files.map((f: { file_name: string }) => f.file_name)).toEqual(['leaflet.docx']);
    }, soon);
    // Counts are a file's rows, not the task's: the database finds the task through the file.
    await t.database.db.execute(sql`insert into word_counts (source_file_id, target_language_id, total_words,
        percent101, percent100, percent95, percent85, percent75, percent50, no_match, repetitions, characters)
      select f.id, (select id from languages where iso_code = 'es'), 345, 0, 0, 0, 0, 0, 0, 345, 0, 2000
      from source_files f where f.task_id = ${id}`);
    try {
      await vi.waitFor(async () => {
        const [file] = (await detail(other, tokens.pm, id)).data.source_files;
        expect(file.word_count.map((c: { total_words: number }) => c.total_words)).toEqual([345]);
      }, soon);
    } finally {
      await t.database.db.execute(sql`delete from source_files where task_id = ${id}`);
    }
    await vi.waitFor(
      async () => expect((await detail(other, tokens.pm, id)).data.source_files).toEqual([]),
      soon,
    );
  });

  it('a renamed language shows in every kept detail that names it', async () => {
    const id = await idOf('LC-ADM');
    expect((await detail(other, tokens.acmeAdmin, id)).data.source_language.name).toBe('English');
    await t.database.db.execute(sql`update languages set name_en = 'English (UK)' where iso_code = 'en'`);
    try {
      await vi.waitFor(async () => {
        expect((await detail(other, tokens.acmeAdmin, id)).data.source_language.name).toBe('English (UK)');
      }, soon);
    } finally {
      await t.database.db.execute(sql`update languages set name_en = 'English' where iso_code = 'en'`);
    }
  });

  it("never hands a client another scope's kept detail: 404 out of scope, in any process", async () => {
    const marketing = await idOf('LC-MKT');
    const admins = await idOf('LC-ADM');
    const nobody = await login(t.app, 'nobody@acme.test');
    await detail(t.app, tokens.acmeUser, marketing);
    await detail(t.app, tokens.acmeAdmin, admins);
    await detail(t.app, nobody, marketing, {}, 404);
    await detail(t.app, tokens.acmeUser, admins, {}, 404);
    await detail(t.app, tokens.globexAdmin, marketing, {}, 404);
    // Taken out of the department in SQL: the other process stops showing the department's task.
    await detail(other, tokens.acmeUser, marketing);
    await t.database.db.execute(sql`delete from department_users where department_id = ${marketingId}`);
    try {
      await vi.waitFor(async () => detail(other, tokens.acmeUser, marketing, {}, 404), soon);
    } finally {
      await t.database.db.execute(sql`insert into department_users (department_id, user_id)
        select ${marketingId}, id from users where email = ${DEMO.acmeUser}`);
    }
    await vi.waitFor(async () => detail(other, tokens.acmeUser, marketing), soon);
  });

  it('a task deleted through the API is gone at once in its process, and soon in the other', async () => {
    await t.database.db.execute(
      sql`insert into tasks (code, customer_id, source_language_id, translation_type_id, description, state)
          select 'LC-GONE', ${acmeId}, source_language_id, 1, 'To be deleted', 'DRAFT' from tasks where code = 'LC-MKT'`,
    );
    const id = await idOf('LC-GONE');
    for (const app of [t.app, other]) await vi.waitFor(async () => detail(app, tokens.pm, id), soon);
    expect((await call(t.app, 'DELETE', `/api/task/${id}`, { token: tokens.admin })).status).toBe(200);
    await detail(t.app, tokens.pm, id, {}, 404);
    await vi.waitFor(async () => detail(other, tokens.pm, id, {}, 404), soon);
  });
});
