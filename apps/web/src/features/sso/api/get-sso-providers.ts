import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ssoProviderSchema } from '@verba/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export const SSO_PROVIDERS_KEY = ['sso-providers'] as const;

export const getSsoProviders = () => api.get<z.ZodArray<typeof ssoProviderSchema>>('/sso/providers');

export const getSsoProvidersQueryOptions = () =>
  queryOptions({ queryKey: SSO_PROVIDERS_KEY, queryFn: getSsoProviders });

export const useSsoProviders = () => useQuery(getSsoProvidersQueryOptions());
