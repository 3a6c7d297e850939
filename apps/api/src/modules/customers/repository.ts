import { eq, sql } from 'drizzle-orm';
import type { CompanyDto } from '@verba/contracts';
import type { Db } from '../../db/client.ts';
import { bonuses, countries, customers, payments } from '../../db/schema/index.ts';

/** Balance = bonuses given (or taken) + what authorised payments drew from it; never stored. */
export async function customerBalance(db: Db, customerId: number): Promise<string> {
  const drawn = sql`(select coalesce(sum(${payments.balance_used}), 0) from ${payments}
    where ${payments.customer_id} = ${customerId} and ${payments.status} = 'AUTHORISED')`;
  const [row] = await db
    .select({ balance: sql<string>`(coalesce(sum(${bonuses.amount}), 0) - ${drawn})::numeric(14, 2)::text` })
    .from(bonuses)
    .where(eq(bonuses.customer_id, customerId));
  return row?.balance ?? '0.00';
}

export async function findCompany(
  db: Db,
  customerId: number,
  withBalance: boolean,
): Promise<CompanyDto | null> {
  const [row] = await db
    .select({ customer: customers, country: countries })
    .from(customers)
    .leftJoin(countries, eq(countries.id, customers.country_id))
    .where(eq(customers.id, customerId));
  if (!row) return null;
  const c = row.customer;
  const company: CompanyDto = {
    id: c.id,
    name: c.name,
    customer_number: c.customer_number,
    address: c.address,
    address_2: c.address_2,
    town: c.town,
    province: c.province,
    postal_code: c.postal_code,
    tin: c.tin,
    country: row.country ? { id: row.country.id, code: row.country.code, name: row.country.name_en } : null,
    success_representative: c.success_representative,
    success_representative_email: c.success_representative_email,
    payment_scheme: c.payment_scheme as CompanyDto['payment_scheme'],
    show_rates: c.show_rates,
  };
  if (withBalance) company.balance = await customerBalance(db, customerId);
  return company;
}
