import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { domainEvents, languages, taskStateChanges, tasks } from '../../db/schema/index.ts';
import { transition, type Move } from './transitions.ts';

let t: TestApp;
let taskId: number;

const db = () => t.database.db;
const move = (m: Move) => db().transaction((tx) => transition(tx, m));
const history = () => db().select().from(taskStateChanges).where(eq(taskStateChanges.task_id, taskId));
const state = async () => (await db().select().from(tasks).where(eq(tasks.id, taskId)))[0]?.state;

beforeAll(async () => {
  t = await createTestApp();
  const [en] = await db().select().from(languages).where(eq(languages.iso_code, 'en'));
  const [task] = await db()
    .insert(tasks)
    .values({
      code: 'T-1',
      source_language_id: en!.id,
      translation_type_id: 1,
      description: 'Transitions',
      state: 'DRAFT',
    })
    .returning();
  taskId = task!.id;
});
afterAll(() => t.close());

describe('transition: the one way a task changes state', () => {
  it('refuses a move the table does not have, or whose guard fails, and writes nothing', async () => {
    await expect(
      move({ taskId, from: 'DRAFT', to: 'DONE', by: 'staff', userId: null }),
    ).rejects.toMatchObject({
      status: 422,
      messageKey: 'tasks.illegal_transition',
    });
    await expect(
      move({
        taskId,
        from: 'DRAFT',
        to: 'DEFERRED',
        by: 'client',
        userId: null,
        facts: { paymentScheme: 'ON_DEMAND' },
      }),
    ).rejects.toMatchObject({ messageKey: 'tasks.illegal_transition' });
    expect(await state()).toBe('DRAFT');
    expect(await history()).toEqual([]);
  });

  it('moves nothing when the task is no longer in `from`', async () => {
    expect(await move({ taskId, from: 'CANCELLED', to: 'DRAFT', by: 'staff', userId: null })).toBe(false);
    expect(await state()).toBe('DRAFT');
    expect(await history()).toEqual([]);
  });

  it('moves the task with its columns and writes the history row', async () => {
    const ok = await move({
      taskId,
      from: 'DRAFT',
      to: 'DEFERRED',
      by: 'client',
      userId: null,
      facts: { paymentScheme: 'DEFERRED' },
      reason: 'sent_to_production',
      note: '1234ABCDEFGH',
      set: { days_to_add: 3 },
    });
    expect(ok).toBe(true);
    const [row] = await db().select().from(tasks).where(eq(tasks.id, taskId));
    expect(row).toMatchObject({ state: 'DEFERRED', days_to_add: 3 });
    expect(await history()).toMatchObject([
      {
        from_state: 'DRAFT',
        to_state: 'DEFERRED',
        reason: 'sent_to_production',
        note: '1234ABCDEFGH',
        user_id: null,
      },
    ]);
  });
});

describe('transition: the domain event of a move', () => {
  const events = () => db().select().from(domainEvents).where(eq(domainEvents.task_id, taskId));

  it('publishes the event of the state reached, in the move, and none for a refused move', async () => {
    await db().update(tasks).set({ state: 'CALCULATING' }).where(eq(tasks.id, taskId));
    const before = (await events()).length;
    await move({ taskId, from: 'CALCULATING', to: 'DRAFT', by: 'system', userId: null, reason: 'analysed' });
    await expect(move({ taskId, from: 'DRAFT', to: 'DONE', by: 'staff', userId: null })).rejects.toThrow();
    await move({ taskId, from: 'DRAFT', to: 'CANCELLED', by: 'client', userId: null });
    const published = (await events()).slice(before);
    expect(published.map((e) => e.type)).toEqual(['task.quoted', 'task.cancelled']);
    expect(published[1]!.data).toMatchObject({ from: 'DRAFT', to: 'CANCELLED', code: 'T-1' });
  });
});
