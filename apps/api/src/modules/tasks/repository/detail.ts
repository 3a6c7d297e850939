import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  customers,
  departments,
  invoices,
  languages,
  otherConcepts,
  payTaskHistories,
  taskStateChanges,
  taskTargetLanguages,
  translatedFiles,
  translationTypes,
  users,
  wordCounts,
} from '../../../db/schema/index.ts';
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
