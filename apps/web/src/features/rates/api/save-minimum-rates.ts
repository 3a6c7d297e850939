import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { minimumRatesBody, minimumRatesDto } from '@verba/contracts';
import type { z } from 'zod';
import { useUiLocale } from '../../../components/use-locale.ts';
import { api } from '../../../lib/api-client.ts';
import { getMinimumRatesQueryOptions } from './get-minimum-rates.ts';

/** A customer's minimum charges as the form checked them with the API's schema. */
export type MinimumRatesWrite = Omit<z.output<typeof minimumRatesBody>, 'lang'>;

export const saveMinimumRates = (customerId: number, body: MinimumRatesWrite) =>
  api.put<typeof minimumRatesDto, typeof minimumRatesBody>(`/customers/${customerId}/minimum-rates`, body, {
    handles: [422],
  });

export const useSaveMinimumRates = (customerId: number) => {
  const client = useQueryClient();
  const locale = useUiLocale();
  return useMutation({
    mutationFn: (body: MinimumRatesWrite) => saveMinimumRates(customerId, body),
    onSuccess: (data) => client.setQueryData(getMinimumRatesQueryOptions(customerId, locale).queryKey, data),
  });
};
