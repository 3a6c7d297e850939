import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { countries, customers, departments, languages, tmUnits } from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../../test/harness.ts';
import { multipart } from '../../../test/multipart.ts';
import { tokensByRole, type RoleName } from '../../../test/roles.ts';

let t: TestApp;
let tokens: Record<RoleName, string>;
let lang: Record<string, number>;
let marketing: number;
let acme: number;
const dirs: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensByRole(t.app);
  lang = Object.fromEntries((await t.database.db.select().from(languages)).map((l) => [l.iso_code, l.id]));
  marketing = (await t.database.db.select().from(departments).where(eq(departments.title, 'Marketing')))[0]!
    .id;
  acme = (await t.database.db.select().from(customers).where(eq(customers.name, 'Acme')))[0]!.id;
});
afterAll(async () => {
  await t.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const OPEN = 'Open the file in the editor.';
const CLOSE = 'Close the window when you are done.';

const newDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verba-tm-indexes-'));
  dirs.push(dir);
  return dir;
};
const snapshotsIn = (dir: string) => fs.readdirSync(dir).filter((f) => f.endsWith('.tmi'));

/** A server of the same database writing its indexes to `dir`; `analysing`: it runs the jobs. */
async function server(dir: string, { analysing = false } = {}): Promise<FastifyInstance> {
  const app = await buildApp(
    { ...t.config, analysis: { ...t.config.analysis, snapshots: { dir, maxBytes: 1024 ** 3 } } },
    t.database,
  );
  await app.ready();
  if (analysing) await app.jobs.start();
  return app;
}

async function importUnits(app: FastifyInstance, sources: string[], customer = acme) {
  const tmx = `<?xml version="1.0" encoding="UTF-8"?><tmx version="1.4"><header srclang="en" datatype="plaintext" segtype="sentence" adminlang="en" creationtool="t" creationtoolversion="1" o-tmf="t"/><body>${sources
    .map(
      (s) => `<tu><tuv xml:lang="en"><seg>${s}</seg></tuv><tuv xml:lang="es"><seg>ES ${s}</seg></tuv></tu>`,
    )
    .join('')}</body></tmx>`;
  const form = await multipart({ source_language: String(lang.en), target_language: String(lang.es) }, [
    { field: 'file', name: 'units.tmx', content: tmx },
  ]);
  const res = await call(app, 'POST', `/api/customers/${customer}/memories`, {
    token: tokens.admin,
    body: form.payload,
    headers: form.headers,
  });
  expect(res.status).toBe(201);
}

/** Words of a two-sentence document in 100/101 % and in no match, quoted by `app`. */
async function quote(app: FastifyInstance): Promise<{ exact: number; none: number }> {
  const body = await multipart(
    {
      description: 'Memory quote',
      department: String(marketing),
      source_language: String(lang.en),
      'target_languages[]': [String(lang.es)],
      translation_type: '1',
    },
    [{ name: 'docs.txt', content: `${OPEN}\n\n${CLOSE}` }],
  );
  const res = await call(app, 'POST', '/api/tasks/store-as-draft', {
    token: tokens.acmeUser,
    body: body.payload,
    headers: body.headers,
  });
  expect(res.status).toBe(201);
  await app.jobs.idle();
  const task = (await call(app, 'GET', `/api/task/${res.json.data.id}`, { token: tokens.admin })).json.data;
  const counts = task.source_files[0].word_count[0] as Record<string, number>;
  return { exact: counts.percent101! + counts.percent100!, none: counts.no_match! };
}

describe('index snapshots of memory pairs on disk (ADR 0027, tenth pass)', () => {
  it('a restarted server reads the pair from its snapshot; a deleted pair’s snapshots go, on every server', async () => {
    const dirA = newDir();
    const dirB = newDir();
    const dirC = newDir();
    const a = await server(dirA, { analysing: true });
    await importUnits(a, [OPEN, CLOSE, 'Print the page twice.']);
    expect(await quote(a)).toEqual({ exact: 13, none: 0 });
    await vi.waitFor(() => expect(snapshotsIn(dirA)).toHaveLength(1));
    await a.close();

    // A unit's source changed in place, as no portal path does: a unit count and highest id alike,
    // so a server that reads the pair from the database sees it, one that reads the snapshot does not.
    await t.database.db
      .update(tmUnits)
      .set({ source_text: 'Something else entirely, said here.' })
      .where(and(eq(tmUnits.customer_id, acme), eq(tmUnits.source_text, OPEN)));
    const restarted = await server(dirA, { analysing: true });
    expect(await quote(restarted)).toEqual({ exact: 13, none: 0 });
    await restarted.close();
    const b = await server(dirB, { analysing: true });
    expect(await quote(b)).toEqual({ exact: 7, none: 6 });
    await vi.waitFor(() => expect(snapshotsIn(dirB)).toHaveLength(1));
    await b.jobs.stop();
    const c = await server(dirC, { analysing: true });
    expect(await quote(c)).toEqual({ exact: 7, none: 6 });
    await vi.waitFor(() => expect(snapshotsIn(dirC)).toHaveLength(1));
    await c.close();

    // Deleted through A: A's at once, B's when B hears of it; C, down then, deletes its own at its start.
    const a2 = await server(dirA);
    const deleted = await call(a2, 'DELETE', `/api/customers/${acme}/memories/en/es`, {
      token: tokens.admin,
    });
    expect(deleted.status).toBe(200);
    expect(snapshotsIn(dirA)).toEqual([]);
    await vi.waitFor(() => expect(snapshotsIn(dirB)).toEqual([]));
    expect(snapshotsIn(dirC)).toHaveLength(1);
    const c2 = await server(dirC);
    expect(snapshotsIn(dirC)).toEqual([]);
    await Promise.all([a2.close(), b.close(), c2.close()]);
  });

  it('a customer erased with its memory: every server deletes the snapshots of its pairs', async () => {
    const epe = (await t.database.db.select().from(countries).where(eq(countries.code, 'EPE')))[0]!.id;
    const created = await call(t.app, 'POST', '/api/customers/store', {
      token: tokens.admin,
      body: { name: 'Shortlived', country_id: epe, town: 'Girona', payment_scheme: 'DEFERRED' },
    });
    const id = created.json.data.id as number;
    const dir = newDir();
    const app = await server(dir);
    // An import has an idle worker read the pair ahead of its first quote; the index is written then.
    await importUnits(app, [OPEN, CLOSE], id);
    await app.analysis.prepared();
    await vi.waitFor(() => expect(snapshotsIn(dir)).toHaveLength(1));
    const erased = await call(t.app, 'DELETE', `/api/customers/${id}`, { token: tokens.admin });
    expect(erased.json.data).toMatchObject({ deleted: true });
    await vi.waitFor(() => expect(snapshotsIn(dir)).toEqual([]));
    await app.close();
  });
});
