import { useMutation } from '@tanstack/react-query';
import type { loginReplySchema, ssoCallbackBody, ssoStartBody, ssoStartReply } from '@verba/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

/** How the e-mail signs in: a password, or the identity provider's address (depends on its domain only). */
export const ssoStart = (input: z.input<typeof ssoStartBody>) =>
  api.post<typeof ssoStartReply, typeof ssoStartBody>('/auth/sso/start', input, { handles: [422, 502] });

export const useSsoStartMutation = () => useMutation({ mutationFn: ssoStart });

/** The identity provider's answer, handed to the API: the usual token. */
export const ssoCallback = (input: z.input<typeof ssoCallbackBody>) =>
  api.post<typeof loginReplySchema, typeof ssoCallbackBody>('/auth/sso/callback', input, {
    handles: [401, 422, 502],
  });
