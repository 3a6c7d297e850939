// The benches' data: many tasks spread like a real portal's, and one large task. Other benches import
// these (keep the signatures stable): `seedTasks(db, n)` and `seedLargeTask(db, files, languages)`.
// Both expect the reference data and the demo accounts (seedReferenceData, seedDemoData) to be there.
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';

/** The states the seeded tasks cycle through, one in six each. */
export const SEEDED_STATES = ['DRAFT', 'APPROVED', 'IN_COURSE', 'DONE', 'CANCELLED', 'DEFERRED'] as const;

/**
 * `n` tasks of Acme and Globex, coded `B1`…`Bn`, spread over states, departments and requesters,
 * described "Benchmark task <g>", one a minute into the past; then VACUUM ANALYZE, as autovacuum
 * would leave a table this size (statistics gathered, the visibility map set).
 */
export async function seedTasks(db: Db, n: number): Promise<void> {
  await db.execute(sql`
    insert into tasks (code, customer_id, department_id, user_id, source_language_id, translation_type_id, description, state, base_price, created_at)
    select 'B' || g,
           case when g % 3 = 0 then (select id from customers where name = 'Globex') else (select id from customers where name = 'Acme') end,
           case when g % 3 = 0 then null else (select id from departments where title = 'Marketing') end,
           case when g % 3 = 0 then (select id from users where email = 'admin@globex.test')
                when g % 2 = 0 then (select id from users where email = 'user@acme.test')
                else (select id from users where email = 'admin@acme.test') end,
           (select id from languages where iso_code = 'en'), 1 + g % 4, 'Benchmark task ' || g,
           (array['DRAFT','APPROVED','IN_COURSE','DONE','CANCELLED','DEFERRED'])[1 + g % 6],
           (g % 1000)::numeric / 10, now() - (g || ' minutes')::interval
    from generate_series(1, ${n}::int) as g`);
  await db.execute(sql`vacuum analyze tasks`);
}

/**
 * One DONE task of Acme's user@acme.test with `files` analysed source files × `languages` target
 * languages: a word count and a delivered translation per file and language, three payments, two
 * other concepts and a state history. Returns its id.
 */
export async function seedLargeTask(db: Db, files = 20, languages = 3): Promise<number> {
  const result = await db.execute<{ id: number }>(sql`
    insert into tasks (code, customer_id, department_id, user_id, source_language_id, translation_type_id,
                       description, state, base_price, other_prices, word_count)
    values ('LARGE-' || floor(random() * 1e9)::text, (select id from customers where name = 'Acme'),
            (select id from departments where title = 'Marketing'),
            (select id from users where email = 'user@acme.test'),
            (select id from languages where iso_code = 'en'), 1, 'Large task: user guide, 20 chapters',
            'DONE', 1200, 30, ${files * languages * 1000})
    returning id`);
  // node-postgres and PGlite both hand back `{ rows }`.
  const id = Number((result as unknown as { rows: Array<{ id: number }> }).rows[0]?.id);
  await db.execute(sql`
    insert into task_target_languages (task_id, language_id)
    select ${id}, id from languages where iso_code <> 'en' order by iso_code limit ${languages}`);
  await db.execute(sql`
    insert into source_files (task_id, file_name, file_path, size, sha256, filter)
    select ${id}, 'chapter-' || g || '.docx', 'bench/' || ${id} || '/' || g, 20000 + g, md5(g::text) || md5(g::text), 'docx'
    from generate_series(1, ${files}::int) as g`);
  await db.execute(sql`
    insert into word_counts (source_file_id, target_language_id, total_words, percent101, percent100, percent95,
                             percent85, percent75, percent50, no_match, repetitions, characters, internal_word_counts)
    select f.id, t.language_id, 1000, 10, 20, 30, 40, 50, 60, 700, 90, 6000,
           '[{"percent":"100","words":20},{"percent":"no_match","words":700}]'::jsonb
    from source_files f cross join task_target_languages t
    where f.task_id = ${id} and t.task_id = ${id}`);
  await db.execute(sql`
    insert into translated_files (task_id, source_file_id, language_id, file_name, file_path, size)
    select ${id}, f.id, t.language_id, 'chapter-' || f.id || '.docx', 'bench/out/' || f.id || '/' || t.language_id, 21000
    from source_files f cross join task_target_languages t
    where f.task_id = ${id} and t.task_id = ${id}`);
  await db.execute(sql`
    insert into pay_task_histories (task_id, amount, type, taxes)
    values (${id}, 400, 'CARD', 84), (${id}, 400, 'CARD', 84), (${id}, 430, 'TRANSFER', 0)`);
  await db.execute(sql`
    insert into other_concepts (task_id, concept, quantity, price)
    values (${id}, 'DTP', 10, 2), (${id}, 'Glossary', 1, 10)`);
  await db.execute(sql`
    insert into task_state_changes (task_id, from_state, to_state, user_id)
    select ${id}, s.f, s.t, (select id from users where email = 'pm@verba.test')
    from (values (null, 'DRAFT'), ('DRAFT', 'APPROVED'), ('APPROVED', 'IN_COURSE'), ('IN_COURSE', 'DONE'))
         as s(f, t)`);
  return id;
}

/** What the dashboards read beyond the shared seed: approvals over 12 months, words, prices, due dates, targets. */
export async function seedDashboardFields(db: Db): Promise<void> {
  await db.execute(sql`
    update tasks set
      approved_at = now() - ((id % 365) || ' days')::interval,
      word_count = 100 + id % 5000,
      price_taxes = round(base_price * 0.21, 2),
      taxed_price = round(base_price * 1.21, 2),
      amount_to_pay = round(base_price * 1.21, 2),
      due_date = now() + ((id % 40) - 10 || ' days')::interval
    where code like 'B%' and state in ('APPROVED', 'IN_COURSE', 'DONE', 'DEFERRED')`);
  await db.execute(
    sql`update tasks set state = 'CALCULATING' where code like 'B%' and state = 'DRAFT' and id % 500 = 0`,
  );
  await db.execute(sql`
    insert into task_target_languages (task_id, language_id)
    select t.id, l.id from tasks t join languages l
      on l.iso_code = (array['es', 'ca', 'fr', 'de'])[1 + t.id % 4]
         or (t.id % 3 = 0 and l.iso_code = 'it')
    where t.code like 'B%'
    on conflict do nothing`);
  await db.execute(sql`vacuum analyze tasks`);
  await db.execute(sql`vacuum analyze task_target_languages`);
}
