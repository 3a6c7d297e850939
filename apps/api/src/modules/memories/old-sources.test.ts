import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { contextHash, inlineTag } from '@verba/analysis';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { pricingIds } from '../../../test/pricing-fixtures.ts';
import { settings, tmImports, tmUnits } from '../../db/schema/index.ts';
import { readOldSourcesAgain } from './service.ts';

let t: TestApp;
let globex: number;
beforeAll(async () => {
  t = await createTestApp();
  globex = (await pricingIds(t)).globexId;
});
afterAll(() => t.close());

/** Units as imports stored them before ADR 0028: codes as characters, tags as text, chained by hash. */
async function oldFeed(origin: 'TMX' | 'DELIVERY', fileName: string, sources: string[]) {
  const db = t.database.db;
  const [feed] = await db
    .insert(tmImports)
    .values({
      customer_id: globex,
      source_lang: 'en',
      target_lang: 'de',
      origin,
      file_name: fileName,
      units: 3,
    })
    .returning();
  const hashes = sources.map((s) => contextHash(s));
  await db.insert(tmUnits).values(
    sources.map((source, i) => ({
      customer_id: globex,
      source_lang: 'en',
      target_lang: 'de',
      source_text: source,
      target_text: `DE ${source}`,
      source_hash: hashes[i]!,
      prev_hash: i > 0 ? hashes[i - 1]! : contextHash(''),
      next_hash: i + 1 < sources.length ? hashes[i + 1]! : contextHash(''),
      import_id: feed!.id,
    })),
  );
  return feed!.id;
}

const unitsOf = (feed: number) =>
  t.database.db
    .select({
      source: tmUnits.source_text,
      target: tmUnits.target_text,
      hash: tmUnits.source_hash,
      prev: tmUnits.prev_hash,
      next: tmUnits.next_hash,
    })
    .from(tmUnits)
    .where(eq(tmUnits.import_id, feed))
    .orderBy(asc(tmUnits.id));

describe('units imported before ADR 0028', () => {
  it('are read again once, as imports now read them: sources, hashes and the neighbours that name them', async () => {
    const code = inlineTag('bpt');
    const end = inlineTag('ept');
    const tmx = await oldFeed('TMX', 'help.tmx', [
      'Open the dialog.',
      `Text1 and <emph>Text2</emph> must be ${code}separated${end} by a space.`,
      'Close it.',
    ]);
    const xliff = await oldFeed('DELIVERY', 'help.de.xliff', [
      'Open.',
      `Keep ${code}this${end} code.`,
      'End.',
    ]);
    // the start of this test's server already read everything; forget it, as on a database of before
    await t.database.db.delete(settings).where(eq(settings.key, 'tm_unit_sources_read'));

    expect(await readOldSourcesAgain(t.database.db)).toBe(1);
    const clean = 'Text1 and Text2 must be separated by a space.';
    const units = await unitsOf(tmx);
    expect(units[1]).toMatchObject({
      source: clean,
      hash: contextHash(clean),
      target: `DE Text1 and <emph>Text2</emph> must be ${code}separated${end} by a space.`,
    });
    expect(units[0]!.next).toBe(contextHash(clean));
    expect(units[2]!.prev).toBe(contextHash(clean));
    expect(units[0]!.prev).toBe(contextHash(''));
    // a delivered XLIFF keeps its codes, as XLIFF documents are read with them
    expect((await unitsOf(xliff))[1]!.source).toBe(`Keep ${code}this${end} code.`);
    // once only
    expect(await readOldSourcesAgain(t.database.db)).toBe(0);
  });

  it('are read again by one server only when two start at once', async () => {
    const tmx = await oldFeed('TMX', 'guide.tmx', ['Start.', 'Press <b>Enter</b> to go on.', 'Stop.']);
    await t.database.db.delete(settings).where(eq(settings.key, 'tm_unit_sources_read'));

    const counts = await Promise.all([
      readOldSourcesAgain(t.database.db),
      readOldSourcesAgain(t.database.db),
    ]);
    expect(counts.sort()).toEqual([0, 1]);
    const units = await unitsOf(tmx);
    expect(units[1]!.source).toBe('Press Enter to go on.');
    expect(units[0]!.next).toBe(contextHash('Press Enter to go on.'));
  });
});
