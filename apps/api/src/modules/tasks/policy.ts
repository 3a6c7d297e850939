import { and, eq, inArray, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Role } from '@verba/contracts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { departmentUsers, tasks } from '../../db/schema/index.ts';

/**
 * Which tasks a user may see (DESIGN §5): staff all; a client admin its customer's; a client
 * user those of its departments and those it requested. Everything else answers 404.
 */
export function visibleTasks(user: CurrentUser): SQL | undefined {
  return tasksVisibleTo(user.type, user.customer_id, user.id);
}

/**
 * The same rule with the ids as values or as placeholders of a prepared statement; the SQL text
 * depends only on the role and on whether there is a customer.
 */
export function tasksVisibleTo(
  type: Role,
  customerId: number | Placeholder | null,
  userId: number | Placeholder,
): SQL | undefined {
  if (type === 'VERBA_ADMIN' || type === 'VERBA_PM') return undefined;
  if (customerId === null) return sql`false`;
  const ownCustomer = eq(tasks.customer_id, customerId);
  if (type === 'CLIENT_ADMIN') return ownCustomer;
  const myDepartments = sql`(select ${departmentUsers.department_id} from ${departmentUsers} where ${departmentUsers.user_id} = ${userId})`;
  return and(ownCustomer, or(eq(tasks.user_id, userId), inArray(tasks.department_id, myDepartments)));
}

export const isStaffUser = (user: CurrentUser) => user.type === 'VERBA_ADMIN' || user.type === 'VERBA_PM';
