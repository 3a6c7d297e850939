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

declare global {
  interface Window {
    /** Reads and writes in flight: the browser journeys wait for none (the notification stream keeps a request open for good, so the network is never idle). */
    verbaPendingRequests?: () => number;
  }
}
window.verbaPendingRequests = () => queryClient.isFetching() + queryClient.isMutating();
