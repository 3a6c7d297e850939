import type { payTaskBody, startPaymentSchema } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import { useTaskAction } from './use-task-action.ts';

export const payTask = (taskId: number) =>
  api.post<typeof startPaymentSchema, typeof payTaskBody>('/tasks/paymentGateway', { taskId });

export const usePayTaskMutation = () => useTaskAction(payTask);
