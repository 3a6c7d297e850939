import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { call, createTestApp, DEMO, login, type TestApp } from '../../../test/harness.ts';
import { forgetPrepared } from '../../db/prepared.ts';
import { multipart } from '../../../test/multipart.ts';
import { departments, languages, sourceFiles, tasks, translatedFiles } from '../../db/schema/index.ts';

let t: TestApp;
let client: string;
let pm: string;
let lang: Record<string, number>;
let marketing: number;

beforeAll(async () => {
  t = await createTestApp();
  client = await login(t.app, DEMO.acmeUser);
  pm = await login(t.app, DEMO.pm);
  lang = Object.fromEntries((await t.database.db.select().from(languages)).map((l) => [l.iso_code, l.id]));
  marketing = (await t.database.db.select().from(departments).where(eq(departments.title, 'Marketing')))[0]!
    .id;
  await t.app.jobs.start();
});
afterAll(() => t.close());

async function taskForm(files: Record<string, string>) {
  return multipart(
    {
      description: 'Lost work',
      department: String(marketing),
      source_language: String(lang.en),
      'target_languages[]': [String(lang.es)],
      translation_type: '1',
    },
    Object.entries(files).map(([name, content]) => ({ name, content })),
  );
}

const create = async (files: Record<string, string>) => {
  const form = await taskForm(files);
  return call(t.app, 'POST', '/api/tasks/store-as-draft', {
    token: client,
    body: form.payload,
    headers: form.headers,
  });
};

