import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PaymentStatus } from '@verba/contracts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  customers,
  languages,
  payments,
  payTaskHistories,
  taskStateChanges,
  tasks,
} from '../../db/schema/index.ts';
import { approveWithPayment } from './payable.ts';
import * as repo from './repository.ts';
import { lockTask } from '../tasks/service.ts';

/**
 * A payment approves a task only with the proof the payments code makes from an order it stored
 * as AUTHORISED (the transition table's `payment_verified` guard), for that task at its price.
 */
let t: TestApp;
let acmeId: number;
let english: number;
let orders = 0;

const db = () => t.database.db;

async function draft(): Promise<number> {
  const [task] = await db()
    .insert(tasks)
    .values({
      code: `V-${++orders}`,
      customer_id: acmeId,
      source_language_id: english,
      translation_type_id: 1,
      description: 'Verified payments',
      state: 'DRAFT',
      amount_to_pay: '12.10',
      taxed_price: '12.10',
      price_version: 2,
    })
    .returning();
  return task!.id;
}

async function order(taskId: number, status: PaymentStatus, priceVersion = 2) {
  const [row] = await db()
    .insert(payments)
    .values({
      task_id: taskId,
      customer_id: acmeId,
      order_number: `${String(++orders).padStart(4, '0')}VERIFIED`,
      amount: '12.10',
      card_amount: '12.10',
      status,
      gateway: 'sandbox',
      price_version: priceVersion,
    })
    .returning();
  return row!;
}

/** What the bank's answer and the balance payment both call once the order is stored. */
const approve = (taskId: number, payment: { id: number }) =>
  db().transaction(async (tx) => {
    const task = await lockTask(tx, taskId);
    const row = (await repo.lockPayment(tx, payment.id))!;
    return approveWithPayment(tx, task!, null, new Date(), 'paid_by_card', row);
  });

const nothingWritten = async (taskId: number) => {
  const [task] = await db().select().from(tasks).where(eq(tasks.id, taskId));
  expect(task?.state).toBe('DRAFT');
  expect(await db().select().from(taskStateChanges).where(eq(taskStateChanges.task_id, taskId))).toEqual([]);
  expect(await db().select().from(payTaskHistories).where(eq(payTaskHistories.task_id, taskId))).toEqual([]);
};

beforeAll(async () => {
  t = await createTestApp();
  const [en] = await db().select().from(languages).where(eq(languages.iso_code, 'en'));
  const [acme] = await db().select().from(customers).where(eq(customers.name, 'Acme'));
  english = en!.id;
  acmeId = acme!.id;
});
afterAll(() => t.close());

describe('approval needs a verified payment', () => {
  it('refuses an order that is not AUTHORISED (pending, declined), and writes nothing', async () => {
    for (const status of ['PENDING', 'DECLINED', 'CANCELLED'] as const) {
      const taskId = await draft();
      await expect(approve(taskId, await order(taskId, status))).rejects.toMatchObject({
        status: 422,
        messageKey: 'tasks.illegal_transition',
      });
      await nothingWritten(taskId);
    }
  });

  it("refuses an AUTHORISED order of another task, or of the task's older price", async () => {
    const taskId = await draft();
    const other = await draft();
    await expect(approve(taskId, await order(other, 'AUTHORISED'))).rejects.toMatchObject({
      messageKey: 'tasks.illegal_transition',
    });
    await expect(approve(taskId, await order(taskId, 'AUTHORISED', 1))).rejects.toMatchObject({
      messageKey: 'tasks.illegal_transition',
    });
    await nothingWritten(taskId);
  });

  it("approves with the task's own AUTHORISED order: its number is the history note", async () => {
    const taskId = await draft();
    const paid = await order(taskId, 'AUTHORISED');
    expect(await approve(taskId, paid)).toBe(true);
    const [task] = await db().select().from(tasks).where(eq(tasks.id, taskId));
    expect(task?.state).toBe('APPROVED');
    expect(
      await db().select().from(taskStateChanges).where(eq(taskStateChanges.task_id, taskId)),
    ).toMatchObject([{ from_state: 'DRAFT', to_state: 'APPROVED', note: paid.order_number }]);
    expect(
      await db().select().from(payTaskHistories).where(eq(payTaskHistories.task_id, taskId)),
    ).toMatchObject([{ amount: '12.10' }]);
  });
});
