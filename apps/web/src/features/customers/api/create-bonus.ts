import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { bonusBody, bonusCreatedReply } from '@verba/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { getBonusesQueryOptions } from './get-bonuses.ts';
import { getCustomerQueryOptions } from './get-customer.ts';

export const createBonus = (body: z.output<typeof bonusBody>) =>
  api.post<typeof bonusCreatedReply, typeof bonusBody>('/bonuses', body, { handles: [422] });

export const useCreateBonus = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createBonus,
    onSuccess: (_result, body) => {
      void client.invalidateQueries({ queryKey: getBonusesQueryOptions(body.customer_id).queryKey });
      void client.invalidateQueries({ queryKey: getCustomerQueryOptions(body.customer_id).queryKey });
    },
  });
};
