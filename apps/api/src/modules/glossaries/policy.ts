import { can as roleHas, isStaff } from '@verba/contracts';
import { notFound } from '../../lib/app-error.ts';
import { assertCanFrom, canFrom, type AssertCan, type PolicyUser, type Rules } from '../../lib/policy.ts';
import type { CurrentUser } from '../../plugins/auth.ts';

/** Who sees and removes which glossary (spec part 2 §6). Deny by default. */

interface Owned {
  customer_id: number;
  uploaded_by: number | null;
}

interface Subjects {
  /** a client uploads for its own customer only; another customer is 404, as if it did not exist */
  upload: { customer_id: number };
  /** staff see every glossary; a client its own customer's; any other is 404 */
  view: Owned;
  /** the admin deletes any; a client admin its customer's; a client user only what it uploaded */
  delete: Owned;
}

/** The customer whose glossaries a list shows: a client's own always; staff any (or all: undefined). */
export function listScope(user: CurrentUser, asked: number | undefined): number | undefined {
  if (isStaff(user.type)) return asked;
  if (user.customer_id === null || (asked !== undefined && asked !== user.customer_id)) throw notFound();
  return user.customer_id;
}

/** Without the permission a glossary answers 404 too: nothing tells a caller that it exists. */
const permissionOr404 = (permission: 'glossaries:upload' | 'glossaries:list') => (user: PolicyUser) =>
  (user && roleHas(user.type, permission)) || 404;

const rules: Rules<Subjects> = {
  upload: {
    role: permissionOr404('glossaries:upload'),
    subject: (user, { customer_id }) => user?.customer_id === customer_id || 404,
  },
  view: {
    role: permissionOr404('glossaries:list'),
    subject: (user, glossary) =>
      (user && (isStaff(user.type) || glossary.customer_id === user.customer_id)) || 404,
  },
  delete: {
    role: (user) => (user ? true : 401),
    subject: (user, glossary) => {
      if (!user) return 401;
      if (roleHas(user.type, 'glossaries:delete-any')) return true;
      if (isStaff(user.type) || glossary.customer_id !== user.customer_id) return 403;
      return user.type === 'CLIENT_ADMIN' || glossary.uploaded_by === user.id || 403;
    },
  },
};

export const can = canFrom(rules);
export const assertCan: AssertCan<Subjects> = assertCanFrom(rules);
