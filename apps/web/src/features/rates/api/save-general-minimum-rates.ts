import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { generalMinimumRatesBody, generalMinimumRatesDto } from '@verba/contracts';
import { useUiLocale } from '../../../components/use-locale.ts';
import { api } from '../../../lib/api-client.ts';
import { getGeneralMinimumRatesQueryOptions } from './get-general-minimum-rates.ts';
import type { MinimumRatesWrite } from './save-minimum-rates.ts';

export const saveGeneralMinimumRates = (body: Pick<MinimumRatesWrite, 'minimum_rates'>) =>
  api.put<typeof generalMinimumRatesDto, typeof generalMinimumRatesBody>('/general-minimum-rates', body, {
    handles: [422],
  });

export const useSaveGeneralMinimumRates = () => {
  const client = useQueryClient();
  const locale = useUiLocale();
  return useMutation({
    mutationFn: saveGeneralMinimumRates,
    onSuccess: (data) => client.setQueryData(getGeneralMinimumRatesQueryOptions(locale).queryKey, data),
  });
};
