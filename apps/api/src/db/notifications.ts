import pg from 'pg';

/** What a LISTEN reports. `lost` means notifications may be missed until the next `ready`. */
export interface NotificationHandlers {
  notify(payload: string): void;
  ready(): void;
  lost(): void;
}

export type StopListening = () => Promise<void>;

const FIRST_RETRY_MS = 100;
const LONGEST_RETRY_MS = 5_000;

/**
 * LISTEN on PostgreSQL over a connection of its own (a pooled one would be handed to other
 * queries), reconnecting with backoff whenever it drops: a restart, a failover or a terminated
 * backend must not leave a process deaf to what it listens for.
 */
export function listenOnPostgres(
  connectionString: string,
  channel: string,
  handlers: NotificationHandlers,
): StopListening {
  let stopped = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delay = FIRST_RETRY_MS;

  const dropped = (client: pg.Client) => {
    if (current !== client) return; // 'error' and 'end' both report the same loss
    current = undefined;
    handlers.lost();
    client.end().catch(() => {});
    if (stopped) return;
    retry = setTimeout(connect, delay);
    delay = Math.min(delay * 2, LONGEST_RETRY_MS);
  };

  const connect = async () => {
    const client = new pg.Client({ connectionString, keepAlive: true });
    current = client;
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.notify(message.payload ?? '');
    });
    client.on('error', () => dropped(client));
    client.on('end', () => dropped(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch {
      dropped(client);
      return;
    }
    if (stopped || current !== client) return;
    delay = FIRST_RETRY_MS;
    handlers.ready();
  };

  void connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = undefined;
    await client?.end().catch(() => {});
  };
}
