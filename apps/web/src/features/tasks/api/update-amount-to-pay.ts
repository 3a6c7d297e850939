import type { amountToPayBody, taskReplies } from '@verba/contracts';
import { api, type DataOf } from '../../../lib/api-client.ts';
import { useTaskAction } from './use-task-action.ts';

export const updateAmountToPay = ({ id, amount }: { id: number; amount: string }) =>
  api.put<DataOf<typeof taskReplies.amountToPay>, typeof amountToPayBody>(
    `/tasks/${id}/updateAmountToPay`,
    { amount_to_pay: amount },
    { handles: [422] },
  );

export const useAmountToPayMutation = () => useTaskAction(updateAmountToPay);
