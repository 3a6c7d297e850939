import { inArray } from 'drizzle-orm';
import type { Db } from './client.ts';
import { glossaries, invoices, sourceFiles, taskReferenceFiles, translatedFiles } from './schema/index.ts';

/** Every table whose rows point at a stored file. A new one must be added here, or its files are swept. */
const FILE_COLUMNS = [
  [sourceFiles, sourceFiles.file_path],
  [translatedFiles, translatedFiles.file_path],
  [taskReferenceFiles, taskReferenceFiles.file_path],
  [glossaries, glossaries.file_path],
  [invoices, invoices.file_path],
] as const;

/** Which of these storage keys some row still points at. */
export async function referencedKeys(db: Db, keys: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  if (!keys.length) return found;
  for (const [table, column] of FILE_COLUMNS) {
    const rows = await db.select({ key: column }).from(table).where(inArray(column, keys));
    for (const row of rows) if (row.key) found.add(row.key);
  }
  return found;
}
