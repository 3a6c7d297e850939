import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AnalysisPool } from '@verba/analysis';
import { buildApp } from '../../app.ts';
import { and, eq } from 'drizzle-orm';
import { tmImports, tmUnits } from '../../db/schema/index.ts';
import { prepareRecentPairs } from './service.ts';
import { call, createTestApp, type TestApp } from '../../../test/harness.ts';
import { multipart } from '../../../test/multipart.ts';
import * as memory from '../../../test/memory-quotes.ts';
import type { RoleName } from '../../../test/roles.ts';

let t: TestApp;
let f: memory.MemoryFixture;
let tokens: Record<RoleName, string>;
let lang: Record<string, number>;
let acme: number;

beforeAll(async () => {
  t = await createTestApp();
  f = await memory.memoryFixture(t);
  ({ tokens, lang, acme } = f);
  await t.app.jobs.start();
});
afterAll(() => t.close());

const importUnits = (sources: string[], target = 'es') => memory.importUnits(t.app, f, sources, { target });

const OPEN = 'Open the file in the editor.';
const CLOSE = 'Close the window when you are done.';

/** Words of the document in 100/101 % and in no match, quoted now. */
const quote = () => memory.quoteWords(t.app, f, `${OPEN}\n\n${CLOSE}`);

describe('a quote against a memory that changed (ADR 0027: the index kept between analyses)', () => {
  it('sees units imported, removed, and a pair deleted and imported again', async () => {
    await importUnits([OPEN, 'Print the page twice.']);
    expect(await quote()).toEqual({ exact: 6, none: 7 });
    expect(await quote()).toEqual({ exact: 6, none: 7 });

    await importUnits([CLOSE]);
    expect(await quote()).toEqual({ exact: 13, none: 0 });

    // As many units as before, imported again after the pair was deleted.
    const deleted = await call(t.app, 'DELETE', `/api/customers/${acme}/memories/en/es`, {
      token: tokens.admin,
    });
    expect(deleted.status).toBe(200);
    await importUnits([CLOSE, 'Something else to say here.', 'And a third one.']);
    expect(await quote()).toEqual({ exact: 7, none: 6 });

    await t.database.db
      .delete(tmUnits)
      .where(and(eq(tmUnits.customer_id, acme), eq(tmUnits.source_text, CLOSE)));
    expect(await quote()).toEqual({ exact: 0, none: 13 });
  });

  it('at a start, has idle workers read the pairs fed last, one a worker, skipping pairs emptied since', async () => {
    const prepare = vi.spyOn(t.app.analysis, 'prepare');
    try {
      await importUnits(['Check the spelling before you print.']);
      // A pair fed later but emptied since (its units deleted): nothing to read.
      await t.database.db.insert(tmImports).values({
        customer_id: acme,
        source_lang: 'en',
        target_lang: 'de',
        origin: 'TMX',
        file_name: 'gone.tmx',
        units: 1,
      });
      prepare.mockClear();
      expect(await prepareRecentPairs(t.app, { workers: 1, keptUnits: 1 })).toEqual([`${acme}:en:es`]);
      expect(prepare).toHaveBeenCalledTimes(1);
      expect(prepare.mock.calls[0]?.[0].pair).toBe(`${acme}:en:es`);
      await Promise.all(prepare.mock.results.map((r) => r.value));
      expect(await prepareRecentPairs(t.app, { workers: 0, keptUnits: 1000 })).toEqual([]);
    } finally {
      prepare.mockRestore();
    }
    expect(t.app.config.analysis.prepareAtStart).toBe(false);
  });

  it('at a start, has a worker read more of the pairs fed last, one after the other, while they fit what it keeps', async () => {
    const prepare = vi.spyOn(t.app.analysis, 'prepare');
    try {
      await importUnits(['Print the page.', 'Close the printer.'], 'ca');
      await importUnits(['Check the spelling before you print.'], 'es');
      await t.app.analysis.prepared();
      const units = async (target: string) =>
        (
          await t.database.db
            .select()
            .from(tmUnits)
            .where(and(eq(tmUnits.customer_id, acme), eq(tmUnits.target_lang, target)))
        ).length;
      const both = (await units('es')) + (await units('ca'));
      prepare.mockClear();
      // Room for both: the newest first, then the other once the first is read.
      expect(await prepareRecentPairs(t.app, { workers: 1, keptUnits: both })).toEqual([
        `${acme}:en:es`,
        `${acme}:en:ca`,
      ]);
      expect(prepare).toHaveBeenCalledTimes(1);
      await vi.waitFor(() => expect(prepare).toHaveBeenCalledTimes(2));
      expect(prepare.mock.calls.map(([memory]) => memory.pair)).toEqual([`${acme}:en:es`, `${acme}:en:ca`]);
      await Promise.all(prepare.mock.results.map((r) => r.value));
      // Room for one unit less: the newest only.
      prepare.mockClear();
      expect(await prepareRecentPairs(t.app, { workers: 1, keptUnits: both - 1 })).toEqual([`${acme}:en:es`]);
      await Promise.all(prepare.mock.results.map((r) => r.value));
      expect(prepare).toHaveBeenCalledTimes(1);
    } finally {
      prepare.mockRestore();
    }
  });

  it('a server started so configured reads the pair fed last ahead of its first quote', async () => {
    const prepare = vi.spyOn(AnalysisPool.prototype, 'prepare');
    const other = await buildApp(
      { ...t.config, analysis: { ...t.config.analysis, prepareAtStart: true } },
      t.database,
    );
    try {
      await other.ready();
      expect(prepare.mock.calls.map(([memory]) => memory.pair)).toEqual([`${acme}:en:es`]);
      await Promise.all(prepare.mock.results.map((r) => r.value));
    } finally {
      prepare.mockRestore();
      await other.close();
    }
  });

  it('has an idle analysis worker read the pair after an import, not after a refused one', async () => {
    const prepare = vi.spyOn(t.app.analysis, 'prepare');
    try {
      await importUnits(['Save the file before you close it.']);
      expect(prepare).toHaveBeenCalledTimes(1);
      expect(prepare.mock.calls[0]?.[0].pair).toBe(`${acme}:en:es`);
      await prepare.mock.results[0]?.value;
      expect(await quote()).toEqual({ exact: 0, none: 13 });

      const form = await multipart({ source_language: String(lang.en), target_language: String(lang.es) }, [
        { field: 'file', name: 'broken.tmx', content: '<tmx><body><tu>' },
      ]);
      const refused = await call(t.app, 'POST', `/api/customers/${acme}/memories`, {
        token: tokens.admin,
        body: form.payload,
        headers: form.headers,
      });
      expect(refused.status).toBe(422);
      expect(prepare).toHaveBeenCalledTimes(1);
    } finally {
      prepare.mockRestore();
    }
  });
});
