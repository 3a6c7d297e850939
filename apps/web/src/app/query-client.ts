import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // The API client already told the user; retry only when there was no answer at all.
      retry: (failureCount, error) => error instanceof ApiError && error.status === null && failureCount < 1,
    },
    mutations: { retry: false },
  },
});
