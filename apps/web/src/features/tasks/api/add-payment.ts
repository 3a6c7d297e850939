import type { payTaskHistoryBody, taskReplies } from '@verba/contracts';
import type { z } from 'zod';
import { api, type DataOf } from '../../../lib/api-client.ts';
import { useTaskAction } from './use-task-action.ts';

export const addPayment = (body: z.output<typeof payTaskHistoryBody>) =>
  api.post<DataOf<typeof taskReplies.payTaskHistory>, typeof payTaskHistoryBody>(
    '/pay-task-histories',
    body,
    {
      handles: [422],
    },
  );

export const useAddPaymentMutation = () => useTaskAction(addPayment);
