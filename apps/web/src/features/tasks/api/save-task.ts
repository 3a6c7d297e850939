import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { taskReplies } from '@verba/contracts';
import { type DataOf } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';
import { buildFormData, uploadRequest } from '../../../lib/upload.ts';
import { getTaskQueryOptions } from './get-task.ts';

/**
 * The task form's values: the fields of `taskFormSchema` as the inputs hold them (a select holds its
 * option's string, null when none is chosen); the schema checks them before they are sent.
 */
export interface TaskFormValues {
  description: string;
  department: string | null;
  source_language: string | null;
  target_languages: string[];
  translation_type: string | null;
  review: boolean;
  custom_quote: boolean;
  comments: string;
  po_number: string;
  client_reference: string;
  /** `YYYY-MM-DD`, or '' for none */
  requested_date: string;
}

export interface SaveTaskInput {
  id?: number;
  values: TaskFormValues;
  /** New files to upload. */
  files: File[];
  /** Ids of the files kept (edit only). */
  keptFileIds: number[];
  /** New reference files (any type, never analysed). */
  referenceFiles: File[];
  /** Order again: reference files of the earlier task, copied by the server into the new one. */
  copyReferenceFileIds: number[];
  /** Edit: reference files of the task to remove. */
  removeReferenceFileIds?: number[];
  onProgress?: (loaded: number, total: number) => void;
}

/** Create (`store-as-draft`) or update a draft, multipart with upload progress. */
export const saveTask = ({
  id,
  values,
  files,
  keptFileIds,
  referenceFiles,
  copyReferenceFileIds,
  removeReferenceFileIds = [],
  onProgress,
}: SaveTaskInput) => {
  const fields = {
    description: values.description,
    department: values.department ?? '',
    source_language: values.source_language ?? '',
    target_languages: values.target_languages,
    translation_type: values.translation_type ?? '',
    review: values.review ? 'true' : 'false',
    custom_quote: values.custom_quote ? 'true' : 'false',
    comments: values.comments,
    po_number: values.po_number,
    client_reference: values.client_reference,
    requested_date: values.requested_date,
    ...(id ? { source_files: JSON.stringify(keptFileIds) } : {}),
    ...(copyReferenceFileIds.length ? { copy_reference_files: JSON.stringify(copyReferenceFileIds) } : {}),
    ...(id && removeReferenceFileIds.length
      ? { remove_reference_files: JSON.stringify(removeReferenceFileIds) }
      : {}),
  };
  const data = buildFormData(fields);
  // Files last, so per-file progress follows the order of the body.
  for (const file of files) data.append(id ? 'files[]' : 'file[]', file);
  for (const file of referenceFiles) data.append('reference_files[]', file);
  return uploadRequest<DataOf<typeof taskReplies.detail>>(
    id ? `/tasks/${id}/update` : '/tasks/store-as-draft',
    data,
    {
      onProgress,
      handles: [413, 422],
    },
  );
};

export function useSaveTaskMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveTask,
    onSuccess: (task) => {
      client.setQueryData(getTaskQueryOptions(task.id).queryKey, task);
      void client.invalidateQueries({ queryKey: QUERY_ROOTS.tasks });
    },
  });
}
