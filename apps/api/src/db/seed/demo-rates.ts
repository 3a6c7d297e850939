import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { customerEnabledRates, customers, languages, minimumRates, rates } from '../schema/index.ts';

/** General per-word prices (r1) of the demo, switched on for every demo customer. */
const GENERAL: Array<[source: string, target: string, r1: string]> = [
  ['en', 'es', '0.0900'],
  ['es', 'en', '0.1000'],
  ['en', 'ca', '0.0900'],
  ['ca', 'en', '0.1000'],
  ['es', 'ca', '0.0600'],
  ['ca', 'es', '0.0600'],
  ['en', 'fr', '0.1100'],
  ['en', 'de', '0.1200'],
  ['en', 'it', '0.1100'],
  ['en', 'pt', '0.1000'],
  ['en', 'nl', '0.1300'],
  ['es', 'fr', '0.1100'],
  ['es', 'de', '0.1200'],
];
/** r2: the hourly price of work priced by the hour. */
const HOURLY = '35.00';

/** Minimum amount per translation type (1 human, 2 premium, 3 value, 4 flash). */
const MINIMUMS: Array<[type: number, amount: string]> = [
  [1, '30.00'],
  [2, '40.00'],
  [3, '20.00'],
  [4, '15.00'],
];

/**
 * Demo rates: general rates for the common pairs switched on for Acme and Globex, so a
 * demo client gets a price at once; minimum rates; and Acme's own en>es rate, cheaper than the
 * general one. Written with the rates tables' own shapes (general: `default_group`, no customer).
 * Both customers have minimum rates; they apply to Globex's quotes (Acme's are kept but off, so
 * the per-word prices of its quotes show as they are).
 */
export async function seedDemoRates(
  db: Db,
  ids: { acme: number; globex: number; admin: number },
): Promise<void> {
  const codes = [...new Set(GENERAL.flatMap(([s, t]) => [s, t]))];
  const langs = await db
    .select({ id: languages.id, iso: languages.iso_code })
    .from(languages)
    .where(inArray(languages.iso_code, codes));
  const lang = (iso: string) => {
    const found = langs.find((l) => l.iso === iso);
    if (!found) throw new Error(`Reference language ${iso} is missing`);
    return found.id;
  };
  const general = await db
    .insert(rates)
    .values(
      GENERAL.map(([s, t, r1]) => ({
        default_group: true,
        source_lang: lang(s),
        target_lang: lang(t),
        r1,
        r2: HOURLY,
        updated_by: ids.admin,
      })),
    )
    .returning({ id: rates.id });
  await db
    .insert(customerEnabledRates)
    .values(
      [ids.acme, ids.globex].flatMap((customer_id) => general.map((r) => ({ customer_id, rate_id: r.id }))),
    );
  await db.insert(rates).values({
    customer_id: ids.acme,
    source_lang: lang('en'),
    target_lang: lang('es'),
    r1: '0.0800',
    r2: '30.00',
    updated_by: ids.admin,
  });
  await db.insert(minimumRates).values(
    [ids.acme, ids.globex].flatMap((customer_id) =>
      MINIMUMS.map(([translation_type_id, amount]) => ({
        customer_id,
        translation_type_id,
        amount,
        // hours at the pair's r2; the flash type has none
        hour: translation_type_id === 4 ? '0' : '1.00',
      })),
    ),
  );
  await db.update(customers).set({ minimum_rates: true }).where(eq(customers.id, ids.globex));
}
