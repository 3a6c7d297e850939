import { and, eq, isNull } from 'drizzle-orm';
import type { PayableGridInput } from '@verba/contracts';
import { BAND_KEYS, DEFAULT_PAYABLE_GRID, type PayableGrid } from '@verba/contracts/pricing';
import type { Db } from '../../../db/client.ts';
import {
  customers,
  generalMinimumRates,
  minimumRates,
  payableGrids,
  translationTypes,
} from '../../../db/schema/index.ts';
import type { Conn } from './rates.ts';

/** Pricing configuration: translation types, a customer's minimum charges, the payable grids. */

export async function listTranslationTypes(db: Db) {
  return db.select().from(translationTypes).orderBy(translationTypes.id);
}

// ---------------------------------------------------------------- minimum rates

export async function listMinimumRates(db: Db, customerId: number) {
  return db
    .select({
      translation_type_id: minimumRates.translation_type_id,
      hour: minimumRates.hour,
      amount: minimumRates.amount,
    })
    .from(minimumRates)
    .where(eq(minimumRates.customer_id, customerId))
    .orderBy(minimumRates.translation_type_id);
}

/** Replaces the customer's minimum rates and sets its `minimum_rates` flag, together. */
export async function saveMinimumRates(
  db: Db,
  customerId: number,
  flag: boolean,
  items: Array<{ translation_type_id: number; hour: string; amount: string }>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(customers)
      .set({ minimum_rates: flag, updated_at: new Date() })
      .where(eq(customers.id, customerId));
    await tx.delete(minimumRates).where(eq(minimumRates.customer_id, customerId));
    if (items.length)
      await tx.insert(minimumRates).values(items.map((item) => ({ customer_id: customerId, ...item })));
  });
}

/**
 * The minimum charge of a customer for a translation type (for the tasks module), or null when
 * the customer's `minimum_rates` flag is off or it has none for that type.
 */
export async function minimumRateFor(
  db: Conn,
  customerId: number,
  translationTypeId: number,
): Promise<{ hour: string; amount: string } | null> {
  const [row] = await db
    .select({ hour: minimumRates.hour, amount: minimumRates.amount })
    .from(minimumRates)
    .innerJoin(customers, eq(customers.id, minimumRates.customer_id))
    .where(
      and(
        eq(minimumRates.customer_id, customerId),
        eq(minimumRates.translation_type_id, translationTypeId),
        eq(customers.minimum_rates, true),
      ),
    );
  return row ?? null;
}

/** The general minimum charge of a translation type (tasks without a customer); null when none. */
export async function generalMinimumRateFor(
  db: Conn,
  translationTypeId: number,
): Promise<{ hour: string; amount: string } | null> {
  const [row] = await db
    .select({ hour: generalMinimumRates.hour, amount: generalMinimumRates.amount })
    .from(generalMinimumRates)
    .where(eq(generalMinimumRates.translation_type_id, translationTypeId));
  return row ?? null;
}

export async function listGeneralMinimumRates(db: Db) {
  return db
    .select({
      translation_type_id: generalMinimumRates.translation_type_id,
      hour: generalMinimumRates.hour,
      amount: generalMinimumRates.amount,
    })
    .from(generalMinimumRates)
    .orderBy(generalMinimumRates.translation_type_id);
}

/** Replaces the general minimum charges, all together. */
export async function saveGeneralMinimumRates(
  db: Db,
  items: Array<{ translation_type_id: number; hour: string; amount: string }>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(generalMinimumRates);
    if (items.length) await tx.insert(generalMinimumRates).values(items);
  });
}

// ---------------------------------------------------------------- payable grids

const gridOf = (row: typeof payableGrids.$inferSelect): Record<(typeof BAND_KEYS)[number], string> =>
  Object.fromEntries(BAND_KEYS.map((band) => [band, row[band]])) as Record<
    (typeof BAND_KEYS)[number],
    string
  >;

export async function globalGrid(db: Conn): Promise<Record<(typeof BAND_KEYS)[number], string>> {
  const [row] = await db.select().from(payableGrids).where(isNull(payableGrids.customer_id));
  return row ? gridOf(row) : { ...DEFAULT_PAYABLE_GRID };
}

export async function customerGrid(db: Conn, customerId: number) {
  const [row] = await db.select().from(payableGrids).where(eq(payableGrids.customer_id, customerId));
  return row ? gridOf(row) : null;
}

/** The grid that prices a customer's tasks (for the tasks module): its own, else the global one. */
export async function payableGridFor(db: Conn, customerId: number): Promise<PayableGrid> {
  return (await customerGrid(db, customerId)) ?? (await globalGrid(db));
}

const gridValues = (input: PayableGridInput) =>
  Object.fromEntries(BAND_KEYS.map((band) => [band, input[band]])) as Record<
    (typeof BAND_KEYS)[number],
    string
  >;

export async function saveGlobalGrid(db: Db, input: PayableGridInput): Promise<void> {
  const values = gridValues(input);
  const updated = await db
    .update(payableGrids)
    .set(values)
    .where(isNull(payableGrids.customer_id))
    .returning({ id: payableGrids.id });
  if (!updated.length) await db.insert(payableGrids).values({ customer_id: null, ...values });
}

export async function saveCustomerGrid(db: Db, customerId: number, input: PayableGridInput): Promise<void> {
  const values = gridValues(input);
  await db
    .insert(payableGrids)
    .values({ customer_id: customerId, ...values })
    .onConflictDoUpdate({ target: payableGrids.customer_id, set: values });
}

export async function deleteCustomerGrid(db: Db, customerId: number): Promise<boolean> {
  const rows = await db
    .delete(payableGrids)
    .where(eq(payableGrids.customer_id, customerId))
    .returning({ id: payableGrids.id });
  return rows.length > 0;
}
