import { isUniqueViolation } from '../../db/errors.ts';
import { creatableUserTypes, type Locale, type Role, type UserDto, type UserInput } from '@verba/contracts';
import type { Db } from '../../db/client.ts';
import { invalid, notFound } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { outcome, type Actor, type Deps, type Outcome } from '../../lib/service.ts';
import { companyInStatement, findCompany, findCustomer } from '../customers/service.ts';
import { mailPasswordLink } from './password-link.ts';
import * as policy from './policy.ts';
import * as repo from './repository.ts';
import type { UserRow, UserWrite } from './repository.ts';

/** The user as the API shows it; the company's balance only for its CLIENT_ADMIN. */
export async function userDto(db: Db, user: UserRow): Promise<UserDto> {
  const [company, departments] = await Promise.all([
    companyOf(db, user.customer_id, user.type),
    repo.departmentsOfUser(db, user.id),
  ]);
  return dtoOf(user, company, departments);
}

const companyOf = (db: Db, customerId: number | null, type: Role) =>
  customerId ? findCompany(db, customerId, type === 'CLIENT_ADMIN') : Promise.resolve(null);

function dtoOf(user: UserRow, customer: UserDto['customer'], departments: UserDto['departments']): UserDto {
  return {
    id: user.id,
    name: user.name,
    lastname: user.lastname,
    email: user.email,
    phone: user.phone,
    type: user.type,
    language: user.language,
    is_active: user.is_active,
    customer_id: user.customer_id,
    customer,
    departments,
  };
}

/** The signed-in user's own account (`/auth/me`, asked on every screen), in one statement. */
export async function ownAccount(db: Db, session: { id: number }): Promise<UserDto | null> {
  const row = await repo.userWithCompany(db, session.id, companyInStatement.select);
  return row ? dtoOf(row.user, companyInStatement.read(row.company), row.departments) : null;
}

async function existingUser(deps: Deps, id: number): Promise<UserRow> {
  const user = await repo.findUserById(deps.db, id);
  if (!user) throw notFound();
  return user;
}

// ---- your own account ----

/** Changes your password and signs out every other session of yours. */
export async function changeOwnPassword(
  deps: Deps,
  actor: Actor,
  id: number,
  input: { current_password: string; password: string },
  /** whether `current_password` is the user's (auth checks it like a sign-in) */
  isCurrentPassword: (user: UserRow, password: string) => Promise<boolean>,
): Promise<Outcome<{ message: string }>> {
  policy.assertCan(actor.user, 'manage-own-account', { id });
  const user = await existingUser(deps, id);
  if (!(await isCurrentPassword(user, input.current_password)))
    throw invalid({ current_password: ['errors.current_password_wrong'] }, 'errors.current_password_wrong');
  await repo.setPasswordHash(deps.db, id, await hashPassword(input.password));
  await repo.revokeSessions(deps.db, id, actor.user.session_id);
  return outcome({ message: actor.t('auth.password_changed') }, { key: 'users.password_changed' });
}

export async function changeOwnLanguage(
  deps: Deps,
  actor: Actor,
  id: number,
  language: Locale,
): Promise<Outcome<UserDto>> {
  policy.assertCan(actor.user, 'manage-own-account', { id });
  await repo.setLanguage(deps.db, id, language);
  const user = await userDto(deps.db, await existingUser(deps, id));
  return outcome(user, { key: 'users.language_set', params: { language } });
}

// ---- user management (VERBA_ADMIN: everyone; CLIENT_ADMIN: its own customer's users) ----

export async function listVisibleUsers(
  deps: Deps,
  actor: Actor,
  q: { page: number; per_page: number; customer_id?: number | undefined; search?: string | undefined },
) {
  return repo.listUsers(deps.db, { ...q, customer_id: policy.listScope(actor.user, q.customer_id) });
}

async function userDetail(deps: Deps, actor: Actor, user: UserRow) {
  const dto = await userDto(deps.db, user);
  return policy.can(actor.user, 'manage-bonus') ? { ...dto, bonus: user.bonus } : dto;
}

type UserDetail = Awaited<ReturnType<typeof userDetail>>;

export async function showUser(deps: Deps, actor: Actor, id: number): Promise<UserDetail> {
  const user = await existingUser(deps, id);
  policy.assertCan(actor.user, 'view', user);
  return userDetail(deps, actor, user);
}

/**
 * The message for an email someone else has, if any. Staff learn whose it may be; a client admin
 * only of its own customer's users. Anyone else's email passes a check (as a free one would) but
 * cannot be saved.
 */
