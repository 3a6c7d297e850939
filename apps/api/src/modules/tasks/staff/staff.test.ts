import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { call, createTestApp, DEMO, type TestApp } from '../../../../test/harness.ts';
import { multipart } from '../../../../test/multipart.ts';
import { tokensByRole, ROLE_NAMES, type RoleName } from '../../../../test/roles.ts';
import {
  customerEnabledRates,
  customers,
  departments,
  languages,
  mailOutbox,
  rates,
  taskStateChanges,
  tasks,
  tmUnits,
} from '../../../db/schema/index.ts';
import { asc, desc } from 'drizzle-orm';

let t: TestApp;
let tokens: Record<RoleName, string>;
let lang: Record<string, number>;
let marketing: number;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensByRole(t.app);
  lang = Object.fromEntries((await t.database.db.select().from(languages)).map((l) => [l.iso_code, l.id]));
  marketing = (await t.database.db.select().from(departments).where(eq(departments.title, 'Marketing')))[0]!
    .id;
  const [acme] = await t.database.db.select().from(customers).where(eq(customers.name, 'Acme'));
  const [general] = await t.database.db
    .insert(rates)
    .values({ default_group: true, source_lang: lang.en!, target_lang: lang.es!, r1: '0.1000', r2: '30.00' })
    .returning();
  await t.database.db.insert(customerEnabledRates).values({ customer_id: acme!.id, rate_id: general!.id });
  await t.app.jobs.start();
});
afterAll(() => t.close());

async function newTask(
  files: Record<string, string>,
  token = tokens.acmeUser,
  department = marketing,
): Promise<number> {
  const body = await multipart(
    {
      description: 'Staff tools',
      department: String(department),
      source_language: String(lang.en),
      'target_languages[]': [String(lang.es)],
      translation_type: '1',
    },
    Object.entries(files).map(([name, content]) => ({ name, content })),
  );
  const res = await call(t.app, 'POST', '/api/tasks/store-as-draft', {
    token,
    body: body.payload,
    headers: body.headers,
  });
  expect(res.status).toBe(201);
  await t.app.jobs.idle();
  return res.json.data.id;
}

const detail = async (id: number, token = tokens.admin) =>
  (await call(t.app, 'GET', `/api/task/${id}`, { token })).json.data;
const approve = (id: number) =>
  t.database.db.update(tasks).set({ state: 'APPROVED', approved_at: new Date() }).where(eq(tasks.id, id));

async function deliver(
  id: number,
  fileId: number,
  languageId: number,
  name: string,
  content: string,
  token = tokens.pm,
) {
  const body = await multipart({ source_file_id: String(fileId), language_id: String(languageId) }, [
    { field: 'file', name, content },
  ]);
  return call(t.app, 'POST', `/api/tasks/${id}/uploadTranslatedFile`, {
    token,
    body: body.payload,
    headers: body.headers,
  });
}

