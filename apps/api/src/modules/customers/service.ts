import type { CustomerEditInput, CustomerInput } from '@verba/contracts';
import type { Db } from '../../db/client.ts';
import { invalid, notFound } from '../../lib/app-error.ts';
import { outcome, type Actor, type Deps, type Outcome } from '../../lib/service.ts';
import { requestQuoteRecalculation } from '../../lib/quote-recalculation.ts';
import * as policy from './policy.ts';
import * as repo from './repository.ts';

/** Discount for payment in advance when the customer has none of its own (DESIGN §7). */
export const DEFAULT_DISCOUNT = { ON_DEMAND: '5.00', DEFERRED: '0.00' } as const;

export const effectiveDiscount = (c: repo.CustomerRow): string =>
  c.discount_percentage ?? DEFAULT_DISCOUNT[c.payment_scheme as keyof typeof DEFAULT_DISCOUNT] ?? '0.00';

async function existing(deps: Deps, id: number): Promise<repo.CustomerRow> {
  const row = await repo.findCustomer(deps.db, id);
  if (!row) throw notFound();
  return row;
}

export async function listCustomers(
  deps: Deps,
  actor: Actor,
  q: { page: number; per_page: number; search?: string | undefined },
) {
  policy.assertCan(actor.user, 'list');
  return repo.listCustomers(deps.db, q);
}

async function customerDetail(deps: Deps, id: number) {
  const row = await existing(deps, id);
  const company = await repo.findCompany(deps.db, id, true);
  return {
    ...row,
    country: company?.country ?? null,
    balance: company?.balance ?? '0.00',
    discount: effectiveDiscount(row),
  };
}

export async function getCustomer(deps: Deps, actor: Actor, id: number) {
  policy.assertCan(actor.user, 'view');
  return customerDetail(deps, id);
}

type CustomerDetail = Awaited<ReturnType<typeof customerDetail>>;

async function checkCountry(deps: Deps, countryId: number) {
  if (!(await repo.countryExists(deps.db, countryId)))
    throw invalid({ country_id: ['validation.invalid_option'] });
}

export async function createCustomer(
  deps: Deps,
  actor: Actor,
  input: CustomerInput,
): Promise<Outcome<CustomerDetail>> {
  policy.assertCan(actor.user, 'create');
  const { lang: _lang, ...fields } = input;
  await checkCountry(deps, fields.country_id);
  const row = await repo.insertCustomer(deps.db, fields);
  return outcome(await customerDetail(deps, row.id), {
    key: 'customers.created',
    params: { name: row.name },
    customerId: row.id,
  });
}

export async function updateCustomer(
  deps: Deps,
  actor: Actor,
  id: number,
  input: CustomerEditInput,
): Promise<Outcome<CustomerDetail>> {
  policy.assertCan(actor.user, 'edit');
  const { lang: _lang, ...fields } = input;
  const stored = await existing(deps, id);
  if (fields.po_required !== undefined && fields.po_required !== stored.po_required)
    policy.assertCan(actor.user, 'set-po-required');
  await checkCountry(deps, fields.country_id);
  await repo.updateCustomer(deps.db, id, fields);
  // the discount, the country's taxes and the payment scheme price its quotes
  await requestQuoteRecalculation(deps, { customerId: id, cause: 'customer terms changed' });
  return outcome(await customerDetail(deps, id), {
    key: 'customers.updated',
    params: { name: fields.name },
    customerId: id,
  });
}

/** A customer with tasks or invoices is kept (deactivated) so its history stays whole. */
export async function deleteCustomer(deps: Deps, actor: Actor, id: number) {
  policy.assertCan(actor.user, 'delete');
  const row = await existing(deps, id);
  if (await repo.hasTasksOrInvoices(deps.db, id)) {
    await repo.deactivateCustomer(deps.db, id);
    return outcome(
      { deleted: false, deactivated: true, message: actor.t('customers.deactivated_instead') },
      {
        action: 'customers.deactivate',
        key: 'customers.deactivated',
        params: { name: row.name },
        customerId: id,
      },
    );
  }
  await repo.eraseCustomer(deps.db, id);
  return outcome(
    { deleted: true, deactivated: false, message: actor.t('customers.deleted') },
    { key: 'customers.deleted', params: { name: row.name }, customerId: null },
  );
}

