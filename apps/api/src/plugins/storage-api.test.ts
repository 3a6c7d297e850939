/**
 * Files through the API on both stores: the local disk and S3 (a real s3rver over HTTP behind the
 * real SDK). Uploads stream in, downloads stream out, the analysis reads through the store, and on
 * S3 a store that goes away mid-session is a translated 503 with nothing half-written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, inArray } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { call, createTestApp, DEMO, login, type TestApp } from '../../test/harness.ts';
import { multipart } from '../../test/multipart.ts';
import { glossaryKit, uploadGlossary } from '../../test/glossary-upload.ts';
import { startS3, type S3TestServer } from '../../test/s3.ts';
import {
  departments,
  glossaries,
  languages,
  sourceFiles,
  tasks,
  translatedFiles,
  wordCounts,
} from '../db/schema/index.ts';
import { analyseAndQuote } from '../modules/tasks/pricing/analysis-job.ts';
import { StorageUnavailableError } from './stored-file.ts';

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(() => s3.stop());

const SOURCE = 'The cat sat on the mat. Save the file before you close it.';

describe.each(['disk', 's3'] as const)('files through the API on %s', (kind) => {
  let t: TestApp;
  let client: string;
  let pm: string;
  let admin: string;
  let lang: Record<string, number>;
  let marketing: number;

  beforeAll(async () => {
    t = await createTestApp(kind === 's3' ? { s3: s3.settings } : {});
    [client, pm, admin] = await Promise.all([
      login(t.app, DEMO.acmeUser),
      login(t.app, DEMO.pm),
      login(t.app, DEMO.admin),
    ]);
    lang = Object.fromEntries((await t.database.db.select().from(languages)).map((l) => [l.iso_code, l.id]));
    marketing = (await t.database.db.select().from(departments).where(eq(departments.title, 'Marketing')))[0]!
      .id;
    await t.app.jobs.start();
  });
  afterAll(() => t.close());

  const createTask = async (files: Record<string, string>, language = 'en') => {
    const form = await multipart(
      {
        description: 'Files on storage',
        department: String(marketing),
        source_language: String(lang.en),
        'target_languages[]': [String(lang.es)],
        translation_type: '1',
      },
      Object.entries(files).map(([name, content]) => ({ name, content })),
    );
    return call(t.app, 'POST', '/api/tasks/store-as-draft', {
      token: client,
      body: form.payload,
      headers: { ...form.headers, 'accept-language': language },
    });
  };
  const taskCount = async () => (await t.database.db.select({ n: count() }).from(tasks))[0]!.n;
  let task: { id: number; sources: Array<typeof sourceFiles.$inferSelect> };

  it('source files stream in, the analysis counts them through the store, and they download whole', async () => {
    const res = await createTask({ 'one.txt': SOURCE, 'two.txt': 'Hello world.' });
    expect(res.status).toBe(201);
    const id = res.json.data.id as number;
    await t.app.jobs.idle();
    const sources = await t.database.db.select().from(sourceFiles).where(eq(sourceFiles.task_id, id));
    task = { id, sources };
    const counted = await t.database.db
      .select()
      .from(wordCounts)
      .where(
        inArray(
          wordCounts.source_file_id,
          sources.map((s) => s.id),
        ),
      );
    expect(counted.map((c) => c.total_words).sort((a, b) => a - b)).toEqual([2, 13]);
    expect((await t.database.db.select().from(tasks).where(eq(tasks.id, id)))[0]!.analysis_error).toBeNull();
    const one = sources.find((s) => s.file_name === 'one.txt')!;
    expect(await t.app.storage.exists(one.file_path)).toBe(true);
    const download = await call(t.app, 'GET', `/api/task/${id}/downloadSourceFile/${one.id}`, {
      token: client,
    });
    expect(download.status).toBe(200);
    expect(download.raw.body).toBe(SOURCE);
  });

  it('a delivered translation downloads alone and in the zip, and goes with its row', async () => {
    await t.database.db.update(tasks).set({ state: 'IN_COURSE' }).where(eq(tasks.id, task.id));
    for (const source of task.sources) {
      const body = await multipart({ source_file_id: String(source.id), language_id: String(lang.es) }, [
        { field: 'file', name: `es-${source.file_name}`, content: `Traducción de ${source.file_name}` },
      ]);
      const delivered = await call(t.app, 'POST', `/api/tasks/${task.id}/uploadTranslatedFile`, {
        token: pm,
        body: body.payload,
        headers: body.headers,
      });
      expect(delivered.status).toBe(201);
    }
    const translations = await t.database.db
      .select()
      .from(translatedFiles)
      .where(eq(translatedFiles.task_id, task.id));
    const first = translations[0]!;
    const alone = await call(t.app, 'GET', `/api/task/${task.id}/downloadTranslatedFile/${first.id}`, {
      token: client,
    });
    expect(alone.status).toBe(200);
    expect(alone.raw.body).toMatch(/^Traducción de (one|two)\.txt$/);

    const zip = await call(t.app, 'GET', `/api/task/${task.id}/translations.zip`, { token: client });
    expect(zip.status).toBe(200);
    const entries = unzipSync(new Uint8Array(zip.raw.rawPayload));
    expect(Object.keys(entries).sort()).toEqual(['es/es-one.txt', 'es/es-two.txt']);
    expect(Buffer.from(entries['es/es-one.txt']!).toString()).toBe('Traducción de one.txt');

    const removed = await call(t.app, 'DELETE', `/api/tasks/${task.id}/removeTranslatedFile/${first.id}`, {
      token: pm,
    });
    expect(removed.status).toBe(200);
    expect(await t.app.storage.exists(first.file_path)).toBe(false);
  });

  it('a glossary keeps its original file, and a TMX import leaves nothing behind', async () => {
    const kit = await glossaryKit(t.app, admin);
    const csv = 'source,target,note\ncat,gato,animal\ndog,perro,\n';
    const res = await uploadGlossary(t.app, {
      token: client,
      fields: {
        customer_id: String(kit.acme),
        type: '1',
        source_language: String(kit.lang.en),
        target_language: String(kit.lang.es),
      },
      content: csv,
      name: 'pets.csv',
    });
    expect(res.status).toBe(201);
    const original = await call(t.app, 'GET', `/api/glossaries/${res.json.data.id}/download`, {
      token: client,
      query: { format: 'original' },
    });
    expect(original.status).toBe(200);
    expect(original.raw.body).toBe(csv);

    const tmx = `<?xml version="1.0" encoding="UTF-8"?><tmx version="1.4"><header srclang="en" datatype="plaintext" segtype="sentence" adminlang="en" creationtool="t" creationtoolversion="1" o-tmf="t"/><body><tu><tuv xml:lang="en"><seg>The cat sat on the mat.</seg></tuv><tuv xml:lang="es"><seg>El gato se sentó en la alfombra.</seg></tuv></tu></body></tmx>`;
    const form = await multipart({ source_language: String(lang.en), target_language: String(lang.es) }, [
      { field: 'file', name: 'acme.tmx', content: tmx },
    ]);
    const imported = await call(t.app, 'POST', `/api/customers/${kit.acme}/memories`, {
      token: pm,
      body: form.payload,
      headers: form.headers,
    });
    expect(imported.status).toBe(201);
    expect(imported.json.data.units).toBe(1);
    const left: string[] = [];
    for await (const key of t.app.storage.listOlderThan(Date.now() + 60_000))
      if (key.startsWith('tm-imports/')) left.push(key);
    expect(left).toEqual([]);
  });

  it.runIf(kind === 's3')(
    'S3 gone mid-session: translated 503s, no task or glossary without its file, the analysis waits',
    async () => {
      await s3.stop();
      const tasksBefore = await taskCount();
      const upload = await createTask({ 'three.txt': 'Three.' }, 'es');
      expect(upload.status).toBe(503);
      expect(upload.json.message).toBe(
        'El almacén de archivos no está disponible en este momento: no se ha guardado nada. Inténtelo más tarde.',
      );
      expect(await taskCount()).toBe(tasksBefore);

      const glossariesBefore = (await t.database.db.select({ n: count() }).from(glossaries))[0]!.n;
      const kit = await glossaryKit(t.app, admin);
      const glossary = await uploadGlossary(t.app, {
        token: client,
        fields: {
          customer_id: String(kit.acme),
          type: '1',
          source_language: String(kit.lang.en),
          target_language: String(kit.lang.es),
        },
        content: 'source,target\ncat,gato\n',
        lang: 'ca',
      });
      expect(glossary.status).toBe(503);
      expect(glossary.json.message).toContain("no s'ha desat res");
      expect((await t.database.db.select({ n: count() }).from(glossaries))[0]!.n).toBe(glossariesBefore);

      const one = task.sources[0]!;
      const download = await call(t.app, 'GET', `/api/task/${task.id}/downloadSourceFile/${one.id}`, {
        token: client,
      });
      expect(download.status).toBe(503);
      expect(download.json.message).toBe(
        'The file store is not available right now. Please try again later.',
      );

      // A change committed in the database stands; the file it left is the orphan sweep's.
      const [left] = await t.database.db
        .select()
        .from(translatedFiles)
        .where(eq(translatedFiles.task_id, task.id));
      const removed = await call(t.app, 'DELETE', `/api/tasks/${task.id}/removeTranslatedFile/${left!.id}`, {
        token: pm,
      });
      expect(removed.status).toBe(200);
      expect(
        await t.database.db.select().from(translatedFiles).where(eq(translatedFiles.id, left!.id)),
      ).toEqual([]);

      // An analysis that cannot read its files fails (to run again later), not "unreadable file".
      const version = new Date();
      await t.database.db
        .update(tasks)
        .set({ state: 'CALCULATING', updated_at: version })
        .where(eq(tasks.id, task.id));
      await expect(analyseAndQuote(t.app, task.id, version.toISOString())).rejects.toBeInstanceOf(
        StorageUnavailableError,
      );
      const after = (await t.database.db.select().from(tasks).where(eq(tasks.id, task.id)))[0]!;
      expect(after.state).toBe('CALCULATING');
      expect(after.analysis_error).toBeNull();
      expect((await call(t.app, 'GET', '/api/health')).status).toBe(200);
    },
  );
});