describe('status changes by staff', () => {
  it('APPROVED -> IN_COURSE -> DONE once every file has its translation; the client is told', async () => {
    const id = await newTask({ 'a.txt': 'Hello world. Good morning.', 'b.txt': 'Second file here.' });
    expect(
      (await call(t.app, 'POST', `/api/tasks/${id}/updateStateAsIncourse`, { token: tokens.pm })).status,
    ).toBe(422); // still DRAFT
    await approve(id);
    for (const role of ['acmeAdmin', 'acmeUser', 'globexAdmin'] as const) {
      expect(
        (await call(t.app, 'POST', `/api/tasks/${id}/updateStateAsIncourse`, { token: tokens[role] })).status,
      ).toBe(403);
    }
    const inCourse = await call(t.app, 'POST', `/api/tasks/${id}/updateStateAsIncourse`, {
      token: tokens.pm,
    });
    expect(inCourse.json.data.state).toBe('IN_COURSE');

    const early = await call(t.app, 'POST', `/api/tasks/${id}/updateStateAsDone`, { token: tokens.pm });
    expect(early.status).toBe(422);
    expect(early.json.message).toBe(
      'Every source file needs its translation in every target language first: 2 missing.',
    );

    const files = (await detail(id)).source_files;
    expect(
      (await deliver(id, files[0].id, lang.es!, 'a.es.txt', 'Hola mundo. Buenos días.', tokens.acmeAdmin))
        .status,
    ).toBe(403);
    expect((await deliver(id, files[0].id, lang.fr!, 'a.fr.txt', 'Bonjour')).status).toBe(422); // not a target language
    expect((await deliver(id, files[0].id, lang.es!, 'a.es.txt', 'Hola mundo. Buenos días.')).status).toBe(
      201,
    );
    expect((await deliver(id, files[1].id, lang.es!, 'b.es.txt', 'Segundo archivo aquí.')).status).toBe(201);

    const done = await call(t.app, 'POST', `/api/tasks/${id}/updateStateAsDone`, { token: tokens.pm });
    expect(done.json.data.state).toBe('DONE');
    // A signed-in requester hears it through its notifications: e-mail at once by default.
    await t.app.events.settle();
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, DEMO.acmeUser))
      .orderBy(desc(mailOutbox.id));
    expect(mails.slice(0, 2).map((m) => m.subject)).toEqual([
      `Verba: El encargo ${(await detail(id)).code} está terminado.`,
      `Verba: El encargo ${(await detail(id)).code} está en curso.`,
    ]);
    expect((await detail(id)).changes.map((c: { to_state: string }) => c.to_state)).toEqual([
      'CALCULATING',
      'DRAFT',
      'IN_COURSE',
      'DONE',
    ]);

    // The client downloads all translations as one zip.
    const zip = await call(t.app, 'GET', `/api/task/${id}/translations.zip`, { token: tokens.acmeUser });
    expect(zip.status).toBe(200);
    const entries = unzipSync(new Uint8Array(zip.raw.rawPayload));
    expect(Object.keys(entries).sort()).toEqual(['es/a.es.txt', 'es/b.es.txt']);
    expect(strFromU8(entries['es/a.es.txt']!)).toBe('Hola mundo. Buenos días.');
    expect(
      (await call(t.app, 'GET', `/api/task/${id}/translations.zip`, { token: tokens.globexAdmin })).status,
    ).toBe(404);

    // From the status screen: DONE back to IN_COURSE is allowed, DONE to DONE is not.
    expect(
      (await call(t.app, 'POST', `/api/tasks/${id}/updateStateAsDone`, { token: tokens.admin })).status,
    ).toBe(422);
    expect(
      (await call(t.app, 'POST', `/api/tasks/${id}/updateStateAsIncourse`, { token: tokens.admin })).json.data
        .state,
    ).toBe('IN_COURSE');
  });

  it('the history keeps the note the staff member typed, no system reason; a blank note is none', async () => {
    const id = await newTask({ 'n.txt': 'A note for the history.' });
    await approve(id);
    const typed = await call(t.app, 'POST', `/api/tasks/${id}/updateStateAsIncourse`, {
      token: tokens.pm,
      body: { note: '  Translator booked for Monday  ' },
    });
    expect(typed.status).toBe(200);
    const blank = await call(t.app, 'POST', `/api/tasks/${id}/updateStateAsApproved`, {
      token: tokens.admin,
      body: { note: '   ' },
    });
    expect(blank.status).toBe(200);
    const rows = await t.database.db
      .select({ to: taskStateChanges.to_state, note: taskStateChanges.note, reason: taskStateChanges.reason })
      .from(taskStateChanges)
      .where(eq(taskStateChanges.task_id, id))
      .orderBy(asc(taskStateChanges.id));
    expect(rows.slice(-2)).toEqual([
      { to: 'IN_COURSE', note: 'Translator booked for Monday', reason: null },
      { to: 'APPROVED', note: null, reason: null },
    ]);
  });

  it('no delivery before the task is approved', async () => {
    const id = await newTask({ 'c.txt': 'Not yet approved.' });
    const file = (await detail(id)).source_files[0];
    const res = await deliver(id, file.id, lang.es!, 'c.es.txt', 'Aún no.');
    expect(res.status).toBe(422);
    expect(res.json.message).toMatch(/approved or in production/);
  });
});

