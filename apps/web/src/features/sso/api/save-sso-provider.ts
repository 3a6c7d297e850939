import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ssoProviderBody, ssoProviderSchema } from '@verba/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { SSO_PROVIDERS_KEY } from './get-sso-providers.ts';

export type SsoProviderWrite = z.input<typeof ssoProviderBody>;

/** Adds a provider (no id) or changes one; a change without client_secret keeps the stored secret. */
export const saveSsoProvider = ({ id, body }: { id: number | null; body: SsoProviderWrite }) =>
  id === null
    ? api.post<typeof ssoProviderSchema, typeof ssoProviderBody>('/sso/providers', body, { handles: [422] })
    : api.put<typeof ssoProviderSchema, typeof ssoProviderBody>(`/sso/providers/${id}`, body, {
        handles: [422],
      });

export const useSaveSsoProvider = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSsoProvider,
    onSuccess: () => void client.invalidateQueries({ queryKey: SSO_PROVIDERS_KEY }),
  });
};
