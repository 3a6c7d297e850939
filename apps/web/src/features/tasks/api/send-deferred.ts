import type { sendDeferredSchema } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import { useTaskAction } from './use-task-action.ts';

/** Sent to production, or (ON_DEMAND clients) a payment to make. */
export const sendDeferred = (id: number) =>
  api.post<typeof sendDeferredSchema>(`/tasks/${id}/update/deferred`);

export const useSendDeferredMutation = () => useTaskAction(sendDeferred);
