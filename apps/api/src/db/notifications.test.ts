import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { listenOnPostgres } from './notifications.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

// The embedded database delivers notifications in-process; only a server connection can drop.
describe.runIf(serverUrl)('listening on PostgreSQL', () => {
  const url = serverUrl ?? '';
  let admin: pg.Client;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterAll(() => admin.end());

  const record = () => {
    const events: string[] = [];
    return {
      events,
      handlers: {
        notify: (payload: string) => events.push(`notify ${payload}`),
        ready: () => events.push('ready'),
        lost: () => events.push('lost'),
      },
    };
  };
  const dropListener = (channel: string) =>
    admin.query('select pg_terminate_backend(pid) from pg_stat_activity where query = $1', [
      `LISTEN "${channel}"`,
    ]);

  it('hears notifications, reports a dropped connection, listens again, and stops for good', async () => {
    const channel = `verba_test_${randomBytes(4).toString('hex')}`;
    const { events, handlers } = record();
    const stop = listenOnPostgres(url, channel, handlers);
    await vi.waitFor(() => expect(events).toEqual(['ready']));

    await admin.query('select pg_notify($1, $2)', [channel, 'one']);
    await admin.query('select pg_notify($1, $2)', ['some_other_channel', 'not for us']);
    await vi.waitFor(() => expect(events).toEqual(['ready', 'notify one']));

    await dropListener(channel);
    await vi.waitFor(() => expect(events).toEqual(['ready', 'notify one', 'lost', 'ready']), {
      timeout: 5_000,
    });
    await admin.query('select pg_notify($1, $2)', [channel, 'two']);
    await vi.waitFor(() => expect(events.at(-1)).toBe('notify two'));

    await stop();
    await admin.query('select pg_notify($1, $2)', [channel, 'three']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(events).toEqual(['ready', 'notify one', 'lost', 'ready', 'notify two']);
    const listening = await admin.query('select count(*)::int as n from pg_stat_activity where query = $1', [
      `LISTEN "${channel}"`,
    ]);
    expect(listening.rows[0].n).toBe(0);
  });

  it('a server it cannot reach is never reported ready, and stopping ends the retries', async () => {
    const missing = new URL(url);
    missing.pathname = `/verba_missing_${randomBytes(4).toString('hex')}`;
    const { events, handlers } = record();
    const stop = listenOnPostgres(missing.toString(), 'verba_test_missing', handlers);
    await vi.waitFor(() => expect(events.filter((e) => e === 'lost').length).toBeGreaterThanOrEqual(2));
    await stop();
    const seen = events.length;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(events).not.toContain('ready');
    expect(events.length).toBe(seen);
  });
});
