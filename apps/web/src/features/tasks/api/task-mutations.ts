import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  DeliveredFile,
  OtherConceptRow,
  PaymentPreview,
  PayTaskHistoryRow,
  StaffTarget,
  TaskStateReply,
} from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import { TASKS_KEY, taskKey } from './tasks-queries.ts';
import type { GatewayAnswer, TaskDetail } from './types.ts';
import { buildFormData, uploadRequest } from '../../../lib/upload.ts';

export interface TaskFormValues {
  description: string;
  department: string | null;
  source_language: string | null;
  target_languages: string[];
  translation_type: string | null;
  review: boolean;
  custom_quote: boolean;
  comments: string;
}

export interface SaveTaskInput {
  id?: number;
  values: TaskFormValues;
  /** New files to upload. */
  files: File[];
  /** Ids of the files kept (edit only). */
  keptFileIds: number[];
  onProgress?: (loaded: number, total: number) => void;
}

/** Create (`store-as-draft`) or update a draft, multipart with upload progress. */
export const saveTask = ({ id, values, files, keptFileIds, onProgress }: SaveTaskInput) => {
  const fields = {
    description: values.description,
    department: values.department ?? '',
    source_language: values.source_language ?? '',
    target_languages: values.target_languages,
    translation_type: values.translation_type ?? '',
    review: values.review ? 'true' : 'false',
    custom_quote: values.custom_quote ? 'true' : 'false',
    comments: values.comments,
    ...(id ? { source_files: JSON.stringify(keptFileIds) } : {}),
  };
  const data = buildFormData(fields);
  // Files last, so per-file progress follows the order of the body.
  for (const file of files) data.append(id ? 'files[]' : 'file[]', file);
  return uploadRequest<TaskDetail>(id ? `/tasks/${id}/update` : '/tasks/store-as-draft', data, {
    onProgress,
    handles: [413, 422],
  });
};

export function useSaveTaskMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveTask,
    onSuccess: (task) => {
      client.setQueryData(taskKey(task.id), task);
      void client.invalidateQueries({ queryKey: TASKS_KEY });
    },
  });
}

/** A task action that answers the updated task (or nothing) and refreshes the task queries. */
function useTaskAction<I, O = unknown>(call: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: TASKS_KEY }),
  });
}

export const useCancelTaskMutation = () =>
  useTaskAction((id: number) => api.post<TaskStateReply>(`/tasks/${id}/updateStateAsCancelled`));

export const useReactivateTaskMutation = () =>
  useTaskAction((id: number) => api.post<TaskStateReply>(`/tasks/${id}/updateStateAsDraft`));

export const usePayTaskMutation = () =>
  useTaskAction((taskId: number) => api.post<GatewayAnswer>('/tasks/paymentGateway', { taskId }));

/** What paying now takes from the balance and what from the card (nothing is held). */
export const paymentPreview = (taskId: number) => api.get<PaymentPreview>(`/tasks/${taskId}/payment-preview`);

/** Staff: the draft's quote priced again from today's rates. */
export const useRecalculateQuoteMutation = () =>
  useTaskAction((id: number) =>
    api.post<{ message: string }>(`/tasks/${id}/recalculate`, undefined, { handles: [422] }),
  );

export const useSendDeferredMutation = () =>
  useTaskAction((id: number) => api.post<GatewayAnswer>(`/tasks/${id}/update/deferred`));

export interface VerifyPaymentInput {
  taskId: number;
  Ds_SignatureVersion: string;
  Ds_MerchantParameters: string;
  Ds_Signature: string;
}

export const verifyPayment = (input: VerifyPaymentInput) =>
  api.post<GatewayAnswer>('/tasks/verifyPayment', input, { handles: [400, 422] });

/** Builds the bank's hidden form and submits it (the browser leaves the portal). */
export function submitGatewayForm(form: NonNullable<GatewayAnswer['form']>): void {
  const element = document.createElement('form');
  element.method = form.method || 'POST';
  element.action = form.action;
  element.style.display = 'none';
  for (const [name, value] of Object.entries(form.fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    element.append(input);
  }
  document.body.append(element);
  element.submit();
}

/* Staff tools */

export const useAmountToPayMutation = () =>
  useTaskAction(({ id, amount }: { id: number; amount: string }) =>
    api.put(`/tasks/${id}/updateAmountToPay`, { amount_to_pay: amount }, { handles: [422] }),
  );

export const useDaysToAddMutation = () =>
  useTaskAction(({ id, days }: { id: number; days: number }) =>
    api.put(`/tasks/${id}/updateDaysToAdd`, { days_to_add: days }, { handles: [422] }),
  );

export interface OtherConceptInput {
  id?: number;
  task_id: number;
  concept: string;
  description: string;
  unit: string;
  quantity: string;
  price: string;
}

export const useSaveOtherConceptMutation = () =>
  useTaskAction(({ id, ...body }: OtherConceptInput) =>
    id
      ? api.put<OtherConceptRow>(`/other-concepts/${id}`, body, { handles: [422] })
      : api.post<OtherConceptRow>('/other-concepts', body, { handles: [422] }),
  );

export const useDeleteOtherConceptMutation = () =>
  useTaskAction((id: number) => api.delete(`/other-concepts/${id}`));

export const useAddPaymentMutation = () =>
  useTaskAction((body: { task_id: number; amount: string; type: string }) =>
    api.post<PayTaskHistoryRow>('/pay-task-histories', body, { handles: [422] }),
  );

export const useValidateSourceFilesMutation = () =>
  useTaskAction(({ id, validated }: { id: number; validated: boolean }) =>
    api.put(`/tasks/${id}/updateSourceFilesValidated`, { source_files_validated: validated }),
  );

export const useUploadTranslationMutation = () =>
  useTaskAction(
    ({
      id,
      file,
      sourceFileId,
      languageId,
    }: {
      id: number;
      file: File;
      sourceFileId: number;
      languageId: number;
    }) =>
      uploadRequest<DeliveredFile>(
        `/tasks/${id}/uploadTranslatedFile`,
        buildFormData({ source_file_id: sourceFileId, language_id: languageId, file }),
      ),
  );

export const useRemoveTranslationMutation = () =>
  useTaskAction(({ id, fileId }: { id: number; fileId: number }) =>
    api.delete(`/tasks/${id}/removeTranslatedFile/${fileId}`),
  );

export const useDeleteTaskMutation = () => useTaskAction((id: number) => api.delete(`/task/${id}`));

export const STATUS_ENDPOINTS: Record<StaffTarget, string> = {
  TEMPORAL: 'updateStateAsTemporal',
  DEFERRED: 'updateStateAsDeferred',
  APPROVED: 'updateStateAsApproved',
  IN_COURSE: 'updateStateAsIncourse',
  DONE: 'updateStateAsDone',
};

export const useChangeStatusMutation = () =>
  useTaskAction(({ id, state }: { id: number; state: StaffTarget }) =>
    api.post<TaskStateReply>(`/tasks/${id}/${STATUS_ENDPOINTS[state]}`, undefined, { handles: [422] }),
  );