const onDisk = (key: string) => fs.existsSync(path.join(t.config.filesDir, key));
const storedCount = () =>
  fs.existsSync(t.config.filesDir)
    ? fs.readdirSync(t.config.filesDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
        .length
    : 0;
const taskCount = async () => (await t.database.db.select({ n: count() }).from(tasks))[0]!.n;

/** A task in course with one delivered translation per source file. */
async function deliveredTask(files: Record<string, string>) {
  const res = await create(files);
  expect(res.status).toBe(201);
  const id = res.json.data.id as number;
  await t.app.jobs.idle();
  await t.database.db.update(tasks).set({ state: 'IN_COURSE' }).where(eq(tasks.id, id));
  const sources = await t.database.db.select().from(sourceFiles).where(eq(sourceFiles.task_id, id));
  for (const source of sources) {
    const body = await multipart({ source_file_id: String(source.id), language_id: String(lang.es) }, [
      { field: 'file', name: `es-${source.file_name}`, content: `Traducción de ${source.file_name}` },
    ]);
    const delivered = await call(t.app, 'POST', `/api/tasks/${id}/uploadTranslatedFile`, {
      token: pm,
      body: body.payload,
      headers: body.headers,
    });
    expect(delivered.status).toBe(201);
  }
  const translations = await t.database.db
    .select()
    .from(translatedFiles)
    .where(eq(translatedFiles.task_id, id));
  return { id, sources, translations };
}

describe('a stored file that is gone from the disk', () => {
  it('a delivered file: a translated 410, and the server keeps answering', async () => {
    const { id, translations } = await deliveredTask({ 'one.txt': 'One file.' });
    fs.rmSync(path.join(t.config.filesDir, translations[0]!.file_path));
    for (const [language, message] of [
      ['en', 'The file is missing from the file store. Please ask for it to be uploaded again.'],
      ['es', 'El archivo ya no está en el almacén de archivos. Pida que se vuelva a subir.'],
      ['ca', 'El fitxer ja no és al magatzem de fitxers. Demani que es torni a pujar.'],
    ]) {
      const res = await call(t.app, 'GET', `/api/task/${id}/downloadTranslatedFile/${translations[0]!.id}`, {
        token: client,
        headers: { 'accept-language': language! },
      });
      expect(res.status).toBe(410);
      expect(res.json.message).toBe(message);
    }
    expect((await call(t.app, 'GET', '/api/health')).status).toBe(200);
  });

  it('a source file: a translated 410', async () => {
    const { id, sources } = await deliveredTask({ 'src.txt': 'Source text.' });
    fs.rmSync(path.join(t.config.filesDir, sources[0]!.file_path));
    const res = await call(t.app, 'GET', `/api/task/${id}/downloadSourceFile/${sources[0]!.id}`, {
      token: client,
    });
    expect(res.status).toBe(410);
    expect(res.json.message).toBe(
      'The file is missing from the file store. Please ask for it to be uploaded again.',
    );
  });

  it('one file of the zip: a translated 410 before anything is streamed', async () => {
    const { id, translations } = await deliveredTask({ 'a.txt': 'First.', 'b.txt': 'Second.' });
    fs.rmSync(path.join(t.config.filesDir, translations[1]!.file_path));
    const res = await call(t.app, 'GET', `/api/task/${id}/translations.zip`, {
      token: client,
      headers: { 'accept-language': 'es' },
    });
    expect(res.status).toBe(410);
    expect(res.json.message).toBe(
      'El archivo ya no está en el almacén de archivos. Pida que se vuelva a subir.',
    );
    expect((await call(t.app, 'GET', '/api/health')).status).toBe(200);
  });

  it('a file removed after the zip started (a PM re-uploading) is still zipped whole', async () => {
    const { id, translations } = await deliveredTask({ 'c.txt': 'Third.', 'd.txt': 'Fourth.' });
    const realOpen = t.app.storage.openExisting;
    t.app.storage.openExisting = async (key) => {
      const stream = await realOpen(key);
      fs.rmSync(path.join(t.config.filesDir, key)); // already open: the read still succeeds
      return stream;
    };
    try {
      const res = await call(t.app, 'GET', `/api/task/${id}/translations.zip`, { token: client });
      expect(res.status).toBe(200);
      expect(res.raw.rawPayload.length).toBeGreaterThan(0);
    } finally {
      t.app.storage.openExisting = realOpen;
    }
    expect(translations.every((f) => !onDisk(f.file_path))).toBe(true);
  });

  it('a read that fails mid-stream cuts the download; the process stays up', async () => {
    const { id } = await deliveredTask({ 'e.txt': 'Fifth.', 'f.txt': 'Sixth.' });
    const crashed = vi.fn();
    process.on('uncaughtException', crashed);
    process.on('unhandledRejection', crashed);
    const realOpen = t.app.storage.openExisting;
    // a disk that fails after the first chunk of every file
    t.app.storage.openExisting = async () => {
      let sent = false;
      return new Readable({
        read() {
          if (sent) return this.destroy(Object.assign(new Error('simulated EIO'), { code: 'EIO' }));
          sent = true;
          this.push(Buffer.alloc(64 * 1024, 'x'));
        },
      });
    };
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    try {
      const res = await fetch(`${base}/api/task/${id}/translations.zip`, {
        headers: { authorization: `Bearer ${client}` },
      });
      // the error may come before the first byte (an error answer) or after (a cut transfer)
      const outcome = await res.arrayBuffer().then(
        () => res.status,
        () => 'cut',
      );
      expect(outcome === 'cut' || outcome === 500).toBe(true);
      expect((await fetch(`${base}/api/health`)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(crashed).not.toHaveBeenCalled();
    } finally {
      t.app.storage.openExisting = realOpen;
      process.off('uncaughtException', crashed);
      process.off('unhandledRejection', crashed);
    }
  });
});

describe('files are discarded only before the commit', () => {
  it('the enqueue fails: nothing committed, no row and no file', async () => {
    const tasksBefore = await taskCount();
    const filesBefore = storedCount();
    const enqueue = vi.spyOn(t.app.jobs, 'enqueue').mockRejectedValueOnce(new Error('queue down'));
    try {
      expect((await create({ 'q.txt': 'Queued.' })).status).toBe(500);
    } finally {
      enqueue.mockRestore();
    }
    expect(await taskCount()).toBe(tasksBefore);
    expect(storedCount()).toBe(filesBefore);
  });

  it('the detail read after the commit fails: the files stay and the analysis still runs', async () => {
    const tasksBefore = await taskCount();
    let failed = false;
    const select = vi.spyOn(t.app.db, 'select');
    const commit = vi.spyOn(t.app.db, 'transaction').mockImplementationOnce(async (work, config) => {
      const result = await t.app.db.transaction(work, config);
      // the next read (the detail, a prepared statement built again) fails, as a dropped connection would
      forgetPrepared(t.app.db);
      select.mockImplementationOnce(() => {
        failed = true;
        throw new Error('connection lost');
      });
      return result;
    });
    try {
      expect((await create({ 'kept.txt': 'Kept file.' })).status).toBe(500);
    } finally {
      commit.mockRestore();
      select.mockRestore();
    }
    expect(failed).toBe(true);
    expect(await taskCount()).toBe(tasksBefore + 1);
    const [task] = await t.database.db.select().from(tasks).orderBy(tasks.id).limit(1).offset(tasksBefore);
    const files = await t.database.db.select().from(sourceFiles).where(eq(sourceFiles.task_id, task!.id));
    expect(files).toHaveLength(1);
    expect(onDisk(files[0]!.file_path)).toBe(true);
    await t.app.jobs.idle();
    const [analysed] = await t.database.db.select().from(tasks).where(eq(tasks.id, task!.id));
    expect(analysed!.state).toBe('DRAFT');
  });

  it('a job queued in a transaction that rolls back is never queued', async () => {
    const name = 'test.rolled_back';
    const queued = async () => {
      const table = process.env.TEST_DATABASE_URL ? sql`pgboss.job` : sql`jobs`;
      const result = await t.app.db.execute(
        sql`select count(*)::int as n from ${table} where name = ${name}`,
      );
      return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
    };
    await expect(
      t.app.db.transaction(async (tx) => {
        await t.app.jobs.enqueue(name, { x: 1 }, tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await queued()).toBe(0);
    await t.app.db.transaction((tx) => t.app.jobs.enqueue(name, { x: 2 }, tx));
    expect(await queued()).toBe(1);
  });
});
