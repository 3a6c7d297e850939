import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CountryDto,
  CustomerDetailDto,
  CustomerListRowDto,
  CustomerUserDto,
  DeleteOutcomeDto,
  Paginated,
} from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';

export type CustomerRow = CustomerListRowDto;

export type CustomerDetail = CustomerDetailDto;

export type CustomerUser = CustomerUserDto;

export interface CustomerWrite {
  name: string;
  customer_number: string | null;
  address: string | null;
  address_2: string | null;
  town: string | null;
  province: string | null;
  postal_code: string | null;
  tin: string | null;
  country_id: number;
  success_representative: string | null;
  success_representative_email: string | null;
  payment_scheme: 'ON_DEMAND' | 'DEFERRED';
  is_active: boolean;
  show_rates: boolean;
  discount_percentage?: string | null;
}

export const customerKeys = {
  all: ['customers'] as const,
  list: (q: { page: number; search: string }) => ['customers', 'list', q] as const,
  detail: (id: number) => ['customers', 'detail', id] as const,
  users: (id: number) => ['customers', 'users', id] as const,
};

export const listCustomers = (q: { page: number; per_page: number; search: string }) =>
  api.get<Paginated<CustomerRow>>('/customers', { query: { ...q, search: q.search || undefined } });

export const useCustomers = (q: { page: number; search: string }) =>
  useQuery({
    queryKey: customerKeys.list(q),
    queryFn: () => listCustomers({ ...q, per_page: 10 }),
    placeholderData: keepPreviousData,
  });

/** Every customer for a selector (the API caps a page at 100). */
export const useCustomerOptions = (enabled: boolean) =>
  useQuery({
    queryKey: ['customers', 'options'],
    queryFn: () => listCustomers({ page: 1, per_page: 100, search: '' }),
    enabled,
  });

export const getCustomer = (id: number) => api.get<CustomerDetail>(`/customers/${id}`);
export const useCustomer = (id: number) =>
  useQuery({ queryKey: customerKeys.detail(id), queryFn: () => getCustomer(id), enabled: id > 0 });

export const getCustomerUsers = (id: number) => api.get<{ users: CustomerUser[] }>(`/customers/${id}/users`);
export const useCustomerUsers = (id: number) =>
  useQuery({ queryKey: customerKeys.users(id), queryFn: () => getCustomerUsers(id), enabled: id > 0 });

export const getCountries = () => api.get<CountryDto[]>('/countries');
export const useCountries = () =>
  useQuery({ queryKey: ['countries'], queryFn: getCountries, staleTime: Infinity });

export const useCreateCustomer = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerWrite) =>
      api.post<CustomerDetail>('/customers/store', body, { handles: [422] }),
    onSuccess: () => client.invalidateQueries({ queryKey: customerKeys.all }),
  });
};

export const useUpdateCustomer = (id: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerWrite) =>
      api.put<CustomerDetail>(`/customers/${id}`, body, { handles: [422] }),
    onSuccess: () => client.invalidateQueries({ queryKey: customerKeys.all }),
  });
};

export const useDeleteCustomer = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<DeleteOutcomeDto>(`/customers/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: customerKeys.all }),
  });
};
