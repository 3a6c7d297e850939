import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { languages, sourceFiles, tasks, translationTypes } from '../db/schema/index.ts';
import { ORPHAN_MIN_AGE_MS, sweepOrphanFiles } from './storage-sweep.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function store(prefix: string, ageMs: number) {
  const saved = await t.app.storage.save(prefix, Readable.from([Buffer.from('Hello world.')]), 1000);
  const when = new Date(Date.now() - ageMs);
  fs.utimesSync(path.join(t.config.filesDir, saved.key), when, when);
  return saved.key;
}
const exists = (key: string) => fs.existsSync(path.join(t.config.filesDir, key));

describe('the sweep of stored files no row points at', () => {
  it('removes old orphans, keeps files a row points at and files young enough to be an upload in flight', async () => {
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
    const twoHours = 2 * ORPHAN_MIN_AGE_MS;
    const referenced = await store('source', twoHours);
    await t.database.db
      .insert(sourceFiles)
      .values({ task_id: task!.id, file_name: 'a.txt', file_path: referenced, size: 12 });
    const orphan = await store('source', twoHours);
    const deliveredOrphan = await store('translated', twoHours);
    const inFlight = await store('source', 60_000);

    expect(await sweepOrphanFiles(t.database.db, t.app.storage, t.config.filesDir)).toBe(2);
    expect(exists(referenced)).toBe(true);
    expect(exists(inFlight)).toBe(true);
    expect(exists(orphan)).toBe(false);
    expect(exists(deliveredOrphan)).toBe(false);
    expect(await sweepOrphanFiles(t.database.db, t.app.storage, t.config.filesDir)).toBe(0);
  });

  it('copes with a files folder that does not exist yet', async () => {
    expect(await sweepOrphanFiles(t.database.db, t.app.storage, '/nonexistent/verba-files')).toBe(0);
  });
});
