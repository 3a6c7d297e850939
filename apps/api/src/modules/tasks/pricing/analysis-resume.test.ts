/**
 * A task's analysis queued by a process that stopped before running it is resumed by the next
 * process; when the task's file is gone from the files folder by then (a restored database, a lost
 * volume), that process keeps serving and the task ends DRAFT with `read_failed` on the file, as it
 * does when the file goes missing under a running server.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { call, createTestApp, DEMO, login, type TestApp } from '../../../../test/harness.ts';
import { multipart } from '../../../../test/multipart.ts';
import { buildApp } from '../../../app.ts';
import { departments, languages, sourceFiles, tasks } from '../../../db/schema/index.ts';

let t: TestApp;
let resumed: FastifyInstance | undefined;
const uncaught: unknown[] = [];
const onUncaught = (err: unknown) => uncaught.push(err);

beforeAll(async () => {
  t = await createTestApp();
  process.on('uncaughtException', onUncaught);
});
afterAll(async () => {
  process.off('uncaughtException', onUncaught);
  await resumed?.close();
  await t?.close();
});

describe('an analysis resumed after a restart, its file gone', () => {
  it('ends the task DRAFT with read_failed, and the process keeps serving', async () => {
    const db = t.database.db;
    const lang = Object.fromEntries((await db.select().from(languages)).map((l) => [l.iso_code, l.id]));
    const [marketing] = await db.select().from(departments).where(eq(departments.title, 'Marketing'));
    const client = await login(t.app, DEMO.acmeUser);
    const form = await multipart(
      {
        description: 'Resumed',
        department: String(marketing!.id),
        source_language: String(lang.en),
        'target_languages[]': [String(lang.es)],
        translation_type: '1',
      },
      [
        { name: 'gone.txt', content: 'The cat sat on the mat.' },
        { name: 'gone.html', content: '<p>The dog sat on the rug.</p>' },
      ],
    );
    // The first process queues the analysis and stops before its jobs ever run.
    const created = await call(t.app, 'POST', '/api/tasks/store-as-draft', {
      token: client,
      body: form.payload,
      headers: form.headers,
    });
    expect(created.status, created.raw.body).toBe(201);
    const taskId = created.json.data.id as number;
    await t.app.close();
    const files = await db.select().from(sourceFiles).where(eq(sourceFiles.task_id, taskId));
    expect(files).toHaveLength(2);
    for (const f of files) fs.rmSync(path.join(t.config.filesDir, f.file_path));
    expect((await db.select().from(tasks).where(eq(tasks.id, taskId)))[0]!.state).toBe('CALCULATING');

    // The next process, on the same database, resumes the job.
    resumed = await buildApp(t.config, t.database);
    await resumed.ready();
    await resumed.jobs.start();
    await resumed.jobs.idle();
    await new Promise((r) => setTimeout(r, 200));
    expect(uncaught).toEqual([]);

    const [task] = await db.select().from(tasks).where(eq(tasks.id, taskId));
    expect(task!.state).toBe('DRAFT');
    for (const f of files)
      expect(task!.analysis_error).toContain(`${f.file_name}: analysis.errors.read_failed`);
    const after = await db.select().from(sourceFiles).where(eq(sourceFiles.task_id, taskId));
    expect(after.map((f) => f.error_key)).toEqual(files.map(() => 'analysis.errors.read_failed'));
    const health = await call(resumed, 'GET', '/api/health');
    expect(health.status).toBe(200);
  });
});
