import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { buildApp } from '../../app.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { onEvent, publishEvent, relayEvents, type DomainEvent } from './service.ts';

const seen: Record<string, DomainEvent[]> = { first: [], second: [] };
onEvent('test-first', async (_deps, event) => {
  seen.first!.push(event);
});
onEvent('test-second', async (_deps, event) => {
  seen.second!.push(event);
});

const event = (note: string) =>
  ({
    type: 'task.done',
    task_id: 1,
    invoice_id: null,
    customer_id: 1,
    actor_user_id: null,
    data: { note },
  }) as const;

describe('domain events', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.jobs.start();
  });
  afterAll(async () => t.close());

  it('never hands an event of a rolled-back transaction to a subscriber', async () => {
    await expect(
      t.app.db.transaction(async (tx) => {
        await publishEvent(tx, event('rolled back'));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await t.app.db.transaction(async (tx) => publishEvent(tx, event('committed')));
    await t.app.events.settle();
    const notes = seen.first!.map((e) => e.data.note);
    expect(notes).toContain('committed');
    expect(notes).not.toContain('rolled back');
    expect(seen.second!.map((e) => e.data.note)).not.toContain('rolled back');
  });

  it('gives each subscriber each event once, with what was published', async () => {
    seen.first = [];
    seen.second = [];
    for (const note of ['a', 'b', 'c'])
      await t.app.db.transaction(async (tx) => publishEvent(tx, event(note)));
    await t.app.events.settle();
    // Relaying again finds nothing left to hand out.
    expect(await relayEvents(t.app)).toBe(0);
    await t.app.events.settle();
    for (const name of ['first', 'second'] as const) {
      expect(seen[name]!.map((e) => e.data.note).sort()).toEqual(['a', 'b', 'c']);
      expect(new Set(seen[name]!.map((e) => e.id)).size).toBe(3);
    }
    const [one] = seen.first!;
    expect(one).toMatchObject({ type: 'task.done', task_id: 1, customer_id: 1, invoice_id: null });
    expect(Number.isNaN(Date.parse(one!.created_at))).toBe(false);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('hands each event to one of several server processes', async () => {
    seen.first = [];
    seen.second = [];
    const database = await openDatabase({ databaseUrl: t.config.databaseUrl });
    const other = await buildApp(t.config, database);
    await other.ready();
    await other.jobs.start();
    try {
      const notes = Array.from({ length: 20 }, (_, i) => `n${i}`);
      await Promise.all(
        notes.map((note) => t.app.db.transaction(async (tx) => publishEvent(tx, event(note)))),
      );
      await Promise.all([t.app.events.settle(), other.events.settle()]);
      await Promise.all([t.app.events.settle(), other.events.settle()]);
      for (const name of ['first', 'second'] as const) {
        expect(seen[name]!.map((e) => e.data.note).sort()).toEqual([...notes].sort());
      }
    } finally {
      await other.close();
      await database.close();
    }
  });
});