describe('amount to pay, days to add, other concepts, payments', () => {
  let id: number;
  beforeAll(async () => {
    id = await newTask({ 'd.txt': 'One two three four five six seven eight nine ten.' });
  });

  it.each(ROLE_NAMES)('amount to pay as %s', async (role) => {
    const res = await call(t.app, 'PUT', `/api/tasks/${id}/updateAmountToPay`, {
      token: tokens[role],
      body: { amount_to_pay: '99.95' },
    });
    expect(res.status).toBe(role === 'admin' || role === 'pm' ? 200 : 403);
  });

  it('amount to pay: bounds and decimals', async () => {
    for (const amount_to_pay of [0, 1_000_000, 'abc', 1.001]) {
      expect(
        (
          await call(t.app, 'PUT', `/api/tasks/${id}/updateAmountToPay`, {
            token: tokens.pm,
            body: { amount_to_pay },
          })
        ).status,
      ).toBe(422);
    }
    expect((await detail(id)).amount_to_pay).toBe('99.95');
  });

  it('days to add move the due date by business days', async () => {
    const before = new Date((await detail(id)).due_date);
    const res = await call(t.app, 'PUT', `/api/tasks/${id}/updateDaysToAdd`, {
      token: tokens.pm,
      body: { days_to_add: 5 },
    });
    expect(res.status).toBe(200);
    const after = new Date(res.json.data.due_date);
    const days = (after.getTime() - before.getTime()) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(7); // 5 business days span at least one weekend
    expect(
      (
        await call(t.app, 'PUT', `/api/tasks/${id}/updateDaysToAdd`, {
          token: tokens.pm,
          body: { days_to_add: 1000 },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await call(t.app, 'PUT', `/api/tasks/${id}/updateDaysToAdd`, {
          token: tokens.acmeAdmin,
          body: { days_to_add: 1 },
        })
      ).status,
    ).toBe(403);
  });

  it('other concepts re-price the task; every field is checked', async () => {
    const before = await detail(id);
    const add = await call(t.app, 'POST', '/api/other-concepts', {
      token: tokens.pm,
      body: { task_id: id, concept: 'DTP', description: 'Layout', unit: 'page', quantity: 2, price: '10.50' },
    });
    expect(add.status).toBe(201);
    const after = await detail(id);
    expect(after.other_prices).toBe('21.00');
    expect(Number(after.taxed_price)).toBeCloseTo(Number(before.taxed_price) + 21 * 1.21, 2);
    const bad = await call(t.app, 'POST', '/api/other-concepts', {
      token: tokens.pm,
      body: { task_id: id, concept: 'x'.repeat(101), unit: 'u'.repeat(51), quantity: 0, price: 1_000_000 },
    });
    expect(Object.keys(bad.json.errors).sort()).toEqual(['concept', 'price', 'quantity', 'unit']);
    expect(
      (
        await call(t.app, 'POST', '/api/other-concepts', {
          token: tokens.acmeAdmin,
          body: { task_id: id, concept: 'x', quantity: 1, price: 1 },
        })
      ).status,
    ).toBe(403);
    const edit = await call(t.app, 'PUT', `/api/other-concepts/${add.json.data.id}`, {
      token: tokens.admin,
      body: { task_id: id, concept: 'Discount', quantity: 1, price: '-5.00' },
    });
    expect(edit.status).toBe(200);
    expect((await detail(id)).other_prices).toBe('-5.00');
    expect(
      (await call(t.app, 'DELETE', `/api/other-concepts/${add.json.data.id}`, { token: tokens.pm })).status,
    ).toBe(200);
    expect((await detail(id)).other_prices).toBe('0.00');
  });

  it('payments history: admin only; the outstanding balance follows, taxes included', async () => {
    const task = await detail(id);
    const owed = Number(task.amount_to_pay);
    expect(
      (
        await call(t.app, 'POST', '/api/pay-task-histories', {
          token: tokens.pm,
          body: { task_id: id, amount: '1', type: 'transfer' },
        })
      ).status,
    ).toBe(403);
    const tooLong = await call(t.app, 'POST', '/api/pay-task-histories', {
      token: tokens.admin,
      body: { task_id: id, amount: '123456789', type: 'transfer' },
    });
    expect(tooLong.json.errors.amount).toEqual(['Must have at most 8 characters.']);
    const paid = await call(t.app, 'POST', '/api/pay-task-histories', {
      token: tokens.admin,
      body: { task_id: id, amount: '0.50', type: 'Bank transfer' },
    });
    expect(paid.status).toBe(201);
    expect((await detail(id)).outstanding_balance).toBe((owed - 0.5).toFixed(2));
    expect((await detail(id, tokens.acmeAdmin)).payments).toHaveLength(1);
  });

  it('only the admin deletes a task, files and all', async () => {
    expect((await call(t.app, 'DELETE', `/api/task/${id}`, { token: tokens.pm })).status).toBe(403);
    expect((await call(t.app, 'DELETE', `/api/task/${id}`, { token: tokens.admin })).status).toBe(200);
    expect((await call(t.app, 'GET', `/api/task/${id}`, { token: tokens.admin })).status).toBe(404);
  });
});

describe('translation memory from deliveries', () => {
  it('a delivered TMX feeds the memory, so the next quote of the same text matches', async () => {
    const sentence = 'Our portal translates your documents quickly.';
    const first = await newTask({ 'm.txt': sentence });
    await approve(first);
    const file = (await detail(first)).source_files[0];
    const tmx = `<?xml version="1.0"?><tmx version="1.4"><header srclang="en" datatype="plaintext" segtype="sentence" adminlang="en" creationtool="t" creationtoolversion="1" o-tmf="t"/><body>
      <tu><tuv xml:lang="en"><seg>${sentence}</seg></tuv><tuv xml:lang="es"><seg>Nuestro portal traduce sus documentos rápidamente.</seg></tuv></tu>
      </body></tmx>`;
    const res = await deliver(first, file.id, lang.es!, 'm.es.tmx', tmx);
    expect(res.status).toBe(201);
    expect(res.json.data.tm_units_added).toBe(1);
    expect((await t.database.db.select().from(tmUnits)).length).toBe(1);
    // the customer's memory names the delivery as the pair's latest source
    const customerId = (await detail(first)).customer.id;
    const memories = await call(t.app, 'GET', `/api/customers/${customerId}/memories`, { token: tokens.pm });
    expect(memories.json.data).toEqual([
      expect.objectContaining({
        source_lang: 'en',
        target_lang: 'es',
        units: 1,
        last_import: expect.objectContaining({ origin: 'DELIVERY', file_name: 'm.es.tmx', units: 1 }),
      }),
    ]);
    const second = await newTask({ 'again.txt': `${sentence} And one new sentence.` });
    const counts = (await detail(second)).source_files[0].word_count[0];
    expect(counts.percent100 + counts.percent101).toBe(6);
    expect(counts.no_match).toBe(4);
  });

  it("delivered XLIFF 1.2 and 2.0 feed the customer's memory: its next quote matches, another customer's does not", async () => {
    const first = 'Every delivered file makes the next quote cheaper.';
    const id = await newTask({
      'p.txt': first,
      'q.txt': 'Translation memories remember what was already paid for.',
    });
    await approve(id);
    const [p, q] = (await detail(id)).source_files;
    const xliff12 = `<?xml version="1.0" encoding="UTF-8"?><xliff version="1.2"><file source-language="en" target-language="es" datatype="plaintext" original="p.txt"><body>
      <trans-unit id="1"><source>${first}</source><target>Cada archivo entregado abarata el siguiente presupuesto.</target></trans-unit>
      <trans-unit id="2"><source>Not translated yet.</source><target></target></trans-unit>
      </body></file></xliff>`;
    const xliff20 = `<?xml version="1.0" encoding="UTF-8"?><xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="es"><file id="f1"><unit id="u1"><segment>
      <source>Translation memories remember <pc id="1">what</pc> was already paid for.</source>
      <target>Las memorias de traducción recuerdan <pc id="1">lo que</pc> ya se pagó.</target>
      </segment></unit></file></xliff>`;
    // the French file put in the Spanish slot by mistake teaches the Spanish memory nothing
    const french = xliff12.replace('target-language="es"', 'target-language="fr"');
    expect((await deliver(id, p.id, lang.es!, 'p.fr.xliff', french)).json.data.tm_units_added).toBe(0);
    const one = await deliver(id, p.id, lang.es!, 'p.es.xliff', xliff12);
    expect(one.status).toBe(201);
    expect(one.json.data.tm_units_added).toBe(1);
    const two = await deliver(id, q.id, lang.es!, 'q.es.xlf', xliff20);
    expect(two.status).toBe(201);
    expect(two.json.data.tm_units_added).toBe(1);

    const again = await newTask({ 'again.txt': first, 'again.xliff': xliff20 });
    const quoted = (await detail(again)).source_files;
    expect(quoted).toHaveLength(2);
    for (const file of quoted) {
      const counts = file.word_count[0];
      expect(counts.total_words).toBeGreaterThan(0);
      expect(counts.percent100 + counts.percent101).toBe(counts.total_words);
      expect(counts.no_match).toBe(0);
    }

    const [globex] = await t.database.db.select().from(customers).where(eq(customers.name, 'Globex'));
    const [ops] = await t.database.db
      .insert(departments)
      .values({ customer_id: globex!.id, title: 'Ops' })
      .returning();
    const other = await newTask({ 'other.txt': first }, tokens.globexAdmin, ops!.id);
    const counts = (await detail(other)).source_files[0].word_count[0];
    expect(counts.percent100 + counts.percent101).toBe(0);
    expect(counts.no_match).toBe(counts.total_words);
  });
});
