import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { rateDto, rateStoreBody, rateUpdateBody } from '@verba/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';
import type { RateOwner } from './rate-owner.ts';

/** A rate's fields as the form checked them with the API's schema. */
export type RateWrite = Pick<z.output<typeof rateUpdateBody>, 'source_lang' | 'target_lang' | 'r1' | 'r2'>;

/** `POST /rate/store`: a general rate or the customer's own. */
export const createRate = (owner: RateOwner, body: RateWrite) =>
  api.post<typeof rateDto, typeof rateStoreBody>(
    '/rate/store',
    owner.kind === 'general' ? { ...body, default_group: true } : { ...body, customer_id: owner.customerId },
    { handles: [422] },
  );

/** `PUT /rate/{id}`. */
export const updateRate = (id: number, body: RateWrite) =>
  api.put<typeof rateDto, typeof rateUpdateBody>(`/rate/${id}`, body, { handles: [422] });

/** The rate form's save: a new rate, or the one it edits. */
export const useSaveRate = (owner: RateOwner) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: RateWrite }) =>
      id === null ? createRate(owner, body) : updateRate(id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: QUERY_ROOTS.rates }),
  });
};
