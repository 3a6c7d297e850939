import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  EffectiveRateDto,
  GeneralMinimumRatesDto,
  MinimumRatesDto,
  Paginated,
  RateDeletedDto,
  RateDto,
  RateEnabledDto,
} from '@verba/contracts';
import { useUiLocale } from '../../../components/use-locale.ts';
import { api } from '../../../lib/api-client.ts';

/** Whose rates a screen shows: the general list, or one customer's own. */
export type RateOwner = { kind: 'general' } | { kind: 'customer'; customerId: number };

export const GENERAL: RateOwner = { kind: 'general' };

export const RATES_PER_PAGE = 10;

/** Language and translation type names come in the UI language: it is part of each key. */
export const rateKeys = {
  all: ['rates'] as const,
  list: (owner: RateOwner, page: number, locale: string) => ['rates', 'list', owner, page, locale] as const,
  effective: (customerId: number, page: number, locale: string) =>
    ['rates', 'effective', customerId, page, locale] as const,
  enabled: (customerId: number) => ['rates', 'enabled', customerId] as const,
  minimum: (customerId: number, locale: string) => ['rates', 'minimum', customerId, locale] as const,
  generalMinimum: (locale: string) => ['rates', 'minimum', 'general', locale] as const,
};

/** `GET /rates` (general) or `GET /customers/{id}/rate` (a customer's own), paged. */
export const useRates = (owner: RateOwner, page: number) =>
  useQuery({
    queryKey: rateKeys.list(owner, page, useUiLocale()),
    queryFn: () =>
      api.get<Paginated<RateDto>>(
        owner.kind === 'general' ? '/rates' : `/customers/${owner.customerId}/rate`,
        {
          query: { page, per_page: RATES_PER_PAGE },
        },
      ),
    placeholderData: keepPreviousData,
  });

/** `GET /rates?customer_id=`: what a customer pays per pair (its own rate, else an enabled general one). */
export const useEffectiveRates = (customerId: number, page: number) =>
  useQuery({
    queryKey: rateKeys.effective(customerId, page, useUiLocale()),
    queryFn: () =>
      api.get<Paginated<EffectiveRateDto>>('/rates', {
        query: { customer_id: customerId, page, per_page: RATES_PER_PAGE },
      }),
    placeholderData: keepPreviousData,
    enabled: customerId > 0,
  });

/** The general rates enabled for a customer. */
export const useEnabledRates = (customerId: number) =>
  useQuery({
    queryKey: rateKeys.enabled(customerId),
    queryFn: () => api.get<RateDto[]>(`/customers/${customerId}/enable/rate`),
  });

export interface RateWrite {
  source_lang: number | null;
  target_lang: number | null;
  r1: string | number;
  r2: string | number;
}

const invalidateRates = (client: ReturnType<typeof useQueryClient>) =>
  client.invalidateQueries({ queryKey: rateKeys.all });

export const useSaveRate = (owner: RateOwner) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: RateWrite }) =>
      id === null
        ? api.post<RateDto>(
            '/rate/store',
            owner.kind === 'general'
              ? { ...body, default_group: true }
              : { ...body, customer_id: owner.customerId },
            { handles: [422] },
          )
        : api.put<RateDto>(`/rate/${id}`, body, { handles: [422] }),
    onSuccess: () => invalidateRates(client),
  });
};

export const useDeleteRate = (owner: RateOwner) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.delete<RateDeletedDto>(
        owner.kind === 'general' ? `/rate/${id}` : `/customers/${owner.customerId}/rate/${id}`,
      ),
    onSuccess: () => invalidateRates(client),
  });
};

/** Enables or disables a general rate for a customer; both the enabled list and the rate lists reload. */
export const useToggleRate = (customerId: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ rateId, enable }: { rateId: number; enable: boolean }) =>
      enable
        ? api.post<RateEnabledDto>(`/customers/${customerId}/rate/${rateId}`)
        : api.delete<RateEnabledDto>(`/customers/${customerId}/enable/rate/${rateId}`),
    onSettled: () => invalidateRates(client),
  });
};

/** Where a list's Excel files come and go. */
export const excelPaths = (owner: RateOwner) =>
  owner.kind === 'general'
    ? { upload: '/rates/import', download: '/rates/excel' }
    : {
        upload: `/customers/${owner.customerId}/rate`,
        download: `/customers/${owner.customerId}/excel/rate`,
      };

export const TEMPLATE_PATH = '/rates/template';

// ---------------------------------------------------------------- minimum rates

export type MinimumRates = MinimumRatesDto;

export const useMinimumRates = (customerId: number, enabled: boolean) =>
  useQuery({
    queryKey: rateKeys.minimum(customerId, useUiLocale()),
    queryFn: () => api.get<MinimumRates>('/minimum-rates', { query: { customer_id: customerId } }),
    enabled,
  });

export interface MinimumRatesWrite {
  customer_minimum_rates: boolean;
  minimum_rates: Array<{ translation_type_id: number; hour: string | number; amount: string | number }>;
}

/** The general minimum charges (VERBA_ADMIN): they price tasks without a customer, the guests' quotes. */
export const useGeneralMinimumRates = (enabled: boolean) =>
  useQuery({
    queryKey: rateKeys.generalMinimum(useUiLocale()),
    queryFn: () => api.get<GeneralMinimumRatesDto>('/general-minimum-rates'),
    enabled,
  });

export const useSaveGeneralMinimumRates = () => {
  const client = useQueryClient();
  const locale = useUiLocale();
  return useMutation({
    mutationFn: (body: Pick<MinimumRatesWrite, 'minimum_rates'>) =>
      api.put<GeneralMinimumRatesDto>('/general-minimum-rates', body, { handles: [422] }),
    onSuccess: (data) => client.setQueryData(rateKeys.generalMinimum(locale), data),
  });
};

export const useSaveMinimumRates = (customerId: number) => {
  const client = useQueryClient();
  const locale = useUiLocale();
  return useMutation({
    mutationFn: (body: MinimumRatesWrite) =>
      api.put<MinimumRates>(`/customers/${customerId}/minimum-rates`, body, { handles: [422] }),
    onSuccess: (data) => client.setQueryData(rateKeys.minimum(customerId, locale), data),
  });
};
