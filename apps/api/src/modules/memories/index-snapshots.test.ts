import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { countries, tmUnits } from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../../test/harness.ts';
import * as memory from '../../../test/memory-quotes.ts';

let t: TestApp;
let f: memory.MemoryFixture;
const dirs: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  f = await memory.memoryFixture(t);
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

const importUnits = (app: FastifyInstance, sources: string[], customer = f.acme) =>
  memory.importUnits(app, f, sources, { customer });
/** Words of a two-sentence document in 100/101 % and in no match, quoted by `app`. */
const quote = (app: FastifyInstance) => memory.quoteWords(app, f, `${OPEN}\n\n${CLOSE}`);

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
      .where(and(eq(tmUnits.customer_id, f.acme), eq(tmUnits.source_text, OPEN)));
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
    const deleted = await call(a2, 'DELETE', `/api/customers/${f.acme}/memories/en/es`, {
      token: f.tokens.admin,
    });
    expect(deleted.status).toBe(200);
    expect(snapshotsIn(dirA)).toEqual([]);
    await vi.waitFor(() => expect(snapshotsIn(dirB)).toEqual([]));
    expect(snapshotsIn(dirC)).toHaveLength(1);
    const c2 = await server(dirC);
    await vi.waitFor(() => expect(snapshotsIn(dirC)).toEqual([]));
    await Promise.all([a2.close(), b.close(), c2.close()]);
  });

  it('a customer erased with its memory: every server deletes the snapshots of its pairs', async () => {
    const epe = (await t.database.db.select().from(countries).where(eq(countries.code, 'EPE')))[0]!.id;
    const created = await call(t.app, 'POST', '/api/customers/store', {
      token: f.tokens.admin,
      body: { name: 'Shortlived', country_id: epe, town: 'Girona', payment_scheme: 'DEFERRED' },
    });
    const id = created.json.data.id as number;
    const dir = newDir();
    const app = await server(dir);
    // An import has an idle worker read the pair ahead of its first quote; the index is written then.
    await importUnits(app, [OPEN, CLOSE], id);
    await app.analysis.prepared();
    await vi.waitFor(() => expect(snapshotsIn(dir)).toHaveLength(1));
    const erased = await call(t.app, 'DELETE', `/api/customers/${id}`, { token: f.tokens.admin });
    expect(erased.json.data).toMatchObject({ deleted: true });
    await vi.waitFor(() => expect(snapshotsIn(dir)).toEqual([]));
    await app.close();
  });

  it('a server whose listening connection was down sweeps once it is back, for the deletions it did not hear of', async () => {
    const listen = vi.spyOn(t.database, 'listen');
    const dir = newDir();
    const app = await server(dir);
    try {
      const subscribed = listen.mock.calls.find(([channel]) => channel === 'verba_tm_pair_deleted');
      const handlers = subscribed![1];
      await importUnits(app, [OPEN, CLOSE]);
      await app.analysis.prepared();
      await vi.waitFor(() => expect(snapshotsIn(dir)).toHaveLength(1));
      // Deleted while the connection was down: no notification reaches this server.
      handlers.lost();
      await t.database.db.delete(tmUnits).where(eq(tmUnits.customer_id, f.acme));
      expect(snapshotsIn(dir)).toHaveLength(1);
      handlers.ready();
      await vi.waitFor(() => expect(snapshotsIn(dir)).toEqual([]));
    } finally {
      listen.mockRestore();
      await app.close();
    }
  });
});
