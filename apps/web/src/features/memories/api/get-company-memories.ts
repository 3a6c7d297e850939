import { queryOptions, useQuery } from '@tanstack/react-query';
import type { memoryCountSchema } from '@verba/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export const getCompanyMemories = () => api.get<z.ZodArray<typeof memoryCountSchema>>('/company/memories');

export const getCompanyMemoriesQueryOptions = () =>
  queryOptions({ queryKey: ['memories', 'company'], queryFn: getCompanyMemories });

export const useCompanyMemories = (enabled: boolean) =>
  useQuery({ ...getCompanyMemoriesQueryOptions(), enabled });
