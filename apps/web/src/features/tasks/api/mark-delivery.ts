import type { deliveryStatusBody, taskReplies } from '@verba/contracts';
import { api, type DataOf } from '../../../lib/api-client.ts';
import { useTaskAction } from './use-task-action.ts';

export interface DeliveryMark {
  id: number;
  language_id: number;
  final: boolean;
  note: string;
}

/** Staff: a target language's delivery is partial (more to come) or final, with a note for the client. */
export const markDelivery = ({ id, ...body }: DeliveryMark) =>
  api.put<DataOf<typeof taskReplies.deliveryStatus>, typeof deliveryStatusBody>(
    `/tasks/${id}/delivery-status`,
    body,
    { handles: [422] },
  );

export const useMarkDeliveryMutation = () => useTaskAction(markDelivery);
