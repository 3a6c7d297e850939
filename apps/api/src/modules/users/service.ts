import type { FastifyInstance, FastifyRequest } from 'fastify';
import { creatableUserTypes, type Locale, type Role, type UserDto, type UserInput } from '@verba/contracts';
import { AppError, invalid, notFound, unauthenticated } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { findCustomer } from '../customers/repository.ts';
import { mailPasswordLink } from '../auth/service.ts';
import {
  deleteUser,
  departmentsOfCustomer,
  emailTaken,
  findUserById,
  insertUser,
  listUsers,
  revokeSessions,
  setLanguage,
  setPasswordHash,
  updateUser,
  userDto,
  userHasTasks,
  type UserRow,
  type UserWrite,
} from './repository.ts';

/** Only for yourself: anyone else's id answers 404, as if it did not exist. */
function ownId(request: FastifyRequest, id: number): number {
  if (!request.user) throw unauthenticated();
  if (request.user.id !== id) throw notFound();
  return id;
}

/** Changes your password and signs out every other session of yours. */
export async function changeOwnPassword(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
  password: string,
): Promise<void> {
  const userId = ownId(request, id);
  await setPasswordHash(app.db, userId, await hashPassword(password));
  await revokeSessions(app.db, userId, request.user?.session_id);
  request.actionLog.description = 'Changed own password';
}

export async function changeOwnLanguage(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
  language: Locale,
): Promise<UserDto> {
  const userId = ownId(request, id);
  await setLanguage(app.db, userId, language);
  request.actionLog.description = `Interface language set to ${language}`;
  const user = await findUserById(app.db, userId);
  if (!user) throw notFound();
  return userDto(app.db, user);
}

// ---- user management (VERBA_ADMIN: everyone; CLIENT_ADMIN: its own customer's users) ----

function actor(request: FastifyRequest) {
  if (!request.user) throw unauthenticated();
  return request.user;
}

/** The user if the actor may see it, else 404 (never reveal another customer's user). */
export async function visibleUser(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
): Promise<UserRow> {
  const me = actor(request);
  const user = await findUserById(app.db, id);
  if (!user) throw notFound();
  if (me.type === 'VERBA_ADMIN') return user;
  if (me.type === 'CLIENT_ADMIN' && me.customer_id && user.customer_id === me.customer_id) return user;
  throw notFound();
}

export async function listVisibleUsers(
  app: FastifyInstance,
  request: FastifyRequest,
  q: { page: number; per_page: number; customer_id?: number | undefined; search?: string | undefined },
) {
  const me = actor(request);
  const customerId = me.type === 'VERBA_ADMIN' ? q.customer_id : (me.customer_id ?? -1);
  return listUsers(app.db, { ...q, customer_id: customerId });
}

export async function showUser(app: FastifyInstance, request: FastifyRequest, id: number) {
  const user = await visibleUser(app, request, id);
  const dto = await userDto(app.db, user);
  return actor(request).type === 'VERBA_ADMIN' ? { ...dto, bonus: user.bonus } : dto;
}

interface Checked {
  values: UserWrite;
  departments: number[] | undefined;
}

/**
 * Applies spec part 2 §6: which types the actor may give, which customer the user belongs to,
 * departments only for CLIENT_USER when a client admin acts, bonus only from VERBA_ADMIN,
 * the type selector is ignored when editing yourself. Throws 422 with every field's message.
 */
