import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CustomerInput } from '@verba/contracts';
import { invalid, notFound } from '../../lib/app-error.ts';
import * as repo from './repository.ts';

/** Discount for payment in advance when the customer has none of its own (DESIGN §7). */
export const DEFAULT_DISCOUNT = { ON_DEMAND: '5.00', DEFERRED: '0.00' } as const;

export const effectiveDiscount = (c: repo.CustomerRow): string =>
  c.discount_percentage ?? DEFAULT_DISCOUNT[c.payment_scheme as keyof typeof DEFAULT_DISCOUNT] ?? '0.00';

export async function getCustomer(app: FastifyInstance, id: number) {
  const row = await repo.findCustomer(app.db, id);
  if (!row) throw notFound();
  const company = await repo.findCompany(app.db, id, true);
  return {
    ...row,
    country: company?.country ?? null,
    balance: company?.balance ?? '0.00',
    discount: effectiveDiscount(row),
  };
}

async function checkCountry(app: FastifyInstance, countryId: number) {
  if (!(await repo.countryExists(app.db, countryId)))
    throw invalid({ country_id: ['validation.invalid_option'] });
}

export async function createCustomer(app: FastifyInstance, request: FastifyRequest, input: CustomerInput) {
  const { lang: _lang, ...fields } = input;
  await checkCountry(app, fields.country_id);
  const row = await repo.insertCustomer(app.db, fields);
  request.actionLog = { description: `Created customer ${row.name}`, customerId: row.id };
  return getCustomer(app, row.id);
}

export async function updateCustomer(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
  input: CustomerInput,
) {
  const { lang: _lang, ...fields } = input;
  if (!(await repo.findCustomer(app.db, id))) throw notFound();
  await checkCountry(app, fields.country_id);
  await repo.updateCustomer(app.db, id, fields);
  request.actionLog = { description: `Updated customer ${fields.name}`, customerId: id };
  return getCustomer(app, id);
}

/** A customer with tasks or invoices is kept (deactivated) so its history stays whole. */
export async function deleteCustomer(app: FastifyInstance, request: FastifyRequest, id: number) {
  const row = await repo.findCustomer(app.db, id);
  if (!row) throw notFound();
  if (await repo.hasTasksOrInvoices(app.db, id)) {
    await repo.deactivateCustomer(app.db, id);
    request.actionLog = {
      action: 'customers.deactivate',
      description: `Deactivated customer ${row.name} (it has tasks or invoices)`,
      customerId: id,
    };
    return { deleted: false, deactivated: true, message: request.t('customers.deactivated_instead') };
  }
  request.actionLog = { description: `Deleted customer ${row.name}`, customerId: null };
  await repo.eraseCustomer(app.db, id);
  return { deleted: true, deactivated: false, message: request.t('customers.deleted') };
}

export async function addBonus(
  app: FastifyInstance,
  request: FastifyRequest,
  input: { customer_id: number; amount: string; description: string | null; users: number[] },
) {
  const customer = await repo.findCustomer(app.db, input.customer_id);
  if (!customer) throw invalid({ customer_id: ['validation.invalid_option'] });
  const users = [...new Set(input.users)];
  const known = await repo.usersOfCustomer(app.db, customer.id, users);
  if (known.length !== users.length) throw invalid({ users: ['validation.invalid_option'] });
  const bonus = await repo.insertBonus(app.db, { ...input, users, created_by: request.user?.id ?? 0 });
  request.actionLog = {
    description: `Bonus of ${input.amount} EUR for ${customer.name}`,
    customerId: customer.id,
  };
  return { bonus, balance: await repo.customerBalance(app.db, customer.id) };
}

export async function assignProjects(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
  input: { memoq_project_id: string; idcp_project_id: string | null },
) {
  const row = await repo.findCustomer(app.db, id);
  if (!row) throw notFound();
  await repo.setAssignedProjects(
    app.db,
    id,
    input.memoq_project_id,
    input.idcp_project_id ?? row.idcp_project_id,
  );
  request.actionLog = { description: `Assigned projects to ${row.name}`, customerId: id };
  return repo.findCustomer(app.db, id);
}

/** The module's public surface for other modules (their repositories stay private). */
export { customerBalance, findCustomer, findCompany } from './repository.ts';
