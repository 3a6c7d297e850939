import { and, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PaymentScheme, StateChangeReason, TaskState } from '@verba/contracts';
import type { BandKey } from '@verba/contracts/pricing';
import type { Db } from '../../../db/client.ts';
import {
  customers,
  departments,
  invoices,
  languages,
  otherConcepts,
  tasks,
  payTaskHistories,
  taskStateChanges,
  taskTargetLanguages,
  translatedFiles,
  translationTypes,
  users,
  wordCounts,
} from '../../../db/schema/index.ts';
import { prepared } from '../../../db/prepared.ts';
import { tasksVisibleTo } from '../policy.ts';
import type { TaskLister } from './list.ts';
import { taskSourceFiles, type TaskRow } from './tasks.ts';

export async function taskDetailParts(db: Db, task: TaskRow) {
  const files = await taskSourceFiles(db, task.id);
  const fileIds = files.map((f) => f.id);
  const [counts, translated, targets, concepts, payments, changes] = await Promise.all([
    fileIds.length
      ? db.select().from(wordCounts).where(inArray(wordCounts.source_file_id, fileIds))
      : Promise.resolve([]),
    db.select().from(translatedFiles).where(eq(translatedFiles.task_id, task.id)).orderBy(translatedFiles.id),
    db
      .select({
        language_id: taskTargetLanguages.language_id,
        iso_code: languages.iso_code,
        price_summary: taskTargetLanguages.price_summary,
        name_en: languages.name_en,
        name_es: languages.name_es,
        name_ca: languages.name_ca,
      })
      .from(taskTargetLanguages)
      .innerJoin(languages, eq(languages.id, taskTargetLanguages.language_id))
      .where(eq(taskTargetLanguages.task_id, task.id))
      .orderBy(languages.iso_code),
    db.select().from(otherConcepts).where(eq(otherConcepts.task_id, task.id)).orderBy(otherConcepts.id),
    db
      .select()
      .from(payTaskHistories)
      .where(eq(payTaskHistories.task_id, task.id))
      .orderBy(payTaskHistories.id),
    db
      .select({
        id: taskStateChanges.id,
        from_state: taskStateChanges.from_state,
        to_state: taskStateChanges.to_state,
        created_at: taskStateChanges.created_at,
        reason: taskStateChanges.reason,
        note: taskStateChanges.note,
        user_name: users.name,
        user_lastname: users.lastname,
      })
      .from(taskStateChanges)
      .leftJoin(users, eq(users.id, taskStateChanges.user_id))
      .where(eq(taskStateChanges.task_id, task.id))
      .orderBy(taskStateChanges.id),
  ]);
  const [source] = await db.select().from(languages).where(eq(languages.id, task.source_language_id));
  const [type] = await db
    .select()
    .from(translationTypes)
    .where(eq(translationTypes.id, task.translation_type_id));
  const [customer] = task.customer_id
    ? await db.select().from(customers).where(eq(customers.id, task.customer_id))
    : [];
  const [department] = task.department_id
    ? await db.select().from(departments).where(eq(departments.id, task.department_id))
    : [];
  const [requester] = task.user_id
    ? await db
        .select({ name: users.name, lastname: users.lastname, type: users.type })
        .from(users)
        .where(eq(users.id, task.user_id))
    : [];
  const [invoice] = task.invoice_id
    ? await db.select().from(invoices).where(eq(invoices.id, task.invoice_id))
    : [];
  return {
    files,
    counts,
    translated,
    targets,
    concepts,
    payments,
    changes,
    source,
    type,
    customer,
    department,
    requester,
    invoice,
  };
}

/** Rows of a JSON array, each in a JSON object; amounts as text (never binary floats). */
const jsonRows = (select: SQL) => sql`coalesce((${select}), '[]'::json)`;
const toDate = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));