async function checkUserInput(
  app: FastifyInstance,
  request: FastifyRequest,
  input: UserInput,
  existing?: UserRow,
): Promise<Checked> {
  const me = actor(request);
  const errors: Record<string, string[]> = {};
  const editingSelf = existing?.id === me.id;
  const type: Role = editingSelf && existing ? (existing.type as Role) : input.type;
  const allowed = creatableUserTypes(me.type, Boolean(input.from_customer));
  if (!editingSelf && !allowed.includes(type) && existing?.type !== type)
    errors.type = ['validation.invalid_option'];

  let customerId: number | null = null;
  if (me.type === 'CLIENT_ADMIN') {
    customerId = me.customer_id;
  } else if (type === 'CLIENT_ADMIN' || type === 'CLIENT_USER') {
    customerId = input.customer_id ?? existing?.customer_id ?? null;
    if (!customerId) errors.customer_id = ['validation.required'];
    else if (!(await findCustomer(app.db, customerId))) errors.customer_id = ['validation.invalid_option'];
  }

  let departments: number[] | undefined;
  if (me.type === 'CLIENT_ADMIN' && type === 'CLIENT_USER' && customerId) {
    departments = [...new Set(input.departments)];
    const valid = await departmentsOfCustomer(app.db, customerId, departments);
    if (valid.length !== departments.length) errors.departments = ['validation.invalid_option'];
  } else if (type !== 'CLIENT_USER') {
    departments = [];
  }

  if (await emailTaken(app.db, input.email, existing?.id)) errors.email = ['validation.email_taken'];
  if (Object.keys(errors).length) throw invalid(errors);

  const values: UserWrite = {
    name: input.name,
    lastname: input.lastname,
    email: input.email,
    phone: input.phone,
    type,
    language: input.language,
    customer_id: customerId,
    ...(me.type === 'VERBA_ADMIN' ? { bonus: input.bonus } : {}),
    ...(input.is_active !== undefined && !editingSelf ? { is_active: input.is_active } : {}),
  };
  return { values, departments };
}

export async function validateUser(
  app: FastifyInstance,
  request: FastifyRequest,
  input: UserInput,
  id?: number,
) {
  const existing = id ? await visibleUser(app, request, id) : undefined;
  await checkUserInput(app, request, input, existing);
  return { valid: true };
}

export async function createUser(app: FastifyInstance, request: FastifyRequest, input: UserInput) {
  const { values, departments } = await checkUserInput(app, request, input);
  const row = await insertUser(app.db, values, departments);
  await mailPasswordLink(app, row, 'welcome');
  request.actionLog = { description: `Created ${row.type} ${row.email}`, customerId: row.customer_id };
  return showUser(app, request, row.id);
}

export async function updateUserById(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
  input: UserInput,
) {
  const existing = await visibleUser(app, request, id);
  const { values, departments } = await checkUserInput(app, request, input, existing);
  await updateUser(app.db, id, values, departments);
  if (values.is_active === false) await revokeSessions(app.db, id);
  request.actionLog = { description: `Updated user ${values.email}`, customerId: values.customer_id ?? null };
  return showUser(app, request, id);
}

/** Nobody deletes themselves; a user with tasks is deactivated so the history keeps its name. */
export async function deleteUserById(app: FastifyInstance, request: FastifyRequest, id: number) {
  const me = actor(request);
  if (me.id === id)
    throw new AppError(422, 'errors.cannot_delete_self', { fields: { id: ['errors.cannot_delete_self'] } });
  const user = await visibleUser(app, request, id);
  if (await userHasTasks(app.db, id)) {
    await updateUser(app.db, id, { is_active: false }, undefined);
    await revokeSessions(app.db, id);
    request.actionLog = {
      action: 'users.deactivate',
      description: `Deactivated ${user.email} (has tasks)`,
      customerId: user.customer_id,
    };
    return { deleted: false, deactivated: true, message: request.t('users.deactivated_instead') };
  }
  await deleteUser(app.db, id);
  request.actionLog = { description: `Deleted ${user.email}`, customerId: user.customer_id };
  return { deleted: true, deactivated: false, message: request.t('users.deleted') };
}

export async function paymentScheme(app: FastifyInstance, request: FastifyRequest) {
  const me = actor(request);
  if (!me.customer_id) return { payment_scheme: null };
  const customer = await findCustomer(app.db, me.customer_id);
  return { payment_scheme: customer?.payment_scheme ?? null };
}

/** The module's public surface for other modules (their repositories stay private). */
export { findUserById, userDto } from './repository.ts';
