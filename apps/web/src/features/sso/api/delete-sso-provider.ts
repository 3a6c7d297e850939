import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ssoProviderSchema } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import { SSO_PROVIDERS_KEY } from './get-sso-providers.ts';

export const deleteSsoProvider = (id: number) => api.delete<typeof ssoProviderSchema>(`/sso/providers/${id}`);

export const useDeleteSsoProvider = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteSsoProvider,
    onSuccess: () => void client.invalidateQueries({ queryKey: SSO_PROVIDERS_KEY }),
  });
};
