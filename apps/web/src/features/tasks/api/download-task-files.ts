import type { Locale, quotePdfBody } from '@verba/contracts';
import type { z } from 'zod';
import { downloadFile } from '../../../lib/download.ts';

/** A task's file name: its code, or its id while it has none. */
const baseName = (task: { id: number; code: string }) => task.code || task.id;

/** A source file of the task, under its own name. */
export const downloadSourceFile = (taskId: number, file: { id: number; file_name: string }) =>
  downloadFile(`/task/${taskId}/downloadSourceFile/${file.id}`, file.file_name);

/** A delivered translation, under its own name. */
export const downloadTranslatedFile = (taskId: number, file: { id: number; file_name: string }) =>
  downloadFile(`/task/${taskId}/downloadTranslatedFile/${file.id}`, file.file_name);

/** Every delivered translation in one zip. */
export const downloadTranslationsZip = (task: { id: number; code: string }) =>
  downloadFile(`/task/${task.id}/translations.zip`, `${baseName(task)}.zip`);

/** The quote as a PDF in the reader's language (`POST /task/budget/pdf`). */
export const downloadQuotePdf = (task: { id: number; code: string }, lang: Locale) => {
  const body: z.input<typeof quotePdfBody> = { id: task.id, lang };
  return downloadFile('/task/budget/pdf', `${baseName(task)}.pdf`, { method: 'POST', body });
};
