import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { apiClientConfig } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';
import { getNotificationsQueryOptions } from '../api/get-notifications.ts';

const RETRY_MS = 10_000;

/**
 * Listens to `/notifications/stream` (Server-Sent Events, read with fetch so the Bearer token goes
 * along) and refreshes the bell on each event. Returns whether the stream is up: while it is not,
 * the bell polls. Each event also refreshes the open threads and the task list's unread badges.
 */
export function useNotificationStream(enabled: boolean): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = async () => {
      const { baseUrl, getToken } = apiClientConfig();
      const token = getToken();
      try {
        const response = await fetch(`${baseUrl}/notifications/stream`, {
          headers: { Accept: 'text/event-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
          signal: controller.signal,
        });
        if (!response.ok || !response.body) throw new Error(`stream ${response.status}`);
        setLive(true);
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            if (buffer.slice(0, end).startsWith('event: unread')) {
              void queryClient.invalidateQueries({ queryKey: getNotificationsQueryOptions().queryKey });
              // a notification may be a new message: open threads and unread badges look again
              void queryClient.invalidateQueries({ queryKey: QUERY_ROOTS.messages });
            }
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf('\n\n');
          }
        }
      } catch {
        // falls through to polling, and tries again
      }
      if (controller.signal.aborted) return;
      setLive(false);
      retry = setTimeout(() => void connect(), RETRY_MS);
    };
    void connect();
    return () => {
      controller.abort();
      clearTimeout(retry);
      setLive(false);
    };
  }, [enabled, queryClient]);
  return live;
}
