import { useMutation } from '@tanstack/react-query';
import type { messageReply } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';

/** Takes a user's second factor away (logged); the user sets it up again if it is required. */
export const resetTwoFactor = (id: number) => api.post<typeof messageReply>(`/users/${id}/two-factor/reset`);

export const useResetTwoFactor = () => useMutation({ mutationFn: resetTwoFactor });
