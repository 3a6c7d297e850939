// The task list's search: which tasks a search finds, in which order, how it counts and
// whose tasks it may show, whichever way the statement reads them (the newest rows walked, or the
// matches read from the indexes; see `searchPage`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { call, createTestApp, type TestApp } from '../../../test/harness.ts';
import { tokensByRole, type RoleName } from '../../../test/roles.ts';
import { customers, languages } from '../../db/schema/index.ts';
import { wordsQuery } from './repository/list.ts';

let t: TestApp;
let tokens: Record<RoleName, string>;

type Row = { id: number; code: string; description: string };
const search = async (role: RoleName, query: Record<string, string>) => {
  const res = await call(t.app, 'GET', '/api/tasks', { token: tokens[role], query });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data as { total: number; total_is_capped: boolean; last_page: number; data: Row[] };
};
const codes = (rows: Row[]) => rows.map((r) => r.code);

beforeAll(async () => {
  // These tests are about the statement: every search goes to the database (replies are otherwise
  // kept until the database announces a change, ADR 0022, which kept-replies.test.ts covers).
  t = await createTestApp({ keepTaskReplies: false });
  tokens = await tokensByRole(t.app);
  const db = t.database.db;
  const [en] = await db.select().from(languages).where(eq(languages.iso_code, 'en'));
  const [acme] = await db.select().from(customers).where(eq(customers.name, 'Acme'));
  const [globex] = await db.select().from(customers).where(eq(customers.name, 'Globex'));
  const insert = (code: string, customerId: number, description: string, state = 'DONE') =>
    sql`(${code}, ${customerId}, ${en!.id}, 1, ${description}, ${state})`;
  // Oldest first (ids grow): the few "Annual" reports, then 1,200 newer "Weekly" ones, so that a
  // search for "annual" finds nothing among the newest rows and must read its matches.
  await db.execute(sql`insert into tasks (code, customer_id, source_language_id, translation_type_id, description, state) values
    ${sql.join(
      [
        insert('ANN-1', acme!.id, 'Annual report 2024, chapter one'),
        insert('ANN-2', acme!.id, 'Annual report 2024, chapter two'),
        insert('ANN-3', acme!.id, 'Annual report 2025', 'CANCELLED'),
        insert('ANN-4', globex!.id, 'Annual report of Globex'),
        insert('Q-31337', acme!.id, 'Purchase order for the brochure'),
        insert('ZZ-7', acme!.id, 'Benchmark of the website'),
      ],
      sql`, `,
    )}`);
  await db.execute(
    sql`insert into tasks (code, customer_id, source_language_id, translation_type_id, description, state)
        select 'W-' || g, ${acme!.id}, ${en!.id}, 1, 'Weekly newsletter ' || g, 'DONE' from generate_series(1, 1200) g`,
  );
});
afterAll(async () => {
  await t.close();
});