interface DetailJson {
  files: Array<{
    id: number;
    file_name: string;
    size: number;
    filter: string | null;
    error_key: string | null;
  }>;
  counts: Array<WordCountJson>;
  translated: Array<{
    id: number;
    source_file_id: number;
    language_id: number;
    file_name: string;
    created_at: string;
  }>;
  targets: Array<{
    language_id: number;
    iso_code: string;
    price_summary: unknown;
    name_en: string;
    name_es: string;
    name_ca: string;
    delivery_final: boolean;
    delivery_note: string | null;
    delivery_marked_at: string | null;
  }>;
  concepts: Array<{
    id: number;
    task_id: number;
    concept: string;
    description: string | null;
    unit: string | null;
    quantity: string;
    price: string;
    lang: string | null;
    created_at: string;
  }>;
  payments: Array<{
    id: number;
    task_id: number;
    amount: string;
    type: string;
    taxes: string;
    lang: string | null;
    created_by: number | null;
    created_at: string;
  }>;
  changes: Array<{
    id: number;
    from_state: TaskState | null;
    to_state: TaskState;
    created_at: string;
    reason: StateChangeReason | null;
    note: string | null;
    user_name: string | null;
    user_lastname: string | null;
  }>;
  source: { id: number; iso_code: string; name_en: string; name_es: string; name_ca: string } | null;
  type: {
    id: number;
    percent: string;
    name_en: string;
    name_es: string;
    name_ca: string;
    description_en: string;
    description_es: string;
    description_ca: string;
    description_2_en: string;
    description_2_es: string;
    description_2_ca: string;
  } | null;
  customer: { id: number; name: string; payment_scheme: PaymentScheme } | null;
  department: { id: number; title: string } | null;
  requester: { name: string; lastname: string; type: string } | null;
  invoice: { folio: string; payment_status: string } | null;
  references: Array<{ id: number; file_name: string; size: number }>;
}
type WordCountJson = Record<BandKey, number> & {
  id: number;
  source_file_id: number;
  target_language_id: number;
  total_words: number;
  characters: number;
  internal_word_counts: unknown;
};

/**
 * The task detail in one statement, whatever the number of files × languages × payments: the task
 * row (if `lister` may see it) and each related table as a JSON array from its task index
 * (source_files_task_idx, word_counts_file_lang_unique, translated_files_task_idx,
 * task_target_languages' key, other_concepts_task_idx, pay_task_histories_task_idx,
 * task_state_changes_task_idx). One round trip and one pool connection per request; prepared per
 * role shape, so it is built and planned once per connection. Its replies are kept until the
 * database announces a change (ADR 0024): a table or column read here must be in the triggers of
 * migration 0017.
 */
