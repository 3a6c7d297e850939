import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { CurrentUser } from '../../plugins/auth.ts';
import { departmentUsers, tasks } from '../../db/schema/index.ts';

/**
 * Which tasks a user may see (DESIGN §5): staff all; a client admin its customer's; a client
 * user those of its departments and those it requested. Everything else answers 404.
 */
export function visibleTasks(user: CurrentUser): SQL | undefined {
  if (user.type === 'VERBA_ADMIN' || user.type === 'VERBA_PM') return undefined;
  if (!user.customer_id) return sql`false`;
  const ownCustomer = eq(tasks.customer_id, user.customer_id);
  if (user.type === 'CLIENT_ADMIN') return ownCustomer;
  const myDepartments = sql`(select ${departmentUsers.department_id} from ${departmentUsers} where ${departmentUsers.user_id} = ${user.id})`;
  return and(ownCustomer, or(eq(tasks.user_id, user.id), inArray(tasks.department_id, myDepartments)));
}

export const isStaffUser = (user: CurrentUser) => user.type === 'VERBA_ADMIN' || user.type === 'VERBA_PM';