export async function customerUsers(deps: Deps, actor: Actor, id: number) {
  policy.assertCan(actor.user, 'view');
  await existing(deps, id);
  return { users: await repo.customerUsers(deps.db, id) };
}

export async function customerDiscount(deps: Deps, actor: Actor, id: number) {
  policy.assertCan(actor.user, 'read-discount', { id });
  return { discount: effectiveDiscount(await existing(deps, id)) };
}

export async function listBonuses(deps: Deps, actor: Actor, customerId: number) {
  policy.assertCan(actor.user, 'bonuses');
  await existing(deps, customerId);
  return {
    bonuses: await repo.listBonuses(deps.db, customerId),
    balance: await repo.customerBalance(deps.db, customerId),
  };
}

export async function addBonus(
  deps: Deps,
  actor: Actor,
  input: { customer_id: number; amount: string; description: string | null; users: number[] },
) {
  policy.assertCan(actor.user, 'bonuses');
  const customer = await repo.findCustomer(deps.db, input.customer_id);
  if (!customer) throw invalid({ customer_id: ['validation.invalid_option'] });
  const users = [...new Set(input.users)];
  const known = await repo.usersOfCustomer(deps.db, customer.id, users);
  if (known.length !== users.length) throw invalid({ users: ['validation.invalid_option'] });
  const bonus = await repo.insertBonus(deps.db, { ...input, users, created_by: actor.user.id });
  return outcome(
    { bonus, balance: await repo.customerBalance(deps.db, customer.id) },
    {
      key: 'customers.bonus',
      params: { amount: input.amount, name: customer.name },
      customerId: customer.id,
    },
  );
}

export async function assignProjects(
  deps: Deps,
  actor: Actor,
  id: number,
  input: { memoq_project_id: string; idcp_project_id: string | null },
) {
  policy.assertCan(actor.user, 'assign-projects');
  const row = await existing(deps, id);
  await repo.setAssignedProjects(
    deps.db,
    id,
    input.memoq_project_id,
    input.idcp_project_id ?? row.idcp_project_id,
  );
  return outcome(await existing(deps, id), {
    key: 'customers.projects_assigned',
    params: { name: row.name },
    customerId: id,
  });
}

/** The project ids staff assigned to the customer (memoQ, IDCP). */
export async function assignedProjects(deps: Deps, actor: Actor, id: number) {
  policy.assertCan(actor.user, 'assign-projects');
  const row = await existing(deps, id);
  return { memoq_project_id: row.memoq_project_id, idcp_project_id: row.idcp_project_id };
}

// ---- for other modules (the repository stays private) ----

export type { CompanyJson } from './repository.ts';

/** A customer's row by id, or undefined. */
export function findCustomer(db: Db, id: number) {
  return repo.findCustomer(db, id);
}

/** Serialises everything that reads and draws one customer's balance, until the transaction ends. */
export function lockCustomerBalance(tx: repo.Tx, customerId: number) {
  return repo.lockCustomer(tx, customerId);
}

/** A customer's balance (credit left after open holds), as a decimal string. */
export function customerBalance(db: Db, customerId: number): Promise<string> {
  return repo.customerBalance(db, customerId);
}

/** The company as users see it; the balance only when `withBalance` (its client admin). */
export function findCompany(db: Db, customerId: number, withBalance: boolean) {
  return repo.findCompany(db, customerId, withBalance);
}

/**
 * The company as an SQL subquery and the reader of its value, for a caller that reads a user and
 * its company in one statement (`/auth/me`, asked on every screen).
 */
export const companyInStatement = { select: repo.companyJson, read: repo.companyFrom };
