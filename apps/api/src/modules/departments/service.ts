import { AppError, invalid, notFound } from '../../lib/app-error.ts';
import { ownCustomerOf } from '../../lib/policy.ts';
import { outcome, type Actor, type Deps } from '../../lib/service.ts';
import * as policy from './policy.ts';
import * as repo from './repository.ts';

interface DepartmentInput {
  title: string;
  users?: number[] | undefined;
}

export async function list(deps: Deps, actor: Actor) {
  policy.assertCan(actor.user, 'list');
  return repo.listDepartments(deps.db, ownCustomerOf(actor.user));
}

async function detail(deps: Deps, row: repo.DepartmentRow) {
  const [dto] = (await repo.listDepartments(deps.db, row.customer_id)).filter((d) => d.id === row.id);
  if (!dto) throw notFound();
  return dto;
}

export async function show(deps: Deps, actor: Actor, id: number) {
  const row = await repo.findDepartment(deps.db, id);
  policy.assertCan(actor.user, 'view', row);
  return detail(deps, row);
}

async function checkedUsers(deps: Deps, customerId: number, ids: number[] | undefined) {
  if (!ids) return undefined;
  const unique = [...new Set(ids)];
  const valid = await repo.clientUsersOf(deps.db, customerId, unique);
  if (valid.length !== unique.length) throw invalid({ users: ['departments.only_client_users'] });
  return unique;
}

/** Titles are unique per customer, case-insensitively. */
const titleTaken = () => invalid({ title: ['departments.title_taken'] });

export async function create(deps: Deps, actor: Actor, input: DepartmentInput) {
  policy.assertCan(actor.user, 'create');
  const customerId = ownCustomerOf(actor.user);
  const users = (await checkedUsers(deps, customerId, input.users)) ?? [];
  const row = await repo.insertDepartment(deps.db, customerId, input.title, users);
  if (row === 'title-taken') throw titleTaken();
  return outcome(await detail(deps, row), { key: 'departments.created', params: { title: row.title } });
}

export async function update(deps: Deps, actor: Actor, id: number, input: DepartmentInput) {
  const row = await repo.findDepartment(deps.db, id);
  policy.assertCan(actor.user, 'manage', row);
  const users = await checkedUsers(deps, row.customer_id, input.users);
  if ((await repo.updateDepartment(deps.db, row, input.title, users)) === 'title-taken') throw titleTaken();
  return outcome(await detail(deps, row), { key: 'departments.updated', params: { title: input.title } });
}

/** Refused while the department has users: the answer says how many and who. */
export async function remove(deps: Deps, actor: Actor, id: number) {
  const row = await repo.findDepartment(deps.db, id);
  policy.assertCan(actor.user, 'manage', row);
  const members = await repo.membersOf(deps.db, [id]);
  if (members.length) {
    throw new AppError(422, 'departments.cannot_delete', {
      fields: {
        users: [
          {
            key: 'departments.still_has_users',
            values: {
              count: members.length,
              names: members.map((m) => `${m.name} ${m.lastname}`).join(', '),
            },
          },
        ],
      },
    });
  }
  await repo.deleteDepartment(deps.db, id);
  return outcome({ deleted: true }, { key: 'departments.deleted', params: { title: row.title } });
}

/** Whether the signed-in client may order a task for the department (see the policy). */
export async function mayOrderFor(deps: Pick<Deps, 'db'>, user: Actor['user'], departmentId: number) {
  const scope = policy.orderableDepartments(user);
  if (!scope) return false;
  return repo.isOrderable(deps.db, scope.customerId, departmentId, scope.onlyForUser);
}

/** The departments the signed-in client may order for (see the policy). */
export async function forCurrentUser(deps: Deps, actor: Actor) {
  const scope = policy.orderableDepartments(actor.user);
  if (!scope) return [];
  return repo.listDepartments(deps.db, scope.customerId, scope.onlyForUser);
}
