import { notFound } from '../../../lib/app-error.ts';
import type { Actor, Deps } from '../../../lib/service.ts';
import { findCustomer } from '../../customers/service.ts';
import * as policy from '../policy.ts';

/** The customer whose rates the actor asks for, when the policy lets it read them. */
export async function readableCustomer(
  deps: Deps,
  actor: Actor,
  id: number,
  read: 'read-customer-rates' | 'read-minimum-rates',
) {
  const customer = await findCustomer(deps.db, id);
  policy.assertCan(actor.user, read, customer);
  return customer;
}

/** The customer a write concerns (its rules are the route's permission); 404 when there is none. */
export async function existingCustomer(deps: Deps, id: number) {
  const customer = await findCustomer(deps.db, id);
  if (!customer) throw notFound();
  return customer;
}

/**
 * Whose rates the language pickers use: a client's own customer (always), or for staff the
 * customer asked for, else (null) the general list.
 */
export async function languageScope(deps: Deps, actor: Actor, customerId?: number) {
  const user = actor.user;
  if (user.customer_id !== null) {
    if (customerId !== undefined && customerId !== user.customer_id) throw notFound();
    return user.customer_id;
  }
  if (customerId === undefined) return null;
  await existingCustomer(deps, customerId);
  return customerId;
}
