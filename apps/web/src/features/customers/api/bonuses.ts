import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BonusCreatedDto, BonusDto, BonusesDto } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import { customerKeys } from './customers.ts';

export type Bonus = BonusDto;

export const bonusKeys = { customer: (id: number) => ['bonuses', id] as const };

export const getBonuses = (customerId: number) =>
  api.get<BonusesDto>('/bonuses', { query: { customer_id: customerId } });

export const useBonuses = (customerId: number, enabled: boolean) =>
  useQuery({
    queryKey: bonusKeys.customer(customerId),
    queryFn: () => getBonuses(customerId),
    enabled: enabled && customerId > 0,
  });

export interface BonusWrite {
  customer_id: number;
  amount: string;
  description: string | null;
  users: number[];
}

export const useCreateBonus = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BonusWrite) => api.post<BonusCreatedDto>('/bonuses', body, { handles: [422] }),
    onSuccess: (_result, body) => {
      void client.invalidateQueries({ queryKey: bonusKeys.customer(body.customer_id) });
      void client.invalidateQueries({ queryKey: customerKeys.detail(body.customer_id) });
    },
  });
};