function taskDetailStatement(db: Db, lister: TaskLister) {
  const key = ['task_detail', lister.type, lister.customer_id === null ? 'no-customer' : 'customer'].join(
    ':',
  );
  return prepared(db, key, (name) => {
    const t = sql`"tasks"."id"`;
    const one = (select: SQL) => sql`(${select})`;
    return db
      .select({
        ...getTableColumns(tasks),
        parts: sql<DetailJson>`json_build_object(
          'files', ${jsonRows(sql`select json_agg(json_build_object('id', f.id, 'file_name', f.file_name, 'size', f.size, 'filter', f.filter, 'error_key', f.error_key) order by f.id) from source_files f where f.task_id = ${t}`)},
          'references', ${jsonRows(sql`select json_agg(json_build_object('id', rf.id, 'file_name', rf.file_name, 'size', rf.size) order by rf.id) from task_reference_files rf where rf.task_id = ${t}`)},
          'counts', ${jsonRows(sql`select json_agg(json_build_object('id', w.id, 'source_file_id', w.source_file_id, 'target_language_id', w.target_language_id, 'total_words', w.total_words, 'percent101', w.percent101, 'percent100', w.percent100, 'percent95', w.percent95, 'percent85', w.percent85, 'percent75', w.percent75, 'percent50', w.percent50, 'no_match', w.no_match, 'repetitions', w.repetitions, 'characters', w.characters, 'internal_word_counts', w.internal_word_counts) order by w.source_file_id, w.id) from source_files f join word_counts w on w.source_file_id = f.id where f.task_id = ${t}`)},
          'translated', ${jsonRows(sql`select json_agg(json_build_object('id', x.id, 'source_file_id', x.source_file_id, 'language_id', x.language_id, 'file_name', x.file_name, 'created_at', x.created_at) order by x.id) from translated_files x where x.task_id = ${t}`)},
          'targets', ${jsonRows(sql`select json_agg(json_build_object('language_id', tl.language_id, 'iso_code', l.iso_code, 'price_summary', tl.price_summary, 'name_en', l.name_en, 'name_es', l.name_es, 'name_ca', l.name_ca, 'delivery_final', tl.delivery_final, 'delivery_note', tl.delivery_note, 'delivery_marked_at', tl.delivery_marked_at) order by l.iso_code) from task_target_languages tl join languages l on l.id = tl.language_id where tl.task_id = ${t}`)},
          'concepts', ${jsonRows(sql`select json_agg(json_build_object('id', o.id, 'task_id', o.task_id, 'concept', o.concept, 'description', o.description, 'unit', o.unit, 'quantity', o.quantity::text, 'price', o.price::text, 'lang', o.lang, 'created_at', o.created_at) order by o.id) from other_concepts o where o.task_id = ${t}`)},
          'payments', ${jsonRows(sql`select json_agg(json_build_object('id', p.id, 'task_id', p.task_id, 'amount', p.amount::text, 'type', p.type, 'taxes', p.taxes::text, 'lang', p.lang, 'created_by', p.created_by, 'created_at', p.created_at) order by p.id) from pay_task_histories p where p.task_id = ${t}`)},
          'changes', ${jsonRows(sql`select json_agg(json_build_object('id', c.id, 'from_state', c.from_state, 'to_state', c.to_state, 'created_at', c.created_at, 'reason', c.reason, 'note', c.note, 'user_name', u.name, 'user_lastname', u.lastname) order by c.id) from task_state_changes c left join users u on u.id = c.user_id where c.task_id = ${t}`)},
          'source', ${one(sql`select json_build_object('id', l.id, 'iso_code', l.iso_code, 'name_en', l.name_en, 'name_es', l.name_es, 'name_ca', l.name_ca) from languages l where l.id = "tasks"."source_language_id"`)},
          'type', ${one(sql`select json_build_object('id', y.id, 'percent', y.percent::text, 'name_en', y.name_en, 'name_es', y.name_es, 'name_ca', y.name_ca, 'description_en', y.description_en, 'description_es', y.description_es, 'description_ca', y.description_ca, 'description_2_en', y.description_2_en, 'description_2_es', y.description_2_es, 'description_2_ca', y.description_2_ca) from translation_types y where y.id = "tasks"."translation_type_id"`)},
          'customer', ${one(sql`select json_build_object('id', cu.id, 'name', cu.name, 'payment_scheme', cu.payment_scheme) from customers cu where cu.id = "tasks"."customer_id"`)},
          'department', ${one(sql`select json_build_object('id', d.id, 'title', d.title) from departments d where d.id = "tasks"."department_id"`)},
          'requester', ${one(sql`select json_build_object('name', r.name, 'lastname', r.lastname, 'type', r.type) from users r where r.id = "tasks"."user_id"`)},
          'invoice', ${one(sql`select json_build_object('folio', i.folio, 'payment_status', i.payment_status) from invoices i where i.id = "tasks"."invoice_id"`)}
        )`,
      })
      .from(tasks)
      .where(
        and(
          eq(tasks.id, sql.placeholder('id')),
          tasksVisibleTo(
            lister.type,
            lister.customer_id === null ? null : sql.placeholder('scope_customer'),
            sql.placeholder('scope_user'),
          ),
        ),
      )
      .prepare(name);
  });
}

/** The task `lister` may see, with everything its detail shows; undefined when it may not. */
export async function taskWithDetailParts(db: Db, lister: TaskLister, id: number) {
  const [row] = await taskDetailStatement(db, lister).execute({
    id,
    scope_customer: lister.customer_id,
    scope_user: lister.id,
  });
  if (!row) return undefined;
  const { parts, ...task } = row;
  // node-postgres parses json; a driver that hands text gets it parsed here.
  const p = (typeof parts === 'string' ? JSON.parse(parts) : parts) as DetailJson;
  // Moments in JSON are text: back to Dates, as the other reads hand them.
  const dated = <T extends { created_at: string }>(rows: T[]) =>
    rows.map((r) => ({ ...r, created_at: toDate(r.created_at) as Date }));
  return {
    task: task as TaskRow,
    parts: {
      ...p,
      translated: dated(p.translated),
      concepts: dated(p.concepts),
      payments: dated(p.payments),
      changes: dated(p.changes),
    },
  };
}
