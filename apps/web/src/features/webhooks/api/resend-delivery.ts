import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { webhookResendSchema } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import { WEBHOOKS_KEY } from './get-webhooks.ts';

export const resendDelivery = ({ id, deliveryId }: { id: number; deliveryId: number }) =>
  api.post<typeof webhookResendSchema>(`/webhooks/${id}/deliveries/${deliveryId}/resend`, undefined);

export const useResendDelivery = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resendDelivery,
    onSuccess: () => void client.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
};
