import { useMutation } from '@tanstack/react-query';
import type { twoFactorSetupReply } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';

export const setupTwoFactor = () => api.post<typeof twoFactorSetupReply>('/auth/two-factor/setup');

export const useSetupTwoFactorMutation = () => useMutation({ mutationFn: setupTwoFactor });
