import { can, isStaff } from '@verba/contracts';
import { notFound } from '../../lib/app-error.ts';
import type { CurrentUser } from '../../plugins/auth.ts';

/** Who sees and removes which glossary (spec part 2 §6, issue 18). Deny by default. */

interface Owned {
  customer_id: number;
  uploaded_by: number | null;
}

/** The customer whose glossaries a list shows: a client's own always; staff any (or all: undefined). */
export function listScope(user: CurrentUser, asked: number | undefined): number | undefined {
  if (isStaff(user.type)) return asked;
  if (user.customer_id === null || (asked !== undefined && asked !== user.customer_id)) throw notFound();
  return user.customer_id;
}

/** A client uploads for its own customer only; another customer is 404, as if it did not exist. */
export function assertCanUploadFor(user: CurrentUser, customerId: number): void {
  if (!can(user.type, 'glossaries:upload') || user.customer_id !== customerId) throw notFound();
}

/** Staff see every glossary; a client its own customer's; any other is 404. */
export function assertCanSee(user: CurrentUser, glossary: Owned): void {
  if (!can(user.type, 'glossaries:list')) throw notFound();
  if (!isStaff(user.type) && glossary.customer_id !== user.customer_id) throw notFound();
}

/** The admin deletes any; a client admin its customer's; a client user only what it uploaded. */
export function mayDelete(user: CurrentUser, glossary: Owned): boolean {
  if (can(user.type, 'glossaries:delete-any')) return true;
  if (isStaff(user.type) || glossary.customer_id !== user.customer_id) return false;
  return user.type === 'CLIENT_ADMIN' || glossary.uploaded_by === user.id;
}
