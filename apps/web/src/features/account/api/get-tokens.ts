import { queryOptions, useQuery } from '@tanstack/react-query';
import type { tokenSchema } from '@verba/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export const TOKENS_KEY = ['tokens'] as const;

export const getTokens = () => api.get<z.ZodArray<typeof tokenSchema>>('/tokens');

export const getTokensQueryOptions = () => queryOptions({ queryKey: TOKENS_KEY, queryFn: getTokens });

export const useTokens = () => useQuery(getTokensQueryOptions());
