import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { analyseTask } from '@verba/analysis';
import type { FindCandidatesOptions, TmCandidate, TmQuery, TranslationMemory } from '@verba/analysis';
import { DocText } from '@verba/analysis/test-support/doc-text';
import { customers, departments, languages, tmUnits } from '../../../db/schema/index.ts';
import type { Db } from '../../../db/client.ts';
import { call, createTestApp, type TestApp } from '../../../../test/harness.ts';
import { multipart } from '../../../../test/multipart.ts';
import { tokensByRole, type RoleName } from '../../../../test/roles.ts';
import { PostgresTranslationMemory } from '../../memories/service.ts';

let t: TestApp;
let tokens: Record<RoleName, string>;
let lang: Record<string, number>;
let marketing: number;
let acme: number;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensByRole(t.app);
  lang = Object.fromEntries((await t.database.db.select().from(languages)).map((l) => [l.iso_code, l.id]));
  marketing = (await t.database.db.select().from(departments).where(eq(departments.title, 'Marketing')))[0]!
    .id;
  acme = (await t.database.db.select().from(customers).where(eq(customers.name, 'Acme')))[0]!.id;
  await t.app.jobs.start();
});
afterAll(() => t.close());

/**
 * The fuzzy lookup the portal made before ADR 0027: the pair's units whose trigram similarity
 * passes pg_trgm's threshold, the 10 most similar. On a memory of a few thousand units it is
 * exhaustive enough to be the reference.
 */
class TrigramMemory implements TranslationMemory {
  private readonly exact: PostgresTranslationMemory;

  constructor(
    private readonly db: Db,
    private readonly customerId: number,
  ) {
    this.exact = new PostgresTranslationMemory(db, customerId, 'en', 'es');
  }

  async findCandidates(segment: TmQuery, options: FindCandidatesOptions): Promise<TmCandidate[]> {
    const exact = await this.exact.findCandidates(segment, options);
    if (exact.length) return exact;
    const floor = Math.max(0.1, options.minScore / 100 - 0.3);
    const rows = await this.db
      .select({ source: tmUnits.source_text })
      .from(tmUnits)
      .where(
        and(
          eq(tmUnits.customer_id, this.customerId),
          eq(tmUnits.source_lang, 'en'),
          eq(tmUnits.target_lang, 'es'),
          sql`similarity(${tmUnits.source_text}, ${segment.text}) >= ${floor}`,
          sql`${tmUnits.source_text} % ${segment.text}`,
        ),
      )
      .orderBy(sql`similarity(${tmUnits.source_text}, ${segment.text}) desc`)
      // Its 10 most similar whatever the analysis asks now (it asks the indexed memory for one).
      .limit(10);
    return rows;
  }
}

const tmx = (units: Array<[string, string]>) =>
  `<?xml version="1.0" encoding="UTF-8"?><tmx version="1.4"><header srclang="en" datatype="plaintext" segtype="sentence" adminlang="en" creationtool="t" creationtoolversion="1" o-tmf="t"/><body>${units
    .map(
      ([s, g]) => `<tu><tuv xml:lang="en"><seg>${s}</seg></tuv><tuv xml:lang="es"><seg>${g}</seg></tuv></tu>`,
    )
    .join('\n')}</body></tmx>`;

describe('a quote against a memory (ADR 0027)', () => {
  it('gives the bands of the trigram search it replaced, and finds the 50–74 % matches that search missed', async () => {
    const text = new DocText(5, 2500);
    const sources: string[] = [];
    for (let i = 0; i < 1000; i++) {
      const previous = sources[text.int(Math.max(1, sources.length))];
      sources.push(previous && text.random() < 0.25 ? text.variant(previous) : text.sentence());
    }
    const form = await multipart({ source_language: String(lang.en), target_language: String(lang.es) }, [
      { field: 'file', name: 'docs.tmx', content: tmx(sources.map((s, i) => [s, `Unidad ${i}.`])) },
    ]);
    const imported = await call(t.app, 'POST', `/api/customers/${acme}/memories`, {
      token: tokens.admin,
      body: form.payload,
      headers: form.headers,
    });
    expect(imported.status).toBe(201);
    // A document of edited units (fuzzy), units as they are, near-identical ones and new sentences.
    const lines: string[] = [];
    for (let i = 0; i < 160; i++) {
      const unit = sources[text.int(sources.length)]!;
      const r = text.random();
      lines.push(
        r < 0.35
          ? text.variant(unit)
          : r < 0.45
            ? text.variant(text.variant(unit))
            : r < 0.6
              ? unit
              : r < 0.65
                ? `${unit.toLowerCase().replace(/\.$/, '')}!`
                : text.sentence(),
      );
    }
    const document = lines.join('\n\n');
    const body = await multipart(
      {
        description: 'Memory quote',
        department: String(marketing),
        source_language: String(lang.en),
        'target_languages[]': [String(lang.es)],
        translation_type: '1',
      },
      [{ name: 'docs.txt', content: document }],
    );
    const res = await call(t.app, 'POST', '/api/tasks/store-as-draft', {
      token: tokens.acmeUser,
      body: body.payload,
      headers: body.headers,
    });
    expect(res.status).toBe(201);
    await t.app.jobs.idle();
    const task = (await call(t.app, 'GET', `/api/task/${res.json.data.id}`, { token: tokens.admin })).json
      .data;
    expect(task.state).toBe('DRAFT');
    const counts = task.source_files[0].word_count[0] as Record<string, number>;

    const before = await analyseTask({
      files: [{ id: '1', name: 'docs.txt', open: () => Readable.from([Buffer.from(document)]) }],
      sourceLanguage: 'en',
      targetLanguages: ['es'],
      memory: () => new TrigramMemory(t.database.db, acme),
    });
    const old = before.totals.es!;
    expect(old.percent95 + old.percent85 + old.percent75).toBeGreaterThan(300);
    expect(old.percent100).toBeGreaterThan(100);
    // From 75 % up, the same words in the same bands.
    const upper = ['percent101', 'percent100', 'percent95', 'percent85', 'percent75', 'repetitions'] as const;
    expect(Object.fromEntries(upper.map((b) => [b, counts[b]]))).toEqual(
      Object.fromEntries(upper.map((b) => [b, old[b]])),
    );
    // Below: only better. Trigram similarity under pg_trgm's threshold left some 50–74 % matches
    // (by the same score) as no match; they are found now.
    expect(counts.percent50! - old.percent50).toBe(old.no_match - counts.no_match!);
    expect(counts.no_match).toBeLessThan(old.no_match);
    expect(counts.total_words).toBe(old.total_words);
  });
});