describe('task search', () => {
  it('the last word is a prefix, the others whole words', () => {
    expect(wordsQuery('Annual rep')).toBe('annual & rep:*');
    expect(wordsQuery('  Q-31337 ')).toBe('q & 31337:*');
    expect(wordsQuery('año 日本語')).toBe('año & 日本語:*');
    expect(wordsQuery('%%')).toBeNull();
  });

  it('a prefix of any length finds the words it starts, and none it is inside of', async () => {
    expect(codes((await search('pm', { search: 'annual r' })).data)).toEqual(['ANN-4', 'ANN-2', 'ANN-1']);
    expect(codes((await search('pm', { search: 'a' })).data)).toEqual(['ANN-4', 'ANN-2', 'ANN-1']);
    expect(codes((await search('pm', { search: 'Rep' })).data)).toEqual(['ANN-4', 'ANN-2', 'ANN-1']);
    expect(codes((await search('pm', { search: 'chapter o' })).data)).toEqual(['ANN-1']);
    // "ark" is inside "Benchmark" and "ar" inside "Annual report": neither starts a word.
    expect((await search('pm', { search: 'ark' })).total).toBe(0);
    expect((await search('pm', { search: 'annual ar' })).total).toBe(0);
    // The prefixes follow the description when it changes.
    await t.database.db.execute(
      sql`update tasks set description = 'Zebra crossing signs' where code = 'ZZ-7'`,
    );
    try {
      expect(codes((await search('pm', { search: 'zeb' })).data)).toEqual(['ZZ-7']);
      expect((await search('pm', { search: 'benchmark' })).total).toBe(0);
    } finally {
      await t.database.db.execute(
        sql`update tasks set description = 'Benchmark of the website' where code = 'ZZ-7'`,
      );
    }
  });

  it('finds the old matches of a word the newest rows lack, newest first, with their exact count', async () => {
    const found = await search('pm', { search: 'annual' });
    // The cancelled one is listed apart.
    expect(codes(found.data)).toEqual(['ANN-4', 'ANN-2', 'ANN-1']);
    expect(found).toMatchObject({ total: 3, total_is_capped: false });
    const cancelled = await search('pm', { search: 'annual', showCancelled: 'true' });
    expect(codes(cancelled.data)).toEqual(['ANN-3']);
  });

  it('a common word fills its page from the newest rows and says "1,000+"', async () => {
    const found = await search('pm', { search: 'weekly', per_page: '5' });
    expect(codes(found.data)).toEqual(['W-1200', 'W-1199', 'W-1198', 'W-1197', 'W-1196']);
    expect(found).toMatchObject({ total: 1000, total_is_capped: true });
    // The next page goes on where the first stopped.
    const second = await search('pm', { search: 'weekly', per_page: '5', page: '2' });
    expect(codes(second.data)).toEqual(['W-1195', 'W-1194', 'W-1193', 'W-1192', 'W-1191']);
  });

  it('counts exactly below the cap when the newest rows fill the page', async () => {
    // "newsletter 11" is a prefix of 11, 110–119 and 1100–1199: 111 tasks, the newest among them.
    const found = await search('pm', { search: 'newsletter 11', per_page: '10' });
    expect(found).toMatchObject({ total: 111, total_is_capped: false, last_page: 12 });
    expect(codes(found.data).slice(0, 3)).toEqual(['W-1199', 'W-1198', 'W-1197']);
  });

  it('words are whole words except the last, which is not found inside another word', async () => {
    expect(codes((await search('pm', { search: 'annual report' })).data)).toEqual([
      'ANN-4',
      'ANN-2',
      'ANN-1',
    ]);
    expect((await search('pm', { search: 'annu report' })).total).toBe(0);
    expect(codes((await search('pm', { search: 'bench' })).data)).toEqual(['ZZ-7']);
    expect((await search('pm', { search: 'mark' })).total).toBe(0);
  });

  it('a search filtered by state finds the tasks in that state, and follows a change of state', async () => {
    expect((await search('pm', { search: 'annual', state: 'APPROVED_AND_DRAFT' })).total).toBe(0);
    await t.database.db.execute(sql`update tasks set state = 'DRAFT' where code = 'ANN-1'`);
    try {
      expect(codes((await search('pm', { search: 'annual', state: 'APPROVED_AND_DRAFT' })).data)).toEqual([
        'ANN-1',
      ]);
      expect(codes((await search('pm', { search: 'an', state: 'DRAFT' })).data)).toEqual(['ANN-1']);
      expect(codes((await search('pm', { search: 'annual', state: 'DONE' })).data)).toEqual([
        'ANN-4',
        'ANN-2',
      ]);
    } finally {
      await t.database.db.execute(sql`update tasks set state = 'DONE' where code = 'ANN-1'`);
    }
  });

  it('part of a code or number finds its task; the exact code comes first', async () => {
    expect(codes((await search('pm', { search: '1337' })).data)).toEqual(['Q-31337']);
    // "w-12" is in W-12, W-120…W-129 and W-1200…: the exact code first, then the rest newest first.
    const found = await search('pm', { search: 'w-12', per_page: '3' });
    expect(codes(found.data)).toEqual(['W-12', 'W-1200', 'W-129']);
  });

  it('sorts the matches by any column', async () => {
    const found = await search('pm', { search: 'annual', sort: 'description', order: 'asc' });
    expect(found.data.map((r) => r.description)).toEqual([
      'Annual report 2024, chapter one',
      'Annual report 2024, chapter two',
      'Annual report of Globex',
    ]);
    const byCode = await search('pm', { search: 'weekly', sort: 'code', order: 'asc', per_page: '3' });
    expect(codes(byCode.data)).toEqual(['W-1', 'W-10', 'W-100']);
  });

  it('shows each lister only the tasks it may see', async () => {
    expect(codes((await search('acmeAdmin', { search: 'annual' })).data)).toEqual(['ANN-2', 'ANN-1']);
    expect(codes((await search('globexAdmin', { search: 'annual' })).data)).toEqual(['ANN-4']);
    // An exact code of another customer is not shown first, nor at all.
    expect((await search('globexAdmin', { search: 'Q-31337' })).total).toBe(0);
    // Acme's user sees its own and its departments' tasks: these have neither.
    expect((await search('acmeUser', { search: 'annual' })).total).toBe(0);
  });

  it('answers the same when asked again and again (PostgreSQL may switch a statement to a generic plan)', async () => {
    const asks: Array<Record<string, string>> = [
      { search: 'annual' },
      { search: 'weekly', per_page: '5' },
      { search: 'annual', state: 'DONE' },
      { search: 'w-12', per_page: '3' },
    ];
    const first = await Promise.all(asks.map((q) => search('pm', q)));
    for (let round = 0; round < 8; round += 1)
      for (const [i, q] of asks.entries()) expect(await search('pm', q)).toEqual(first[i]);
    expect(codes(first[2]!.data)).toEqual(['ANN-4', 'ANN-2', 'ANN-1']);
  });

  it('text without letters or digits finds only codes that contain it as typed', async () => {
    const found = await search('pm', { search: '%%' });
    expect(found).toMatchObject({ total: 0, data: [] });
    expect(codes((await search('pm', { search: '-31337' })).data)).toEqual(['Q-31337']);
  });
});
