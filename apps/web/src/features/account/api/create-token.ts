import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { tokenBody, tokenCreatedSchema } from '@verba/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { TOKENS_KEY } from './get-tokens.ts';

export type TokenWrite = z.input<typeof tokenBody>;

export const createToken = (body: TokenWrite) =>
  api.post<typeof tokenCreatedSchema, typeof tokenBody>('/tokens', body, { handles: [422] });

export const useCreateToken = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createToken,
    onSuccess: () => void client.invalidateQueries({ queryKey: TOKENS_KEY }),
  });
};