async function emailInUse(
  deps: Deps,
  actor: Actor,
  email: string,
  exceptId: number | undefined,
  dryRun: boolean,
): Promise<string | undefined> {
  const holder = await repo.emailHolder(deps.db, email, exceptId);
  if (!holder) return undefined;
  if (policy.can(actor.user, 'see-email-holder', holder)) return 'validation.email_taken';
  return dryRun ? undefined : 'validation.email_unavailable';
}

/** Saves a user; when a parallel save took the email first (its unique index), a 422 as above. */
async function savingUser<T>(
  deps: Deps,
  actor: Actor,
  values: UserWrite,
  exceptId: number | undefined,
  save: () => Promise<T>,
): Promise<T> {
  try {
    return await save();
  } catch (err) {
    const emailError =
      isUniqueViolation(err) && values.email
        ? await emailInUse(deps, actor, values.email, exceptId, false)
        : undefined;
    if (emailError) throw invalid({ email: [emailError] });
    throw err;
  }
}

interface Checked {
  values: UserWrite;
  departments: number[] | undefined;
}

/**
 * Applies spec part 2 §6: which types the actor may give, which customer the user belongs to,
 * departments only for CLIENT_USER when a client admin acts, bonus only from VERBA_ADMIN,
 * the type selector is ignored when editing yourself. Throws 422 with every field's message.
 * `dryRun`: a check without saving (POST /users/validate).
 */
async function checkUserInput(
  deps: Deps,
  actor: Actor,
  input: UserInput,
  existing?: UserRow,
  dryRun = false,
): Promise<Checked> {
  const me = actor.user;
  const errors: Record<string, string[]> = {};
  const editingSelf = existing?.id === me.id;
  const type: Role = editingSelf && existing ? existing.type : input.type;
  const allowed = creatableUserTypes(me.type, Boolean(input.from_customer));
  if (!editingSelf && !allowed.includes(type) && existing?.type !== type)
    errors.type = ['validation.invalid_option'];

  let customerId: number | null = null;
  if (me.type === 'CLIENT_ADMIN') {
    customerId = me.customer_id;
  } else if (type === 'CLIENT_ADMIN' || type === 'CLIENT_USER') {
    customerId = input.customer_id ?? existing?.customer_id ?? null;
    if (!customerId) errors.customer_id = ['validation.required'];
    else if (!(await findCustomer(deps.db, customerId))) errors.customer_id = ['validation.invalid_option'];
  }

  let departments: number[] | undefined;
  if (me.type === 'CLIENT_ADMIN' && type === 'CLIENT_USER' && customerId) {
    departments = [...new Set(input.departments)];
    const valid = await repo.departmentsOfCustomer(deps.db, customerId, departments);
    if (valid.length !== departments.length) errors.departments = ['validation.invalid_option'];
  } else if (type !== 'CLIENT_USER') {
    departments = [];
  }

  const emailError = await emailInUse(deps, actor, input.email, existing?.id, dryRun);
  if (emailError) errors.email = [emailError];
  if (Object.keys(errors).length) throw invalid(errors);

  const values: UserWrite = {
    name: input.name,
    lastname: input.lastname,
    email: input.email,
    phone: input.phone,
    type,
    language: input.language,
    customer_id: customerId,
    ...(policy.can(me, 'manage-bonus') ? { bonus: input.bonus } : {}),
    ...(input.is_active !== undefined && !editingSelf ? { is_active: input.is_active } : {}),
  };
  return { values, departments };
}

/** Checks a user form without saving: with `id`, as an edit of that user. */
export async function validateUser(
  deps: Deps,
  actor: Actor,
  input: UserInput,
  id?: number,
): Promise<Outcome<{ valid: boolean }>> {
  policy.assertCan(actor.user, 'create');
  let existing: UserRow | undefined;
  if (id) {
    existing = await existingUser(deps, id);
    policy.assertCan(actor.user, 'view', existing);
  }
  await checkUserInput(deps, actor, input, existing, true);
  return outcome({ valid: true }, { key: 'users.checked', params: { email: input.email } });
}

export async function createUser(deps: Deps, actor: Actor, input: UserInput): Promise<Outcome<UserDetail>> {
  policy.assertCan(actor.user, 'create');
  const { values, departments } = await checkUserInput(deps, actor, input);
  const row = await savingUser(deps, actor, values, undefined, () =>
    repo.insertUser(deps.db, values, departments),
  );
  await mailPasswordLink(deps, row, 'welcome');
  return outcome(await userDetail(deps, actor, row), {
    key: 'users.created',
    params: { type: row.type, email: row.email },
    customerId: row.customer_id,
  });
}

