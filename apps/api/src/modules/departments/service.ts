import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, invalid, notFound, unauthenticated } from '../../lib/app-error.ts';
import * as repo from './repository.ts';

/** Departments belong to the client admin's own customer; anything else is 404. */
function ownCustomer(request: FastifyRequest): number {
  const user = request.user;
  if (!user) throw unauthenticated();
  if (!user.customer_id) throw notFound();
  return user.customer_id;
}

async function ownDepartment(app: FastifyInstance, request: FastifyRequest, id: number) {
  const row = await repo.findDepartment(app.db, ownCustomer(request), id);
  if (!row) throw notFound();
  return row;
}

export async function list(app: FastifyInstance, request: FastifyRequest) {
  return repo.listDepartments(app.db, ownCustomer(request));
}

export async function show(app: FastifyInstance, request: FastifyRequest, id: number) {
  const row = await ownDepartment(app, request, id);
  const [dto] = (await repo.listDepartments(app.db, row.customer_id)).filter((d) => d.id === id);
  return dto;
}

async function checkedUsers(app: FastifyInstance, customerId: number, ids: number[] | undefined) {
  if (!ids) return undefined;
  const unique = [...new Set(ids)];
  const valid = await repo.clientUsersOf(app.db, customerId, unique);
  if (valid.length !== unique.length) throw invalid({ users: ['departments.only_client_users'] });
  return unique;
}

export async function create(
  app: FastifyInstance,
  request: FastifyRequest,
  input: { title: string; users?: number[] | undefined },
) {
  const customerId = ownCustomer(request);
  const users = (await checkedUsers(app, customerId, input.users)) ?? [];
  const row = await repo.insertDepartment(app.db, customerId, input.title, users);
  request.actionLog.description = `Created department ${row.title}`;
  return show(app, request, row.id);
}

export async function update(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
  input: { title: string; users?: number[] | undefined },
) {
  const row = await ownDepartment(app, request, id);
  const users = await checkedUsers(app, row.customer_id, input.users);
  await repo.updateDepartment(app.db, id, input.title, users);
  request.actionLog.description = `Updated department ${input.title}`;
  return show(app, request, id);
}

/** Refused while the department has users: the answer says how many and who. */
export async function remove(app: FastifyInstance, request: FastifyRequest, id: number) {
  const row = await ownDepartment(app, request, id);
  const members = await repo.membersOf(app.db, [id]);
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
  await repo.deleteDepartment(app.db, id);
  request.actionLog.description = `Deleted department ${row.title}`;
  return { deleted: true };
}

/** The departments the signed-in client may order for: all of its customer's for a client admin, its own for a client user. */
export async function forCurrentUser(app: FastifyInstance, request: FastifyRequest) {
  const user = request.user;
  if (!user?.customer_id) return [];
  return repo.listDepartments(app.db, user.customer_id, user.type === 'CLIENT_USER' ? user.id : undefined);
}
