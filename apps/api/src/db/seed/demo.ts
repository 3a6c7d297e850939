import { eq } from 'drizzle-orm';
import type { Role } from '@verba/contracts';
import type { Db } from '../client.ts';
import { countries, customers, departmentUsers, departments, users } from '../schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { FastifyInstance } from 'fastify';
import { seedDemoContent } from './demo-content.ts';
import { seedDemoInvoices } from './demo-invoices.ts';
import { seedDemoGlossaries } from './demo-glossaries.ts';

export const DEMO_PASSWORD = 'demo-password';

/**
 * Demo accounts of the README. Runs only when the database has no users yet. Given the built app
 * (the server does), also the demo's content: rates, Acme's memory, a guest's quote request, tasks
 * in every state, an invoice and a glossary (whose file goes to the app's storage). Without the
 * app (the test harness) there are no tasks: task numbering starts at 1.
 */
export async function seedDemoData(db: Db, app?: FastifyInstance): Promise<boolean> {
  const existing = await db.select({ id: users.id }).from(users).limit(1);
  if (existing.length) return false;
  const countryId = async (code: string) => {
    const [row] = await db.select({ id: countries.id }).from(countries).where(eq(countries.code, code));
    if (!row) throw new Error(`Reference country ${code} is missing`);
    return row.id;
  };
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  // Looked up before the transaction: PGlite has one connection, so `db` inside `tx` would wait forever.
  const epe = await countryId('EPE');
  const us = await countryId('US');
  const ids = await db.transaction(async (tx) => {
    const [acme] = await tx
      .insert(customers)
      .values({
        name: 'Acme',
        customer_number: 'C-0001',
        address: 'Carrer de Balmes 100',
        town: 'Barcelona',
        province: 'Barcelona',
        postal_code: '08008',
        tin: 'B12345678',
        country_id: epe,
        success_representative: 'Laia Puig',
        success_representative_email: 'laia.puig@verba.test',
        payment_scheme: 'ON_DEMAND',
        show_rates: true,
      })
      .returning();
    const [globex] = await tx
      .insert(customers)
      .values({
        name: 'Globex',
        customer_number: 'C-0002',
        address: '500 Brickell Ave',
        town: 'Miami',
        province: 'Florida',
        postal_code: '33131',
        tin: '12-3456789',
        country_id: us,
        success_representative: 'Daniel Souza',
        success_representative_email: 'daniel.souza@verba.test',
        payment_scheme: 'DEFERRED',
        show_rates: false,
      })
      .returning();
    if (!acme || !globex) throw new Error('Demo customers were not created');
    const person = (
      name: string,
      lastname: string,
      email: string,
      type: Role,
      extra: Partial<typeof users.$inferInsert> = {},
    ): typeof users.$inferInsert => ({
      name,
      lastname,
      email,
      type,
      language: 'en',
      password_hash: passwordHash,
      ...extra,
    });
    const created = await tx
      .insert(users)
      .values([
        person('Ada', 'Admin', 'admin@verba.test', 'VERBA_ADMIN'),
        person('Pau', 'Manager', 'pm@verba.test', 'VERBA_PM', { language: 'ca' }),
        person('Alice', 'Acme', 'admin@acme.test', 'CLIENT_ADMIN', {
          customer_id: acme.id,
          phone: '+34 600 000 001',
        }),
        person('Ulises', 'Acme', 'user@acme.test', 'CLIENT_USER', { customer_id: acme.id, language: 'es' }),
        person('Grace', 'Globex', 'admin@globex.test', 'CLIENT_ADMIN', { customer_id: globex.id }),
        person('Iris', 'Inactive', 'inactive@acme.test', 'CLIENT_USER', {
          customer_id: acme.id,
          is_active: false,
        }),
      ])
      .returning({ id: users.id, email: users.email });
    const [marketing] = await tx
      .insert(departments)
      .values({ customer_id: acme.id, title: 'Marketing' })
      .returning();
    const acmeUser = created.find((u) => u.email === 'user@acme.test');
    if (!marketing || !acmeUser) throw new Error('Demo department was not created');
    await tx.insert(departmentUsers).values({ department_id: marketing.id, user_id: acmeUser.id });
    const admin = created.find((u) => u.email === 'admin@verba.test');
    if (!admin) throw new Error('Demo admin was not created');
    return { acme: acme.id, globex: globex.id, admin: admin.id };
  });
  if (app) await seedDemoContent(app, { ...ids, password: DEMO_PASSWORD });
  await seedDemoInvoices(db);
  if (app) await seedDemoGlossaries(db, app.storage);
  return true;
}