export async function updateUserById(
  deps: Deps,
  actor: Actor,
  id: number,
  input: UserInput,
): Promise<Outcome<UserDetail>> {
  const existing = await existingUser(deps, id);
  policy.assertCan(actor.user, 'edit', existing);
  const { values, departments } = await checkUserInput(deps, actor, input, existing);
  await savingUser(deps, actor, values, id, () => repo.updateUser(deps.db, id, values, departments));
  if (values.is_active === false) await repo.revokeSessions(deps.db, id);
  return outcome(await userDetail(deps, actor, await existingUser(deps, id)), {
    key: 'users.updated',
    params: { email: values.email },
    customerId: values.customer_id ?? null,
  });
}

/** Nobody deletes themselves; a user with tasks is deactivated so the history keeps its name. */
export async function deleteUserById(deps: Deps, actor: Actor, id: number) {
  const user = await existingUser(deps, id);
  policy.assertCan(actor.user, 'delete', user);
  if (await repo.userHasTasks(deps.db, id)) {
    await repo.updateUser(deps.db, id, { is_active: false }, undefined);
    await repo.revokeSessions(deps.db, id);
    return outcome(
      { deleted: false, deactivated: true, message: actor.t('users.deactivated_instead') },
      {
        action: 'users.deactivate',
        key: 'users.deactivated',
        params: { email: user.email },
        customerId: user.customer_id,
      },
    );
  }
  await repo.deleteUser(deps.db, id);
  return outcome(
    { deleted: true, deactivated: false, message: actor.t('users.deleted') },
    { key: 'users.deleted', params: { email: user.email }, customerId: user.customer_id },
  );
}

/** The signed-in client's payment scheme; none for staff. */
export async function paymentScheme(deps: Deps, actor: Actor) {
  if (!actor.user.customer_id) return { payment_scheme: null };
  const customer = await findCustomer(deps.db, actor.user.customer_id);
  return { payment_scheme: customer?.payment_scheme ?? null };
}

/** Creates the first VERBA_ADMIN of an install (CLI, or the server at start) when none exists yet. */
export async function ensureInitialAdmin(
  db: Db,
  admin: { email: string; password: string; name?: string; lastname?: string },
): Promise<'created' | 'exists'> {
  if (await repo.anyAdminExists(db)) return 'exists';
  if (admin.password.length < 12)
    throw new Error('The initial admin password must have at least 12 characters.');
  await repo.insertUser(
    db,
    {
      name: admin.name ?? 'Admin',
      lastname: admin.lastname ?? 'Verba',
      email: admin.email.trim().toLowerCase(),
      type: 'VERBA_ADMIN',
      language: 'en',
      password_hash: await hashPassword(admin.password),
    },
    undefined,
  );
  return 'created';
}

/** Sets a new password and signs the user out of every session (a password reset). */
export async function replacePassword(deps: Pick<Deps, 'db'>, userId: number, passwordHash: string) {
  await repo.setPasswordHash(deps.db, userId, passwordHash);
  await repo.revokeSessions(deps.db, userId);
}

/** The module's public surface for other modules (their repositories stay private). */
/** A user's row by id, or undefined. */
export function findUserById(db: Db, id: number) {
  return repo.findUserById(db, id);
}

/** A user's row by e-mail (trimmed, any case), or undefined. */
export function findUserByEmail(db: Db, email: string) {
  return repo.findUserByEmail(db, email);
}

/**
 * A customer's user made at its first single sign-on (the customer's provider allows it): a
 * CLIENT_USER of no department, with no password.
 */
export function createSignedOnUser(
  db: Db,
  input: { email: string; name: string; lastname: string; customerId: number; language: Locale },
) {
  return repo.insertUser(
    db,
    {
      email: input.email,
      name: input.name,
      lastname: input.lastname,
      type: 'CLIENT_USER',
      customer_id: input.customerId,
      language: input.language,
    },
    undefined,
  );
}

/** The active staff (VERBA_ADMIN and VERBA_PM) who hear of new orders and payments: e-mail, name, language. */
export function activeStaff(db: Db) {
  return repo.activeStaff(db);
}

export type { UserRow } from './repository.ts';
export { mailPasswordLink } from './password-link.ts';
