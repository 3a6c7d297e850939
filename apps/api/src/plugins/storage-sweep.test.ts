import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { startS3, type S3TestServer } from '../../test/s3.ts';
import { languages, sourceFiles, tasks, translationTypes } from '../db/schema/index.ts';
import { localDiskStorage } from './disk-storage.ts';
import { s3Client } from './s3-storage.ts';
import { ORPHAN_MIN_AGE_MS, sweepOrphanFiles } from './storage-sweep.ts';

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(() => s3.stop());

/** A file in the store that Verba did not make (its key is not one of ours). */
async function putForeign(t: TestApp, key: string) {
  if (!t.config.s3) {
    fs.mkdirSync(path.dirname(path.join(t.config.filesDir, key)), { recursive: true });
    fs.writeFileSync(path.join(t.config.filesDir, key), 'not ours');
    return;
  }
  const client = s3Client(t.config.s3);
  await client.send(new PutObjectCommand({ Bucket: t.config.s3.bucket, Key: key, Body: 'not ours' }));
  client.destroy();
}

describe.each(['disk', 's3'] as const)('the sweep of stored files no row points at (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind === 's3' ? { s3: s3.settings } : {});
  });
  afterAll(() => t.close());

  const store = async (prefix: string) =>
    (await t.app.storage.save(prefix, Readable.from([Buffer.from('Hello world.')]), 1000)).key;
  const sweep = (later: number) => sweepOrphanFiles(t.database.db, t.app.storage, Date.now() + later);

  it('removes old orphans; keeps files a row points at, files young enough to be an upload in flight, and files not ours', async () => {
    const [language] = await t.database.db.select().from(languages).limit(1);
    const [type] = await t.database.db.select().from(translationTypes).limit(1);
    const [task] = await t.database.db
      .insert(tasks)
      .values({
        code: 'SWEEP-1',
        source_language_id: language!.id,
        translation_type_id: type!.id,
        description: 'kept files',
        state: 'DRAFT',
      })
      .returning();
    const referenced = await store('source');
    await t.database.db
      .insert(sourceFiles)
      .values({ task_id: task!.id, file_name: 'a.txt', file_path: referenced, size: 12 });
    const orphan = await store('source');
    const deliveredOrphan = await store('translated');
    await putForeign(t, 'backups/notes.txt');

    // Half an hour on, every orphan may still be an upload whose row is being written.
    expect(await sweep(ORPHAN_MIN_AGE_MS / 2)).toBe(0);
    expect(await t.app.storage.exists(orphan)).toBe(true);

    expect(await sweep(2 * ORPHAN_MIN_AGE_MS)).toBe(2);
    expect(await t.app.storage.exists(referenced)).toBe(true);
    expect(await t.app.storage.exists(orphan)).toBe(false);
    expect(await t.app.storage.exists(deliveredOrphan)).toBe(false);
    expect(await t.app.storage.exists('backups/notes.txt')).toBe(true);
    expect(await sweep(2 * ORPHAN_MIN_AGE_MS)).toBe(0);
  });

  it.runIf(kind === 'disk')(
    'judges age by the file, and copes with a files folder that does not exist yet',
    async () => {
      const saved = await store('source');
      const young = await store('source');
      const when = new Date(Date.now() - 2 * ORPHAN_MIN_AGE_MS);
      fs.utimesSync(path.join(t.config.filesDir, saved), when, when);
      expect(await sweepOrphanFiles(t.database.db, t.app.storage)).toBe(1);
      expect(await t.app.storage.exists(young)).toBe(true);
      expect(await sweepOrphanFiles(t.database.db, localDiskStorage('/nonexistent/verba-files'))).toBe(0);
    },
  );
});
