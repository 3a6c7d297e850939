import { can, type Permission } from '@verba/contracts';
import type { CurrentUser } from '../plugins/auth.ts';
import { forbidden, unauthenticated } from './app-error.ts';

/** Who a policy judges: a signed-in user, or nobody (a guest, or a caller without a session). */
export type PolicyUser = CurrentUser | null | undefined;

/** Whether the user's role holds the permission; nobody holds none (deny by default, DESIGN §5). */
export const allows = (user: PolicyUser, permission: Permission): user is CurrentUser =>
  Boolean(user && can(user.type, permission));

/** 401 without a user, 403 when the role lacks the permission: what the route guard answers. */
export function assertAllowed(user: PolicyUser, permission: Permission): asserts user is CurrentUser {
  if (!user) throw unauthenticated();
  if (!can(user.type, permission)) throw forbidden();
}
